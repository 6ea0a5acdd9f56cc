"""Booklet sections generated from the rule data: a rules source line `![NAME](GAME)` (NAME other than `figure`) is
replaced, before typesetting, by blocks built from the loaded data: `![components](GAME)` for every game (its bill
of materials), and the sections of the booklet module the game's row of content/games.toml names (`booklet`: its
``BLOCKS``, e.g. `![rulings](<game>)` from its rulings file), translated through the game's catalogs. The booklet
thus prints what the engines play.
"""

from __future__ import annotations

from functools import cache
from typing import Callable

from ..content.games import each, game_codes
from ..plan.bom import component_lines
from ..plan.model import BuildContext
from ..problems import CheckFailed, Problem
from ..rules.source import Block


def ruling_label(ctx: BuildContext, number: int) -> str:
    """'Ruling 4' in the reader's language: how every game's player-facing pages name a kit ruling (never by its
    id: D04, G4 and the like are the designer's)."""
    return ctx.p_("rulings", "Ruling %(number)s") % {"number": number}


def print_note(ctx: BuildContext) -> str:
    """How to print an imposed booklet, in the kit's language (on the booklet's first sheet and in the index)."""
    return ctx.p_("rules booklet", "To print this booklet: double-sided, flip on the short edge, actual size (100%); "
                  "fold and staple.")


def components(game: str) -> Callable[[BuildContext, int], list[Block]]:
    """`![components](game)`: the game's bill of materials with counts (the data the build checks the printed
    pieces against, content/<game>/bom.toml), then how to print the booklet."""
    def make(ctx: BuildContext, line: int) -> list[Block]:
        bom = next((b for b in ctx.model.boms if b.game == game), None)
        lines = component_lines(ctx, bom) if bom is not None else []
        return [Block("bullet", line, (t,)) for t in lines] + [Block("para", line, (print_note(ctx),))]
    return make


Make = Callable[[BuildContext, int], list[Block]]


@cache
def data_blocks() -> dict[tuple[str, str], Make]:
    """(name, game) -> the function making a generated section: each game's `blocks` module's BLOCKS, and every
    game's components."""
    out: dict[tuple[str, str], Make] = {}
    for game, module in each("booklet").items():
        out.update({(name, game): make for name, make in getattr(module, "BLOCKS", {}).items()})
    return {**out, **{("components", game): components(game) for game in game_codes()}}


def expand(ctx: BuildContext, blocks: list[Block], where: str) -> list[Block]:
    """Replace every data block by its generated blocks; an unknown one is an error naming file and line."""
    out: list[Block] = []
    codes = game_codes()
    for b in blocks:
        if b.kind == "figure" and b.texts[0] in codes:  # ![name](game): a section generated from the game's data
            b = Block("data", b.line, (b.texts[1] if len(b.texts) > 1 else "", b.texts[0]))
        if b.kind != "data":
            out.append(b)
            continue
        make = data_blocks().get((b.texts[0], b.texts[1]))
        if make is None:
            known = ", ".join(f"![{n}]({g})" for n, g in data_blocks())
            raise CheckFailed([Problem("error", "booklet-data", f"unknown generated section ![{b.texts[0]}]"
                                       f"({b.texts[1]})", where, b.line, hint=f"use one of {known}")])
        out.extend(make(ctx, b.line))
    return out
