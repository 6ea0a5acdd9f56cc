"""Kit builders of the three rules booklets: content/<game>/rules.md through the catalogs into PDFs."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4, LETTER

from ..content.duel import load_duel
from ..kit.model import Artifact, BuildContext
from ..problems import CheckFailed, Problem
from ..render.fonts import face, missing_glyphs
from ..rules.source import Block, parse
from .data_blocks import expand, print_note
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
    strikes = tuple((s.id, _term(ctx, f"duel/{s.id}", s.romaji, s.term), s.hits) for s in data.strikes)
    return FigureSource(strikes, data.track_cells, ctx.board)


def _term(ctx: BuildContext, context: str, romaji: str, term: str) -> str:
    """A Japanese term as the cards print it: the reader's transliteration and the seed's spelling."""
    local = ctx.p_(context, romaji)
    return term if local == term else f"{local} · {term}"


# paper -> (booklet page format, sheet it is imposed on two-up)
BOOKLET_PAPERS = {"A4": ("A5", A4), "Letter": ("HalfLetter", LETTER)}


def booklet_pdfs(ctx: BuildContext, text: str, where: str,
                 papers: tuple[str, ...] = ("A4",)) -> dict[str, tuple[bytes, int]]:
    """The booklet per paper: pages ('A5'/'HalfLetter'), 'booklet[-Letter]' (imposed), plain 'A4'/'Letter'."""
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
    result = {}
    for paper in papers:
        half, sheet = BOOKLET_PAPERS[paper]
        out = {}
        for fmt in (half, paper):
            page = FORMATS[fmt]
            with data_images():
                flow = story(blocks, ctx._, page, ctx.lang, figure, icons)
                out[fmt] = render(flow, page, footer, title)
        half_pages = _pages(out[half])
        booklet = impose(out[half], sheet, title, print_note(ctx))
        key = "booklet" if paper == "A4" else f"booklet-{paper}"
        result.update({half: (out[half], half_pages), key: (booklet, -(-half_pages // 4) * 2),
                       paper: (out[paper], _pages(out[paper]))})
    return result


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
    papers = tuple(p for p in ctx.options.papers if p in BOOKLET_PAPERS) or ("A4",)
    pdfs = booklet_pdfs(ctx, path.read_text(encoding="utf-8"), where, papers)
    out = []
    for paper in papers:
        half = BOOKLET_PAPERS[paper][0]
        data, pages = pdfs["booklet" if paper == "A4" else f"booklet-{paper}"]
        plain, plain_pages = pdfs[paper]
        pages_pdf, half_pages = pdfs[half]
        out += [
            Artifact(f"rules/{component}-booklet-{paper}.pdf", component, "rules", data, paper, "saddle-stitch",
                     pages),
            Artifact(f"rules/{component}-{paper}.pdf", component, "rules", plain, paper, "plain", plain_pages),
            Artifact(f"rules/{component}-{half}.pdf", component, "rules", pages_pdf, half, "pages", half_pages),
        ]
    return out


def dojo_rules(ctx: BuildContext) -> list[Artifact]:
    """The Dojo rules booklet."""
    return build_booklet(ctx, "dojo")


def ground_rules(ctx: BuildContext) -> list[Artifact]:
    """The GROUND rules booklet."""
    return build_booklet(ctx, "ground")


def duel_rules(ctx: BuildContext) -> list[Artifact]:
    """The duel rules booklet."""
    return build_booklet(ctx, "duel")
