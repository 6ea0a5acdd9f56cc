"""Jinja2 SVG templates (autoescape on; compiled in memory, or kept compiled where keep_compiled says: never in
build/), the SVG their macros write, and the texts and icons they hand to cairo instead while a drawing is made (a
Sketch: see svg.template_drawing).

A template describes art and layout; the fitted texts (m.texts, m.text_block), single labels (m.label) and icons
(m.icon) it places are written as SVG only when it is rendered without a sketch (a stand-alone SVG). Rendered with
one (render_template(..., sketch=...)), each becomes an Item of that sketch, drawn by render/draw.py over the
template's art, at the same place, under the transforms of the template's m.turned blocks.
"""

from __future__ import annotations

import math
import traceback
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from ..problems import CheckFailed, Problem
from .icons import icon, suit_icon

Matrix = tuple[float, float, float, float, float, float]  # cairo's (xx, yx, xy, yy, x0, y0)
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def n(value: float) -> str:
    """A number for SVG: at most 3 decimals, no trailing zeros (stable text, small files)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class Item:
    """A text or icon a template placed while collecting: kind "block" (a layout.Block: block, x, y, colour,
    icon colour), "label" (text, x, y, size, colour, bold, anchor) or "icon" (name, x, y, size, colour,
    background), under a matrix (user units of the SVG)."""

    kind: str
    args: tuple
    matrix: Matrix = IDENTITY


class Sketch:
    """The drawing being made: the texts and icons its template (or Python drawing code such as the board's) hands
    over, under the transforms of the m.turned blocks open around them. svg.collected_drawing and
    svg.collected_items make one per drawing and pass it down (render_template(..., sketch=...), which gives it to the
    template as the variable `sketch`): a value of one drawing, never state shared between drawings."""

    def __init__(self) -> None:
        self.items: list[Item] = []
        self.matrices: list[Matrix] = [IDENTITY]

    def turn(self, angle: float, cx: float, cy: float) -> None:
        """Open an m.turned block: rotate by angle degrees about (cx, cy) (SVG's rotate(angle cx cy))."""
        a, b, c, d, e, f = self.matrices[-1]
        cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        tx, ty = cx - cos * cx + sin * cy, cy - sin * cx - cos * cy  # translate(c) rotate translate(-c)
        self.matrices.append((a * cos + c * sin, b * cos + d * sin, -a * sin + c * cos, -b * sin + d * cos,
                              a * tx + c * ty + e, b * tx + d * ty + f))


def collect(sketch: Sketch | None, kind: str, *args: Any) -> bool:
    """Hand an item to the drawing being made; False when there is none (write SVG instead)."""
    if sketch is None:
        return False
    sketch.items.append(Item(kind, args, sketch.matrices[-1]))
    return True


def _turn(angle: float, cx: float, cy: float, sketch: Sketch | None = None) -> Markup:
    """Open an m.turned block: rotate by angle degrees about (cx, cy) (SVG's rotate(angle cx cy))."""
    if sketch is not None:
        sketch.turn(angle, cx, cy)
    return Markup(f'<g transform="rotate({n(angle)} {n(cx)} {n(cy)})">')


def _unturn(sketch: Sketch | None = None) -> Markup:
    """Close the innermost m.turned block."""
    if sketch is not None:
        sketch.matrices.pop()
    return Markup("</g>")


_ICON_PAINT = {"fill": 'fill="{c}"', "hole": 'fill="{b}"',
               "dots": 'fill="none" stroke="{c}" stroke-width="1.6" stroke-linecap="round"',
               "stroke": 'fill="none" stroke="{c}" stroke-width="1" stroke-linecap="round" stroke-linejoin="round"'}


def icon_svg(name: str, x: float, y: float, size: float, color: str = "#222", bg: str = "#fff",
             sketch: Sketch | None = None) -> Markup:
    """An icon (icons.py, drawn in a 10x10 box) at (x, y), size wide, as SVG (the templates' m.icon); handed to the
    sketch instead when there is one (so are the other m.* texts and icons)."""
    icon(name)  # an unknown name fails here, collected or written
    if collect(sketch, "icon", name, x, y, size, color, bg):
        return Markup("")
    c, b = escape(color), escape(bg)
    paths = "".join(f'<path d="{escape(d)}" {_ICON_PAINT.get(mode, _ICON_PAINT["stroke"]).format(c=c, b=b)}/>'
                    for d, mode in icon(name).paths)
    return Markup(f'<g transform="translate({n(x)} {n(y)}) scale({n(size / 10)})">{paths}</g>')


def label_svg(text: Any, x: float, y: float, size: float, color: str = "#1d1d1b", bold: bool = False,
              anchor: str = "start", sketch: Sketch | None = None) -> Markup:
    """One line of text at a baseline (the templates' m.label): numbers and marks beside the fitted texts."""
    if collect(sketch, "label", str(text), x, y, size, color, bold, anchor):
        return Markup("")
    attrs = {"x": n(x), "y": n(y), "font-family": "PT Sans", "font-size": n(size),
             **({"font-weight": "bold"} if bold else {}), **({"text-anchor": anchor} if anchor != "start" else {}),
             "fill": color}
    return Markup(text_svg(str(text), attrs))


def frame_edge(color: str, inset: float, rx: float, width: float, height: float, over: str = "",
               line: float = 0.0, sketch: Sketch | None = None) -> Markup:
    """The bleed edge of a card frame (the templates' m.frame): on print-shop faces the frame's colour is filled from
    the frame line (its centre `inset` mm inside the drawing's edges, corners of radius `rx`) out to the drawing's
    edge (render/svg.paint_edges), so a drifting cut shows an even border. Nothing is drawn on home sheets.
    over: SVG art (the drawing's user units, opaque colours) painted over that fill, outside the frame's line of
    width `line`: a border's pattern (the duel backs') stays seen on the bled border."""
    collect(sketch, "edge", str(color), float(inset), float(rx), float(width), float(height), str(over), float(line))
    return Markup("")


def mix(a: str, b: str, t: float) -> str:
    """The opaque colour of b at opacity t over a ("#rrggbb"): art painted over a bleed edge, where PDF/X-1a allows
    no transparency (export/vector flattens alpha onto the face's body colour, not onto the edge)."""
    ca, cb = (tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in (a, b))
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


def text_block_svg(block: Any, x: float, y: float, color: str = "#111", icon_color: str | None = None,
                   sketch: Sketch | None = None) -> Markup:
    """A laid-out layout.Block at (x, y) as SVG (the templates' m.text_block): a <text> per run at its baseline,
    icons inline, an accepted overflow outlined in red. Built in Python: figures print many runs."""
    if collect(sketch, "block", block, x, y, color, icon_color):
        return Markup("")
    slot, size = block.slot, block.size
    out = []
    if block.overflow:
        out.append(f'<rect x="{n(x)}" y="{n(y)}" width="{n(slot.width)}" height="{n(slot.height)}" fill="#ff0000" '
                   'fill-opacity="0.12" stroke="#e00000" stroke-width="0.5" stroke-dasharray="1.2 0.6"/>')
    style = {"font-family": slot.family, "font-size": n(size), **({"font-weight": "bold"} if slot.bold else {}),
             **({"font-style": "italic"} if slot.italic else {}), "fill": color, "xml:space": "preserve"}
    for line, base in zip(block.lines, block.baselines()):
        lx = x + block.line_x(line)
        for run in line.runs:
            if run.icon:
                out.append(icon_svg(run.text, lx + run.x + size * 0.05, y + base - size * 0.8, size * 0.95,
                                    icon_color or color))
            else:
                out.append(text_svg(run.text, {"x": n(lx + run.x), "y": n(y + base), **style}))
    return Markup("".join(out))


def text_svg(text: str, attrs: dict[str, str]) -> str:
    """A <text> element with these attributes."""
    return f"<text{''.join(f' {k}={chr(34)}{escape(v)}{chr(34)}' for k, v in attrs.items())}>{escape(text)}</text>"


def texts_svg(items: list[dict[str, Any]], sketch: Sketch | None = None) -> Markup:
    """Every fitted text of a face (Face.texts: block, x, y, color, icon_color) as SVG (the templates' m.texts)."""
    return Markup("".join(text_block_svg(t["block"], t["x"], t["y"], t.get("color", "#111"), t.get("icon_color"),
                                         sketch) for t in items))


def _sketched(function: Any) -> Any:
    """function as a template global: called with the sketch of the template rendering it (its variable `sketch`;
    the macros see it because templates import macros.svg.j2 `with context`)."""
    @jinja2.pass_context
    def call(context: Any, *args: Any, **kw: Any) -> Any:
        if "sketch" not in context:  # macros imported without context: they would write SVG text on a sketch's art
            raise jinja2.TemplateRuntimeError('the m.* macros need the drawing: write {% import "macros.svg.j2" as m '
                                              'with context %}')
        return function(*args, sketch=context["sketch"], **kw)
    return call


_COMPILED: jinja2.BytecodeCache | None = None  # keep_compiled's cache (None: templates compiled in memory)
OPTIONS = "autoescape, StrictUndefined, trim_blocks, lstrip_blocks"  # what environment() compiles with (a compiled
# template's cache entry names them with jinja's version: output/compiled.py)


def keep_compiled(cache: jinja2.BytecodeCache | None) -> None:
    """Have the environments made from now on keep compiled templates in cache (a jinja2 BytecodeCache, which
    checks each template's source: output/compiled.py, sealed, in the user's key folder, never in build/), so
    that a process compiles only the templates edited since (a one-string rebuild compiles 7 otherwise); None:
    compiled in each process, in memory only."""
    global _COMPILED
    if _COMPILED is not cache:
        _COMPILED = cache
        environment.cache_clear()


@lru_cache(maxsize=4)
def environment(templates: Path) -> jinja2.Environment:
    """The template environment of a templates folder (autoescape always on). Templates are compiled once per
    process, in memory, or read compiled from keep_compiled's cache when their source is unchanged (nothing
    compiled is ever read from build/); after an edit, face.forget_templates() starts a new one."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates)), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             auto_reload=False, bytecode_cache=_COMPILED)
    env.globals.update(n=n, icon_of=icon, zip=zip, suit=lambda *a, **k: Markup(suit_icon(*a, **k)),
                       mix=mix, **{name: _sketched(f) for name, f in (
                           ("icon_svg", icon_svg), ("text_block_svg", text_block_svg), ("texts_svg", texts_svg),
                           ("label_svg", label_svg), ("frame_edge", frame_edge), ("turn", _turn),
                           ("unturn", _unturn))})
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


def render_template(templates: Path, name: str, sketch: Sketch | None = None, **values: Any) -> str:
    """Render one SVG template to text (its texts and icons handed to the sketch when one is given); a template that
    fails is a problem naming its file and line."""
    try:
        out = Rendered(environment(templates).get_template(name).render(sketch=sketch, **values))
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
