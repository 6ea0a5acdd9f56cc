"""[dojo-pawns] 8 fold-over standees in distinct colours, each with its number (readable without colour)."""

from __future__ import annotations

from ..content.dojo import PAWN_CTX, Pawns
from ..plan.bom import with_pieces
from ..plan.model import Artifact, BuildContext
from ..problems import CheckFailed, Problem
from ..render.layout import Slot, Where, fit
from ..render.pdf import PAPERS_MM
from ..render.svg import Drawing, template_drawing
from .common import Collect, small_print
from .dojo_board import S
from .page import page_artifacts

COMPONENT = "dojo-pawns"
PW, BASE, PANEL = 19.0, 12.0, 38.0  # standee width, base depth, panel height (mm)
R, CY = 7.5, 11.0  # number disc radius and centre below the panel's top (mm)
SPARE = 1.0  # a pawn's base leaves at least this much of its square free on each side (mm)


def fit_problems(square: float) -> list[Problem]:
    """The folded base (PW wide, BASE deep) must stand inside one board square with SPARE mm around it."""
    room = square - 2 * SPARE
    return [Problem("error", "piece-fit", f"pawn base {PW} x {BASE} mm does not fit a {square} mm board square",
                    "generator/components/dojo_pawns.py", None, None, "dojo-pawns",
                    f"make the standee at most {room:.1f} mm wide and deep")] if max(PW, BASE) > room else []


def _page(ctx: BuildContext, pawns: Pawns, paper: str, col: Collect) -> Drawing | None:
    """Both rows of standees on a portrait page of paper."""
    w, h = PAPERS_MM[paper]
    where = Where(COMPONENT, paper, ctx.lang)
    x0 = 12.0
    title_text = ctx.p_(PAWN_CTX, pawns.title)
    title = col.run(lambda: fit(title_text, Slot("title", w - 24, 8, 16, 10, bold=True), where))
    instr = col.run(lambda: fit(ctx.p_(PAWN_CTX, pawns.instructions), Slot("instructions", w - 24, 9, 9, 6), where))
    gap = (w - 2 * x0 - 4 * PW) / 3
    height = 2 * BASE + 2 * PANEL
    row_gap = max(4.0, (h - 30 - 12 - 2 * height) / 1)
    items = []
    for i, p in enumerate(pawns.pawns):
        name = ctx.p_(PAWN_CTX, p.name)
        block = col.run(lambda: fit(name, Slot(f"pawn {p.number}", PW - 3, 4.5, 9, 6, bold=True, align="center"),
                                    where))
        number = fit(str(p.number), Slot("number", 2 * R, 1.6 * R, 30, 16, bold=True, align="center"), where)
        small = col.run(lambda: fit(f"{ctx.version} · {ctx.lang.upper()}",
                                    Slot("imprint", PW - 2, 6.5, 6.5, 6.5, align="center"), where))
        items.append(dict(x=x0 + (i % 4) * (PW + gap), y=27 + (i // 4) * (height + min(row_gap, 12)),
                          color=p.colour, ink=p.ink, name=block, number=number, small=small, value=p.number))
    imp = col.run(lambda: fit(small_print(ctx, title_text) + f" · {paper}", Slot("imprint", w - 24, 4, 6, 5), where))
    if None in (title, instr, imp) or any(it["name"] is None or it["small"] is None for it in items):
        return None
    return template_drawing(ctx.root / "templates", "dojo-pawns.svg.j2", W=w, H=h, x0=x0, pw=PW, base=BASE,
                            panel=PANEL, r=R, cy=CY, pawns=items, title=title, instructions=instr, imprint=imp)


def build(ctx: BuildContext) -> list[Artifact]:
    """The standees on A4 and Letter, and a preview."""
    pawns = ctx.model.dojo.pawns
    problems = fit_problems(S)
    if problems:
        raise CheckFailed(problems)
    col = Collect()
    pages = {paper: [_page(ctx, pawns, paper, col)] for paper in ctx.options.papers}
    col.check()
    arts = page_artifacts(ctx, COMPONENT, "dojo/pawns", ctx.p_(PAWN_CTX, pawns.title), pages)
    return with_pieces(arts, (("dojo-pawn", len(pawns.pawns)),))
