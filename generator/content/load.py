"""Phase one's content loader: every content file of the kit into one checked KitModel, or every problem."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Mapping

from ..inputfile import read_text
from ..problems import Problem, blocking
from ..rules.source import parse
from .bom import load_boms
from .checks import check_nebbia
from .deck import load_deck
from .dojo import load_dojo
from .duel import load_duel
from .duel_pieces import load_duel_pieces
from .ground import load_ground
from .ground_pieces import load_ground_pieces
from .model import GAMES, KitModel, RulesSource


def rules_path(root: Path, game: str) -> Path:
    """The rules source of a game: content/<game>/rules.md."""
    return root / "content" / game / "rules.md"


def load_rules(root: Path, game: str) -> tuple[RulesSource | None, list[Problem]]:
    """A game's rules source, parsed; a missing or unreadable file is an error (never a smaller kit)."""
    path = rules_path(root, game)
    shown = str(path.relative_to(root))
    text, problem = read_text(path, f"{game} rules", shown=shown, rule="rules-source")
    if problem is not None:
        return None, [dataclasses.replace(problem, message=f"cannot read the {game} rules: {problem.message}",
                                                 hint=problem.hint + "; every game needs its rules.md")]
    blocks = tuple(parse(text))
    if not any(b.kind == "heading1" for b in blocks):
        return None, [Problem("error", "rules-source", "the rules source has no title (a `# Title` line)", shown, 1,
                              hint="start the file with `# <game title>`")]
    return RulesSource(game, shown, blocks), []


def load_model(root: Path, decks: Mapping[str, str] | None = None) -> tuple[KitModel | None, list[Problem]]:
    """Load and check every content input; the model is None when any blocking problem was found.

    decks maps the component id of each simple deck to its content file (from the component registry).

    Each problem is reported once, with file:line and field; warnings come back with a model.
    """
    dojo, problems = load_dojo(root)
    ground, found = load_ground(root)
    problems += found
    duel, found = load_duel(root)
    problems += found
    rules = {}
    for game in GAMES:
        rules[game], found = load_rules(root, game)
        problems += found
    simple = {}
    for component, rel in (decks or {}).items():
        simple[component], found = load_deck(root, rel)
        problems += found
    boms, found = load_boms(root)
    problems += found
    ground_pieces, found = load_ground_pieces(root)
    problems += found
    duel_pieces, found = load_duel_pieces(root)
    problems += found
    if dojo is not None:
        problems += check_nebbia(dojo.nebbia)
    if duel is not None and duel_pieces is not None and duel.rulings.value("turn_limit") not in (0, duel_pieces.slip_turns):
        problems.append(Problem("error", "duel-rulings", f"ruling D14 ends the duel after turn "
                                f"{duel.rulings.value('turn_limit')} but the order slip has {duel_pieces.slip_turns} rows",
                                "content/duel/rulings.toml", where="D14",
                                hint="give D14 the slip's rows ([slip] turns in content/duel/pieces.toml) or 0"))
    if blocking(problems) or None in (dojo, ground, duel, ground_pieces, duel_pieces, *rules.values(),
                                      *simple.values()):
        return None, problems
    return KitModel(dojo, ground, duel, rules, simple, boms, ground_pieces, duel_pieces), problems
