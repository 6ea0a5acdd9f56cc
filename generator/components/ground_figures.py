"""GROUND drawings shown by the booklet: the suits (the cards' own icon shapes and colours) with their names."""

from __future__ import annotations

from ..plan.model import BuildContext
from ..render.face import Face
from ..render.icons import suit_icon
from ..render.svg import Sketch, render_template
from .ground_cards import suit_name


def suits_svg(ctx: BuildContext, sketch: Sketch | None = None) -> str:
    """The four suits side by side: icon over name (templates/ground/suits)."""
    suits = ctx.model.ground.suits
    f = Face(ctx, "ground-rules", "suits", "ground/suits")
    for i, s in enumerate(suits):
        f.box("icon", i=i)
        f.text("name", suit_name(ctx, s.id, s.name), i=i)
    return f.svg(sketch=sketch, body="#ffffff", suits=suits)


def suit_svg(ctx: BuildContext, suit_id: str, sketch: Sketch | None = None) -> str | None:
    """One suit's icon alone in a 10x10 box (booklet inline icons); None when suit_id is no suit."""
    s = next((s for s in ctx.model.ground.suits if s.id == suit_id), None)
    if s is None:
        return None
    return render_template(ctx.root / "templates", "figure.svg.j2", sketch, W=10, H=10, bg="none",
                           art=suit_icon(s.icon, 5, 5, 4.4, s.colour))
