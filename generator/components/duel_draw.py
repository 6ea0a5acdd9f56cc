"""Duel drawings as SVG: the strike hit patterns and the 12-cell track, shared by cards and the booklet."""

from __future__ import annotations

from ..render.layout import FLOOR_PT

INK = "#1d1d1b"
HIT = "#c0392b"
NUMBER_MM = FLOOR_PT * 25.4 / 72  # cell numbers are never set under the type floor (small tracks in booklets)


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


def track_cells(x: float, y: float, cell: float, cells: int = 12, numbers: bool = True) -> str:
    """SVG elements of the duel track: `cells` numbered squares in a row."""
    out = []
    for i in range(cells):
        cx = x + i * cell
        out.append(f'<rect x="{cx:.3f}" y="{y:.3f}" width="{cell:.3f}" height="{cell:.3f}" fill="#ffffff" '
                   f'stroke="{INK}" stroke-width="{cell * 0.03:.3f}"/>')
    for t in track_numbers(x, y, cell, cells) if numbers else ():
        out.append(f'<text x="{t["x"]:.3f}" y="{t["y"]:.3f}" font-family="PT Sans" font-size="{t["size"]:.3f}" '
                   f'text-anchor="middle" fill="{t["color"]}">{t["text"]}</text>')
    return "".join(out)


def track_numbers(x: float, y: float, cell: float, cells: int = 12) -> list[dict]:
    """The track's cell numbers: text, baseline centre (x, y), size (mm) and colour of each (drawn as SVG text
    by track_cells, as labels over the card's art by templates/duel/track.svg.j2)."""
    return [dict(text=str(i + 1), x=x + i * cell + cell / 2, y=y + cell * 0.93, size=max(cell * 0.16, NUMBER_MM),
                 color="#8a8a86") for i in range(cells)]


def hatch_cell(x: float, y: float, cell: float) -> str:
    """A forbidden cell: diagonal hatching inside and a thick underline (the seed's underlined cells)."""
    step, out = cell / 4, []
    for k in range(1, 8):
        d = k * step
        x0, y0 = x + max(0.0, d - cell), y + min(d, cell)
        x1, y1 = x + min(d, cell), y + max(0.0, d - cell)
        out.append(f'M{x0:.3f} {y0:.3f}L{x1:.3f} {y1:.3f}')
    return (f'<path d="{"".join(out)}" fill="none" stroke="{HIT}" stroke-width="{cell * 0.05:.3f}" stroke-opacity="0.7"/>'
            f'<path d="M{x + cell * 0.08:.3f} {y + cell * 1.14:.3f}h{cell * 0.84:.3f}" stroke="{HIT}" '
            f'stroke-width="{cell * 0.1:.3f}" stroke-linecap="round"/>')


def distance_control_cells(x: float, y: float, cell: float, cells: int = 12, a: int = 3, b: int = 5) -> str:
    """The distance-control example: A (free stance, facing right) on cell a+1, B facing it on cell b+1;
    A's cell and every cell behind A (away from B) are forbidden to B."""
    forbidden = range(0, a + 1) if b > a else range(a, cells)
    out = [track_cells(x, y, cell, cells)]
    out += [hatch_cell(x + i * cell, y, cell) for i in forbidden]
    for pos, name, facing in ((a, "A", 1 if b > a else -1), (b, "B", -1 if b > a else 1)):
        cx = x + pos * cell + cell / 2
        out.append(fighter(cx, y - cell * 0.55, cell * 0.5, facing))
        out.append(f'<text x="{cx:.3f}" y="{y - cell * 0.95:.3f}" font-family="PT Sans" font-weight="bold" '
                   f'font-size="{cell * 0.42:.3f}" text-anchor="middle" fill="{INK}">{name}</text>')
    return "".join(out)
