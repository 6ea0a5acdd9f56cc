"""[duel-pieces] The two fighter tokens (their sword shows the facing) and an order slip per player."""

from __future__ import annotations

from ..content.duel_pieces import CTX, DuelPieces, PIECES_PATH
from ..plan.bom import with_pieces
from ..plan.model import Artifact, BuildContext
from ..problems import CheckFailed, Problem
from ..render.layout import Slot, Where, fit
from ..render.pdf import PAPERS_MM
from ..render.svg import Drawing, template_drawing
from .common import small_print
from .duel_draw import fighter
from .page import page_artifacts

COMPONENT = "duel-pieces"
X0 = 12.0
TRACK_MARGIN = 24.0  # mm the duel track leaves free across a landscape sheet
MAX_CELL = 22.0


def track_cell(paper: str, cells: int) -> float:
    """Side of one track cell on a landscape sheet of paper (mm): the duel track and its fighters share it."""
    pw, ph = PAPERS_MM[paper]
    return min(MAX_CELL, (max(pw, ph) - TRACK_MARGIN) / cells)


def check_fighter_fits(pieces: DuelPieces, cells: int, papers: tuple[str, ...]) -> list[Problem]:
    """A fighter token must fit inside one track cell with 1 mm to spare on each side, on every paper."""
    out = []
    for paper in papers:
        cell = track_cell(paper, cells)
        if pieces.fighter_size > cell - 2:
            out.append(Problem("error", "piece-fit", f"fighter token {pieces.fighter_size} mm does not fit a "
                               f"{cell:.1f} mm track cell on {paper}", str(PIECES_PATH), None, None,
                               "fighter.size", f"set fighter.size to at most {cell - 2:.1f}"))
    return out


def _page(ctx: BuildContext, pieces: DuelPieces, paper: str) -> Drawing:
    w, h = PAPERS_MM[paper]
    where = Where(COMPONENT, paper, ctx.lang)
    tr = lambda s: ctx.p_(CTX, s)  # noqa: E731
    size = pieces.fighter_size
    heading = ctx.p_(CTX, "Fighters and order slips")
    title = fit(heading, Slot("title", w - 2 * X0, 8, 15, 10, bold=True), where)
    cut = fit(ctx.p_(CTX, "Cut out the fighters. A fighter stands on one cell, its sword pointing the way it faces: "
                          "to turn round, turn the token."), Slot("cut", w - 2 * X0, 8, 8.5, 6), where)
    fighters = []
    for i, p in enumerate(pieces.players):
        x, y = X0 + i * (w - 2 * X0) / 2, 29.0
        fighters.append(dict(x=x, y=y, colour=p.colour, art=fighter(x + size / 2 - 2, y + size / 2 + 1.5, size / 2.6),
                             mark=fit(p.mark, Slot("mark", 5.6, 4, 9, 7, bold=True, align="center"), where),
                             label=fit(ctx.p_(CTX, "%(fighter)s · %(player)s") % {
                                 "fighter": tr(pieces.fighter_text), "player": tr(p.name)},
                                       Slot("fighter", (w - 2 * X0) / 2 - size - 6, 8, 10, 7, bold=True), where)))
    top = 29.0 + size + 6
    slip_h = (h - top - 14 - 4) / 2
    widths = [0.08, 0.32, 0.28, 0.32]
    slips = []
    for i, p in enumerate(pieces.players):
        y = top + i * (slip_h + 4)
        head_y = y + 19
        xs, cols, inner = X0 + 2, [], w - 2 * X0 - 4
        for k, (share, label) in enumerate(zip(widths, pieces.slip_columns)):
            cw = inner * share
            cols.append(dict(x=xs, w=cw, label=fit(tr(label), Slot(f"column {k + 1}", cw - 2, 9, 7.5, 5.5,
                                                                  bold=True), where)))
            xs += cw
        row_h = (y + slip_h - 2 - head_y - 10) / pieces.slip_turns
        slips.append(dict(y=y, h=slip_h, colour=p.colour, head_y=head_y, head_h=10, row_h=row_h, cols=cols,
                          rows=[dict(n=n + 1, y=head_y + 10 + n * row_h) for n in range(pieces.slip_turns)],
                          title=fit(ctx.p_(CTX, "%(slip)s · %(player)s (%(mark)s)") % {
                              "slip": tr(pieces.slip_title), "player": tr(p.name), "mark": p.mark},
                                    Slot("slip title", w - 2 * X0 - 6, 6, 11, 8, bold=True), where),
                          help=fit(tr(pieces.slip_instructions), Slot("slip help", w - 2 * X0 - 6, 8, 8, 6), where)))
    imprint = fit(small_print(ctx, heading) + f" · {paper}",
                  Slot("imprint", w - 2 * X0, 4, 6, 5), where)
    return template_drawing(ctx.root / "templates", "duel/pieces.svg.j2", W=w, H=h, x0=X0, size=size, title=title,
                            cut=cut, fighters=fighters, slips=slips, imprint=imprint)


def build(ctx: BuildContext) -> list[Artifact]:
    """The fighters and order slips page per paper (fighters checked against the track cell)."""
    data, pieces = ctx.model.duel, ctx.model.duel_pieces
    problems = check_fighter_fits(pieces, data.track_cells, ctx.options.papers)
    if problems:
        raise CheckFailed(problems)
    pages = {paper: [_page(ctx, pieces, paper)] for paper in ctx.options.papers}
    arts = page_artifacts(ctx, COMPONENT, "duel/pieces", ctx.p_(CTX, "Fighters and order slips"), pages)
    counts = (("duel-fighter", len(pieces.players)), ("duel-order-slip", len(pieces.players)))
    return with_pieces(arts, counts)
