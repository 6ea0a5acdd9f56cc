"""The kit's games as data: content/games.toml, read once (like locales/languages.toml) by every module that lists
games: the content loader, the catalogs, the bills of materials, the registry, the printing guide, the page QA's ink
table and `dojo sim`.

``games(root)`` gives the table (code -> ``Game``) in file order; a wrong row is one Problem naming the file, line and
field (``CheckFailed``), never a traceback. ``game_of(component_id)`` is the game a component id names; an id naming no
game of the table is an error naming the table, never a silent "kit".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..problems import CheckFailed, Problem
from .toml_source import data_table

TABLE = Path("content/games.toml")
PROJECT = Path(__file__).resolve().parents[2]  # this checkout: the table read unless a project has its own
CODE_RE = re.compile(r"^[a-z][a-z0-9]{1,15}$")
MODULE_RE = re.compile(r"^[A-Za-z_][\w.]*$")
KIT = "kit"  # the pieces no game owns (the printing guide, the contact sheet): never a game's code


@dataclass(frozen=True)
class Game:
    """One row of the games table."""

    code: str
    title: str  # the designer's own title, untranslated
    simulator: str | None  # the module `dojo sim --game <code>` plays
    line: int  # the row's line in the table


def _game(row, seen: set[str]) -> Game | None:
    row.unknown({"code", "title", "simulator"})
    code = row.text("code")
    if isinstance(code, str) and (not CODE_RE.match(code) or code == KIT):
        row.error(f"code {code!r} is not a game code", "code",
                  'use 2-16 lower-case letters or digits, starting with a letter (not "kit"), e.g. "toy"')
        code = None
    if isinstance(code, str):
        if code in seen:
            row.error(f"code {code!r}: this game is listed twice", "code", "keep one [[game]] table per game")
        seen.add(code)
    title = row.text("title")
    simulator = row.get("simulator", str, None)
    if simulator is not None and not MODULE_RE.match(simulator):
        row.error(f"simulator {simulator!r} is not a module name", "simulator", 'e.g. "generator.sim.dojo.cli"')
        simulator = None
    if None in (code, title):
        return None
    return Game(code, title, simulator, row.line())


def games(root: Path | None = None) -> dict[str, Game]:
    """The games table of a project (this checkout's by default), in file order; CheckFailed when it is wrong."""
    return {game.code: game for game in data_table(root, PROJECT, TABLE, "game", "games", _game, "games table")}


def game_codes(root: Path | None = None) -> tuple[str, ...]:
    """Every game's code, in table order."""
    return tuple(games(root))


def game_of(component_id: str, root: Path | None = None) -> str:
    """The game a component id names by its first word ("ground-tokens" -> "ground"); CheckFailed naming the table
    when that word is no game of it."""
    head = component_id.split("-", 1)[0]
    table = games(root)
    if head in table:
        return head
    last = max(g.line for g in table.values())
    raise CheckFailed([Problem("error", "games", f"component {component_id!r} names game {head!r}, which is not in "
                               f"the games table ({', '.join(table)})", TABLE.as_posix(), last,
                               hint=f'add a [[game]] table with code = "{head}" (like the one at line {last}), or '
                               "start the component id with a game's code")])
