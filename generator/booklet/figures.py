"""Booklet figures and inline icons: the components' own SVG drawings, embedded as vector graphics (svglib).

Every figure is the SVG a component prints (board, legend, ladder strip, suits, strikes, track), converted by
svglib into a reportlab Drawing: paths stay paths and text stays text in the booklet's embedded PT Sans, so the
booklet shows exactly what the pieces show, in every language, and no booklet PDF carries a raster image.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from lxml import etree
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing as RlDrawing
from reportlab.graphics.shapes import Group, String
from reportlab.platypus import Flowable
from svglib.fonts import FontMap
from svglib.svglib import SvgRenderer

from ..kit.model import BuildContext
from ..problems import CheckFailed, Problem
from ..render.fonts import FACES, register_reportlab
from ..render.icons import ICONS
from ..render.layout import FLOOR_PT, NBSP
from ..render.svg import n, render_template, svg_parse_problem

INLINE_CB = "dojo-icon"  # the reportlab onDraw callback that paints inline icons
ICON_EM = 1.05  # an inline icon is this many ems wide (as on the cards: generator.render.layout.ICON_EM)


class _Faces(FontMap):
    """svglib's font lookup answering the kit's faces with their reportlab names (registered once by
    register_reportlab: nothing is read or registered again); any other family is svglib's own lookup."""

    def __init__(self) -> None:
        super().__init__()
        self.faces = {FontMap.build_internal_name(f.family.lower(), "bold" if f.bold else "normal",
                                                  "italic" if f.italic else "normal"): f.rl_name for f in FACES}

    def find_font(self, font_name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        """The reportlab face of an SVG family, weight and style (exact), else svglib's best match."""
        name = self.faces.get(FontMap.build_internal_name(font_name.lower(), weight, style))
        return (name, True) if name else super().find_font(font_name, weight, style)


@lru_cache(maxsize=1)
def _faces() -> _Faces:
    """The SVG font lookup (one per process), with the faces registered in reportlab."""
    register_reportlab()
    return _Faces()


def vector(svg: str, box: tuple[float, float, float, float] | None = None) -> RlDrawing:
    """An SVG document as a reportlab Drawing (vector, svglib's own conversion with the kit's faces); box (x, y, w,
    h in the SVG's units, mm) crops it."""
    try:
        root = etree.fromstring(svg.encode("utf-8"), etree.XMLParser(remove_comments=True, resolve_entities=False))
    except etree.XMLSyntaxError as exc:
        raise svg_parse_problem(svg, exc) from exc
    _flatten_opacity(root)
    if box is not None:
        x, y, w, h = box
        root.set("viewBox", f"{n(x)} {n(y)} {n(w)} {n(h)}")
        root.set("width", f"{n(w)}mm")
        root.set("height", f"{n(h)}mm")
    try:
        drawing = SvgRenderer("figure.svg", font_map=_faces()).render(root)
    except ValueError as exc:  # a length or colour svglib cannot read
        raise svg_parse_problem(svg, exc, drawing=True) from exc
    drawing.initialFontName = "PTSans"  # reportlab's renderer would otherwise select (and list) Helvetica
    return drawing


def _over_white(colour: str, alpha: float) -> str:
    """A #rrggbb colour seen at alpha over white paper."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - alpha * (255 - c)):02x}" for c in rgb)


def _flatten_opacity(root: Any) -> None:
    """Opacity over white paper becomes a lighter colour: reportlab forms carry no transparency states."""
    for el in root.iter():
        for paint in ("stroke", "fill"):
            alpha = el.attrib.pop(f"{paint}-opacity", None)
            colour = el.get(paint) or (el.getparent().get(paint) if el.getparent() is not None else None)
            if alpha is not None and colour and colour.startswith("#") and len(colour) == 7:
                el.set(paint, _over_white(colour, float(alpha)))


def legible(node: Any, scale: float) -> Any:
    """The drawing's tree without the text a reader could not read at this scale (under FLOOR_PT): a component
    shrunk into a booklet shows its shapes and colours, and only the words that stay legible. Only the groups that
    lose text are copied (shallow: the shapes are shared, never changed)."""
    if not isinstance(node, Group):
        return node
    a, b, c, d = node.transform[:4]
    inner = scale * abs(a * d - b * c) ** 0.5
    kept = [legible(child, inner) for child in node.contents
            if not (isinstance(child, String) and child.fontSize * inner < FLOOR_PT - 0.01)]
    if len(kept) == len(node.contents) and all(k is child for k, child in zip(kept, node.contents)):
        return node
    out = copy.copy(node)
    out.contents = kept
    return out


class Figure(Flowable):
    """A vector drawing scaled to fit the frame width (never enlarged), centred; text that would print under the
    type floor is left out (legible)."""

    def __init__(self, name: str, drawing: RlDrawing, max_width: float):
        super().__init__()
        self.name, self.drawing = name, drawing
        self.scale = min(1.0, max_width / drawing.width)
        self.shrink = 1.0  # further scale applied by the page (typeset.Scalable)
        self.width, self.height = drawing.width * self.scale, drawing.height * self.scale
        self.hAlign = "CENTER"

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """The scaled size."""
        return self.width, self.height

    def draw(self) -> None:
        """Paint the drawing at its scale, clipped to its box (svglib keeps what lies outside a cropped viewBox).

        The drawing is a form XObject made once per document: pages stay small (imposition parses them) and a
        figure shown twice is stored once.
        """
        canv, form = self.canv, f"figure-{self.name}-{self.scale * self.shrink:.4f}"
        if not canv.hasForm(form):
            canv.beginForm(form, 0, 0, self.drawing.width, self.drawing.height)
            box = canv.beginPath()
            box.rect(0, 0, self.drawing.width, self.drawing.height)
            canv.clipPath(box, stroke=0, fill=0)
            renderPDF.draw(legible(self.drawing, self.scale * self.shrink), canv, 0, 0)
            canv.endForm()
        canv.saveState()
        canv.scale(self.scale, self.scale)
        canv.doForm(form)
        canv.restoreState()


@dataclass(frozen=True)
class FigureSource:
    """Makers of the figures a booklet may show: name -> the component's SVG (and crop box)."""

    makers: dict[str, Callable[[], tuple[str, tuple[float, float, float, float] | None]]]


def figure_source(ctx: BuildContext) -> FigureSource:
    """Every figure name with the component drawing behind it, in the context's language."""
    from ..components import dojo_belt_ladder, dojo_board, dojo_board_sheets, duel_figures, ground_figures
    from ..components.common import Collect

    def ladder():
        col = Collect()
        content = ctx.model.dojo
        svg = dojo_belt_ladder.ladder_svg(ctx, content.ladder, content.pawns, "A4", col, figure=True)
        col.check()
        return svg, dojo_belt_ladder.strip_box("A4")

    makers: dict[str, Callable[[], Any]] = {
        "board": lambda: (dojo_board.board_svg(ctx), None),
        "belt-ladder": ladder,
        "squares": lambda: (dojo_board_sheets.legend_svg(ctx, "dojo/legend-narrow"), None),
        "suits": lambda: (ground_figures.suits_svg(ctx), None),
    }
    makers.update({name: (lambda make=make: (make(), None)) for name, make in duel_figures.figures(ctx).items()})
    return FigureSource(makers)


def figure_factory(src: FigureSource, where: str) -> Callable[[str, float], Flowable]:
    """The booklet's figure maker; an unknown figure name is a build error naming the known ones."""
    cache: dict[str, RlDrawing] = {}

    def make(name: str, width: float) -> Flowable:
        if name not in src.makers:
            raise CheckFailed([Problem("error", "booklet-figure", f"unknown figure {name!r}", where,
                                       hint=f"use one of: {', '.join(sorted(src.makers))}")])
        if name not in cache:
            cache[name] = vector(*src.makers[name]())
        return Figure(name, cache[name], width)

    return make


def icon_markup_factory(ctx: BuildContext, where: str) -> tuple[Callable[[str, float], str], Callable]:
    """Inline {icon:X}: paragraph markup reserving the icon's width, and the onDraw callback painting it (vector).

    The markup is an onDraw tag followed by no-break spaces sized to the icon's width (reportlab never breaks
    a line at a no-break space), so the icon travels with the word it is glued to.
    """


    by_code = {s.code: s.icon for s in ctx.model.dojo.squares}
    drawings: dict[str, RlDrawing] = {}

    def resolve(name: str) -> str:
        name = by_code.get(name, name)
        if name in ICONS:
            return name
        from ..components.ground_figures import suit_svg

        if suit_svg(ctx, name):
            return name
        raise CheckFailed([Problem("error", "booklet-icon", f"unknown icon {name!r}", where,
                                   hint=f"use a square code, a suit or one of: {', '.join(sorted(ICONS))}")])

    def markup(name: str, size: float) -> str:
        name = resolve(name)
        register_reportlab()
        from reportlab.pdfbase.pdfmetrics import stringWidth

        em = stringWidth(NBSP, "PTSans", 1.0)
        count = 4
        fs = size * ICON_EM / (count * em)
        return (f'<onDraw name="{INLINE_CB}" label="{name} {size:.3f}"/>'
                f'<font name="PTSans" size="{fs:.3f}">{NBSP * count}</font>')

    def paint(canvas, kind: str, label: str) -> None:
        name, size = label.split()
        s = float(size) * ICON_EM
        if name not in drawings:
            drawings[name] = vector(_inline_svg(ctx, name))
        info = canvas._curr_tx_info  # reportlab hands onDraw callbacks the text position here (no public API)
        d = drawings[name]
        canvas.saveState()
        canvas.translate(info["cur_x"] + s * 0.04, info["cur_y"] - float(size) * 0.18)
        canvas.scale(s * 0.92 / d.width, s * 0.92 / d.height)
        renderPDF.draw(d, canvas, 0, 0)
        canvas.restoreState()

    return markup, paint


def _inline_svg(ctx: BuildContext, name: str) -> str:
    from ..components.ground_figures import suit_svg

    return suit_svg(ctx, name) or render_template(ctx.root / "templates", "icon.svg.j2", icon=name)
