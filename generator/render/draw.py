"""The one way text and icons reach a page: fitted layout.Blocks, single labels and icons drawn with cairo itself.

Every function draws on a cairo context whose user unit is the millimetre (a face's, a sheet's: the caller scales
from pt), with cairo's toy font API (fontconfig finds the kit's font files alone, render/fonts.py). Text stays text in
the PDF (one show_text per run: selectable, searchable, read back by the page QA).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

import cairocffi as cairo

from .fonts import register_fontconfig
from .icons import ARITY, TOKEN, icon

NBSP = "\u00a0"  # the layout's ties (no line break there): printed as the space it is, read back as one
Colour = str | tuple[float, ...]  # an SVG colour ("#1d1d1b", "white") or an (r, g, b[, a]) tuple 0..1


HEX6 = re.compile(r"#[0-9a-fA-F]{6}")


@lru_cache(maxsize=1024)
def _rgba_of(value: str) -> tuple[float, float, float, float]:
    """cairosvg's reading of an SVG colour (cairosvg.colors.color). A plain #rrggbb, what the kit's styles and
    templates write, is read here as cairosvg reads it (each pair over 255, opaque: tests/render/test_svg.py compares
    them), so that a process whose art all comes from its kept calls (svg.keep_art) need not import cairosvg."""
    text = value.strip()
    if HEX6.fullmatch(text):
        return int(text[1:3], 16) / 255, int(text[3:5], 16) / 255, int(text[5:7], 16) / 255, 1
    from cairosvg.colors import color

    return color(value)


def rgba(value: Colour) -> tuple[float, float, float, float]:
    """An (r, g, b, a) tuple of a colour as SVG writes it (cairosvg's own parser) or of an rgb(a) tuple."""
    if isinstance(value, str):
        return _rgba_of(value)
    return (*value, 1.0)[:4] if len(value) == 3 else tuple(value)  # type: ignore[return-value]


def unhinted() -> Any:
    """Font options with hinting off: glyph advances are the font's own (what layout.fit measured)."""
    opts = cairo.FontOptions()
    opts.set_hint_metrics(cairo.HINT_METRICS_OFF)
    opts.set_hint_style(cairo.HINT_STYLE_NONE)
    return opts


UNHINTED = unhinted()  # set on every text drawn (one object: cairo copies it into the context's state)


def set_font(cr: Any, family: str, size: float, bold: bool = False, italic: bool = False) -> None:
    """Select a font of the family (the kit's files: fonts.register_fontconfig) at size user units, advances
    unhinted."""
    register_fontconfig()  # once per process (cached): before cairo resolves its first family
    cr.select_font_face(family, cairo.FONT_SLANT_ITALIC if italic else cairo.FONT_SLANT_NORMAL,
                        cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
    cr.set_font_size(size)
    cr.set_font_options(UNHINTED)


def draw_block(cr: Any, block: Any, x: float, y: float, colour: Colour = "#111",
               icon_colour: Colour | None = None) -> float:
    """A laid-out layout.Block at (x, y): each text run at its baseline, icons inline, an accepted overflow
    (pseudo-locale builds) outlined in red over its slot. Returns the y below the block."""
    slot, size = block.slot, block.size
    cr.save()
    if block.overflow:
        cr.rectangle(x, y, slot.width, slot.height)
        cr.set_source_rgba(1, 0, 0, 0.12)
        cr.fill_preserve()
        cr.set_source_rgba(*rgba("#e00000"))
        cr.set_line_width(0.5)
        cr.set_dash([1.2, 0.6])
        cr.stroke()
        cr.set_dash([])
    set_font(cr, slot.family, size, slot.bold, slot.italic)
    ink = rgba(colour)
    for line, base in zip(block.lines, block.baselines()):
        lx = x + block.line_x(line)
        for run in line.runs:
            if run.icon:
                draw_icon(cr, run.text, lx + run.x + size * 0.05, y + base - size * 0.8, size * 0.95,
                          icon_colour or colour)
                continue
            cr.set_source_rgba(*ink)
            cr.move_to(lx + run.x, y + base)
            cr.show_text(run.text.replace(NBSP, " "))
    cr.restore()
    return y + block.height


def draw_label(cr: Any, text: str, x: float, y: float, size: float, colour: Colour = "#1d1d1b",
               bold: bool = False, anchor: str = "start", family: str = "PT Sans") -> None:
    """One line of text with its baseline at y; anchor start, middle or end at x (SVG's text-anchor: the ink's
    extent, as cairosvg places it)."""
    cr.save()
    set_font(cr, family, size, bold)
    if anchor != "start":
        x_bearing, _, width = cr.text_extents(text)[:3]
        x -= width / 2 + x_bearing if anchor == "middle" else width + x_bearing
    cr.set_source_rgba(*rgba(colour))
    cr.move_to(x, y)
    cr.show_text(text.replace(NBSP, " "))
    cr.restore()


_MODES = {"fill": (True, 0.0), "hole": (True, 0.0), "dots": (False, 1.6), "stroke": (False, 1.0)}


def draw_icon(cr: Any, name: str, x: float, y: float, size: float, colour: Colour = "#222",
              background: Colour = "#fff") -> None:
    """An icon (icons.py, a 10x10 box) at (x, y), size wide: filled parts in colour, holes in the background,
    strokes round-capped (the drawing the SVG macros write for booklets)."""
    cr.save()
    cr.translate(x, y)
    cr.scale(size / 10, size / 10)
    cr.set_line_cap(cairo.LINE_CAP_ROUND)
    cr.set_line_join(cairo.LINE_JOIN_ROUND)
    for d, mode in icon(name).paths:
        fill, width = _MODES.get(mode, _MODES["stroke"])
        path(cr, d)
        cr.set_source_rgba(*rgba(background if mode == "hole" else colour))
        if fill:
            cr.fill()
        else:
            cr.set_line_width(width)
            cr.stroke()
    cr.restore()


def path(cr: Any, d: str) -> None:
    """Add SVG path data to cairo's current path (commands read once per process: icons repeat on every card)."""
    for method, args in _ops(d):
        if method == "arc":
            _arc(cr, *args)
        else:
            getattr(cr, method)(*args)


@lru_cache(maxsize=256)
def _ops(d: str) -> tuple[tuple[str, tuple[float, ...]], ...]:
    """SVG path data (M L H V C S Q T A Z, absolute and relative) as cairo calls in absolute coordinates."""
    out: list[tuple[str, tuple[float, ...]]] = []
    tokens = TOKEN.findall(d)
    x = y = sx = sy = 0.0
    ctrl: tuple[float, float] | None = None  # the last curve's second control point (S, T reflect it)
    cmd, prev, i = "", "", 0
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd, i = tokens[i], i + 1
        low, rel = cmd.lower(), cmd.islower()
        n = ARITY[low]
        a = [float(t) for t in tokens[i:i + n]]
        i += n
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if low == "z":
            out.append(("close_path", ()))
            x, y = sx, sy
        elif low == "m":
            x, y = a[0] + ox, a[1] + oy
            sx, sy = x, y
            out.append(("move_to", (x, y)))
            cmd = "l" if rel else "L"  # further pairs are lines
        elif low in "lhv":
            x = a[0] + ox if low in "lh" else x
            y = (a[1] if low == "l" else a[0]) + oy if low in "lv" else y
            out.append(("line_to", (x, y)))
        elif low in "cs":
            c1 = (a[0] + ox, a[1] + oy) if low == "c" else \
                (2 * x - ctrl[0], 2 * y - ctrl[1]) if ctrl and prev and prev in "cCsS" else (x, y)
            rest = a[2:] if low == "c" else a
            c2 = (rest[0] + ox, rest[1] + oy)
            x, y = rest[2] + ox, rest[3] + oy
            out.append(("curve_to", (*c1, *c2, x, y)))
            ctrl = c2
        elif low in "qt":
            q = (a[0] + ox, a[1] + oy) if low == "q" else \
                (2 * x - ctrl[0], 2 * y - ctrl[1]) if ctrl and prev and prev in "qQtT" else (x, y)
            ex, ey = (a[2] + ox, a[3] + oy) if low == "q" else (a[0] + ox, a[1] + oy)
            out.append(("curve_to", (x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y),
                                     ex + 2 / 3 * (q[0] - ex), ey + 2 / 3 * (q[1] - ey), ex, ey)))
            x, y, ctrl = ex, ey, q
        else:  # arc
            ex, ey = a[5] + ox, a[6] + oy
            out.append(("arc", (x, y, a[0], a[1], a[2], bool(a[3]), bool(a[4]), ex, ey)))
            x, y = ex, ey
        prev = cmd
    return tuple(out)


def _arc(cr: Any, x1: float, y1: float, rx: float, ry: float, angle: float, large: bool, sweep: bool,
         x2: float, y2: float) -> None:
    """An SVG elliptical arc from (x1, y1) to (x2, y2) (its endpoint form turned into cairo's centre form)."""
    if (x1, y1) == (x2, y2):
        return
    rx, ry = abs(rx), abs(ry)
    if not rx or not ry:
        cr.line_to(x2, y2)
        return
    phi = math.radians(angle)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    px, py = cos * dx + sin * dy, -sin * dx + cos * dy
    grow = px * px / (rx * rx) + py * py / (ry * ry)
    if grow > 1:
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px
    k = math.sqrt(max(0.0, num / (rx * rx * py * py + ry * ry * px * px)))
    if large == sweep:
        k = -k
    cxp, cyp = k * rx * py / ry, -k * ry * px / rx
    cx, cy = cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2
    start = math.atan2((py - cyp) / ry, (px - cxp) / rx)
    end = math.atan2((-py - cyp) / ry, (-px - cxp) / rx)
    cr.save()
    cr.translate(cx, cy)
    cr.rotate(phi)
    cr.scale(rx, ry)
    (cr.arc if sweep else cr.arc_negative)(0, 0, 1, start, end)
    cr.restore()
