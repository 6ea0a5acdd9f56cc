"""Kit builders of the three rules booklets: content/<game>/rules.md through the catalogs into PDFs."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4

from ..components.common import duel_term
from ..content.duel import load_duel
from ..kit.model import Artifact, BuildContext
from ..problems import CheckFailed, Problem
from ..render.fonts import face, missing_glyphs
from ..rules.source import Block, parse
from .data_blocks import expand
from .figures import FigureSource, figure_factory, icon_markup_factory
from .impose import impose
from .typeset import FORMATS, Footer, data_images, render, story

GAMES = {"dojo": "dojo-rules", "ground": "ground-rules", "duel": "duel-rules"}


def rules_path(root: Path, game: str) -> Path:
    """The rules source of a game."""
    return root / "content" / game / "rules.md"


def _texts(blocks: list[Block]) -> list[tuple[int, str]]:
    out = []
    for b in blocks:
        if b.kind == "table":
            out.extend((b.line, c) for row in b.rows for c in row if c)
        elif b.kind not in ("figure", "data"):
            out.extend((b.line, t) for t in b.texts)
    return out


def check_glyphs(ctx: BuildContext, blocks: list[Block], where: str) -> list[Problem]:
    """Every translated text must have glyphs in the booklet fonts (reportlab would print boxes)."""
    problems = []
    for line, text in _texts(blocks):
        shown = ctx._(text)
        missing = missing_glyphs(shown, face("PT Sans"))
        if missing:
            problems.append(Problem("error", "booklet-glyph", f"[{ctx.lang}] no glyph for {missing!r} in {shown!r}",
                                    where, line, hint="change the translation or the msgid in the catalog"))
    return problems


def figure_source(ctx: BuildContext) -> FigureSource:
    """Duel strikes for figures (empty when the duel data is missing: strike figures then report the gap)."""
    data, _ = load_duel(ctx.root)
    if data is None:
        return FigureSource((), 12, ctx.board)
    strikes = tuple((s.id, duel_term(ctx, s.id, s.romaji), s.hits) for s in data.strikes)
    return FigureSource(strikes, data.track_cells, ctx.board)


def booklet_pdfs(ctx: BuildContext, text: str, where: str) -> dict[str, tuple[bytes, int]]:
    """The booklet in its layouts: 'A5' pages, 'booklet' (A5 imposed on A4), 'A4' plain -> (bytes, pages)."""
    blocks = expand(ctx, parse(text), where)
    problems = check_glyphs(ctx, blocks, where)
    if problems:
        raise CheckFailed(problems)
    heads = [b.texts[0] for b in blocks if b.kind == "heading1"]
    title = ctx._(heads[0]) if heads else where
    suits = {s: ctx.p_(f"ground/suit/{s}", s.capitalize()) for s in ("clarify", "repair", "boundary", "change")}
    figure = figure_factory(figure_source(ctx), suits, where)
    icons = icon_markup_factory(where)
    footer = Footer(title, ctx.version, ctx.lang, ctx.board_fingerprint[:8])
    out = {}
    for fmt in ("A5", "A4"):
        page = FORMATS[fmt]
        with data_images():
            flow = story(blocks, ctx._, page, ctx.lang, figure, icons)
            out[fmt] = render(flow, page, footer, title)
    a5_pages = _pages(out["A5"])
    booklet = impose(out["A5"], A4, title)
    sheets_sides = -(-a5_pages // 4) * 2
    return {"A5": (out["A5"], a5_pages), "booklet": (booklet, sheets_sides), "A4": (out["A4"], _pages(out["A4"]))}


def _pages(pdf: bytes) -> int:
    import io

    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def build_booklet(ctx: BuildContext, game: str) -> list[Artifact]:
    """Artifacts of one game's booklet; none when the game has no rules source yet."""
    component = GAMES[game]
    path = rules_path(ctx.root, game)
    if not path.exists():
        return []
    where = str(path.relative_to(ctx.root))
    pdfs = booklet_pdfs(ctx, path.read_text(encoding="utf-8"), where)
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
