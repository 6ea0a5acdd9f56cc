"""Kit builders of the three rules booklets: content/<game>/rules.md through the catalogs into PDFs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Sequence

from reportlab.lib.pagesizes import A4

from ..kit.model import Artifact, BuildContext
from ..problems import CheckFailed, Problem
from ..render.fonts import face, missing_glyphs
from ..rules.source import Block
from .data_blocks import expand
from .figures import INLINE_CB, figure_factory, figure_source, icon_markup_factory
from .impose import impose
from .typeset import FORMATS, Footer, render, story

GAMES = {"dojo": "dojo-rules", "ground": "ground-rules", "duel": "duel-rules"}


def _texts(blocks: Sequence[Block]) -> list[tuple[int, str]]:
    out = []
    for b in blocks:
        if b.kind == "table":
            out.extend((b.line, c) for row in b.rows for c in row if c)
        elif b.kind not in ("figure", "data"):
            out.extend((b.line, t) for t in b.texts)
    return out


def localized(ctx: BuildContext, b: Block) -> Block:
    """A block with its texts translated (a table cell in its table/column msgctxt); figures unchanged."""
    if b.kind == "table":
        rows = tuple(tuple(ctx.p_(b.cell_context(i, j), c) if c else c for j, c in enumerate(row))
                     for i, row in enumerate(b.rows))
        return replace(b, rows=rows)
    return b if b.kind in ("figure", "data") else replace(b, texts=tuple(ctx._(t) for t in b.texts))


def check_glyphs(ctx: BuildContext, blocks: Sequence[Block], where: str) -> list[Problem]:
    """Every translated text (blocks already localized) must have glyphs in the booklet fonts (reportlab would print boxes)."""
    problems = []
    for line, shown in _texts(blocks):
        missing = missing_glyphs(shown, face("PT Sans"))
        if missing:
            problems.append(Problem("error", "booklet-glyph", f"[{ctx.lang}] no glyph for {missing!r} in {shown!r}",
                                    where, line, hint="change the translation or the msgid in the catalog"))
    return problems


def booklet_pdfs(ctx: BuildContext, blocks: Sequence[Block], where: str) -> dict[str, tuple[bytes, int]]:
    """The booklet of parsed rules blocks in its layouts: 'A5' pages, 'booklet' (A5 imposed on A4), 'A4' plain.

    Each layout maps to (PDF bytes, pages); where names the rules source in error messages. Generated sections
    (`![setup](duel)`, ...) are expanded from the model first.
    """
    blocks = expand(ctx, [localized(ctx, b) for b in blocks], where)  # generated blocks come translated
    problems = check_glyphs(ctx, blocks, where)
    if problems:
        raise CheckFailed(problems)
    heads = [b.texts[0] for b in blocks if b.kind == "heading1"]
    title = heads[0] if heads else where  # blocks are translated already
    figure = figure_factory(figure_source(ctx), where)
    icons, paint_icon = icon_markup_factory(ctx, where)
    footer = Footer(title, ctx.version, ctx.lang, ctx.board_fingerprint[:8])
    out = {}
    for fmt in ("A5", "A4"):
        page = FORMATS[fmt]
        flow = story(blocks, str, page, ctx.lang, figure, icons)  # blocks are translated already
        out[fmt] = render(flow, page, footer, title, {INLINE_CB: paint_icon})
    a5_pages = _pages(out["A5"])
    booklet = impose(out["A5"], A4, title)
    sheets_sides = -(-a5_pages // 4) * 2
    return {"A5": (out["A5"], a5_pages), "booklet": (booklet, sheets_sides), "A4": (out["A4"], _pages(out["A4"]))}


def _pages(pdf: bytes) -> int:
    import io

    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def build_booklet(ctx: BuildContext, game: str) -> list[Artifact]:
    """Artifacts of one game's booklet, from its rules source in the model."""
    component = GAMES[game]
    source = ctx.model.rules[game]
    pdfs = booklet_pdfs(ctx, source.blocks, source.file)
    data, pages = pdfs["booklet"]
    a4, a4_pages = pdfs["A4"]
    a5, a5_pages = pdfs["A5"]
    return [
        Artifact(f"rules/{component}-booklet-A4.pdf", component, "rules", data, "A4", "saddle-stitch", pages),
        Artifact(f"rules/{component}-A4.pdf", component, "rules", a4, "A4", "plain", a4_pages),
        Artifact(f"rules/{component}-A5.pdf", component, "rules", a5, "A5", "pages", a5_pages),
    ]


def dojo_rules(ctx: BuildContext) -> list[Artifact]:
    """The Dojo rules booklet."""
    return build_booklet(ctx, "dojo")


def ground_rules(ctx: BuildContext) -> list[Artifact]:
    """The GROUND rules booklet."""
    return build_booklet(ctx, "ground")


def duel_rules(ctx: BuildContext) -> list[Artifact]:
    """The duel rules booklet."""
    return build_booklet(ctx, "duel")
