"""Tunnel links never cross a label or an icon (issue 33): `board-link-crossing`, read from the printed page.

The board draws its tunnel links in one colour (LINK_RGB, `components/dojo_board.LINK`), under the squares' icons
and labels. On the pages that print the board (`prints_board`), the page QA (`tunnels.page_links`, in its one walk
of the page; `pages.tunnel_inks()` for a whole file) reads each link as a `link` item (its points along the page,
flattened, in mm from the top left, and half its stroke width) and every path painted
after the first link, filled or stroked, as `piece` items (one box per closed or open piece of the path: an icon's
strokes, an arrow, a mark; a lone horizontal or vertical line is a wall or a grid line, which links cross, and is
left out). `link_crossings` is a pure function of those items and the page's text: a link passing over any text,
or over a piece smaller than BIG_MM (larger ones are frames and strips), is a finding. Points the link's clip cuts
away are left out when they are read.
"""

from __future__ import annotations

import math
from typing import Any, Iterable

from ..content.games import with_qa

LINK_RGB = (0x8A, 0x82, 0xBD)  # components/dojo_board.LINK, opaque (so the booklet's figure prints the same colour)
BOARD = with_qa("links")  # the components printing a board (content/games.toml: qa = ["links"])
BOARD_FIGURE = with_qa("links-plain")  # the rules booklets showing it as a figure (qa = ["links-plain"])


def prints_board(component: str, layout: str | None) -> bool:
    """Whether a file's pages are read for tunnel links: every board file, and of a rules booklet the plain pages
    (its other layouts place the same figure drawing again, scaled: checked once, the page QA stays quick)."""
    return component in BOARD or (component in BOARD_FIGURE and layout == "plain")


BIG_MM = 20.0  # a piece this long is a wall, a grid line or a frame, not an icon
STEP_MM = 0.25  # a link is checked at points this far apart
CLEAR_MM = 0.1  # beyond half the link's stroke width
CELL = 5.0  # mm: the bucket size of the boxes' index

Box = tuple[float, float, float, float]
Point = tuple[float, float]


def mark(piece: list[Point]) -> bool:
    """Whether a piece of a path painted over a link counts as a mark a link must not cross: not a lone straight
    horizontal or vertical line (a wall, a grid line: links cross them; an icon's straight stroke lies within the
    icon's other pieces)."""
    if len(piece) != 2:
        return bool(piece)
    (x0, y0), (x1, y1) = piece
    return abs(x0 - x1) > 1e-3 and abs(y0 - y1) > 1e-3


def inside(p: Point, box: Box | None) -> bool:
    return box is None or (box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3])


def bounds(points: Iterable[Point]) -> Box:
    pts = list(points)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def link_crossings(inks: list[Any], runs: Iterable[Any]) -> list[str]:
    """Where a tunnel link passes over text or an icon painted on it (inks: layers.Ink items of one page; runs:
    the page's text runs, read.Run: one box per run of words, where a text object may hold a whole row)."""
    links = [i for i in inks if i.kind == "link" and len(i.points) > 1]
    if not links:
        return []
    first = min(i.z for i in links)
    marks = [("text", r.text, r.box) for r in runs if r.text.strip()]
    marks += [("piece", "", i.box) for i in inks
              if i.kind == "piece" and i.z > first and max(i.box[2] - i.box[0], i.box[3] - i.box[1]) < BIG_MM]
    index: dict[tuple[int, int], list[int]] = {}
    for n, (_, _, (x0, y0, x1, y1)) in enumerate(marks):
        for cx in range(math.floor(x0 / CELL), math.floor(x1 / CELL) + 1):
            for cy in range(math.floor(y0 / CELL), math.floor(y1 / CELL) + 1):
                index.setdefault((cx, cy), []).append(n)
    found: dict[int, Point] = {}
    for link in links:
        grow = link.size + CLEAR_MM
        for (ax, ay), (bx, by) in zip(link.points, link.points[1:]):
            e = 1e-6  # mm: a step's point may lie a rounding error beyond the segment's ends
            if not any((cx, cy) in index
                       for cx in range(math.floor((min(ax, bx) - e) / CELL), math.floor((max(ax, bx) + e) / CELL) + 1)
                       for cy in range(math.floor((min(ay, by) - e) / CELL), math.floor((max(ay, by) + e) / CELL) + 1)):
                continue  # no mark in any cell the segment's steps can fall in: none of them finds one
            steps = max(1, math.ceil(math.hypot(bx - ax, by - ay) / STEP_MM))
            for k in range(steps + 1):
                x, y = ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps
                for n in index.get((math.floor(x / CELL), math.floor(y / CELL)), ()):
                    b = marks[n][2]
                    if n not in found and b[0] - grow < x < b[2] + grow and b[1] - grow < y < b[3] + grow:
                        found[n] = (x, y)
    out = []
    for n, (x, y) in sorted(found.items(), key=lambda f: (f[1][1], f[1][0])):
        kind, text, b = marks[n]
        what = f"the text {text.strip()[:30]!r}" if kind == "text" else \
            f"an icon or mark ({b[2] - b[0]:.1f} × {b[3] - b[1]:.1f} mm)"
        out.append(f"a tunnel link crosses {what} at ({x:.1f}, {y:.1f}) mm")
    return out
