"""The kit's games as data: content/games.toml, read once (like locales/languages.toml) by every module that lists
games: the content loader, the catalogs, the bills of materials, the registry, the printing guide, the page QA's ink
table and `dojo sim`.

``games(root)`` gives the table (code -> ``Game``) in file order; a wrong row is one Problem naming the file, line and
field (``CheckFailed``), never a traceback. ``game_of(component_id)`` is the game a component id names; an id naming no
game of the table is an error naming the table, never a silent "kit".
"""

from __future__ import annotations

import importlib
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
class Part:
    """One component row of a game ([[game.component]]): what plan/registry.py makes a Component of."""

    id: str
    name: str  # English message id (kit catalog)
    kinds: tuple[str, ...]
    papers: tuple[str, ...]
    builder: str  # "module:function"; "booklet": the game's rules booklet; "deck": a simple deck (source, template)
    from_artifacts: bool = False
    source: str | None = None
    template: str | None = None
    line: int = 0
    qa: tuple[str, ...] = ()  # what the page QA also reads its pages for (QA_FLAGS)


@dataclass(frozen=True)
class Game:
    """One row of the games table."""

    code: str
    title: str  # the designer's own title, untranslated
    simulator: str | None  # the module `dojo sim --game <code>` plays
    line: int  # the row's line in the table
    name: str = ""  # the printed name (an English message id of the kit catalog): printing guide, contact sheet
    content: str | None = None  # "module:function" loading the game's model parts (content/load.py)
    tts: str | None = None  # the module of its Tabletop Simulator facts (export/tts*.py)
    booklet: str | None = None  # its booklet module: generated sections, figures, inline icons (booklet/)
    terms: str | None = None  # "module:function": its terms' spellings for the page QA (components/common.py)
    gate: str | None = None  # the module of its gate before printing: play(root, model), cached(root, model)
    board: str | None = None  # the module of the kit's board, when it is this game's: PATH, deck(model)
    seed_lang: str | None = None  # the language its designer wrote the rules in: printed as written
    paper: tuple[str, ...] = ()  # the printing guide's paper advice (English message ids of the kit catalog)
    components: tuple[Part, ...] = ()  # its components in manifest order
    lines: tuple[tuple[str, int], ...] = ()  # (field, line) of every field: errors found later name them

    def line_of(self, field: str) -> int:
        """The line of one of this row's fields (the row's own line when it has none)."""
        return dict(self.lines).get(field, self.line)


BUILDERS = ("booklet", "deck")  # builders that are no module: plan/registry.py makes them
PART_FIELDS = {"id", "name", "kinds", "papers", "builder", "from_artifacts", "source", "template", "qa"}
QA_FLAGS = {"links": "its pages print the board: read for the tunnel links",  # pageqa/links.py
            "links-plain": "its plain layout prints the board as a figure: read for the tunnel links",
            "coordinates": "its pages print grid coordinates (D12 is a square, not a ruling id)"}  # pageqa/notation.py
MODULE_FIELDS = ("content", "tts", "booklet", "terms", "gate", "board")


def _part(row, i: int, item) -> Part | None:
    from .toml_source import Fields

    f = Fields(row.src, item, (*row.path, "component", i), f"{row.where}, component {item.get('id', i + 1)}"
               if isinstance(item, dict) else row.where)
    f.unknown(PART_FIELDS)
    pid, name, builder = f.text("id"), f.text("name"), f.text("builder")
    kinds, papers = f.strings("kinds"), f.strings("papers", required=False)
    if isinstance(builder, str) and builder not in BUILDERS and not re.match(r"^[A-Za-z_][\w.]*:\w+$", builder):
        f.error(f"builder {builder!r} is neither module:function nor one of {', '.join(BUILDERS)}", "builder",
                'e.g. "generator.components.toy_cards:build", or "booklet" for the rules booklet')
        builder = None
    qa = f.strings("qa", required=False)
    for flag in qa:
        if flag not in QA_FLAGS:
            f.error(f"qa {flag!r} is not one of {', '.join(QA_FLAGS)}", "qa", f"use one of {', '.join(QA_FLAGS)}")
            qa = ()
    if None in (pid, name, builder) or not kinds:
        return None
    return Part(pid, name, kinds, papers, builder, bool(f.get("from_artifacts", bool, False)),
                f.get("source", str, None), f.get("template", str, None), f.line(), qa)


def _game(row, seen: set[str]) -> Game | None:
    row.unknown({"code", "title", "simulator", "name", "paper", "component", "seed_lang", *MODULE_FIELDS})
    code = row.code(seen, CODE_RE, "game", 'use 2-16 lower-case letters or digits, starting with a letter (not "kit"), '
                    'e.g. "toy"', reserved=KIT)
    title = row.text("title")
    simulator = row.get("simulator", str, None)
    if simulator is not None and not MODULE_RE.match(simulator):
        row.error(f"simulator {simulator!r} is not a module name", "simulator", 'e.g. "generator.sim.toy_cli"')
        simulator = None
    modules = {}
    for key in MODULE_FIELDS:
        value = row.get(key, str, None)
        if value is not None and not MODULE_RE.match(value.replace(":", ".", 1)):
            row.error(f"{key} {value!r} is not a module name", key,
                      f'e.g. "generator.{key}.toy" (a module of the game\'s own)')
            value = None
        modules[key] = value
    items = row.get("component", list, [])
    parts = tuple(p for p in (_part(row, i, x) for i, x in enumerate(items or [])) if p)
    if isinstance(code, str):
        for part in parts:
            if part.id.split("-", 1)[0] != code:
                row.error(f"component {part.id!r} of game {code!r} does not start with {code + '-'!r}", "component",
                          f'name it "{code}-<name>"')
    if None in (code, title) or len(parts) != len(items or []):
        return None
    fields = tuple((key, row.line(key)) for key in row.table)
    return Game(code, title, simulator, row.line(), row.get("name", str, title), modules["content"], modules["tts"],
                modules["booklet"], modules["terms"], modules["gate"], modules["board"],
                row.get("seed_lang", str, None), row.strings("paper", False), parts, fields)


def call(game: Game, field: str, *args):
    """Call the "module:function" a game's field names (a function of the game's own modules)."""
    module, func = getattr(game, field).split(":")
    return getattr(importlib.import_module(module), func)(*args)


def module_of(game: Game, field: str):
    """The module a game's field names, imported (None when the game has none)."""
    name = getattr(game, field)
    return importlib.import_module(name) if name else None


def each(field: str, root: Path | None = None) -> dict[str, object]:
    """code -> the module a field of each game names (the games without one left out), in table order."""
    return {code: module_of(g, field) for code, g in games(root).items() if getattr(g, field)}


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


def game(code: str, root: Path | None = None) -> Game:
    """The row of a game code; CheckFailed naming the table, its last row's line and the field when there is none
    (never a silent "kit")."""
    table = games(root)
    if code in table:
        return table[code]
    last = max(g.line for g in table.values())
    raise CheckFailed([Problem("error", "games", f"game {code!r} is not in the games table ({', '.join(table)})",
                               TABLE.as_posix(), last, hint=f'add a [[game]] table with code = "{code}" (like the one '
                               f"at line {last}), or use one of {', '.join(table)}", where="code")])


def messages(path: Path) -> list:
    """The table's translatable strings (kit catalog, no msgctxt): each game's printed name, its paper advice and
    its components' names (i18n/messages.py MESSAGE_SOURCES)."""
    from ..messages import Message
    from .toml_source import load_toml

    src = load_toml(path, None, "games")
    out = []
    for i, row in enumerate(src.items("game")):
        fields = ("name", *(("paper", j) for j in range(len(row.get("paper") or ()))))
        for key in fields:
            at = key if isinstance(key, tuple) else (key,)
            value = row.get(at[0])
            value = value[at[1]] if len(at) > 1 and isinstance(value, list) else value
            if isinstance(value, str) and value.strip():
                out.append(Message(value, None, src.line("game", i, at[0]) or 1, None))
        for j, part in enumerate(row.get("component") or ()):
            if isinstance(part, dict) and isinstance(part.get("name"), str):
                out.append(Message(part["name"], None, src.line("game", i, "component", j, "name") or 1, None))
    return out


def with_qa(flag: str, root: Path | None = None) -> frozenset[str]:
    """The components whose row of the table lists this page-QA flag (QA_FLAGS)."""
    return frozenset(p.id for g in games(root).values() for p in g.components if flag in p.qa)
