"""The registry of kit components: each builder turns a BuildContext into artifacts (no file writes)."""

from __future__ import annotations

import importlib
from typing import Callable

from ..board.ascii import render_ascii
from .model import Artifact, BuildContext

Builder = Callable[[BuildContext], list[Artifact]]


def board_text(ctx: BuildContext) -> list[Artifact]:
    """The rendered full board in the quadrant notation."""
    data = render_ascii(ctx.board).encode("utf-8")
    return [Artifact("board.txt", "dojo-board", "board", data)]


# "module:function" names of every component builder, in manifest order.
BUILDERS: tuple[str, ...] = (
    "generator.kit.components:board_text",
    "generator.components.dojo_kit:build",  # every Dojo component (see its DOJO_COMPONENTS), then a contact sheet
    "generator.booklet.builders:dojo_rules",
    "generator.booklet.builders:ground_rules",
    "generator.booklet.builders:duel_rules",
    "generator.components.ground_cards:solution_deck",
    "generator.components.ground_cards:problem_cards",
    "generator.components.ground_cards:scenario_cards",
    "generator.components.ground_cards:mode_cards",
    "generator.components.ground_cards:action_cards",
    "generator.components.ground_mats:player_mats",
    "generator.components.ground_mats:tokens",
    "generator.components.ground_markers:build",
    "generator.components.ground_cards:reference_card",
    "generator.components.duel_cards:track",
    "generator.components.duel_cards:stance_cards",
    "generator.components.duel_cards:strike_cards",
    "generator.components.duel_cards:reference_card",
    "generator.components.duel_pieces:build",
)


def builders() -> list[Builder]:
    """Resolve the registered builder functions."""
    out = []
    for name in BUILDERS:
        module, func = name.split(":")
        out.append(getattr(importlib.import_module(module), func))
    return out
