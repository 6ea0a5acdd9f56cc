"""Phase one's content loader: every content file of the kit into one checked KitModel, or every problem."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Mapping

from ..inputfile import read_text
from ..problems import Problem, blocking
from ..rules.source import parse
from .bom import load_boms
from .deck import load_deck
from .games import call, games
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
    parts: dict[str, object] = {}
    problems: list[Problem] = []
    for game in games(root).values():  # each game's own loader (content/games.toml `content`)
        if game.content:
            found_parts, found = call(game, "content", root)
            parts.update(found_parts)
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
    if blocking(problems) or None in (*parts.values(), *rules.values(), *simple.values()):
        return None, problems
    return KitModel(parts, rules, simple, boms), problems
