"""Jinja2 SVG templates (autoescape on) and cairosvg rendering into reusable cairo recording surfaces."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import cairocffi as cairo
import cairosvg.parser
import cairosvg.surface
import cairosvg.text
import cairosvg.url
import jinja2
from cairosvg.bounding_box import EMPTY_BOUNDING_BOX, extend_bounding_box
from cairosvg.helpers import size

from .fonts import register_fontconfig
from markupsafe import Markup

from .icons import icon, suit_icon

PT_PER_MM = 72 / 25.4


def n(value: float) -> str:
    """A number for SVG: at most 3 decimals, no trailing zeros (stable text, small files)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@lru_cache(maxsize=4)
def environment(templates: Path) -> jinja2.Environment:
    """The template environment of a templates folder (autoescape always on)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates)), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.globals.update(n=n, icon_of=icon, zip=zip, suit=lambda *a, **k: Markup(suit_icon(*a, **k)))
    return env


def preload_templates(templates: Path) -> None:
    """Compile every SVG template of the folder in this process, so that worker processes forked afterwards share
    them instead of each compiling its own (a template that does not compile is left to the component using it)."""
    env = environment(templates)
    for name in env.list_templates(filter_func=lambda name: name.endswith(".svg.j2")):
        try:
            env.get_template(name)
        except jinja2.TemplateError:
            pass


def render_template(templates: Path, name: str, **values: Any) -> str:
    """Render one SVG template to text."""
    return environment(templates).get_template(name).render(**values)


@dataclass(frozen=True, eq=False)
class Drawing:
    """A rendered picture (vector, replayable many times): a cairo recording surface and its size in pt."""

    surface: Any
    width: float
    height: float

    def place(self, cr: Any, x: float, y: float, scale: float = 1.0,
              region: tuple[float, float, float, float] | None = None) -> None:
        """Paint with its origin at (x, y) pt; region (x, y, w, h in the drawing's pt) shows only that part.

        Each placement goes through a fresh bounded wrapper surface: cairo 1.16 would otherwise repeat resource
        keys on a page, and clipping a large recording surface placed at an offset loses content in its PDFs.
        """
        rx, ry, rw, rh = region or (0.0, 0.0, self.width, self.height)
        wrap = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, (0, 0, rw, rh))
        inner = cairo.Context(wrap)
        inner.set_source_surface(self.surface, -rx, -ry)
        inner.paint()
        cr.save()
        cr.translate(x + rx * scale, y + ry * scale)
        if scale != 1.0:
            cr.scale(scale, scale)
        cr.set_source_surface(wrap, 0, 0)
        cr.paint()
        cr.restore()


def unhinted() -> Any:
    """Font options with hinting off: glyph advances are the font's own (what layout.fit measured)."""
    opts = cairo.FontOptions()
    opts.set_hint_metrics(cairo.HINT_METRICS_OFF)
    opts.set_hint_style(cairo.HINT_STYLE_NONE)
    return opts


class _RecordingSvg(cairosvg.surface.PDFSurface):
    """cairosvg drawing into a recording surface with PDF units (1 unit = 1 pt)."""

    def _create_surface(self, width: float, height: float):
        return cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, (0, 0, width, height)), width, height



_LETTER_BY_LETTER = cairosvg.text.text
_PLAIN = frozenset({"x", "y", "font-family", "font-size", "font-weight", "font-style", "fill", "stroke",
                    "stroke-width", "text-anchor", "text-rendering", "opacity", "fill-opacity", "stroke-opacity",
                    "{http://www.w3.org/XML/1998/namespace}space", "space", "text_bounding_box",
                    "baseProfile", "version"})  # svgwrite's root attributes, inherited, never drawn


def _plain(node: Any) -> bool:
    """A text element without children, per-letter positions, text paths, spacing or baseline shifts."""
    return (node.tag == "text" and bool(node.text) and not node.children and set(node.keys()) <= _PLAIN
            and " " not in str(node.get("x", "")).strip() and " " not in str(node.get("y", "")).strip())


def _text(surface: Any, node: Any, draw_as_text: bool = False) -> None:
    """cairosvg's text drawing with one cairo call per plain text element (cairosvg sets it letter by letter, each
    letter at the previous one's advance: the same glyph positions); any other text goes to cairosvg's own."""
    if not _plain(node):
        return _LETTER_BY_LETTER(surface, node, draw_as_text)
    if not draw_as_text and surface.stroke_and_fill and node.get("stroke", "none") == "none":
        return None  # the outline pass only feeds the stroke: without one, Surface.draw's fill pass draws it all
    cr = surface.context
    weight = node.get("font-weight")
    bold = weight == "bold" or (weight or "").isdigit() and int(weight) >= 550
    slant = {"italic": cairo.FONT_SLANT_ITALIC, "oblique": cairo.FONT_SLANT_OBLIQUE}.get(node.get("font-style"),
                                                                                         cairo.FONT_SLANT_NORMAL)
    cr.select_font_face((node.get("font-family") or "sans-serif").split(",")[0].strip("\"' "), slant,
                        cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
    cr.set_font_size(surface.font_size)
    x_bearing, _, width, height, advance, _ = cr.text_extents(node.text)
    x = size(surface, node["x"], "x") if "x" in node else surface.cursor_position[0]
    y = size(surface, node["y"], "y") if "y" in node else surface.cursor_position[1]
    anchor = node.get("text-anchor")
    align = -(width / 2 + x_bearing) if anchor == "middle" else -(width + x_bearing) if anchor == "end" else 0.0
    dx, dy = surface.cursor_d_position
    cr.save()
    at = 0.0  # word by word, each at the advance of what precedes it: spaces stay gaps, as cairosvg leaves them
    for part in re.split(r"(\s+)", node.text):
        if part and not part.isspace():
            cr.move_to(x + dx + align + at, y + dy)
            (cr.show_text if draw_as_text else cr.text_path)(part)
        at += cr.text_extents(part)[4] if part else 0.0
    cr.restore()
    surface.cursor_position = (x + advance, y)
    node["text_bounding_box"] = extend_bounding_box(
        EMPTY_BOUNDING_BOX, ((x + dx + align, y + dy), (x + dx + align + advance, y + dy + height)))


cairosvg.surface.text = _text  # the name cairosvg's Surface.draw calls and compares text elements with
cairosvg.surface.TAGS.update(text=_text, tspan=_text, textPath=_text)

_NO_URL = cairosvg.url.parse_url(None)
_PARSE_URL = cairosvg.url.parse_url


def _parse_url(url: Any, base: Any = None) -> Any:
    """cairosvg's parse_url, answering at once for the absent mask, filter and clip-path of almost every element."""
    return _PARSE_URL(url, base) if url else _NO_URL


class _Copy:
    """What cairosvg's Surface.draw uses of the copy module: the deep copy of its text cursor (lists of numbers and
    a number), made directly."""

    @staticmethod
    def deepcopy(cursor: tuple) -> tuple:
        """A copy of the (position, d-position, text path width) cursor, its lists new."""
        return tuple(list(v) if isinstance(v, list) else v for v in cursor)


cairosvg.surface.parse_url = _parse_url  # called three times for every element drawn
cairosvg.surface.copy = _Copy  # Surface.draw saves the text cursor of every element with copy.deepcopy


def svg_drawing(svg: str) -> Drawing:
    """Parse and draw an SVG document once; the Drawing is then placed on any number of pages.

    Text is drawn with unhinted metrics (text-rendering="geometricPrecision" on the root, inherited): cairo's
    default hinting rounds every glyph advance and set lines about 3% wider than layout.fit measured them.
    """
    register_fontconfig()
    if "text-rendering" not in svg[:600]:
        svg = svg.replace("<svg ", '<svg text-rendering="geometricPrecision" ', 1)
    tree = cairosvg.parser.Tree(bytestring=svg.encode("utf-8"))
    out = _RecordingSvg(tree, None, 96)
    return Drawing(out.cairo, out.width, out.height)


def png_bytes(drawing: Drawing, width_px: int, background: tuple[float, float, float] = (1, 1, 1)) -> bytes:
    """A PNG preview of a drawing, width_px wide."""
    import io

    scale = width_px / drawing.width
    h = max(1, round(drawing.height * scale))
    img = cairo.ImageSurface(cairo.FORMAT_RGB24, width_px, h)
    cr = cairo.Context(img)
    cr.set_source_rgb(*background)
    cr.paint()
    cr.scale(scale, scale)
    cr.set_source_surface(drawing.surface, 0, 0)
    cr.paint()
    buf = io.BytesIO()
    img.write_to_png(buf)
    return buf.getvalue()
