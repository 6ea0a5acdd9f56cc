"""Colour arithmetic for printed pieces: relative luminance and WCAG contrast, ink that reads on a fill."""

from __future__ import annotations

INK = "#1d1d1b"
PAPER = "#ffffff"
MIN_CONTRAST = 3.0  # WCAG 2 for graphics and large text: what a marker outline must reach against its ground


def luminance(colour: str) -> float:
    """Relative luminance (WCAG 2) of '#rrggbb'."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(fill: str) -> str:
    """Dark ink or white, whichever contrasts more with fill."""
    return INK if contrast(INK, fill) >= contrast(PAPER, fill) else PAPER
