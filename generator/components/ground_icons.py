"""GROUND suit icons and seat symbols as SVG: distinct shapes, so suits and seats never differ by colour alone."""

from __future__ import annotations

import math
from xml.sax.saxutils import quoteattr


def suit_icon(shape: str, cx: float, cy: float, r: float, fill: str, stroke: str = "#1d1d1b") -> str:
    """An SVG element of the suit shape centred at (cx, cy) with radius r (user units)."""
    common = f'fill={quoteattr(fill)} stroke={quoteattr(stroke)} stroke-width="{r * 0.12:.3f}"'
    if shape == "circle":
        return f'<circle cx="{cx:.3f}" cy="{cy:.3f}" r="{r * 0.92:.3f}" {common}/>'
    if shape == "square":
        s = r * 0.82
        return f'<rect x="{cx - s:.3f}" y="{cy - s:.3f}" width="{2 * s:.3f}" height="{2 * s:.3f}" {common}/>'
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
    d = " ".join(f"{x:.3f},{y:.3f}" for x, y in pts)
    return f'<polygon points="{d}" {common} stroke-linejoin="round"/>'


def icon_svg(shape: str, fill: str, size: float = 10.0) -> str:
    """A standalone SVG document of one suit icon in a size x size box."""
    body = suit_icon(shape, size / 2, size / 2, size * 0.44, fill)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}mm" height="{size}mm" '
            f'viewBox="0 0 {size} {size}">{body}</svg>')
