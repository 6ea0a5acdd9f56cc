"""GROUND booklet sections generated from the edition data: `![rulings](ground)` prints content/ground/rulings.toml;
ruling_label() numbers every game's printed rulings for players."""

from __future__ import annotations

from ..plan.model import BuildContext
from ..rules.source import Block

CTX = "ground-rules"  # msgctxt of the labels below (content/ground/labels.toml, component ground-rules)
RULINGS_CTX = "ground-rulings"  # msgctxt of the ruling texts (content/ground/rulings.toml)


def ruling_label(ctx: BuildContext, number: int) -> str:
    """'Ruling 4' in the reader's language: how every game's player-facing pages name a kit ruling (never by its
    id: D04, G4 and the like are the designer's)."""
    return ctx.p_("rulings", "Ruling %(number)s") % {"number": number}


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
