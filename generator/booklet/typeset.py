"""Typeset a rules source with reportlab Platypus: translated blocks -> flowables -> PDF bytes in memory."""

from __future__ import annotations

import io
import re
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, A5
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, ListFlowable, ListItem, PageTemplate, Paragraph,
                                Table, TableStyle)

from ..render.fonts import register_reportlab
from ..rules.source import Block

PYPHEN = {"it": "it_IT", "en": "en_GB", "ru": "ru_RU"}
LANG_NAMES = {"it": "Italiano", "en": "English", "ru": "Русский"}
INK = colors.HexColor("#1d1d1b")
RULE_GREY = colors.HexColor("#9a9a96")
HEAD_FILL = colors.HexColor("#e9e6df")


@dataclass(frozen=True)
class Page:
    """Page geometry and type sizes of one booklet format."""

    name: str
    size: tuple[float, float]
    margin: float
    body: float


FORMATS = {"A5": Page("A5", A5, 13 * mm, 9.2), "A4": Page("A4", A4, 20 * mm, 10.5)}


@dataclass(frozen=True)
class Footer:
    """What every page carries: the booklet title, kit version, language and board fingerprint."""

    title: str
    version: str
    lang: str
    board: str = ""


def styles(page: Page, lang: str) -> dict[str, ParagraphStyle]:
    """Paragraph styles for one format and language (hyphenation by the language's pyphen dictionary)."""
    register_reportlab()
    b = page.body
    base = ParagraphStyle("body", fontName="PTSans", fontSize=b, leading=b * 1.3, textColor=INK,
                          hyphenationLang=PYPHEN.get(lang, ""), embeddedHyphenation=1, uriWasteReduce=0.3,
                          splitLongWords=1, spaceAfter=b * 0.45, alignment=4)
    return {
        "body": base,
        "title": ParagraphStyle("title", parent=base, fontName="PTSans-Bold", fontSize=b * 2.1, leading=b * 2.5,
                                alignment=TA_CENTER, spaceAfter=b * 1.2, hyphenationLang="", spaceBefore=b * 2),
        "heading2": ParagraphStyle("h2", parent=base, fontName="PTSans-Bold", fontSize=b * 1.45, leading=b * 1.75,
                                   spaceBefore=b * 1.1, spaceAfter=b * 0.5, alignment=0, hyphenationLang="",
                                   keepWithNext=1),
        "heading3": ParagraphStyle("h3", parent=base, fontName="PTSans-Bold", fontSize=b * 1.12, leading=b * 1.4,
                                   spaceBefore=b * 0.8, spaceAfter=b * 0.3, alignment=0, hyphenationLang="",
                                   keepWithNext=1),
        "item": ParagraphStyle("item", parent=base, spaceAfter=b * 0.2, alignment=0),
        "cell": ParagraphStyle("cell", parent=base, fontSize=b * 0.92, leading=b * 1.15, spaceAfter=0, alignment=0),
        "head": ParagraphStyle("headcell", parent=base, fontName="PTSans-Bold", fontSize=b * 0.92, leading=b * 1.15,
                               spaceAfter=0, alignment=0),
        "caption": ParagraphStyle("caption", parent=base, fontName="PTSans-Italic", fontSize=b * 0.85,
                                  alignment=TA_CENTER),
    }


_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?!\w)")
_ICON = re.compile(r"\{icon:([a-z0-9?._-]+)\}")


@contextmanager
def data_images():
    """Let paragraphs load inline icons from data: URIs (reportlab trusts no host by default); restored after."""
    from reportlab import rl_config

    saved = rl_config.trustedHosts
    rl_config.trustedHosts = ["localhost"]
    try:
        yield
    finally:
        rl_config.trustedHosts = saved


def markup(text: str, icon_markup: Callable[[str, float], str], size: float) -> str:
    """Inline source markup to reportlab paragraph markup: escape XML, **bold**, *italic*, {icon:X}."""
    out = escape(text)
    out = _BOLD.sub(r"<b>\1</b>", out)
    out = _ITALIC.sub(r"<i>\1</i>", out)
    return _ICON.sub(lambda m: icon_markup(m.group(1), size), out)


def story(blocks: list[Block], tr: Callable[[str], str], page: Page, lang: str,
          figure: Callable[[str, float], Flowable], icon_markup: Callable[[str, float], str]) -> list[Flowable]:
    """Flowables of translated blocks: consecutive list items of one kind form one list."""
    st = styles(page, lang)
    width = page.size[0] - 2 * page.margin
    out: list[Flowable] = []
    pending: list[Block] = []

    def para(text: str, style: str) -> Paragraph:
        return Paragraph(markup(tr(text), icon_markup, st[style].fontSize), st[style])

    def flush() -> None:
        if pending:
            out.append(_list(pending, para, st["item"]))
            pending.clear()

    for b in blocks:
        if b.kind in ("bullet", "number"):
            if pending and pending[-1].kind != b.kind:
                flush()
            pending.append(b)
            continue
        flush()
        if b.kind == "heading1":
            out.append(para(b.texts[0], "title"))
        elif b.kind in ("heading2", "heading3"):
            out.append(para(b.texts[0], b.kind))
        elif b.kind == "para":
            out.append(para(b.texts[0], "body"))
        elif b.kind == "table":
            out.append(_table(b, tr, st, width, icon_markup))
        elif b.kind == "figure":
            out.append(figure(b.texts[0], width))
    flush()
    return out


def _list(items: list[Block], para: Callable[[str, str], Paragraph], style: ParagraphStyle) -> ListFlowable:
    numbered = items[0].kind == "number"
    flow = [ListItem(para(b.texts[0], "item")) for b in items]
    if numbered:
        return ListFlowable(flow, bulletType="1", bulletFontName="PTSans-Bold", bulletFontSize=style.fontSize,
                            leftIndent=style.fontSize * 1.8, bulletFormat="%s.")
    return ListFlowable(flow, bulletType="bullet", start="•", bulletFontName="PTSans", bulletFontSize=style.fontSize,
                        leftIndent=style.fontSize * 1.4)


def _table(b: Block, tr: Callable[[str], str], st: dict[str, ParagraphStyle], width: float,
           icon_markup: Callable[[str, float], str]) -> Table:
    ncols = max(len(r) for r in b.rows)
    rows = [list(r) + [""] * (ncols - len(r)) for r in b.rows]
    weights = [max(6, max(len(tr(r[c])) if r[c] else 0 for r in rows)) for c in range(ncols)]
    weights = [min(w, 60) for w in weights]
    widths = [width * w / sum(weights) for w in weights]
    data = [[Paragraph(markup(tr(c), icon_markup, st["cell"].fontSize) if c else "", st["head" if i == 0 else "cell"])
             for c in r] for i, r in enumerate(rows)]
    t = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    t.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), "PTSans"),
        ("FONTSIZE", (0, 0), (-1, -1), st["cell"].fontSize),
        ("GRID", (0, 0), (-1, -1), 0.4, RULE_GREY),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_FILL),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.8),
        ("LEFTPADDING", (0, 0), (-1, -1), 3.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3.5),
    ]))
    t.spaceAfter = st["body"].fontSize * 0.8
    t.spaceBefore = st["body"].fontSize * 0.3
    return t


def render(flowables: list[Flowable], page: Page, footer: Footer, doc_title: str) -> bytes:
    """Lay the flowables out on pages of one format; every page carries number, title, version and language."""
    register_reportlab()
    buf = io.BytesIO()
    w, h = page.size
    m = page.margin
    frame = Frame(m, m + 5 * mm, w - 2 * m, h - 2 * m - 5 * mm, id="body", leftPadding=0, rightPadding=0,
                  topPadding=0, bottomPadding=0)

    def on_page(canvas, doc) -> None:
        canvas.saveState()
        canvas.setStrokeColor(RULE_GREY)
        canvas.setLineWidth(0.4)
        y = m - 1 * mm
        canvas.line(m, y + 3.6 * mm, w - m, y + 3.6 * mm)
        canvas.setFillColor(INK)
        canvas.setFont("PTSans", 7.2)
        language = LANG_NAMES.get(footer.lang, footer.lang)
        board = f" · {footer.board}" if footer.board else ""
        canvas.drawString(m, y, f"{footer.title} · {footer.version} · {footer.lang} ({language}){board}")
        canvas.setFont("PTSans-Bold", 8.5)
        canvas.drawRightString(w - m, y, str(doc.page))
        canvas.restoreState()

    doc = BaseDocTemplate(buf, pagesize=page.size, leftMargin=m, rightMargin=m, topMargin=m, bottomMargin=m,
                          title=doc_title, author="dojo-pnp", creator="dojo-pnp", producer="dojo-pnp",
                          subject=f"{footer.title} {footer.version} {footer.lang}", invariant=1,
                          initialFontName="PTSans", initialFontSize=page.body, lang=footer.lang)
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=on_page)])
    doc.build(list(flowables))
    return buf.getvalue()
