"""GROUND booklet sections generated from the edition data (content/games.toml `blocks`; booklet/data_blocks.py):
`![rulings](ground)` prints content/ground/rulings.toml."""

from __future__ import annotations

from ..plan.model import BuildContext
from ..render.templates import Sketch
from ..rules.source import Block
from .data_blocks import ruling_label

CTX = "ground-rules"  # msgctxt of the labels below (content/ground/labels.toml, component ground-rules)
RULINGS_CTX = "ground-rulings"  # msgctxt of the ruling texts (content/ground/rulings.toml)


def ground_rulings(ctx: BuildContext, line: int) -> list[Block]:
    """'Sample edition rulings': every open point the kit rules on (the engine plays the same values), numbered for
    players ("Ruling 1"); their ids, values and status stay in the designer's documents."""
    out = [Block("heading2", line, (ctx.p_(CTX, "Sample edition rulings"),)),
           Block("para", line, (ctx.p_(CTX, "The rules above leave these points open; this kit plays them as "
                                            "follows."),))]
    open_points = [r for r in ctx.model.ground.rulings if r.provisional]  # from the model, never a content file
    for n, r in enumerate(open_points, start=1):
        said = ctx.p_(RULINGS_CTX, "**%(ruling)s.** %(text)s") % {"ruling": ruling_label(ctx, n),
                                                                  "text": ctx.p_(RULINGS_CTX, r.text)}
        out.append(Block("bullet", line, (said,)))
    return out


BLOCKS = {"rulings": ground_rulings}


def figures(ctx: BuildContext) -> dict:
    """Figure name -> its maker: the suits."""
    from ..components.ground_figures import suits_svg

    return {"suits": lambda sketch: (suits_svg(ctx, sketch), None)}


def icon_svg(ctx: BuildContext, name: str, sketch: Sketch | None = None) -> str | None:
    """A suit's inline icon ({icon:<suit>}, its texts handed to the sketch), or None for another name."""
    from ..components.ground_figures import suit_svg

    return suit_svg(ctx, name, sketch)
