"""Booklet figures and inline icons: the components' SVG drawings rendered by cairosvg into the booklet."""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from typing import Callable
from xml.sax.saxutils import escape

import cairosvg
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Image

from ..components.duel_draw import distance_control_cells, strike_cells, track_cells
from ..components.ground_icons import suit_icon
from ..problems import CheckFailed, Problem
from ..render.fonts import register_fontconfig

DPI = 300
BELTS = (("#ffffff", 0, 2), ("#f2d330", 3, 5), ("#ee8a2a", 6, 8), ("#3a8f4b", 9, 11), ("#2f62b5", 12, 14),
         ("#7a4a26", 15, 17))
SUIT_SHAPES = {"clarify": ("circle", "#2f6db5"), "repair": ("square", "#3a8f4b"),
               "boundary": ("triangle", "#c0392b"), "change": ("diamond", "#8e5bb5")}
SQUARE_CODES = {".": "tatami", "A": "training", "F": "fatigue", "?": "mist", "T": "tunnel", "P": "misstep",
                "K": "challenge", "S": "safe", "D": "dojo"}


@dataclass(frozen=True)
class FigureSource:
    """What figures may draw: duel hit patterns and labels, in the booklet's language."""

    strikes: tuple[tuple[str, str, tuple[int, ...]], ...]  # (id, label, hits)
    track_cells: int
    board: object | None = None  # generator.board.model.Board


def _svg(width: float, height: float, body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
            f'viewBox="0 0 {width} {height}">{body}</svg>')


def _text(x: float, y: float, text: str, size: float, anchor: str = "middle", bold: bool = False,
          fill: str = "#1d1d1b") -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:.2f}" y="{y:.2f}" font-family="PT Sans" font-size="{size:.2f}"{weight} '
            f'text-anchor="{anchor}" fill="{fill}">{escape(text)}</text>')


def belt_ladder_svg() -> str:
    """Positions 0-17 in six belt colours, the Black Belt as the goal."""
    cell, out = 7.0, []
    for colour, lo, hi in BELTS:
        for pos in range(lo, hi + 1):
            x = 1 + pos * cell
            out.append(f'<rect x="{x}" y="1" width="{cell}" height="{cell}" fill="{colour}" stroke="#1d1d1b" '
                       f'stroke-width="0.25"/>')
            ink = "#ffffff" if colour in ("#2f62b5", "#7a4a26", "#3a8f4b") else "#1d1d1b"
            out.append(_text(x + cell / 2, 1 + cell * 0.68, str(pos), 3.2, fill=ink, bold=True))
        out.append(f'<path d="M{1 + lo * cell + 0.6} {cell + 2.2}h{(hi - lo + 1) * cell - 1.2}" stroke="#1d1d1b" '
                   f'stroke-width="0.6"/>')
    gx = 1 + 18 * cell + 2
    out.append(f'<rect x="{gx}" y="1" width="{cell * 1.4}" height="{cell}" fill="#1d1d1b" rx="1"/>')
    out.append(f'<path d="M{gx + 2.4} {1 + cell / 2}l2.2 2.2 4-4.4" stroke="#ffffff" stroke-width="0.9" fill="none"/>')
    return _svg(gx + cell * 1.4 + 1, cell + 4, "".join(out))


BOARD_FILL = {"S": "#dcebd5", "D": "#4a4a48", ".": "#ffffff", "A": "#fff3c4", "F": "#f6d2c8", "?": "#dfe3f1",
              "P": "#eadcf0", "K": "#f8d9a8"}


def board_svg(board) -> str:
    """The validated 16x16 board: square letters (tunnel numbers), walls thick, Safe Rooms and the Dojo shaded."""
    n, cell, out = 16, 6.0, []
    for i, code in enumerate(board.codes):
        r, c = divmod(i, n)
        x, y = 1 + c * cell, 1 + r * cell
        out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{BOARD_FILL.get(code, "#ffffff")}" '
                   f'stroke="#b5b5b0" stroke-width="0.15"/>')
        if code not in ".D":
            out.append(_text(x + cell / 2, y + cell * 0.68, code, 2.6, bold=code.isdigit()))
    walls = []
    for i in range(n * n):
        r, c = divmod(i, n)
        if c + 1 < n and not board.is_open(i, i + 1):
            walls.append(f"M{1 + (c + 1) * cell} {1 + r * cell}v{cell}")
        if r + 1 < n and not board.is_open(i, i + n):
            walls.append(f"M{1 + c * cell} {1 + (r + 1) * cell}h{cell}")
    out.append(f'<path d="{"".join(walls)}" stroke="#1d1d1b" stroke-width="0.7" stroke-linecap="square" fill="none"/>')
    out.append(f'<rect x="1" y="1" width="{n * cell}" height="{n * cell}" fill="none" stroke="#1d1d1b" '
               f'stroke-width="0.9"/>')
    return _svg(n * cell + 2, n * cell + 2, "".join(out))


def suits_svg(labels: dict[str, str]) -> str:
    """The four suit icons side by side with their names."""
    out = []
    for i, (sid, (shape, colour)) in enumerate(SUIT_SHAPES.items()):
        cx = 12 + i * 26
        out.append(suit_icon(shape, cx, 8, 6, colour))
        out.append(_text(cx, 21, labels.get(sid, sid), 3.6, bold=True))
    return _svg(4 * 26, 24, "".join(out))


def strikes_svg(src: FigureSource, only: str | None = None) -> str:
    """One row per strike: its name and the hit pattern (striker on the third cell, facing right)."""
    rows = [s for s in src.strikes if only in (None, s[0])]
    cell, out = 7.0, []
    for n, (_, label, hits) in enumerate(rows):
        y = 7 + n * (cell * 2.2)
        out.append(_text(1, y + cell * 0.66, label, 3.4, anchor="start", bold=True))
        out.append(strike_cells(hits, 36, y, cell))
    return _svg(36 + 7 * cell + 2, 7 + len(rows) * cell * 2.2 - cell * 0.6, "".join(out))


def track_svg(src: FigureSource) -> str:
    """The duel track."""
    cell = 9.0
    return _svg(src.track_cells * cell + 2, cell + 2, track_cells(1, 1, cell, src.track_cells))


def distance_control_svg(src: FigureSource) -> str:
    """The distance-control example of the duel rules: B may not enter the hatched, underlined cells."""
    cell = 9.0
    return _svg(src.track_cells * cell + 2, cell * 2.5 + 2,
                distance_control_cells(1, cell * 1.3, cell, src.track_cells))


def square_icons_svg() -> str:
    """Every square type's icon (the engine's icon set when present) over its board letter and colour."""
    try:
        from ..render import icons as engine_icons  # the rendering engine's icons (render branch)
    except ImportError:
        engine_icons = None
    out = []
    for i, (code, name) in enumerate(SQUARE_CODES.items()):
        x = 1 + i * 14
        fill = "#d9d9d6" if code == "D" else BOARD_FILL.get(code, "#ffffff")  # the icon is drawn in black
        out.append(f'<rect x="{x}" y="1" width="12" height="12" fill="{fill}" '
                   f'stroke="#1d1d1b" stroke-width="0.3"/>')
        if engine_icons is not None:
            out.append(f'<g transform="translate({x + 1} 2)">{_engine_icon(engine_icons.icon(name))}</g>')
        out.append(_text(x + 6, 18.5, code if code != "T" else "1–9", 4.0, bold=True))
    return _svg(len(SQUARE_CODES) * 14 + 2, 20, "".join(out))


def _engine_icon(icon) -> str:
    parts = []
    for d, mode in icon.paths:
        if mode == "stroke":
            parts.append(f'<path d="{d}" fill="none" stroke="#1d1d1b" stroke-width="0.8" stroke-linecap="round"/>')
        elif mode == "hole":
            parts.append(f'<path d="{d}" fill="#ffffff"/>')
        elif mode == "dots":
            parts.append(f'<path d="{d}" stroke="#1d1d1b" stroke-width="1.4" stroke-linecap="round"/>')
        else:
            parts.append(f'<path d="{d}" fill="#1d1d1b"/>')
    return "".join(parts)


def png(svg: str, dpi: int = DPI) -> bytes:
    """Rasterise an SVG document (fonts via fontconfig) to PNG bytes."""
    register_fontconfig()
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi)


def _size_mm(svg: str) -> tuple[float, float]:
    head = svg[:200]
    w = float(head.split('width="')[1].split("mm")[0])
    h = float(head.split('height="')[1].split("mm")[0])
    return w, h


def image(svg: str, max_width: float) -> Flowable:
    """A reportlab Image of an SVG at its natural size, scaled down to max_width points."""
    w, h = _size_mm(svg)
    scale = min(1.0, max_width / (w * mm))
    return Image(io.BytesIO(png(svg)), width=w * mm * scale, height=h * mm * scale)


def figure_factory(src: FigureSource, suit_labels: dict[str, str], where: str) -> Callable[[str, float], Flowable]:
    """The booklet's figure maker; an unknown figure name is a build error naming the known ones."""
    makers: dict[str, Callable[[], str]] = {
        "belt-ladder": belt_ladder_svg, "square-icons": square_icons_svg, "squares": square_icons_svg,
        "suits": lambda: suits_svg(suit_labels),
        "strikes": lambda: strikes_svg(src), "duel-track": lambda: track_svg(src),
        "distance-control": lambda: distance_control_svg(src),
    }
    if src.board is not None:
        makers["board"] = lambda: board_svg(src.board)
    for sid, _, _ in src.strikes:
        makers[f"strike-{sid}"] = lambda sid=sid: strikes_svg(src, sid)

    def make(name: str, width: float) -> Flowable:
        if name not in makers:
            raise CheckFailed([Problem("error", "booklet-figure", f"unknown figure {name!r}", where,
                                       hint=f"use one of: {', '.join(sorted(makers))}")])
        return image(makers[name](), width)

    return make


def icon_markup_factory(where: str) -> Callable[[str, float], str]:
    """Inline {icon:X} -> an <img> of the icon at the text size (square types, card types, suits)."""
    cache: dict[str, str] = {}

    def svg_of(name: str) -> str:
        if name in SUIT_SHAPES:
            shape, colour = SUIT_SHAPES[name]
            return _svg(10, 10, suit_icon(shape, 5, 5, 4.4, colour))
        from ..render import icons as engine_icons

        try:
            icon = engine_icons.icon(SQUARE_CODES.get(name, name))
        except KeyError as exc:
            raise CheckFailed([Problem("error", "booklet-icon", str(exc.args[0]), where,
                                       hint="fix the {icon:...} name in rules.md")]) from None
        return _svg(10, 10, _engine_icon(icon))

    def markup(name: str, size: float) -> str:
        if name not in cache:
            cache[name] = "data:image/png;base64," + base64.b64encode(png(svg_of(name), 200)).decode("ascii")
        s = size * 1.05
        return f'<img src="{cache[name]}" width="{s:.2f}" height="{s:.2f}" valign="-{size * 0.18:.2f}"/>'

    return markup
