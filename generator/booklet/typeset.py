"""Typeset a rules source with reportlab Platypus: translated blocks -> flowables -> PDF bytes in memory."""

from __future__ import annotations

import io
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterator
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, A5, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, KeepTogether, ListFlowable, ListItem,
                                PageTemplate, Table, TableStyle)
from reportlab.platypus import Paragraph as RlParagraph

from . import flate_only
from ..render.fonts import register_reportlab
from ..content.languages import native_name
from ..render.layout import hyphenation_lang, hyphenations, hyphenator, tie_breaks, tie_short_tail, unbreakable
from ..rules.source import Block

INK = colors.HexColor("#1d1d1b")
RULE_GREY = colors.HexColor("#9a9a96")
HEAD_FILL = colors.HexColor("#e9e6df")


@dataclass(frozen=True)
class Page:
    """Page geometry and type sizes of one booklet format: the paper, and the box centred on it that the pages
    are laid out in (margins measured from the box)."""

    name: str
    size: tuple[float, float]
    margin: float
    body: float
    box: tuple[float, float]

    @property
    def area(self) -> tuple[float, float, float, float]:
        """The layout box on the paper: left, bottom, right, top (pt)."""
        (w, h), (bw, bh) = self.size, self.box
        return (w - bw) / 2, (h - bh) / 2, (w + bw) / 2, (h + bh) / 2


HALF_LETTER = (LETTER[1] / 2, LETTER[0])  # 5.5 x 8.5 in


def _within(*sizes: tuple[float, float]) -> tuple[float, float]:
    """The largest box every one of the papers holds."""
    return min(w for w, _ in sizes), min(h for _, h in sizes)


# A5 and HalfLetter (and A4 and Letter) share one layout box, the part of the page both papers hold: the pages of
# one typesetting serve both papers (SAME_LAYOUT), with the same line breaks and page numbers on each. The margins
# are measured from the box, so the paper adds to them: A5 sides 15.2 mm, HalfLetter top and bottom 14 mm, A4 top
# and bottom 24.8 mm, Letter sides 19 mm (each booklet prints on no more pages than when each paper had its own
# layout with 13 and 20 mm margins).
FORMATS = {"A5": Page("A5", A5, 11 * mm, 9.2, _within(A5, HALF_LETTER)),
           "A4": Page("A4", A4, 16 * mm, 10.5, _within(A4, LETTER)),
           "HalfLetter": Page("HalfLetter", HALF_LETTER, 11 * mm, 9.2, _within(A5, HALF_LETTER)),
           "Letter": Page("Letter", LETTER, 16 * mm, 10.5, _within(A4, LETTER))}
SAME_LAYOUT = {"HalfLetter": "A5", "Letter": "A4"}  # format -> the format whose typesetting it is printed from


HYPHENATE_SHARE = 0.4  # only words wider than this share of their line may hyphenate


@dataclass(frozen=True)
class Hyphenator:
    """Hyphenation by the kit's typography rules (render.layout.hyphenations), only for words too wide for their
    line to set well (long words, narrow columns)."""

    lang: str
    font: str
    size: float
    width: float

    def __call__(self, word: str):
        """Head/tail pairs of the word, none when it is short for the line (so sentences stay whole)."""
        if stringWidth(word, self.font, self.size) <= HYPHENATE_SHARE * self.width:
            return iter(())
        return iter(hyphenations(word, hyphenation_lang(word, self.lang)))  # untranslated: the source's rules


@lru_cache(maxsize=256)
def hyphenated(style: ParagraphStyle, lang: str, width: float) -> ParagraphStyle:
    """The style hyphenating (in the language) only words wider than a share of `width` (one per style, language
    and width: paragraphs share it)."""
    hy = Hyphenator(lang, style.fontName, style.fontSize, width)
    return ParagraphStyle(f"{style.name}-{width:.0f}", parent=style, hyphenationLang=hy if hyphenator(lang) else "")


def unbroken(style: ParagraphStyle, text: str, width: float) -> ParagraphStyle:
    """A style that never breaks words: wraps at spaces, shrinks when one word is wider than `width`."""
    widest = max((stringWidth(w, style.fontName, style.fontSize) for w in unbreakable(text)), default=0)
    scale = min(1.0, width / widest) if widest else 1.0
    return ParagraphStyle(f"{style.name}-unbroken", parent=style, hyphenationLang="", embeddedHyphenation=0,
                          uriWasteReduce=0, splitLongWords=0, fontSize=style.fontSize * scale,
                          leading=style.leading * scale)


class Paragraph(RlParagraph):
    """A reportlab paragraph that breaks its lines once per width: the layout asks a paragraph for its size again
    and again at the same width (keep-with-next groups, list items, page ends), and reportlab would break its
    lines anew each time, the same way."""

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803 (reportlab's names)
        """The paragraph's width and height at this width (its lines broken only when the width changed)."""
        done = self.__dict__.get("_wrapped")
        if done and done[0] == availWidth and "blPara" in self.__dict__:  # a split may drop the lines: break anew
            return done[1]
        size = super().wrap(availWidth, availHeight)
        self._wrapped = availWidth, size
        return size


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
                          hyphenationLang="", embeddedHyphenation=1, uriWasteReduce=0.3,
                          splitLongWords=1, spaceAfter=b * 0.45, alignment=4, allowWidows=0, allowOrphans=0)
    return {
        "body": base,
        "title": ParagraphStyle("title", parent=base, fontName="PTSans-Bold", fontSize=b * 2.1, leading=b * 2.5,
                                alignment=TA_CENTER, spaceAfter=b * 1.2, hyphenationLang="", spaceBefore=b * 2,
                                keepWithNext=1),
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


def markup(text: str, icon_markup: Callable[[str, float, float], str], size: float, leading: float) -> str:
    """Inline source markup to reportlab paragraph markup: escape XML, **bold**, *italic*, {icon:X}."""
    out = escape(text)
    out = _BOLD.sub(r"<b>\1</b>", out)
    out = _ITALIC.sub(r"<i>\1</i>", out)
    return _ICON.sub(lambda m: icon_markup(m.group(1), size, leading), out)


def story(blocks: list[Block], tr: Callable[[str], str], page: Page, lang: str,
          figure: Callable[[str, float], Flowable], icon_markup: Callable[[str, float, float], str]) -> list[Flowable]:
    """Flowables of translated blocks: list runs, numbering counted per section, bullets after a step under it."""
    st = styles(page, lang)
    width = page.box[0] - 2 * page.margin
    out: list[Flowable] = []
    pending: list[Block] = []
    state: dict = {"number": 0, "last": ""}  # numbered items in this section; last block

    def para(text: str, style: str, indent: float = 0, faq: bool = False) -> Paragraph:
        shown = tie_short_tail(tie_breaks(tr(text)))
        if faq:
            shown = question_bold(shown)
        base = st[style]
        if style in ("title", "heading2", "heading3"):
            ps = unbroken(base, plain(shown), width - indent)
        else:
            ps = hyphenated(base, lang, width - indent)
        return Paragraph(markup(shown, icon_markup, ps.fontSize, ps.leading), ps)

    def flush() -> None:
        if not pending:
            return
        numbered = pending[0].kind == "number"
        nested = not numbered and state["last"] == "number"
        out.append(_list(pending, para, st["item"], state["number"] + 1, nested))
        if numbered:
            state["number"] += len(pending)
        state["last"] = "nested" if nested else pending[0].kind
        pending.clear()

    for b in blocks:
        if b.kind in ("bullet", "number"):
            if pending and pending[-1].kind != b.kind:
                flush()
            pending.append(b)
            continue
        flush()
        under_step = state["last"] == "nested"  # a paragraph right after a step's sub-items continues the step
        state["last"] = b.kind
        if b.kind == "heading1":
            out.append(para(b.texts[0], "title"))
        elif b.kind in ("heading2", "heading3"):
            state["number"] = 0
            out.append(para(b.texts[0], b.kind))
        elif b.kind == "para" and under_step:
            indent = _indents(st["item"].fontSize)[0]
            p = para(b.texts[0], "body", indent)
            p.style = ParagraphStyle(p.style.name + "-step", parent=p.style, leftIndent=indent)
            out.append(p)
        elif b.kind == "para" and FAQ_HEADING.search(b.section):  # a question and its answer on one page
            out.append(KeepTogether([para(b.texts[0], "body", faq=True)]))
        elif b.kind == "para":
            out.append(para(b.texts[0], "body"))
        elif b.kind == "table":
            out.append(_table(b, tr, st, width, icon_markup, lang))
        elif b.kind == "figure":
            out.append(Scalable(figure(b.texts[0], width)))
    flush()
    return keep_together(out)


def keep_together(out: list[Flowable]) -> list[Flowable]:
    """A heading3 section with a figure (a strike: heading, its lines, its drawing) on one page (issue 33: the
    duel's Tsuki section was split across pages); a section taller than a page still splits (KeepTogether)."""
    starts = [i for i, f in enumerate(out)
              if isinstance(f, Paragraph) and f.style.name.startswith(("h2", "h3", "title"))]
    grouped: list[Flowable] = []
    done = 0
    for n, i in enumerate(starts):
        j = starts[n + 1] if n + 1 < len(starts) else len(out)
        if out[i].style.name.startswith("h3") and any(isinstance(f, Scalable) for f in out[i + 1:j]):
            grouped += out[done:i] + [KeepTogether(out[i:j])]
            done = j
    return grouped + out[done:]


FAQ_HEADING = re.compile(r"(?i)frequently asked questions|\bFAQ\b")  # the source (English) heading: any language


def question_bold(text: str) -> str:
    """An FAQ paragraph with its question in bold: up to the first '?' (else the first sentence)."""
    if "**" in text:
        return text
    m = re.match(r"(.+?\?)(\s+)(\S.*)", text, re.S) or re.match(r"(.+?[.!])(\s+)(\S.*)", text, re.S)
    return f"**{m.group(1)}**{m.group(2)}{m.group(3)}" if m else text


def plain(text: str) -> str:
    """Text without inline markup (for measuring)."""
    return _ICON.sub("MM", text.replace("**", "").replace("*", ""))


def _indents(size: float) -> tuple[float, float]:
    """Left indents of numbered and bullet lists."""
    return size * 1.8, size * 1.4


def _list(items: list[Block], para: Callable[..., Paragraph], style: ParagraphStyle, start: int,
          nested: bool) -> ListFlowable:
    """A numbered run (numbered from `start`) or a bullet run (under the step before it when `nested`)."""
    number_indent, bullet_indent = _indents(style.fontSize)
    if items[0].kind == "number":
        flow = [ListItem(para(b.texts[0], "item", number_indent)) for b in items]
        return ListFlowable(flow, bulletType="1", start=start, bulletFontName="PTSans-Bold",
                            bulletFontSize=style.fontSize, leftIndent=number_indent, bulletFormat="%s.")
    indent = bullet_indent + (number_indent if nested else 0)
    flow = [ListItem(para(b.texts[0], "item", indent)) for b in items]
    return ListFlowable(flow, bulletType="bullet", start="•", bulletFontName="PTSans", bulletFontSize=style.fontSize,
                        leftIndent=indent, bulletDedent=bullet_indent)


def _table(b: Block, tr: Callable[[str], str], st: dict[str, ParagraphStyle], width: float,
           icon_markup: Callable[[str, float, float], str], lang: str) -> Table:
    """A table: header cells never break words (columns widen to hold them), body cells hyphenate when narrow."""
    ncols = max(len(r) for r in b.rows)
    rows = [list(r) + [""] * (ncols - len(r)) for r in b.rows]
    pad = 7.0
    head = st["head"]
    need = [max((stringWidth(w, head.fontName, head.fontSize) for w in unbreakable(plain(tr(rows[0][c])))), default=0)
            + pad + 1 for c in range(ncols)]
    body = st["cell"]
    whole = [max([need[c]] + [stringWidth(w, body.fontName, body.fontSize) + pad + 1 for r in rows[1:]
                              for w in unbreakable(plain(tr(r[c]) if r[c] else ""))]) for c in range(ncols)]
    if sum(whole) <= width:  # every word of the table fits its column unbroken: keep it so
        need = whole
    weights = [min(max(6, max(len(tr(r[c])) if r[c] else 0 for r in rows)), 60) for c in range(ncols)]
    widths = _fit_widths([width * w / sum(weights) for w in weights], need, width)
    shrink = min(1.0, width / sum(need)) if sum(need) > width else 1.0

    def cell(text: str, row: int, col: int) -> Paragraph:
        shown = tie_breaks(tr(text)) if text else ""
        if row == 0:
            ps = unbroken(head, plain(shown), (widths[col] - pad) / shrink)
            ps = ParagraphStyle(ps.name, parent=ps, fontSize=ps.fontSize * shrink, leading=ps.leading * shrink)
        else:
            ps = hyphenated(st["cell"], lang, widths[col] - pad)
        return Paragraph(markup(shown, icon_markup, ps.fontSize, ps.leading) if shown else "", ps)

    data = [[cell(c, i, j) for j, c in enumerate(r)] for i, r in enumerate(rows)]
    t = RowsTable(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    t.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), "PTSans"),
        ("FONTSIZE", (0, 0), (-1, -1), st["cell"].fontSize),
        ("GRID", (0, 0), (-1, -1), 0.4, RULE_GREY),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_FILL),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.8),
        ("LEFTPADDING", (0, 0), (-1, -1), pad / 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), pad / 2),
    ]))
    t.spaceAfter = st["body"].fontSize * 0.8
    t.spaceBefore = st["body"].fontSize * 0.3
    return t


MIN_SPLIT_ROWS = 2  # a table breaks across pages only with at least this many body rows on each side
MIN_FIGURE_SCALE = 0.5  # a figure shrinks down to this to stay where it is instead of leaving a page half empty
# (the board on the first page of the A5 and Letter Dojo booklets: 0.7 left half of page 1 blank)


class RowsTable(Table):
    """A table that splits across pages only with MIN_SPLIT_ROWS body rows on each side (header repeated)."""

    def __init__(self, data, *args, **kwargs):
        super().__init__(data, *args, **kwargs)
        self.rows = len(data)  # reportlab makes the parts of a split with the same class: each knows its rows

    def split(self, availWidth, availHeight):
        body = self.rows - self.repeatRows
        if body < 2 * MIN_SPLIT_ROWS:
            return []
        height = availHeight
        while height > 0:
            parts = super().split(availWidth, height)
            if len(parts) != 2:
                return parts
            first = parts[0].rows - self.repeatRows
            if first < MIN_SPLIT_ROWS:
                return []
            if body - first >= MIN_SPLIT_ROWS:
                return parts
            height = parts[0].wrap(availWidth, availHeight)[1] - 0.1  # one body row less on this page
        return []


class Scalable(Flowable):
    """A figure that shrinks (down to MIN_FIGURE_SCALE) to fit the space left on a page rather than move on."""

    def __init__(self, inner: Flowable):
        super().__init__()
        self.inner, self.scale = inner, 1.0
        self.hAlign = getattr(inner, "hAlign", "CENTER")
        self.spaceBefore = getattr(inner, "spaceBefore", 0)
        self.spaceAfter = getattr(inner, "spaceAfter", 0)

    def wrap(self, availWidth, availHeight):
        w, h = self.inner.wrap(availWidth, availHeight)
        self.scale = availHeight / h if h > availHeight >= h * MIN_FIGURE_SCALE else 1.0
        return w * self.scale, h * self.scale

    def draw(self):
        if hasattr(self.inner, "shrink"):
            self.inner.shrink = self.scale  # the figure leaves out the text this makes illegible
        self.canv.saveState()
        self.canv.scale(self.scale, self.scale)
        self.inner.drawOn(self.canv, 0, 0)
        self.canv.restoreState()


def _fit_widths(widths: list[float], need: list[float], total: float) -> list[float]:
    """Column widths raised to what each header word needs, the rest taken from the wider columns."""
    if sum(need) >= total:
        return [total * n / sum(need) for n in need]
    out = list(widths)
    for _ in range(len(out)):
        short = [i for i, w in enumerate(out) if w < need[i]]
        if not short:
            break
        for i in short:
            out[i] = need[i]
        free = [i for i in range(len(out)) if i not in short and out[i] > need[i]]
        excess = sum(out) - total
        spare = sum(out[i] - need[i] for i in free)
        for i in free:
            out[i] -= excess * (out[i] - need[i]) / spare if spare else 0
    return out


def render(flowables: list[Flowable], page: Page, footer: Footer, doc_title: str,
           canvasmaker: type | None = None, epoch: int | None = None) -> tuple[bytes, int]:
    """Lay the flowables out in the page's layout box; every page carries number, title, version and language.

    Returns the PDF and its number of pages. canvasmaker: the reportlab Canvas class drawing it (the inline icons'
    painter: figures.icon_markup_factory). epoch: the build's date, which the file carries (creation and modification date, and the
    /ID reportlab seeds with it) whatever the environment of the process typesetting it says (None: that
    environment's SOURCE_DATE_EPOCH, as reportlab reads it).
    """
    register_reportlab()
    buf = io.BytesIO()
    x0, y0, x1, y1 = page.area
    m = page.margin
    frame = Frame(x0 + m, y0 + m + 5 * mm, x1 - x0 - 2 * m, y1 - y0 - 2 * m - 5 * mm, id="body", leftPadding=0,
                  rightPadding=0, topPadding=0, bottomPadding=0)

    def on_page(canvas, doc) -> None:
        canvas.saveState()
        canvas.setStrokeColor(RULE_GREY)
        canvas.setLineWidth(0.4)
        y = y0 + m - 1 * mm
        canvas.line(x0 + m, y + 3.6 * mm, x1 - m, y + 3.6 * mm)
        canvas.setFillColor(INK)
        canvas.setFont("PTSans", 7.2)
        language = native_name(footer.lang)
        board = f" · {footer.board}" if footer.board else ""
        canvas.drawString(x0 + m, y, f"{footer.title} · {footer.version} · {language}{board}")  # the name a reader knows
        canvas.setFont("PTSans-Bold", 8.5)
        canvas.drawRightString(x1 - m, y, str(doc.page))
        canvas.restoreState()

    doc = BaseDocTemplate(buf, pagesize=page.size, leftMargin=m, rightMargin=m, topMargin=m, bottomMargin=m,
                          title=doc_title, author="dojo-pnp", creator="dojo-pnp", producer="dojo-pnp",
                          subject=f"{footer.title} {footer.version} {footer.lang}", invariant=1,
                          initialFontName="PTSans", initialFontSize=page.body, lang=footer.lang)
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=on_page)])
    with _dated(epoch), flate_only():
        doc.build(list(flowables), **({"canvasmaker": canvasmaker} if canvasmaker else {}))
    return buf.getvalue(), doc.page


@contextmanager
def _dated(epoch: int | None) -> Iterator[None]:
    """SOURCE_DATE_EPOCH set to epoch while reportlab makes a document: its documented reproducible-build setting,
    which it reads for the document's dates and its /ID (nothing changed for None)."""
    if epoch is None:
        yield
        return
    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = str(epoch)
    try:
        yield
    finally:
        if before is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = before


def on_paper(pdf: bytes, typeset: Page, paper: Page) -> bytes:
    """The pages of a PDF typeset for one format, on the paper of a format with the same layout box (or its own).

    Each page's content becomes one form XObject showing the layout box, placed centred on the paper (qpdf; the
    streams copied as they are, a fixed /ID): both papers of a pair show the very same forms (the same lines on
    the same page numbers, read once by the page QA), and every page keeps its origin at its corner.
    """
    import pikepdf

    (w, h), (pw, ph) = typeset.size, paper.size
    place = f"q 1 0 0 1 {(pw - w) / 2:.4f} {(ph - h) / 2:.4f} cm /Layout Do Q".encode()
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            page.contents_coalesce()  # one content stream (reportlab writes one: nothing to do)
            form = page.obj.Contents
            form.Type, form.Subtype = pikepdf.Name.XObject, pikepdf.Name.Form
            form.BBox = pikepdf.Array([round(v, 4) for v in typeset.area])
            form.Resources = doc.make_indirect(page.obj.Resources)
            page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Layout=form))
            page.obj.Contents = doc.make_stream(place)
            page.obj.MediaBox = pikepdf.Array([0, 0, round(pw, 4), round(ph, 4)])
        out = io.BytesIO()
        doc.save(out, static_id=True, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return out.getvalue()
