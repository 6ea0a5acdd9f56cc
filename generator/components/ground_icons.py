"""GROUND suit icons as SVG: one distinct shape per suit so suits never differ by colour alone."""

from __future__ import annotations

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
    else:
        raise ValueError(f"unknown suit icon {shape!r}")
    d = " ".join(f"{x:.3f},{y:.3f}" for x, y in pts)
    return f'<polygon points="{d}" {common} stroke-linejoin="round"/>'
