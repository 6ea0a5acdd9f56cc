"""Duel drawings as SVG: the strike hit patterns and the 12-cell track, shared by cards and the booklet."""

from __future__ import annotations

INK = "#1d1d1b"
HIT = "#c0392b"


def strike_cells(hits: tuple[int, ...], x: float, y: float, cell: float, cells: int = 7, player: int = 2) -> str:
    """SVG elements: a strip of cells, the striker (facing right) at cell `player`, hit cells marked X."""
    out = []
    for i in range(cells):
        cx = x + i * cell
        hit = (i - player) in hits
        fill = "#f3d3cf" if hit else "#ffffff"
        out.append(f'<rect x="{cx:.3f}" y="{y:.3f}" width="{cell:.3f}" height="{cell:.3f}" fill="{fill}" '
                   f'stroke="{INK}" stroke-width="{cell * 0.04:.3f}"/>')
        if hit:
            p = cell * 0.22
            out.append(f'<path d="M{cx + p:.3f} {y + p:.3f}L{cx + cell - p:.3f} {y + cell - p:.3f}'
                       f'M{cx + cell - p:.3f} {y + p:.3f}L{cx + p:.3f} {y + cell - p:.3f}" stroke="{HIT}" '
                       f'stroke-width="{cell * 0.11:.3f}" stroke-linecap="round"/>')
    out.append(fighter(x + player * cell + cell / 2, y - cell * 0.55, cell * 0.5))
    return "".join(out)


def fighter(cx: float, cy: float, r: float, facing: int = 1) -> str:
    """The striker above its cell: a head (circle) and a sword pointing the way it faces ('0-' in the seed)."""
    return (f'<circle cx="{cx:.3f}" cy="{cy:.3f}" r="{r * 0.42:.3f}" fill="#ffffff" stroke="{INK}" '
            f'stroke-width="{r * 0.12:.3f}"/>'
            f'<path d="M{cx + facing * r * 0.42:.3f} {cy:.3f}h{facing * r * 1.0:.3f}" stroke="{INK}" '
            f'stroke-width="{r * 0.16:.3f}" stroke-linecap="round"/>'
            f'<path d="M{cx + facing * r * 1.55:.3f} {cy:.3f}l{-facing * r * 0.3:.3f} {-r * 0.22:.3f}'
            f'v{r * 0.44:.3f}z" fill="{INK}"/>')


def strike_svg(hits: tuple[int, ...], cell: float = 10.0) -> str:
    """A standalone SVG of one strike's hit pattern (7 cells, striker on the third)."""
    w, h = 7 * cell + 2, cell * 2.1
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">'
            f'{strike_cells(hits, 1, cell * 1.05, cell)}</svg>')


def track_cells(x: float, y: float, cell: float, cells: int = 12, numbers: bool = True) -> str:
    """SVG elements of the duel track: `cells` numbered squares in a row."""
    out = []
    for i in range(cells):
        cx = x + i * cell
        out.append(f'<rect x="{cx:.3f}" y="{y:.3f}" width="{cell:.3f}" height="{cell:.3f}" fill="#ffffff" '
                   f'stroke="{INK}" stroke-width="{cell * 0.03:.3f}"/>')
        if numbers:
            out.append(f'<text x="{cx + cell / 2:.3f}" y="{y + cell * 0.93:.3f}" font-family="PT Sans" '
                       f'font-size="{cell * 0.16:.3f}" text-anchor="middle" fill="#8a8a86">{i + 1}</text>')
    return "".join(out)


def track_svg(cells: int = 12, cell: float = 10.0) -> str:
    """A standalone SVG of the duel track."""
    w, h = cells * cell + 2, cell + 2
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">'
            f'{track_cells(1, 1, cell, cells)}</svg>')
