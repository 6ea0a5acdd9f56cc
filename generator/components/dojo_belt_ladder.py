"""[dojo-belt-ladder] The belt ladder: positions 0-17 in the six belt colours and names, the Black Belt goal, and
under each start position a start area with a place for every player's marker (the Dojo plays up to 8)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..content.dojo import BELT_CTX, Ladder, Pawns
from ..plan.bom import with_pieces
from ..plan.model import Artifact, BuildContext
from ..problems import Problem
from ..render.colour import MIN_CONTRAST, contrast
from ..render.layout import Slot, Where, fit
from ..render.pdf import PAPERS_MM
from ..render.svg import Drawing, Sketch, collected_drawing, render_template
from .common import Collect, small_print
from .page import page_artifacts

COMPONENT = "dojo-belt-ladder"
MARKER_R = 5.0  # cut-out marker radius (mm); its black outline and white ring read on every belt colour
RING = ("#111111", "#ffffff")  # outer outline, inner ring
SPARE = 1.0
START_0, START_3 = 0, 3  # ladder start positions (rules, Setup): 0; 3 with six or more players or the shorter game
MARGIN = 12.0
TOP = 42.0  # the ladder cells' top (mm)
GOAL_W = 36.0
BOX_H = 40.0
START_LABEL_H = 9.5  # the start labels' slot in the start area (mm; up to 3 lines at 6-9 pt)
AREA_CELLS = 3  # a start area spans the cells of one belt, from its start position on
AREA_PAD = 0.6  # between a start area and its cells' edges (mm)
PITCH = 2 * MARKER_R + SPARE  # marker places in a start area: one marker each, SPARE mm apart


@dataclass(frozen=True)
class StartArea:
    """The area under a start position where the markers of every player starting there stand (mm, page)."""

    position: int
    x: float
    y: float
    w: float
    h: float
    label_y: float
    spots: tuple[tuple[float, float], ...]  # marker places (centres), each a circle of MARKER_R


def _cell_width(paper: str) -> float:
    return min(14.0, (PAPERS_MM[paper][1] - 2 * MARGIN - GOAL_W - 3) / 18)


def start_areas(paper: str, markers: int) -> list[StartArea]:
    """The start areas of positions START_0 and START_3, each with `markers` places in rows under its label.

    An area spans its position's cell and the next ones (AREA_CELLS, never into the next start position), from
    just under the ladder; places are PITCH apart, as many per row as the width holds, centred."""
    bw = _cell_width(paper)
    span = min(AREA_CELLS, START_3 - START_0)
    out = []
    for pos in (START_0, START_3):
        x, y, w = MARGIN + pos * bw + AREA_PAD, TOP + BOX_H + 1, span * bw - 2 * AREA_PAD
        label_y = y + 4
        per_row = max(1, int((w - SPARE) // PITCH))
        rows = math.ceil(markers / per_row)
        grid_y = label_y + START_LABEL_H + 1
        left = x + (w - per_row * PITCH) / 2 + PITCH / 2
        spots = tuple((left + (i % per_row) * PITCH, grid_y + (i // per_row) * PITCH + PITCH / 2)
                      for i in range(markers))
        out.append(StartArea(pos, x, y, w, grid_y + rows * PITCH + SPARE / 2 - y, label_y, spots))
    return out


def start_area_problems(areas: list[StartArea], paper: str) -> list[Problem]:
    """Every marker place lies inside its area, no two places overlap, and no two areas overlap."""
    out = []
    for a in areas:
        inside = all(a.x <= cx - MARKER_R and cx + MARKER_R <= a.x + a.w and a.label_y + START_LABEL_H <= cy - MARKER_R
                     and cy + MARKER_R <= a.y + a.h for cx, cy in a.spots)
        apart = all(math.dist(p, q) >= 2 * MARKER_R for i, p in enumerate(a.spots) for q in a.spots[i + 1:])
        if not (inside and apart):
            out.append(Problem("error", "piece-fit", f"{len(a.spots)} ladder markers do not fit the start area of "
                               f"position {a.position} ({a.w:.1f} mm wide) on {paper}",
                               "generator/components/dojo_belt_ladder.py", None, None, "start area",
                               "widen the start area (AREA_CELLS) or make MARKER_R smaller"))
    for a, b in zip(areas, areas[1:]):
        if a.x + a.w > b.x:
            out.append(Problem("error", "piece-fit", f"the start areas of positions {a.position} and {b.position} "
                               f"overlap on {paper}", "generator/components/dojo_belt_ladder.py", None, None,
                               "start area", "make AREA_CELLS at most the distance between the start positions"))
    return out


def marker_problems(ladder: Ladder, bw: float, paper: str) -> list[Problem]:
    """Markers fit a ladder cell (SPARE mm each side) and their outline contrasts with every belt (WCAG 3:1)."""
    out = []
    if 2 * MARKER_R > bw - 2 * SPARE:
        out.append(Problem("error", "piece-fit", f"ladder marker {2 * MARKER_R} mm does not fit a {bw:.1f} mm ladder "
                           f"cell on {paper}", "generator/components/dojo_belt_ladder.py", None, None, "marker",
                           f"make MARKER_R at most {(bw - 2 * SPARE) / 2:.1f}"))
    for b in ladder.belts:
        best = max(contrast(c, b.colour) for c in RING)
        if best < MIN_CONTRAST:
            out.append(Problem("error", "contrast", f"ladder markers' outline contrasts {best:.1f}:1 with the "
                               f"{b.id} belt ({b.colour}); needs {MIN_CONTRAST}:1", "content/dojo/belts.toml", None,
                               None, b.id, "change the belt colour or the marker ring colours"))
    return out


def ladder_svg(ctx: BuildContext, ladder: Ladder, pawns: Pawns, paper: str, col: Collect,
               figure: bool = False, sketch: Sketch | None = None) -> str | None:
    """The ladder page (landscape paper) as SVG (its texts handed to the sketch when one is given); None when a text
    did not fit (col holds the problems).

    figure: only what strip_box shows (the booklet's figure): no title, notes, markers or imprint outside it, whose
    words a crop would hide yet leave in the PDF's text (issue 33: found by text search, read by screen readers)."""
    h, w = PAPERS_MM[paper]
    where = Where(COMPONENT, paper, ctx.lang)
    bw = _cell_width(paper)
    col.problems.extend(marker_problems(ladder, bw, paper))
    areas = start_areas(paper, len(pawns.pawns))
    col.problems.extend(start_area_problems(areas, paper))
    x0, top = MARGIN, TOP
    title_text = ctx.p_(BELT_CTX, ladder.title)
    title = col.run(lambda: fit(title_text, Slot("title", w - 2 * MARGIN, 10, 20, 12, bold=True), where))
    belts, cells = [], []
    for b in ladder.belts:
        bx, span = x0 + b.start * bw, (b.end - b.start + 1) * bw
        name = ctx.p_(BELT_CTX, b.name)
        label = col.run(lambda: fit(name, Slot(f"belt {b.id}", span - 2, 6.5, 11, 6, bold=True,
                                                align="center"), where))
        belts.append(dict(x=bx, w=span, color=b.colour, ink=b.ink, label=label))
        for pos in range(b.start, b.end + 1):
            num = fit(str(pos), Slot("position", bw, 9, 18, 10, bold=True, align="center"), where)
            cx = x0 + pos * bw  # a belt's step mark under its first cell, where no start area is drawn
            step = pos == b.start and (figure or not any(a.x - 1 <= cx <= a.x + a.w + 1 for a in areas))
            cells.append(dict(x=cx, color=b.colour, ink=b.ink, number=num, step=step))
    goal_x = x0 + 18 * bw + 3
    goal_text = ctx.p_(BELT_CTX, ladder.goal)
    goal = col.run(lambda: fit(goal_text, Slot("goal", GOAL_W - 3, 18, 14, 8, bold=True, align="center"), where))
    starts = []
    for area, text in zip(areas, (ctx.p_(BELT_CTX, "Start"),
                                  ctx.p_(BELT_CTX, "Start with 6 or more players, or for the shorter game"))):
        block = col.run(lambda: fit(text, Slot(f"start {area.position}", area.w - 3, START_LABEL_H, 9, 6, bold=True),
                                    where))
        starts.append(dict(x=x0 + area.position * bw + bw / 2, area=area, label=block))
    notes, y = [], max(a.y + a.h for a in areas) + 6
    for t in (*ladder.notes, ladder.goal_note):
        text = ctx.p_(BELT_CTX, t)
        block = col.run(lambda: fit(text, Slot("note", w - 2 * MARGIN, 12, 11, 7), where))
        if block:
            notes.append(dict(block=block, y=y))
            y += block.height + 1.5
    markers_y = h - 30
    markers = []
    for i, p in enumerate(pawns.pawns):
        num = fit(str(p.number), Slot("marker", 2 * MARKER_R - 3, 2 * MARKER_R - 4, 13, 8, bold=True,
                                      align="center"), where)
        markers.append(dict(x=x0 + 6 + i * 16, y=markers_y, r=MARKER_R, color=p.colour, ink=p.ink, number=num,
                            outline=RING[0], ring=RING[1]))
    label = ctx._("Markers: cut out one per player.")
    mlabel = col.run(lambda: fit(label, Slot("markers", w - 2 * MARGIN, 5, 9, 6), where))
    imp = col.run(lambda: fit(small_print(ctx, title_text) + f" · {paper}",
                              Slot("imprint", w - 2 * MARGIN, 4, 6, 5), where))
    if None in (title, goal, mlabel, imp) or any(b["label"] is None for b in belts) or \
            any(s["label"] is None for s in starts):
        return None
    if figure:
        notes, markers, mlabel, title, imp = [], [], None, None, None
    return render_template(ctx.root / "templates", "dojo-belt-ladder.svg.j2", sketch, W=w, H=h, x0=x0, top=top, bw=bw,
                          bh=BOX_H, belts=belts, cells=cells, goal=goal, goal_x=goal_x, goal_w=GOAL_W,
                          notes=notes, starts=starts, areas=not figure, spot_r=MARKER_R, markers=markers,
                          markers_y=markers_y, markers_label=mlabel, title=title, imprint=imp)


def strip_box(paper: str) -> tuple[float, float, float, float]:
    """The part of the ladder page showing belts, positions and the goal (x, y, w, h mm): the booklet's figure
    (the start labels in, the start areas' marker places out)."""
    bw = _cell_width(paper)
    return MARGIN - 1, TOP - 10, 18 * bw + 3 + GOAL_W + 2, 10 + BOX_H + 5 + START_LABEL_H + 1


def _page(ctx: BuildContext, ladder: Ladder, pawns: Pawns, paper: str, col: Collect) -> Drawing | None:
    """The ladder page drawn."""
    return collected_drawing(lambda sketch: ladder_svg(ctx, ladder, pawns, paper, col, sketch=sketch))


def build(ctx: BuildContext) -> list[Artifact]:
    """The ladder on A4 and Letter (landscape), and a preview."""
    content = ctx.model.dojo
    col = Collect()
    pages = {paper: [_page(ctx, content.ladder, content.pawns, paper, col)] for paper in ctx.options.papers}
    col.check()
    arts = page_artifacts(ctx, COMPONENT, "dojo/belt-ladder", ctx.p_(BELT_CTX, content.ladder.title), pages)
    return with_pieces(arts, (("dojo-belt-ladder", 1), ("dojo-ladder-marker", len(content.pawns.pawns))))


