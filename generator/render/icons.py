"""Vector icons drawn in a 10x10 box: square types, card types, secrecy; used on cards, board and inline in text."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Icon:
    """An icon: SVG path data with how it is painted (fill or stroke) in a 10x10 box."""

    name: str
    paths: tuple[tuple[str, str], ...]  # (d, "fill" | "stroke")


def _i(name: str, *paths: tuple[str, str]) -> Icon:
    return Icon(name, paths)


ICONS: dict[str, Icon] = {i.name: i for i in (
    # square types
    _i("tatami", ("M1 2h8v6h-8z", "stroke"), ("M5 2v6M1 5h4", "stroke")),
    _i("training", ("M5 1l4 4h-2.5v4h-3v-4h-2.5z", "fill")),
    _i("fatigue", ("M5 9l4-4h-2.5v-4h-3v4h-2.5z", "fill")),
    _i("mist", ("M1 3.2c1.3-1.2 2.7-1.2 4 0s2.7 1.2 4 0M1 5.7c1.3-1.2 2.7-1.2 4 0s2.7 1.2 4 0"
                "M1 8.2c1.3-1.2 2.7-1.2 4 0s2.7 1.2 4 0", "stroke")),
    _i("tunnel", ("M1.5 9v-4a3.5 3.5 0 0 1 7 0v4z", "fill"), ("M3.5 9v-3.5a1.5 1.5 0 0 1 3 0v3.5z", "hole")),
    _i("misstep", ("M8.5 8.5v-3a2.5 2.5 0 0 0-2.5-2.5h-3.5", "stroke"), ("M1 3l2.5-2.2v4.4z", "fill")),
    _i("challenge", ("M1.5 1.5l7 7M8.5 1.5l-7 7", "stroke"), ("M1 6.5l2.5 2.5M9 6.5l-2.5 2.5", "stroke")),
    _i("safe", ("M5 1l4 1.5v3c0 2-1.8 3.3-4 4-2.2-.7-4-2-4-4v-3z", "fill")),
    _i("torii", ("M0.8 2.2h8.4v1.3h-8.4zM2 5h6v1h-6z", "fill"), ("M2.6 3.5v5.5M7.4 3.5v5.5", "stroke")),
    # card types
    _i("technique", ("M3 4.5v-1.5a2 2 0 0 1 4 0v1.5", "stroke"), ("M2 4.5h6v4.5h-6z", "fill")),
    _i("movement", ("M1 5h6.5", "stroke"), ("M9.5 5l-3-2.6v5.2z", "fill")),
    _i("interaction", ("M1.5 1.5l7 7M8.5 1.5l-7 7", "stroke"), ("M1 6.5l2.5 2.5M9 6.5l-2.5 2.5", "stroke")),
    _i("event", ("M5 .8l1.2 2.9 3.1.3-2.4 2 .8 3.1-2.7-1.7-2.7 1.7.8-3.1-2.4-2 3.1-.3z", "fill")),
    # misc
    _i("die", ("M1.5 1.5h7v7h-7z", "stroke"), ("M3.5 3.5h.01M6.5 6.5h.01M5 5h.01", "dots")),
    _i("belt", ("M0.5 4h9v2h-9z", "fill"), ("M4 6l-1 3M6 6l1 3", "stroke")),
    _i("pawn", ("M5 1a1.8 1.8 0 1 1 0 3.6a1.8 1.8 0 1 1 0-3.6zM3.4 5h3.2l1.4 4h-6z", "fill")),
)}


def icon(name: str) -> Icon:
    """The icon of a name; a KeyError names the known ones."""
    try:
        return ICONS[name]
    except KeyError:
        raise KeyError(f"unknown icon {name!r}; known: {', '.join(sorted(ICONS))}") from None


def suit_icon(shape: str, cx: float, cy: float, r: float, fill: str, stroke: str = "#1d1d1b") -> str:
    """A GROUND suit or seat shape centred at (cx, cy), radius r: suits differ by shape, never by colour alone."""
    from xml.sax.saxutils import quoteattr  # here: the module imports urllib.request, http and ssl (0.02 s)

    common = f'fill={quoteattr(fill)} stroke={quoteattr(stroke)} stroke-width="{_num(r * 0.12)}"'
    if shape == "circle":
        return f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r * 0.92)}" {common}/>'
    if shape == "square":
        s = r * 0.82
        return f'<rect x="{_num(cx - s)}" y="{_num(cy - s)}" width="{_num(2 * s)}" height="{_num(2 * s)}" {common}/>'
    if shape == "triangle":
        pts = [(cx, cy - r), (cx + r * 0.95, cy + r * 0.72), (cx - r * 0.95, cy + r * 0.72)]
    elif shape == "diamond":
        pts = [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    elif shape == "star":  # seat symbols add a star and a hexagon to the four suit shapes
        pts = [(cx + (r if k % 2 == 0 else r * 0.45) * math.sin(k * math.pi / 5),
                cy - (r if k % 2 == 0 else r * 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
    elif shape == "hexagon":
        pts = [(cx + r * math.cos(k * math.pi / 3), cy + r * math.sin(k * math.pi / 3)) for k in range(6)]
    else:
        raise ValueError(f"unknown suit icon {shape!r}")
    d = " ".join(f"{_num(x)},{_num(y)}" for x, y in pts)
    return f'<polygon points="{d}" {common} stroke-linejoin="round"/>'


TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}


def _num(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def transform_path(d: str, x: float, y: float, scale: float) -> str:
    """Path data moved to (x, y) and scaled (absolute commands translated, every length scaled).

    Lets many icons of one kind be drawn as a single SVG path: cairosvg's cost is per element.
    """
    out: list[str] = []
    cmd = ""
    args: list[float] = []
    tokens = TOKEN.findall(d)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.isalpha():
            cmd = tok
            i += 1
            if cmd in "zZ":
                out.append("z")
                continue
        n = ARITY[cmd.lower()]
        args = [float(t) for t in tokens[i:i + n]]
        i += n
        out.append(cmd + " ".join(_num(v) for v in _map(cmd, args, x, y, scale)))
        if cmd == "M":
            cmd = "L"
        elif cmd == "m":
            cmd = "l"
    return "".join(out)


def _map(cmd: str, a: list[float], x: float, y: float, s: float) -> list[float]:
    low = cmd.lower()
    absolute = cmd.isupper()
    if low == "a":
        rx, ry, rot, large, sweep, ex, ey = a
        end = (ex * s + x, ey * s + y) if absolute else (ex * s, ey * s)
        return [rx * s, ry * s, rot, large, sweep, *end]
    if low == "h":
        return [a[0] * s + (x if absolute else 0)]
    if low == "v":
        return [a[0] * s + (y if absolute else 0)]
    out = []
    for k, v in enumerate(a):
        shift = (x if k % 2 == 0 else y) if absolute else 0.0
        out.append(v * s + shift)
    return out
