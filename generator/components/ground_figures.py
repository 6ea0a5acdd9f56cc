"""GROUND drawings shown by the booklet: the suits (the cards' own icon shapes and colours) with their names."""

from __future__ import annotations

from ..content.ground import present, require_ground
from ..kit.model import BuildContext
from ..render.layout import Slot, Where, fit
from ..render.svg import render_template
from ..render.icons import suit_icon

CELL = 26.0  # width of one suit in the figure, mm


def suit_name(ctx: BuildContext, suit) -> str:
    """The translated suit name (as the Solution cards print it)."""
    return ctx.p_(f"ground/suit/{suit.id}", suit.name)


def suits_svg(ctx: BuildContext) -> str:
    """The four suits side by side: icon over name."""
    data = require_ground(ctx.root)
    where = Where("ground-rules", "suits", ctx.lang)
    art, texts = [], []
    for i, s in enumerate(data.suits):
        cx = CELL / 2 + i * CELL
        art.append(suit_icon(s.icon, cx, 8, 6, s.colour))
        block = fit(suit_name(ctx, s), Slot("suit", CELL - 2, 8, 10, 7, bold=True, align="center"), where)
        texts.append(dict(block=block, x=i * CELL + 1, y=15.5))
    return render_template(ctx.root / "templates", "figure.svg.j2", W=len(data.suits) * CELL, H=24,
                           art="".join(art), texts=texts)


def suit_svg(ctx: BuildContext, suit_id: str) -> str | None:
    """One suit's icon alone in a 10x10 box (booklet inline icons); None when suit_id is no suit."""
    if not present(ctx.root):
        return None
    s = next((s for s in require_ground(ctx.root).suits if s.id == suit_id), None)
    if s is None:
        return None
    return render_template(ctx.root / "templates", "figure.svg.j2", W=10, H=10, bg="none",
                           art=suit_icon(s.icon, 5, 5, 4.4, s.colour))
