"""The HTML contact sheet (index.html) of one language's kit: a thumbnail of every component, linked."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import escape

from ..messages import N_
from ..output.compiled import template_cache
from ..plan.bom import component_lines
from ..plan.guide import game_name, GuideFile, guides
from ..plan.model import Artifact, BuildContext
from ..plan.registry import component_name

INDEX_OPTIONS = "index.html: autoescape html j2, i18n, trim_blocks, lstrip_blocks"  # its compiled entries' options


def bill_of_materials(ctx: BuildContext) -> list[tuple[str, int, list[str]]]:
    """(game name, players at a full table, the component lines) of every game, from its bill of materials."""
    return [(game_name(ctx, b.game), b.players, component_lines(ctx, b)) for b in ctx.model.boms]


LAYOUT_NAMES = {
    "sheet": N_("sheets"),
    "gutterfold": N_("gutterfold"),
    "single": N_("single cards for print shops"),
    "saddle-stitch": N_("booklet imposed two-up: double-sided, flip on the short edge"),
    "plain": N_("plain pages"),
    "pages": N_("booklet pages"),
    "duplex-long-edge": N_("double-sided sheets"),
    "single-sided": N_("single-sided sheets"),
}


@dataclass(frozen=True)
class Link:
    """One file of a component, with a short description."""

    path: str
    label: str


@dataclass(frozen=True)
class Tile:
    """One component on the contact sheet: its name, thumbnail and files."""

    name: str
    thumb: str | None
    links: tuple[Link, ...]


def _label(ctx: BuildContext, a: Artifact) -> str:
    parts = [p for p in (a.paper if a.paper != "card" else None, ctx._(LAYOUT_NAMES[a.layout]) if a.layout in
             LAYOUT_NAMES else a.layout) if p]
    if a.pages:
        parts.append(ctx.n_("%(num)d page", "%(num)d pages", a.pages) % {"num": a.pages})
    if a.cards:
        parts.append(ctx.n_("%(num)d card", "%(num)d cards", a.cards) % {"num": a.cards})
    return " · ".join(parts) or a.path


def tiles(ctx: BuildContext, artifacts: list[Artifact]) -> list[Tile]:
    """A tile per component, in manifest order, with its preview PNG as thumbnail when there is one."""
    previews: dict[str, str] = {}
    files: dict[str, list[Link]] = {}
    for a in artifacts:
        if a.path.endswith(".png"):
            previews.setdefault(a.component, a.path)
        else:
            files.setdefault(a.component, []).append(Link(a.path, _label(ctx, a)))
    return [Tile(ctx._(component_name(c)), previews.get(c), tuple(links)) for c, links in files.items()]


def install_escaped_gettext(env: Environment, translations) -> None:
    """The template's _(), gettext ... with every translation HTML-escaped: Jinja's own (install_gettext_translations)
    marks translations as trusted markup, so a `<script>` in a catalog would reach the page as a script."""
    t = translations
    env.install_gettext_callables(
        gettext=lambda s: escape(t.gettext(s)), ngettext=lambda s, p, n: escape(t.ngettext(s, p, n)),
        pgettext=lambda c, s: escape(t.pgettext(c, s)), npgettext=lambda c, s, p, n: escape(t.npgettext(c, s, p, n)),
        newstyle=True)


@dataclass(frozen=True)
class GuideRow:
    """One game in index.html's printing summary: its name, sheets per paper, the minimum set on the first paper."""

    name: str
    sheets: tuple[int, ...]
    files: tuple[GuideFile, ...]


def printing_summary(ctx: BuildContext, artifacts: list[Artifact]) -> list[GuideRow]:
    """Per game: the sheets of its minimum set on each paper and its files on the first (plan/guide.py)."""
    entries = [a.manifest_entry("") for a in artifacts]
    by_paper = [guides(ctx, entries, paper) for paper in ctx.options.papers]
    return [GuideRow(g.name, tuple(p[i].sheets for p in by_paper), g.files) for i, g in enumerate(by_paper[0])] \
        if by_paper else []


def contact_sheet(ctx: BuildContext, artifacts: list[Artifact]) -> list[Artifact]:
    """index.html beside the PDFs (Jinja2 template, autoescaped, every string translated)."""
    env = Environment(loader=FileSystemLoader(str(Path(ctx.root) / "templates")), autoescape=select_autoescape(["html", "j2"]),
                      extensions=["jinja2.ext.i18n"], trim_blocks=True, lstrip_blocks=True,
                      bytecode_cache=template_cache(INDEX_OPTIONS))  # compiled once, not in every build (compiled.py)
    install_escaped_gettext(env, ctx.translations)
    html = env.get_template("kit/index.html.j2").render(
        lang=ctx.lang, version=ctx.version, fingerprint=ctx.board_fingerprint[:12], tiles=tiles(ctx, artifacts),
        boms=bill_of_materials(ctx), heading=ctx._(component_name("contact-sheet")),  # over the thumbnails
        papers=ctx.options.papers, summary=printing_summary(ctx, artifacts),
        guide=[a.path for a in artifacts if a.component == "kit-printing-guide" and a.path.endswith(".pdf")])
    return [Artifact("index.html", "contact-sheet", "sheet", html.encode("utf-8"))]
