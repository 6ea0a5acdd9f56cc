"""Kit builder of every game's rules booklet: content/<game>/rules.md through the catalogs into PDFs (one builder for
every game of content/games.toml: plan/registry.py `booklet`)."""

from __future__ import annotations

import itertools
from dataclasses import replace
from functools import cache
from typing import Sequence

from reportlab.lib.pagesizes import A4, LETTER

from ..content.games import game_codes
from ..plan.model import Artifact, BuildContext
from ..problems import CheckFailed, Problem
from ..render.fonts import face, missing_glyphs
from ..rules.source import Block
from ..collector import paused
from .data_blocks import expand, print_note
from .figures import Pictures, figure_factory, figure_source, icon_markup_factory, place_forms
from .impose import impose, saddle_order
from .typeset import FORMATS, SAME_LAYOUT, Footer, on_paper, render, story

_TYPESETTINGS = itertools.count(1)  # tells one booklet_pdfs call's typeset pages from another's (placements)
PAGE_FORM = "page"  # pageqa/faces.PAGE_FORM: a key naming a typeset page placed as a form


def placements(serial: int, base: str, pages: int, imposed: bool) -> tuple[tuple[tuple | None, ...], ...]:
    """Artifact.placed of a booklet file printed from the typesetting `base` (pageqa/faces.py reads each page once):
    per page the typeset page it places as a form (typeset.on_paper), or per imposed side the sheet's own fold marks
    (None) and the pages it places (impose.impose: a blank half places none)."""
    key = lambda i: (PAGE_FORM, serial, base, i)  # noqa: E731
    if not imposed:
        return tuple((key(i),) for i in range(pages))
    return tuple((None,) + tuple(key(i) for i in side if i is not None) for side in saddle_order(pages))


GAMES = {code: f"{code}-rules" for code in game_codes()}  # content/games.toml: each game's booklet component


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
    problems, texts, font = [], _texts(blocks), face("PT Sans")
    if not missing_glyphs("".join(set("".join(t for _, t in texts))), font):  # each distinct character once
        return []
    for line, shown in texts:
        missing = missing_glyphs(shown, font)
        if missing:
            problems.append(Problem("error", "booklet-glyph", f"[{ctx.lang}] no glyph for {missing!r} in {shown!r}",
                                    where, line, hint="change the translation or the msgid in the catalog"))
    return problems


# paper -> (booklet page format, sheet it is imposed on two-up)
BOOKLET_PAPERS = {"A4": ("A5", A4), "Letter": ("HalfLetter", LETTER)}


def booklet_pdfs(ctx: BuildContext, blocks: Sequence[Block], where: str, papers: tuple[str, ...] = ("A4",),
                 placed: dict[str, tuple] | None = None) -> dict[str, tuple[bytes, int]]:
    """The booklet per paper: pages ('A5'/'HalfLetter'), 'booklet[-Letter]' (imposed), plain 'A4'/'Letter'; placed,
    when given, gets each layout's Artifact.placed (placements).

    Each layout maps to (PDF bytes, pages); where names the rules source in error messages. Generated sections
    (`![setup](duel)`, ...) are expanded from the model first. A5 and A4 are typeset; HalfLetter and Letter are
    their pages on the other paper (typeset.SAME_LAYOUT), so a paper's files do not depend on the other papers.
    """
    blocks = expand(ctx, [localized(ctx, b) for b in blocks], where)  # generated blocks come translated
    problems = check_glyphs(ctx, blocks, where)
    if problems:
        raise CheckFailed(problems)
    heads = [b.texts[0] for b in blocks if b.kind == "heading1"]
    title = heads[0] if heads else where  # blocks are translated already
    pictures = Pictures()  # the figures and inline icons, drawn by cairo and placed as forms (figures.place_forms)
    figure = figure_factory(figure_source(ctx), where, pictures)
    icons, canvas = icon_markup_factory(ctx, where, pictures)
    footer = Footer(title, ctx.version, ctx.lang, ctx.board_fingerprint[:8])

    @cache
    def typeset(fmt: str) -> tuple[bytes, int]:
        page = FORMATS[fmt]
        flow = story(blocks, str, page, ctx.lang, figure, icons)  # blocks are translated already
        data, pages = render(flow, page, footer, title, canvas, ctx.epoch)
        return place_forms(data, pictures), pages

    @cache
    def pdf(fmt: str) -> tuple[bytes, int]:
        base = SAME_LAYOUT.get(fmt, fmt)
        data, pages = typeset(base)
        return on_paper(data, FORMATS[base], FORMATS[fmt]), pages

    result = {}
    serial = next(_TYPESETTINGS)
    for paper in papers:
        half, sheet = BOOKLET_PAPERS[paper]
        key = "booklet" if paper == "A4" else f"booklet-{paper}"
        result[half] = pdf(half)
        base = SAME_LAYOUT.get(half, half)  # both sheets impose the pages of the one typesetting
        booklet = impose(pdf(base)[0], sheet, title, print_note(ctx), FORMATS[base].area)
        result[key] = booklet, -(-result[half][1] // 4) * 2
        result[paper] = pdf(paper)
        if placed is not None:
            placed[half] = placements(serial, base, result[half][1], False)
            placed[key] = placements(serial, base, result[half][1], True)
            placed[paper] = placements(serial, SAME_LAYOUT.get(paper, paper), result[paper][1], False)
    return result


def build_booklet(ctx: BuildContext, game: str) -> list[Artifact]:
    """Artifacts of one game's booklet, from its rules source in the model."""
    component = f"{game}-rules"
    source = ctx.model.rules[game]
    papers = tuple(p for p in ctx.options.papers if p in BOOKLET_PAPERS) or ("A4",)
    placed: dict[str, tuple] = {}  # each layout's typeset pages placed as forms, for the page QA
    with paused():  # typesetting makes tens of thousands of short-lived objects (a tenth of the Dojo booklet's CPU)
        pdfs = booklet_pdfs(ctx, source.blocks, source.file, papers, placed)
    out = []
    for paper in papers:
        half = BOOKLET_PAPERS[paper][0]
        imposed = "booklet" if paper == "A4" else f"booklet-{paper}"
        data, pages = pdfs[imposed]
        plain, plain_pages = pdfs[paper]
        pages_pdf, half_pages = pdfs[half]
        out += [
            Artifact(f"rules/{component}-booklet-{paper}.pdf", component, "rules", data, paper, "saddle-stitch",
                     pages, placed=placed[imposed]),
            Artifact(f"rules/{component}-{paper}.pdf", component, "rules", plain, paper, "plain", plain_pages,
                     placed=placed[paper]),
            Artifact(f"rules/{component}-{half}.pdf", component, "rules", pages_pdf, half, "pages", half_pages,
                     placed=placed[half]),
        ]
    return out


def rules_booklet(ctx: BuildContext, component) -> list[Artifact]:
    """A game's rules booklet (a registry component made by plan/registry.py `booklet`: its game's rules.md)."""
    return build_booklet(ctx, component.game)
