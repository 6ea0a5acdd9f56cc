"""[dojo-belt-ladder] The belt ladder: positions 0-17 in the six belt colours and names, the Black Belt goal."""

from __future__ import annotations

from ..content.dojo import BELT_CTX, Ladder, Pawns
from ..kit.bom import with_pieces
from ..kit.model import Artifact, BuildContext
from ..problems import Problem
from ..render.colour import MIN_CONTRAST, contrast
from ..render.layout import Slot, Where, fit
from ..render.pdf import PAPERS_MM
from ..render.svg import Drawing, collected_drawing, render_template
from .common import Collect, small_print
from .page import page_artifacts

COMPONENT = "dojo-belt-ladder"
MARKER_R = 5.0  # cut-out marker radius (mm); its black outline and white ring read on every belt colour
RING = ("#111111", "#ffffff")  # outer outline, inner ring
SPARE = 1.0
START_0, START_3 = 0, 3  # ladder start positions (rules, Setup): 0; 3 with six or more players or the shorter game
MARGIN = 12.0
GOAL_W = 36.0
BOX_H = 40.0
START_LABEL_H = 8.0  # the start labels' slot under the ladder (mm)


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
               figure: bool = False) -> str | None:
    """The ladder page (landscape paper) as SVG; None when a text did not fit (col holds the problems).

    figure: only what strip_box shows (the booklet's figure): no title, notes, markers or imprint outside it, whose
    words a crop would hide yet leave in the PDF's text (issue 33: found by text search, read by screen readers)."""
    h, w = PAPERS_MM[paper]
    where = Where(COMPONENT, paper, ctx.lang)
    bw = min(14.0, (w - 2 * MARGIN - GOAL_W - 3) / 18)
    col.problems.extend(marker_problems(ladder, bw, paper))
    x0, top = MARGIN, 42.0
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
            cells.append(dict(x=x0 + pos * bw, color=b.colour, ink=b.ink, number=num, step=pos == b.start))
    goal_x = x0 + 18 * bw + 3
    goal_text = ctx.p_(BELT_CTX, ladder.goal)
    goal = col.run(lambda: fit(goal_text, Slot("goal", GOAL_W - 3, 18, 14, 8, bold=True, align="center"), where))
    starts = []
    for pos, text in ((START_0, ctx.p_(BELT_CTX, "Start")),
                      (START_3, ctx.p_(BELT_CTX, "Start with 6 or more players, or for the shorter game"))):
        block = col.run(lambda: fit(text, Slot(f"start {pos}", 60, START_LABEL_H, 9, 6, bold=True), where))
        starts.append(dict(x=x0 + pos * bw + bw / 2, label=block))
    notes, y = [], top + BOX_H + 15
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
    return render_template(ctx.root / "templates", "dojo-belt-ladder.svg.j2", W=w, H=h, x0=x0, top=top, bw=bw,
                          bh=BOX_H, belts=belts, cells=cells, goal=goal, goal_x=goal_x, goal_w=GOAL_W,
                          notes=notes, starts=starts, markers=markers, markers_y=markers_y, markers_label=mlabel, title=title,
                          imprint=imp)


def strip_box(paper: str) -> tuple[float, float, float, float]:
    """The part of the ladder page showing belts, positions and the goal (x, y, w, h mm): the booklet's figure."""
    w = PAPERS_MM[paper][1]
    bw = min(14.0, (w - 2 * MARGIN - GOAL_W - 3) / 18)
    return MARGIN - 1, 42.0 - 10, 18 * bw + 3 + GOAL_W + 2, 10 + BOX_H + 5 + START_LABEL_H + 1  # start labels in


def _page(ctx: BuildContext, ladder: Ladder, pawns: Pawns, paper: str, col: Collect) -> Drawing | None:
    """The ladder page drawn."""
    return collected_drawing(lambda: ladder_svg(ctx, ladder, pawns, paper, col))


def build(ctx: BuildContext) -> list[Artifact]:
    """The ladder on A4 and Letter (landscape), and a preview."""
    content = ctx.model.dojo
    col = Collect()
    pages = {paper: [_page(ctx, content.ladder, content.pawns, paper, col)] for paper in ctx.options.papers}
    col.check()
    arts = page_artifacts(ctx, COMPONENT, "dojo/belt-ladder", ctx.p_(BELT_CTX, content.ladder.title), pages)
    return with_pieces(arts, (("dojo-belt-ladder", 1), ("dojo-ladder-marker", len(content.pawns.pawns))))


