"""Jinja2 SVG templates (autoescape on) and cairosvg rendering into reusable cairo recording surfaces."""

from __future__ import annotations

import re
import traceback
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from xml.etree import ElementTree
from typing import Any

import cairocffi as cairo
import cairosvg.colors
import cairosvg.css
import cairosvg.parser
import cairosvg.path
import cairosvg.surface
import cairosvg.text
import cairosvg.url
import cssselect2
import jinja2
from cairosvg.bounding_box import EMPTY_BOUNDING_BOX, extend_bounding_box
from cairosvg.defs import gradient_or_pattern
from cairosvg.helpers import PATH_LETTERS, PointError, normalize, paint, quadratic_points, size, transform

from ..problems import CheckFailed, Problem
from .fonts import register_fontconfig
from markupsafe import Markup, escape

from .icons import icon, suit_icon

PT_PER_MM = 72 / 25.4


def n(value: float) -> str:
    """A number for SVG: at most 3 decimals, no trailing zeros (stable text, small files)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


_ICON_PAINT = {"fill": 'fill="{c}"', "hole": 'fill="{b}"',
               "dots": 'fill="none" stroke="{c}" stroke-width="1.6" stroke-linecap="round"',
               "stroke": 'fill="none" stroke="{c}" stroke-width="1" stroke-linecap="round" stroke-linejoin="round"'}


def icon_svg(name: str, x: float, y: float, size: float, color: str = "#222", bg: str = "#fff") -> Markup:
    """An icon (icons.py, drawn in a 10x10 box) at (x, y), size wide, as SVG (the templates' m.icon)."""
    c, b = escape(color), escape(bg)
    paths = "".join(f'<path d="{escape(d)}" {_ICON_PAINT.get(mode, _ICON_PAINT["stroke"]).format(c=c, b=b)}/>'
                    for d, mode in icon(name).paths)
    return Markup(f'<g transform="translate({n(x)} {n(y)}) scale({n(size / 10)})">{paths}</g>')


def text_block_svg(block: Any, x: float, y: float, color: str = "#111", icon_color: str | None = None) -> Markup:
    """A laid-out layout.Block at (x, y) as SVG (the templates' m.text_block): a <text> per run at its baseline,
    icons inline, an accepted overflow outlined in red. Built in Python: faces print thousands of runs. Inside
    template_drawing the runs go to <dojo-texts> markers instead (the attributes _run would read back from the
    <text> elements: the same numbers, so the same drawing)."""
    slot, size = block.slot, block.size
    out = []
    if block.overflow:
        out.append(f'<rect x="{n(x)}" y="{n(y)}" width="{n(slot.width)}" height="{n(slot.height)}" fill="#ff0000" '
                   'fill-opacity="0.12" stroke="#e00000" stroke-width="0.5" stroke-dasharray="1.2 0.6"/>')
    collected = _COLLECTED if _COLLECTED is not None and _direct(slot.family, color) else None
    style = {"font-family": slot.family, "font-size": n(size), **({"font-weight": "bold"} if slot.bold else {}),
             **({"font-style": "italic"} if slot.italic else {}), "fill": color, _XML_SPACE: "preserve"}
    runs: list[_Run] = []

    def marker() -> None:  # the runs met since the last icon, as one marker
        if runs:
            out.append(f'<dojo-texts i="{len(collected)}" fill="none"/>')
            collected.append(list(runs))
            runs.clear()
    for line, base in zip(block.lines, block.baselines()):
        lx = x + block.line_x(line)
        for run in line.runs:
            if run.icon:
                marker()
                out.append(icon_svg(run.text, lx + run.x + size * 0.05, y + base - size * 0.8, size * 0.95,
                                    icon_color or color))
                continue
            attrs = {"x": n(lx + run.x), "y": n(y + base), **style}
            if collected is None or "\r" in run.text:  # the XML parser would turn \r into a line feed
                out.append(text_svg(run.text, attrs))
            else:
                runs.append(_Run(attrs, run.text, ""))
    marker()
    return Markup("".join(out))


_COLLECTED: list[list["_Run"]] | None = None  # template_drawing(): the runs of the <dojo-texts> markers written


def _direct(family: str, color: str) -> bool:
    """Whether a block's runs can go straight to a marker: attribute values the SVG would carry unchanged and
    _run would accept (no character escaped, no inherit, currentColor or paint server)."""
    return not (_SPECIAL.search(family) or _SPECIAL.search(color) or color.startswith("url(")
                or "inherit" in (family, color) or "currentColor" in (family, color))


def text_svg(text: str, attrs: dict[str, str]) -> str:
    """A <text> element with these attributes (xml:space spelled out)."""
    spelled = "".join(f' {"xml:space" if k == _XML_SPACE else k}="{escape(v)}"' for k, v in attrs.items())
    return f"<text{spelled}>{escape(text)}</text>"


def texts_svg(items: list[dict[str, Any]]) -> Markup:
    """Every fitted text of a face (Face.texts: block, x, y, color, icon_color) as SVG (the templates' m.texts)."""
    return Markup("".join(text_block_svg(t["block"], t["x"], t["y"], t.get("color", "#111"), t.get("icon_color"))
                          for t in items))


@lru_cache(maxsize=4)
def environment(templates: Path) -> jinja2.Environment:
    """The template environment of a templates folder (autoescape always on). Templates are read once per process
    (no file times looked up at every render); after an edit, face.forget_templates() starts a new one."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates)), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             auto_reload=False)
    env.globals.update(n=n, icon_of=icon, zip=zip, suit=lambda *a, **k: Markup(suit_icon(*a, **k)),
                       icon_svg=icon_svg, text_block_svg=text_block_svg, texts_svg=texts_svg)
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


class Rendered(str):
    """A template's output, knowing which template made it (named when the SVG it makes does not parse)."""

    template = ""


def render_template(templates: Path, name: str, **values: Any) -> str:
    """Render one SVG template to text; a template that fails is a problem naming its file and line."""
    try:
        out = Rendered(environment(templates).get_template(name).render(**values))
    except CheckFailed:
        raise
    except Exception as exc:  # noqa: BLE001 - a designer's template error, told as a problem, never a traceback
        raise CheckFailed([template_problem(templates, name, exc)]) from exc
    out.template = f"{templates.name}/{name}"
    return out


def template_problem(templates: Path, name: str, exc: Exception) -> Problem:
    """What went wrong rendering a template, at the template line it happened on (the innermost template frame
    of the traceback, or a syntax error's own line)."""
    root = templates.parent
    file, line = f"{templates.name}/{name}", None
    if isinstance(exc, jinja2.TemplateSyntaxError) and exc.filename:
        file, line = exc.filename, exc.lineno
    else:
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.endswith(".j2")]
        if frames:
            file, line = frames[-1].filename, frames[-1].lineno
    path = Path(file)
    if path.is_absolute() and path.is_relative_to(root):
        file = path.relative_to(root).as_posix()
    what = exc.message if isinstance(exc, jinja2.TemplateError) and exc.message else str(exc)
    where = None if file == f"{templates.name}/{name}" else f"rendering {templates.name}/{name}"  # a macro's line
    return Problem("error", "template", f"{type(exc).__name__}: {what}", file, line, where=where,
                   hint="fix the template at this line (its Jinja syntax, or the values it formats); if the "
                        "template is right, report it")


def svg_parse_problem(svg: str, exc: Exception, drawing: bool = False) -> CheckFailed:
    """An SVG that does not parse (or, drawing, holds a value that cannot be drawn), named by the template that
    made it (when it comes straight from one)."""
    template = getattr(svg, "template", "") or None
    if drawing:
        return CheckFailed([Problem("error", "template", f"the SVG it renders cannot be drawn: {exc}", template,
                                    hint="give every length, colour and number attribute a value SVG reads")])
    return CheckFailed([Problem("error", "template", f"the SVG it renders does not parse: {exc}", template,
                                hint="close every tag, quote every attribute and escape & and < in text (a "
                                     "value holding them needs |e)")])


def template_drawing(templates: Path, name: str, **values: Any) -> "Drawing":
    """svg_drawing(render_template(...)) with the fitted texts (m.text_block, m.texts) handed to the drawing as
    runs rather than written as <text> elements and parsed back: the same drawing, without the SVG text."""
    global _COLLECTED
    collected: list[list[_Run]] = []
    _COLLECTED = collected
    try:
        svg = render_template(templates, name, **values)
    finally:
        _COLLECTED = None
    if "<style" in svg:  # style rules could match the texts: written out for cairosvg
        return svg_drawing(render_template(templates, name, **values))
    return svg_drawing(svg, collected)


@dataclass(frozen=True, eq=False)
class Drawing:
    """A rendered picture (vector, replayable many times): a cairo recording surface and its size in pt."""

    surface: Any
    width: float
    height: float

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
    draw(cairo.Context(surface))
    return Drawing(surface, width, height)


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
    if (not draw_as_text and surface.stroke_and_fill and node.get("stroke", "none") == "none"
            and "url(" not in node.get("fill", "")):
        return None  # the outline pass only feeds the stroke and a paint server's box: the fill pass draws the rest
    x = size(surface, node["x"], "x") if "x" in node else surface.cursor_position[0]
    y = size(surface, node["y"], "y") if "y" in node else surface.cursor_position[1]
    dx, dy = surface.cursor_d_position
    cr = surface.context
    x0, height, advance = _words(cr, node, node.text, surface.font_size, x + dx, y + dy, draw_as_text,
                                 _measured_in(cr, node))
    surface.cursor_position = (x + advance, y)
    node["text_bounding_box"] = extend_bounding_box(EMPTY_BOUNDING_BOX, ((x0, y + dy), (x0 + advance, y + dy + height)))


def _measured_in(cr: Any, attrs: Any) -> tuple:
    """What cairo's text extents depend on besides font, size and text: the matrix (xx, yx, xy, yy, x0, y0), the
    rendering options and the kind of surface (its default options); read with cairo's own calls (cairocffi makes
    a matrix and a surface object for them)."""
    lib, m = cairo.cairo, _MATRIX
    lib.cairo_get_matrix(cr._pointer, m)
    return (m.xx, m.yx, m.xy, m.yy, m.x0, m.y0), attrs.get("text-rendering"), \
        lib.cairo_surface_get_type(lib.cairo_get_target(cr._pointer))


_MATRIX = cairo.ffi.new("cairo_matrix_t *")  # _measured_in's buffer


def _words(cr: Any, attrs: Any, text: str, font_size: float, x: float, y: float, draw_as_text: bool,
           measured_in: tuple, font_set: list | None = None) -> tuple[float, float, float]:
    """Set a plain text at (x, y) word by word, each word at the advance of what precedes it (spaces stay gaps, as
    cairosvg leaves them); text-anchor applied. Returns the start x, the text's height and its advance. Leaves
    the font and the current point set (its callers restore the state around it). font_set: the font its caller
    last set on cr ([key], kept up to date), so that the same font is not selected again."""
    weight = attrs.get("font-weight")
    bold = weight == "bold" or (weight or "").isdigit() and int(weight) >= 550
    slant = {"italic": cairo.FONT_SLANT_ITALIC, "oblique": cairo.FONT_SLANT_OBLIQUE}.get(attrs.get("font-style"),
                                                                                         cairo.FONT_SLANT_NORMAL)
    family = (attrs.get("font-family") or "sans-serif").split(",")[0].strip("\"' ")
    key = (family, slant, bold, font_size, *measured_in)
    if font_set is None or font_set[0] != key:
        cr.select_font_face(family, slant, cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
        cr.set_font_size(font_size)
        if font_set is not None:
            font_set[0] = key
    known = _EXTENTS.get(key)
    if known is None:
        known = _EXTENTS[key] = {}

    def extents(part: str) -> tuple[float, ...]:
        found = known.get(part)
        if found is None:
            found = known[part] = cr.text_extents(part)
        return found

    x_bearing, _, width, height, advance, _ = extents(text)
    anchor = attrs.get("text-anchor")
    x += -(width / 2 + x_bearing) if anchor == "middle" else -(width + x_bearing) if anchor == "end" else 0.0
    at = 0.0
    parts = [part for part in _SPACES.split(text) if part] if " " in text or not text.isprintable() else [text]
    last = len(parts) - 1
    if draw_as_text:  # cairo's own calls (cairocffi checks the status after each: once at the end here)
        ptr = cr._pointer  # cairocffi's documented cffi pointer
        for i, part in enumerate(parts):
            if not part.isspace():
                _MOVE_TO(ptr, x + at, y)
                _SHOW_TEXT(ptr, part.encode("utf-8"))
            if i < last:
                at += extents(part)[4]
        cr._check_status()
        return x, height, advance
    for i, part in enumerate(parts):
        if not part.isspace():
            cr.move_to(x + at, y)
            cr.text_path(part)
        if i < last:
            at += extents(part)[4]
    return x, height, advance


_MOVE_TO = cairo.cairo.cairo_move_to
_SHOW_TEXT = cairo.cairo.cairo_show_text


_EXTENTS: dict[tuple, dict[str, tuple[float, ...]]] = {}  # cairo's text extents per font, size, matrix, rendering
# options, kind of surface (its default options) and text: the same words come back on many faces
_SPACES = re.compile(r"(\s+)")


_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_OWN = {"x", "y", "font-family", "font-size", "font-weight", "font-style", "fill", "fill-opacity", "text-anchor",
        "xml:space"}  # the attributes a text element drawn straight from a run may carry
_ELEMENT = re.compile(r'<text((?:\s+[\w:-]+="[^"&<\n\r\t]*")*)\s*>([^<\r]*)</text>')
_PIECE = re.compile(_ELEMENT.pattern + r'|<dojo-texts i="(\d+)" fill="none"/>')  # a text element or a marker
_ATTRIBUTE = re.compile(r'([\w:-]+)="([^"]*)"')
_ENTITY = re.compile(r"&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")
_SPECIAL = re.compile("[&<>\"'\n\r\t]")  # escaped in attribute values, or normalised by the XML parser


@dataclass(frozen=True)
class _Run:
    """A plain text element taken out of the SVG source: its attributes, its text as parsed, its source."""

    attrs: dict[str, str]
    text: str
    source: str


def _unescape(text: str) -> str | None:
    """Character data as the XML parser reads it (None: an entity it would not know, left to the parser)."""
    if "&" not in text:
        return text
    if text.count("&") != len(_ENTITY.findall(text)):
        return None
    return _ENTITY.sub(lambda m: _NAMED[m[1]] if m[1] else chr(int(m[2]) if m[2] else int(m[3], 16)), text)


def _run(match: re.Match) -> _Run | None:
    """A text element that can be drawn straight from its attributes (see _texts), or None."""
    attrs = dict(_ATTRIBUTE.findall(match[1]))
    text = _unescape(match[2])
    if (text is None or not set(attrs) <= _OWN or not _NUMBER.fullmatch(attrs.get("x", "")) or
            not _NUMBER.fullmatch(attrs.get("y", "")) or not _NUMBER.fullmatch(attrs.get("font-size", "")) or
            attrs.get("fill", "").startswith("url(") or "inherit" in attrs.values() or
            "currentColor" in attrs.values()):
        return None
    if "xml:space" in attrs:
        attrs[_XML_SPACE] = attrs.pop("xml:space")
    return _Run(attrs, text, match[0])


def _group_texts(svg: str, written: list[list[_Run]]) -> tuple[str, list[list[_Run]]]:
    """The SVG with each sequence of plain text elements and markers already written (written: their runs; only
    white space between them) replaced by one <dojo-texts i="k"/> marker, and the runs of each marker: cairosvg's
    parsing and drawing cost per element, and most elements of a face are text. A document with a style sheet is
    left whole (its rules could match texts)."""
    if "<style" in svg:
        return svg, written
    out: list[str] = []
    groups: list[list[_Run]] = []
    at = 0
    open_group = False
    for match in _PIECE.finditer(svg):
        gap = svg[at:match.start()]
        if match[3] is not None:
            runs: list[_Run] | None = written[int(match[3])]
        else:
            run = _run(match)
            runs = None if run is None else [run]
        if runs is None:
            out += [gap, match[0]]
            open_group = False
        elif open_group and not gap.strip():
            groups[-1] += runs
        else:
            out += [gap, f'<dojo-texts i="{len(groups)}" fill="none"/>']
            groups.append(list(runs))
            open_group = True
        at = match.end()
    out.append(svg[at:])
    return "".join(out), groups


def _texts(surface: Any, node: Any) -> None:
    """Draw a marker's text elements (_group_texts) as Surface.draw would draw each of them, in order.

    A text drawn straight from its run records exactly what cairosvg records for a plain text element (one
    show_text per word, same font, size, colour and position: the same PDF bytes); a text whose inherited state
    asks for more (a stroke, a gradient, hidden, a clip path) is parsed and drawn by cairosvg itself."""
    parent = node.parent
    inherited = {k: v for k, v in parent.items() if k not in cairosvg.parser.NOT_INHERITED_ATTRIBUTES}
    cr = surface.context
    measured_in = _measured_in(cr, inherited)  # a run carries no transform nor rendering option of its own
    font_set: list = [None]  # the font and colour last set on cr here: not set again for the next run
    colour = None
    for run in surface.text_runs[int(node["i"])]:
        attrs = {**inherited, **run.attrs}
        if not (surface.stroke_and_fill and set(attrs) <= _PLAIN and attrs.get("stroke", "none") == "none"
                and "url(" not in attrs.get("fill", "")):
            source = run.source or text_svg(run.text, run.attrs)
            element = cssselect2.ElementWrapper.from_xml_root(ElementTree.fromstring(source))
            surface.draw(cairosvg.parser.Node(element, node.style, node.url_fetcher, parent=parent,
                                              unsafe=node.unsafe))
            font_set[0] = colour = None  # Surface.draw restores the state it found: set both again
            continue
        text = cairosvg.parser.handle_white_spaces(run.text, attrs.get(_XML_SPACE) == "preserve")
        if attrs.get(_XML_SPACE) != "preserve":
            text = text.lstrip(" ")
        if not text:
            continue
        rgba = surface.map_color(_paint_of(attrs.get("fill", "black"))[1], float(attrs.get("fill-opacity", 1)))
        if rgba != colour:
            cr.set_source_rgba(*rgba)
            colour = rgba
        _words(cr, attrs, text, float(attrs["font-size"]), float(attrs["x"]), float(attrs["y"]), True, measured_in,
               font_set)


cairosvg.surface.text = _text  # the name cairosvg's Surface.draw calls and compares text elements with
cairosvg.surface.TAGS.update(text=_text, tspan=_text, textPath=_text, **{"dojo-texts": _texts})

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


_DRAW = cairosvg.surface.Surface.draw
_SHAPES = frozenset(("rect", "circle", "ellipse", "line", "path", "polygon", "polyline"))
_SIMPLE = frozenset((  # what a leaf shape drawn by _draw_shape may carry, its own or inherited
    "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2", "d", "points", "transform",
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
    "stroke-linejoin", "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit", "opacity", "shape-rendering",
    "font-family", "font-size", "font-weight", "font-style", "text-anchor", "text-rendering", _XML_SPACE,
    "baseProfile", "version"))  # text attributes are inherited from groups and never draw a shape


def _draw(surface: Any, node: Any) -> None:
    """cairosvg's Surface.draw, with a short way for the most common element, a leaf shape with plain paint
    (_draw_shape); anything else takes cairosvg's own way."""
    if node.tag in _SHAPES and not node.children and surface.stroke_and_fill and _SIMPLE.issuperset(node):
        return _draw_shape(surface, node)
    return _DRAW(surface, node)


def _draw_shape(surface: Any, node: Any) -> None:
    """Surface.draw's steps for a leaf shape (no children, clip, mask, filter, marker, font or display setting):
    the same cairo state for its one fill and one stroke, so the same recording; what cannot change the picture
    of such an element (text font options, markers, the text cursor) is left out."""
    if ("width" in node and size(surface, node["width"]) == 0) or ("height" in node and
                                                                   size(surface, node["height"]) == 0):
        return
    old_font_size = surface.font_size
    font_size = node.get("font-size")
    surface.font_size = _twelve_pt(surface) if font_size is None else size(surface, font_size)
    cr = surface.context
    lib, ptr = cairo.cairo, cr._pointer  # cairo's own calls: cairocffi checks the status after each, here once
    lib.cairo_save(ptr)
    transform(surface, node.get("transform"))
    opacity = float(node.get("opacity", 1))
    lib.cairo_move_to(ptr, size(surface, node.get("x"), "x"), size(surface, node.get("y"), "y"))
    cap, join = node.get("stroke-linecap"), node.get("stroke-linejoin")
    if cap in _CAPS:
        lib.cairo_set_line_cap(ptr, _CAPS[cap])
    if join in _JOINS:
        lib.cairo_set_line_join(ptr, _JOINS[join])
    dash_array = normalize(node["stroke-dasharray"]).split() if "stroke-dasharray" in node else ()
    if dash_array:
        dashes = [size(surface, dash) for dash in dash_array]
        if sum(dashes):
            cr.set_dash(dashes, size(surface, node.get("stroke-dashoffset")))
    lib.cairo_set_miter_limit(ptr, float(node.get("stroke-miterlimit", 4)))
    try:
        (_path if node.tag == "path" else cairosvg.surface.TAGS[node.tag])(surface, node)
    except PointError:
        pass
    stroke_opacity = float(node.get("stroke-opacity", 1)) * opacity
    fill_opacity = float(node.get("fill-opacity", 1)) * opacity
    lib.cairo_set_antialias(ptr, cairosvg.surface.SHAPE_ANTIALIAS.get(node.get("shape-rendering"),
                                                                      cairo.ANTIALIAS_DEFAULT))
    if node.get("fill-rule") == "evenodd":
        lib.cairo_set_fill_rule(ptr, cairo.FILL_RULE_EVEN_ODD)
    _paint(surface, node, node.get("fill", "black"), fill_opacity, lib.cairo_fill_preserve)
    lib.cairo_set_line_width(ptr, size(surface, node.get("stroke-width", "1")))
    if not _paint(surface, node, node.get("stroke"), stroke_opacity, lib.cairo_stroke):
        lib.cairo_new_path(ptr)  # what the (clear) stroke would have left
    lib.cairo_restore(ptr)
    cr._check_status()
    surface.font_size = old_font_size


def _paint(surface: Any, node: Any, value: str | None, opacity: float, draw: Any) -> bool:
    """Fill or stroke (draw: cairo's call, given the context) with an SVG paint (gradient, pattern or colour); a
    clear colour draws nothing (cairo records nothing for it either) and returns False. The fill's source and rule
    stay set for the stroke, which sets its own source and is not affected by the rule."""
    source, colour = _paint_of(value)
    ptr = surface.context._pointer
    if not gradient_or_pattern(surface, node, source, opacity):
        rgba = surface.map_color(colour, opacity)
        if not rgba[3]:
            return False
        cairo.cairo.cairo_set_source_rgba(ptr, *rgba)
    draw(ptr)
    return True


def _path(surface: Any, node: Any) -> None:
    """cairosvg's path drawing for a path of moves, lines, cubic and quadratic curves and closes: the same cairo
    calls with the same numbers (its current point and subpath start kept alike), without the marker vertices and
    angles it works out for every point (a leaf shape has no markers) and with the path's commands read once per
    process (icons repeat on every card); any other path is cairosvg's."""
    commands = _path_commands(node.get("d", ""))
    if commands is None:
        return cairosvg.path.path(surface, node)
    cr = surface.context
    if cr.has_current_point():
        point = cr.get_current_point()
    else:
        cr.move_to(0, 0)
        point = 0, 0
    last = first = None
    for letter, a in commands:
        if last in (None, "m", "M", "z", "Z"):
            first = None
        if letter not in "mMzZ" and first is None:
            first = point
        if letter in "zZ":
            if first:
                cr.close_path()
                point = first
        else:
            _arity, method, args, moved = _STEPS[letter]
            getattr(cr, method)(*args(point, a))
            point = moved(point, a)
        last = letter


_STEPS: dict[str, tuple[int, str, Any, Any]] = {  # what _path draws itself: numbers taken, the cairo call, its
    # arguments and the current point after it, from the current point p and the numbers a, as cairosvg's path() has
    "M": (2, "move_to", lambda p, a: a, lambda p, a: a),
    "m": (2, "rel_move_to", lambda p, a: a, lambda p, a: (p[0] + a[0], p[1] + a[1])),
    "L": (2, "line_to", lambda p, a: a, lambda p, a: a),
    "l": (2, "rel_line_to", lambda p, a: a, lambda p, a: (p[0] + a[0], p[1] + a[1])),
    "H": (1, "line_to", lambda p, a: (a[0], p[1]), lambda p, a: (a[0], p[1])),
    "h": (1, "rel_line_to", lambda p, a: (a[0], 0), lambda p, a: (p[0] + a[0], p[1])),
    "V": (1, "line_to", lambda p, a: (p[0], a[0]), lambda p, a: (p[0], a[0])),
    "v": (1, "rel_line_to", lambda p, a: (0, a[0]), lambda p, a: (p[0], p[1] + a[0])),
    "C": (6, "curve_to", lambda p, a: a, lambda p, a: a[4:]),
    "c": (6, "rel_curve_to", lambda p, a: a, lambda p, a: (p[0] + a[4], p[1] + a[5])),
    "Q": (4, "curve_to", lambda p, a: quadratic_points(p[0], p[1], *a), lambda p, a: a[2:]),
    "q": (4, "rel_curve_to", lambda p, a: quadratic_points(0, 0, *a), lambda p, a: (p[0] + a[2], p[1] + a[3])),
}
_ARITY = {**{k: v[0] for k, v in _STEPS.items()}, "Z": 0, "z": 0}
_COMMAND = re.compile(f"([{PATH_LETTERS}])([^{PATH_LETTERS}]*)")


@lru_cache(maxsize=4096)
def _path_commands(d: str) -> tuple[tuple[str, tuple[float, ...]], ...] | None:
    """A path's commands as cairosvg's path() reads them (its spacing and normalisation, repeated arguments
    taken as repeated commands, moves then as lines), or None when it holds anything else (arcs, smooth curves,
    units, a wrong count of numbers: cairosvg's own path() draws it)."""
    for letter in PATH_LETTERS:
        d = d.replace(letter, f" {letter} ")
    out = []
    for letter, args in _COMMAND.findall(normalize(d).strip()):
        arity = _ARITY.get(letter)
        words = args.strip().split(" ") if args.strip() else []
        if arity is None or (len(words) % arity if arity else words) or not words and arity:
            return None
        try:
            numbers = [float(w) for w in words]
        except ValueError:
            return None
        for k in range(0, max(len(numbers), 1), arity or 1):
            out.append((letter if not k else {"m": "l", "M": "L"}.get(letter, letter),
                        tuple(numbers[k:k + arity])))
    return tuple(out)


def _twelve_pt(surface: Any) -> float:
    """size(surface, "12pt"), cairosvg's font size of an element without one, worked out once per surface."""
    found = surface.__dict__.get("twelve_pt")
    if found is None:
        found = surface.twelve_pt = size(surface, "12pt")
    return found


_paint_of = lru_cache(maxsize=1024)(paint)  # cairosvg's paint(): the url and colour of an SVG paint (pure)
cairosvg.surface.color = lru_cache(maxsize=1024)(cairosvg.colors.color)  # Surface.map_color's parser (pure)
_CAPS = {"square": cairo.LINE_CAP_SQUARE, "round": cairo.LINE_CAP_ROUND}
_JOINS = {"round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}
cairosvg.surface.Surface.draw = _draw

class _NoRules:
    """The matcher of a document without style rules: no element matches (cssselect2's Matcher would still look
    up every element's id, classes and name)."""

    @staticmethod
    def match(element: Any) -> tuple:
        """Nothing."""
        return ()


_PARSE_STYLESHEETS = cairosvg.css.parse_stylesheets


def _stylesheets(tree: Any, url: Any) -> tuple:
    """cairosvg's (normal, important) style matchers of a document, a matcher without rules (every selector table
    of it empty) replaced by _NoRules."""
    return tuple(m if any(v for v in vars(m).values() if isinstance(v, (dict, list))) else _NoRules
                 for m in _PARSE_STYLESHEETS(tree, url))


cairosvg.css.parse_stylesheets = _stylesheets  # parser.Tree calls it once per document
cairosvg.surface.parse_url = _parse_url  # called three times for every element drawn
cairosvg.surface.copy = _Copy  # Surface.draw saves the text cursor of every element with copy.deepcopy


def svg_drawing(svg: str, runs: list[list[_Run]] | None = None) -> Drawing:
    """Parse and draw an SVG document once (runs: those of the <dojo-texts> markers it already holds, see
    template_drawing); the Drawing is then placed on any number of pages.

    Text is drawn with unhinted metrics (text-rendering="geometricPrecision" on the root, inherited): cairo's
    default hinting rounds every glyph advance and set lines about 3% wider than layout.fit measured them.
    """
    register_fontconfig()
    source = svg
    if "text-rendering" not in svg[:600]:
        svg = svg.replace("<svg ", '<svg text-rendering="geometricPrecision" ', 1)
    svg, runs = _group_texts(svg, runs or [])
    try:
        tree = cairosvg.parser.Tree(bytestring=svg.encode("utf-8"))
    except ElementTree.ParseError as exc:
        raise svg_parse_problem(source, exc) from exc
    out = _RecordingSvg.__new__(_RecordingSvg)
    out.text_runs = runs  # read by _texts while the constructor draws
    try:
        out.__init__(tree, None, 96)
    except ValueError as exc:
        raise svg_parse_problem(source, exc, drawing=True) from exc
    return Drawing(out.cairo, out.width, out.height)


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
