"""GROUND booklet sections generated from the edition data: `![rulings](ground)` prints content/ground/rulings.toml."""

from __future__ import annotations

from ..kit.model import BuildContext
from ..rules.source import Block

CTX = "ground-rules"  # msgctxt of the labels below (content/ground/labels.toml, component ground-rules)
RULINGS_CTX = "ground-rulings"  # msgctxt of the ruling texts (content/ground/rulings.toml)


def ground_rulings(ctx: BuildContext, line: int) -> list[Block]:
    """'Sample edition rulings': every provisional ruling (the engine plays the same values), marked provisional."""
    mark = ctx.p_(CTX, "provisional")
    out = [Block("heading2", line, (ctx.p_(CTX, "Sample edition rulings"),)),
           Block("para", line, (ctx.p_(CTX, "The specification leaves these points open. This kit and its simulator "
                                            "play them as follows until the designers rule on them."),))]
    for r in ctx.model.ground.rulings:  # from the model: a booklet never opens a content file
        if r.provisional:
            out.append(Block("bullet", line, (f"{ctx.p_(RULINGS_CTX, r.text)} *({mark})*",)))
    return out
