"""Drawings: SVG art drawn once by cairosvg (used as published, nothing of it replaced) into reusable cairo
recording surfaces, and faces made of a template's art with its texts and icons drawn over it by cairo itself.

No text of a face goes through SVG: a template rendered with a Sketch (templates.Sketch) has its m.texts, m.text_block,
m.label and m.icon hand their items to it instead of writing markup; the art (bands, frames, boxes) is drawn by
cairosvg, once per distinct SVG in a process (a deck's backs, bands and frames repeat), and each item is drawn
by render/draw.py at its place in the SVG's user units.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Protocol
from xml.etree import ElementTree

import cairocffi as cairo

from .artrec import BadCalls, Prepared, Recorder, draw as draw_calls, prepare
from .draw import draw_block, draw_icon, draw_label, rgba, unhinted
from .fonts import register_fontconfig
from .templates import (IDENTITY, Item, Matrix, Rendered, Sketch, environment, icon_svg, keep_compiled,  # noqa: F401
                        n, preload_templates, render_template, svg_parse_problem, template_problem, text_block_svg,
                        text_svg, texts_svg)

PT_PER_MM = 72 / 25.4


@dataclass(frozen=True, eq=False)
class Drawing:
    """A rendered picture (vector, replayable many times): a cairo recording surface and its size in pt; units:
    the matrix from the SVG's user units to pt (of a drawing made from SVG)."""

    surface: Any
    width: float
    height: float
    units: Matrix = IDENTITY
    edges: tuple[tuple, ...] = ()  # its frames' bleed edges (templates.frame_edge, with units): print-shop faces only

    def wrapper(self, region: tuple[float, float, float, float] | None = None) -> Any:
        """A bounded recording surface showing region (x, y, w, h in the drawing's pt; the whole drawing by default)
        at its origin. A drawing reaches a page only through such a wrapper (render/pdf.PdfDoc.place): cairo 1.16
        would otherwise repeat resource keys on a page, and clipping a large recording surface placed at an offset
        loses content in its PDFs."""
        rx, ry, rw, rh = region or (0.0, 0.0, self.width, self.height)
        wrap = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, (0, 0, rw, rh))
        inner = cairo.Context(wrap)
        inner.set_source_surface(self.surface, -rx, -ry)
        inner.paint()
        return wrap

    def paint(self, cr: Any, wrap: Any, x: float, y: float, scale: float = 1.0,
              region: tuple[float, float, float, float] | None = None) -> None:
        """Paint a wrapper of this drawing (made by wrapper(region)) with the drawing's origin at (x, y) pt."""
        rx, ry = (region or (0.0, 0.0))[:2]
        cr.save()
        cr.translate(x + rx * scale, y + ry * scale)
        if scale != 1.0:
            cr.scale(scale, scale)
        cr.set_source_surface(wrap, 0, 0)
        cr.paint()
        cr.restore()


def recorded(width: float, height: float, draw: Any) -> Drawing:
    """A Drawing of width x height pt made by draw(cr) on a cairo context in pt, origin top left."""
    surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, (0, 0, width, height))
    cr = cairo.Context(surface)
    cr.set_font_options(unhinted())
    draw(cr)
    return Drawing(surface, width, height)


def _recording_surface(output: Any, width: float, height: float) -> Any:
    """cairosvg's surface_class: a recording surface of the SVG's size in pt (output unused: nothing written)."""
    return cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, (0, 0, width, height))


class _Listed:
    """A cairosvg surface whose context lists the calls that draw (artrec.Recorder): `context.listing`."""

    def __setattr__(self, name: str, value: Any) -> None:  # cairosvg sets `context` once, to the context it makes
        if name == "context" and not isinstance(value, Recorder):
            value = Recorder(value)
        object.__setattr__(self, name, value)


class ArtStore(Protocol):
    """Where drawn art is kept between processes (kit/artcache.py: sealed entries in the component cache)."""

    def get(self, made_of: list) -> tuple[dict, dict] | None: ...  # (size and units, listing) kept for made_of
    def put(self, made_of: list, meta: dict, listing: dict) -> None: ...


_STORE: ArtStore | None = None  # keep_art's store (None: art drawn by cairosvg in every process)


def keep_art(store: ArtStore | None) -> None:
    """Have svg_drawing and the bled borders keep what cairosvg draws in store (as its cairo calls, artrec.py) and
    draw from there what an earlier process drew: a one-string rebuild then runs cairosvg for no unchanged art."""
    global _STORE
    _STORE = store


_ART: OrderedDict[str, Drawing] = OrderedDict()  # svg_drawing's drawings by SVG text, the latest used last
ART_KEPT = 512  # the most drawings kept (a deck's faces share a few dozen arts)
ART_FORMAT = 2  # the format of artrec.py listings and their entries (a new one draws every art anew)


def _kept(made_of: list) -> tuple[dict, Prepared] | None:
    """The size and units and the checked calls the store keeps for made_of (None: none, or not a listing)."""
    store = _STORE
    found = store.get([ART_FORMAT, *made_of]) if store is not None else None
    if found is None:
        return None
    meta, listing = found
    try:
        return meta, prepare(listing)
    except BadCalls:
        return None


def _keep(made_of: list, meta: dict, listing: dict | None) -> None:
    if listing is not None and _STORE is not None:
        _STORE.put([ART_FORMAT, *made_of], meta, listing)


def _drawn(found: tuple[dict, Prepared]) -> Drawing | None:
    """The Drawing of art kept as calls (None: its size or units are not numbers)."""
    meta, prepared = found
    width, height, units = meta.get("width"), meta.get("height"), meta.get("units")
    if not (isinstance(width, float) and isinstance(height, float) and isinstance(units, list) and len(units) == 6
            and all(isinstance(v, (int, float)) for v in units)):
        return None
    surface = _recording_surface(None, width, height)  # the surface cairosvg drew it on (ArtSurface)
    draw_calls(cairo.Context(surface), prepared)
    return Drawing(surface, width, height, tuple(float(v) for v in units))


def svg_drawing(svg: str) -> Drawing:
    """An SVG document drawn by cairosvg into a Drawing (then placed on any number of pages); the same SVG text
    is drawn once per process, and once at all while keep_art's store keeps its calls. A document that does not
    parse, or holds a value cairosvg cannot draw, is a problem naming the template that made it."""
    found = _ART.get(svg)
    if found is not None:
        _ART.move_to_end(svg)
        return found
    register_fontconfig()
    kept = _kept(["art", svg])
    drawing = _drawn(kept) if kept is not None else None
    if drawing is None:
        tree_of, art_surface, _on_page = _cairosvg()
        try:
            tree = tree_of(bytestring=svg.encode("utf-8"))
        except ElementTree.ParseError as exc:
            raise svg_parse_problem(svg, exc) from exc
        try:
            out = art_surface(tree, None, 96)
        except (ValueError, TypeError, ZeroDivisionError) as exc:
            raise svg_parse_problem(svg, exc, drawing=True) from exc
        drawing = Drawing(out.cairo, out.width, out.height, tuple(out.context.get_matrix()))
        _keep(["art", svg], {"width": float(out.width), "height": float(out.height), "units": list(drawing.units)},
              out.context.listing)
    _ART[svg] = drawing
    if len(_ART) > ART_KEPT:
        _ART.popitem(last=False)
    return drawing


def collected_items(make_svg: Callable[[Sketch], str]) -> tuple[Drawing, list[Item]]:
    """The art of the SVG make_svg(sketch) returns (cairosvg) and the texts and icons it handed to the sketch
    (templates.collect), to be drawn by cairo over it (draw_items): the booklet figures choose which at each scale."""
    sketch = Sketch()
    svg = make_svg(sketch)
    return svg_drawing(svg), sketch.items


def collected_drawing(make_svg: Callable[[Sketch], str | None]) -> Drawing | None:
    """The SVG make_svg(sketch) returns, the texts and icons it handed to the sketch (templates.collect) drawn by
    cairo over its art (None when it returns None: it had problems to tell)."""
    sketch = Sketch()
    svg = make_svg(sketch)
    if svg is None:
        return None
    items = sketch.items
    art = svg_drawing(svg)
    edges = tuple((*i.args, art.units) for i in items if i.kind == "edge")  # in the SVG's user units
    items = [i for i in items if i.kind != "edge"]
    if not items:
        return _edged(art, edges) if edges else art

    def draw(cr: Any) -> None:
        cr.set_source_surface(art.surface, 0, 0)
        cr.paint()
        cr.transform(cairo.Matrix(*art.units))
        draw_items(cr, items)
    return replace(recorded(art.width, art.height, draw), edges=edges)


_EDGED: OrderedDict[tuple[Drawing, tuple], Drawing] = OrderedDict()  # svg_drawing's art with its frames' edges


def _edged(art: Drawing, edges: tuple[tuple, ...]) -> Drawing:
    """The art with its edges, one Drawing per art (a deck's backs stay one face object in its PDFs)."""
    key = (art, edges)
    found = _EDGED.get(key)
    if found is None:
        found = _EDGED[key] = replace(art, edges=edges)
        if len(_EDGED) > ART_KEPT:
            _EDGED.popitem(last=False)
    return found


def paint_edges(cr: Any, drawing: Drawing) -> None:
    """A print-shop face's frames bled off its edges: each frame's colour filled from the frame line out to the
    drawing's edge, over the face placed at the origin (cr in pt), as eight fills (four sides, four corners) that
    lie outside every text; a cut drifting into the bleed or the trim then still shows an even border."""
    if not drawing.edges:
        return
    for color, i, r, w, h, over, line, units in drawing.edges:
        red, green, blue, alpha = rgba(color)
        if alpha <= 0:
            continue
        cr.save()
        cr.transform(cairo.Matrix(*units))
        cr.set_source_rgb(red, green, blue)
        for x, y, rw, rh in ((0, 0, w, i), (0, h - i, w, i), (0, i, i, h - 2 * i), (w - i, i, i, h - 2 * i)):
            cr.rectangle(x, y, rw, rh)
            cr.fill()
        for cx, cy, sx, sy in ((i, i, 1, 1), (w - i, i, -1, 1), (i, h - i, 1, -1), (w - i, h - i, -1, -1)):
            cr.move_to(cx, cy)  # the corner between the square and the rounded frame
            cr.line_to(cx + sx * r, cy)
            cr.curve_to(cx + sx * r * (1 - KAPPA), cy, cx, cy + sy * r * (1 - KAPPA), cx, cy + sy * r)
            cr.close_path()
            cr.fill()
        cr.restore()
        if over:
            _paint_over(cr, over, i - line / 2, r + line / 2, w, h, units)


def _paint_over(cr: Any, over: str, i: float, r: float, w: float, h: float, units: Matrix) -> None:
    """A bled edge's art (frame_edge's `over`, in the drawing's user units, opaque) drawn by cairosvg straight onto
    cr's page, only outside the frame's line (its outer edge i user units inside the drawing's edges, corners of
    radius r). Drawn as page paths, not as a form: no new resource is named in the document, so the home sheets
    drawn into the same document (render/cards.deck_artifacts) keep their bytes."""
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{n(w)}mm" height="{n(h)}mm" viewBox="0 0 {n(w)} {n(h)}">'
           f'{over}</svg>')
    made_of = ["over", svg, list(cr.get_matrix().as_tuple()), list(units), i, r, w, h]
    key = repr(made_of)
    cr.save()  # the page's state as the face left it, restored after
    found = _OVER.get(key) or _kept(made_of)
    if found is not None:  # the same calls cairosvg made for it, on a new context of the page (as OnPage's)
        draw_calls(cairo.Context(cr.get_target()), found[1])
    else:
        tree_of, _art_surface, on_page = _cairosvg()
        page = on_page(tree_of(bytestring=svg.encode("utf-8")), cr, units, lambda c: _outside_frame(c, i, r, w, h))
        listing = page.context.listing  # a property: computed over every number drawn
        if listing is not None:
            found = ({}, prepare(listing))
            _keep(made_of, {}, listing)
    cr.restore()
    if found is not None:
        _OVER[key] = found
        _OVER.move_to_end(key)  # the latest used last, as _ART's (assigning a kept key keeps its place)
        if len(_OVER) > ART_KEPT:
            _OVER.popitem(last=False)


_OVER: OrderedDict[str, tuple[dict, Prepared]] = OrderedDict()  # the bled borders' calls (a deck's backs repeat them)


def _outside_frame(cr: Any, i: float, r: float, w: float, h: float) -> None:
    """Clip cr (in the drawing's user units) to the part of a w x h drawing outside a rounded box i inside its
    edges, corners of radius r."""
    cr.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
    cr.rectangle(0, 0, w, h)
    cr.new_sub_path()
    cr.arc(w - i - r, i + r, r, -math.pi / 2, 0)
    cr.arc(w - i - r, h - i - r, r, 0, math.pi / 2)
    cr.arc(i + r, h - i - r, r, math.pi / 2, math.pi)
    cr.arc(i + r, i + r, r, math.pi, 3 * math.pi / 2)
    cr.close_path()
    cr.clip()
    cr.set_fill_rule(cairo.FILL_RULE_WINDING)


def _the_page(output: Any, width: float, height: float) -> Any:
    """cairosvg's surface_class for the on-page surface: the output given is the page's own surface (nothing is
    written)."""
    return output


@lru_cache(maxsize=1)
def _cairosvg() -> tuple[Any, type, type]:
    """cairosvg's parser (Tree) and this module's two cairosvg surfaces, imported when art is first drawn by
    cairosvg (a one-string rebuild draws every art from its kept calls: keep_art, and imports no cairosvg)."""
    import cairosvg.parser
    import cairosvg.surface

    class ArtSurface(_Listed, cairosvg.surface.Surface):
        """cairosvg drawing into a recording surface, in pt like its PDF surface: a Surface subclass defining
        surface_class, the way cairosvg documents for a surface of another kind."""

        surface_class = staticmethod(_recording_surface)

    class OnPage(_Listed, cairosvg.surface.Surface):
        """cairosvg drawing an SVG onto an existing page (cr's target, under cr's matrix and the drawing's units),
        clipped first by clip(context) in the SVG's user units. The page reaches cairosvg as the output of a
        surface whose surface_class returns it (cairosvg's documented way to draw on another kind of surface);
        never finished here (the page's document is)."""

        surface_class = staticmethod(_the_page)

        def __init__(self, tree: Any, cr: Any, units: Matrix, clip: Callable[[Any], None]) -> None:
            self._base, self._units, self._clip = cr.get_matrix(), units, clip
            super().__init__(tree, cr.get_target(), 96)

        def draw(self, node: Any) -> None:
            if self._clip is not None:  # the root: the context is new; place it as the drawing, then clip
                self.context.set_matrix(self._base)
                self.context.transform(cairo.Matrix(*self._units))
                self._clip(self.context)
                self._clip = None
            super().draw(node)

    return cairosvg.parser.Tree, ArtSurface, OnPage


KAPPA = 0.5523  # a quarter circle as one Bezier curve (cairo and cairosvg draw rounded corners so)


def template_drawing(templates: Path, name: str, **values: Any) -> Drawing:
    """A template rendered and drawn: its art by cairosvg, its texts and icons by cairo."""
    return collected_drawing(  # type: ignore[return-value]  (a template renders a string)
        lambda sketch: render_template(templates, name, sketch, **values))


_DRAW = {"block": draw_block, "label": draw_label, "icon": draw_icon,
         "edge": lambda cr, *args: None}  # a frame's bleed edge: print-shop faces only (paint_edges)


def draw_items(cr: Any, items: list[Item]) -> None:
    """Draw collected items in their order, each under its matrix (cr in the SVG's user units)."""
    for item in items:
        if item.matrix != IDENTITY:
            cr.save()
            cr.transform(cairo.Matrix(*item.matrix))
        _DRAW[item.kind](cr, *item.args)
        if item.matrix != IDENTITY:
            cr.restore()


def png_bytes(drawing: Drawing, width_px: int, background: tuple[float, float, float] = (1, 1, 1)) -> bytes:
    """A PNG preview of a drawing, width_px wide."""
    from .preview import surface_png

    scale = width_px / drawing.width
    h = max(1, round(drawing.height * scale))
    img = cairo.ImageSurface(cairo.FORMAT_RGB24, width_px, h)
    cr = cairo.Context(img)
    cr.set_source_rgb(*background)
    cr.paint()
    cr.scale(scale, scale)
    cr.set_source_surface(drawing.surface, 0, 0)
    cr.paint()
    return surface_png(img)
