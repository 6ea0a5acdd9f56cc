"""Booklet sections generated from the rule data, e.g. `![rulings](ground)`.

A rules source line `![NAME](GAME)` whose target is a game is replaced, before typesetting, by blocks built from
the loaded data, already translated. (The duel branch adds its own entries, `![rulings](duel)` and more, here.)
"""

from __future__ import annotations

from typing import Callable

from ..kit.model import BuildContext
from ..problems import CheckFailed, Problem
from ..rules.source import Block
from .ground_blocks import ground_rulings

DATA_BLOCKS: dict[tuple[str, str], Callable[[BuildContext, int], list[Block]]] = {
    ("rulings", "ground"): ground_rulings,
}


def expand(ctx: BuildContext, blocks: list[Block], where: str) -> list[Block]:
    """Replace every data block by its generated blocks; an unknown one is an error naming file and line."""
    out: list[Block] = []
    for b in blocks:
        if b.kind != "data":
            out.append(b)
            continue
        make = DATA_BLOCKS.get((b.texts[0], b.texts[1]))
        if make is None:
            known = ", ".join(f"![{n}]({g})" for n, g in DATA_BLOCKS)
            raise CheckFailed([Problem("error", "booklet-data", f"unknown generated section ![{b.texts[0]}]"
                                       f"({b.texts[1]})", where, b.line, hint=f"use one of {known}")])
        out.extend(make(ctx, b.line))
    return out
