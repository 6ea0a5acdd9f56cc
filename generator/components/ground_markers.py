"""[ground-seat-markers] Stress, Freedom, DARVO, Focus/Blame and 2 Bond/Rivalry tiles per seat, with owner marks.

One set per seat (spec GR-O02, GR-T03): the seat colour as a ring AND the seat symbol with its number, so the
owner reads without colour. Fronts page, then backs mirrored for a long-edge flip (Freedom READY/SPENT,
Focus/Blame). The build checks every marker fits the mat space it sits on.
"""

from __future__ import annotations

from ..content.ground import GroundData
from ..content.ground_pieces import GroundPieces, Marker
from ..plan.bom import with_pieces
from ..plan.model import Artifact, BuildContext
from ..problems import CheckFailed, Problem
from ..render.colour import ink_on
from ..render.layout import Slot, Where, fit
from ..render.pdf import PAPERS_MM
from ..render.svg import Drawing, template_drawing
from .common import small_print
from ..render.icons import suit_icon
from .ground_cards import seat_label
from .ground_mats import mat_scale, spaces
from .page import page_artifacts

COMPONENT = "ground-seat-markers"
X0 = 12.0
TOP = 34.0
ROW = 27.0
SEAT_W = 30.0
GAP = 7.0
# face colours of each marker: (front, back)
FILLS = {"stress": ("#ffffff", "#ffffff"), "freedom": ("#dcebd5", "#d0d0cc"), "darvo": ("#efe4f4", "#efe4f4"),
         "focus-blame": ("#f2d330", "#c0392b"), "relation": ("#cfe0f5", "#f5d0c8")}


def fit_problems(pieces: GroundPieces, space_sizes: dict[str, tuple[float, float]],
                 papers: tuple[str, ...]) -> list[Problem]:
    """A marker must fit its mat space (1 mm to spare on each side) as the mat is printed on every paper."""
    out = []
    for m in pieces.markers:
        if not m.space:
            continue
        if m.space not in space_sizes:
            out.append(Problem("error", "piece-fit", f"marker {m.id!r}: unknown mat space {m.space!r}", pieces.path,
                               m.line, None, m.id, f"use one of {', '.join(space_sizes)}"))
            continue
        for paper in papers:
            room = min(space_sizes[m.space]) * mat_scale(paper) - 2
            if m.size > room:
                out.append(Problem("error", "piece-fit", f"marker {m.id!r} ({m.size} mm) does not fit the mat's "
                                   f"{m.space} space on {paper} (room {room:.1f} mm)", pieces.path, m.line, None,
                                   m.id, f"make it at most {room:.1f} mm"))
    return out


def _piece(ctx: BuildContext, pieces: GroundPieces, m: Marker, seat, cx: float, cy: float, back: bool,
           where: Where) -> dict:
    r = m.size / 2
    fill = FILLS.get(m.id, ("#ffffff", "#ffffff"))[1 if back else 0]
    text = ctx.p_(pieces.context, m.back if back and m.back else m.name)
    sy = cy - r * 0.3
    sym_r = r * 0.42
    symbol = suit_icon(pieces.symbols.get(seat.id, "circle"), cx, sy, sym_r, seat.colour)
    number = fit(str(seat.number), Slot("seat number", sym_r * 1.6, sym_r * 1.4, max(5.0, r * 1.5), 4, bold=True,
                                        align="center"), where)
    label = fit(text, Slot(f"{m.id} label", r * 1.7, r * 0.6, max(5.0, r * 1.1), 4, bold=True, align="center",
                           max_lines=1), where)
    return dict(cx=cx, r=r, fill=fill, ring=seat.colour, symbol=symbol, number=number, sy=sy, num_ink=ink_on(seat.colour),
                label=label, ly=cy + r * 0.22, ink=ink_on(fill))


def side(ctx: BuildContext, data: GroundData, pieces: GroundPieces, paper: str, back: bool, row_mm: float = ROW,
         heading: str | None = None) -> Drawing:
    """One side of the seat markers page (fronts, or backs mirrored for a long-edge flip): a row of row_mm per seat
    from TOP, under heading (default: the markers' title), which the imprint names too."""
    w, h = PAPERS_MM[paper]
    where = Where(COMPONENT, f"{paper} {'backs' if back else 'fronts'}", ctx.lang)
    tr = lambda s: ctx.p_(pieces.context, s)  # noqa: E731
    heading = heading or tr(pieces.title)
    title = instructions = None
    if not back:
        title = fit(heading, Slot("title", w - 2 * X0, 8, 15, 10, bold=True), where)
        instructions = fit(tr(pieces.instructions), Slot("instructions", w - 2 * X0, 10, 8.5, 6), where)
    rows = []
    for i, seat in enumerate(data.seats):
        y = TOP + i * row_mm + row_mm / 2
        x = X0 + SEAT_W
        items = []
        for m in (m for m in pieces.markers for _ in range(m.count)):
            cx = x + m.size / 2
            items.append(_piece(ctx, pieces, m, seat, w - cx if back else cx, y, back, where))
            x += m.size + GAP
        seat_name = seat_label(ctx, seat)
        rows.append(dict(y=y, pieces=items, seat_x=X0, seat=None if back else
                         fit(seat_name, Slot("seat", SEAT_W - 2, 10, 10, 7, bold=True), where)))
    side = ctx.p_(COMPONENT, "%(title)s · fronts") if not back else ctx.p_(COMPONENT, "%(title)s · backs")
    label = side % {"title": heading}
    imprint = fit(f"{small_print(ctx, label)} · {paper}", Slot("imprint", w - 2 * X0, 4, 6, 5), where)
    return template_drawing(ctx.root / "templates", "ground/markers.svg.j2", W=w, H=h, x0=X0, rows=rows,
                            title=title, instructions=instructions, marks="", imprint=imprint)


def build(ctx: BuildContext) -> list[Artifact]:
    """The seat markers per paper (fronts, then backs), checked against the mat spaces they sit on."""
    data, pieces = ctx.model.ground, ctx.model.ground_pieces
    check_fit(ctx)
    pages = {paper: [side(ctx, data, pieces, paper, back) for back in (False, True)] for paper in ctx.options.papers}
    arts = page_artifacts(ctx, COMPONENT, "ground/seat-markers", ctx.p_(pieces.context, pieces.title), pages,
                          layout="duplex-long-edge")
    return with_pieces(arts, counts(data, pieces))


def counts(data: GroundData, pieces: GroundPieces) -> tuple[tuple[str, int], ...]:
    """The bill-of-materials pieces the seat markers print: each marker once per seat (times its count)."""
    return tuple((f"{COMPONENT}/{m.id}", len(data.seats) * m.count) for m in pieces.markers)


def check_fit(ctx: BuildContext) -> None:
    """CheckFailed when a marker does not fit the mat space it sits on, on any paper of the build."""
    problems = fit_problems(ctx.model.ground_pieces, spaces(ctx), ctx.options.papers)
    if problems:
        raise CheckFailed(problems)
