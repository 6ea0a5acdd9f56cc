"""The balance lab's view of a game: everything `dojo sweep` and the designer's page ask of one game, so that the
lab's own modules (sweep/, designer*.py) name no game and dispatch on the games table.

A game takes part in the lab when its simulator module (content/games.toml's `simulator`, the module `dojo sim
--game <code>` plays) has a ``LAB`` attribute: an instance of a subclass of ``Lab`` below, kept in the game's own
modules (generator/sim/<code>_*.py or generator/sim/<code>/). ``labs()`` gives them in table order; ``lab(code)``
one of them (a simulator without ``LAB`` is played by `dojo sim` only). A simulator module that does not import,
a ``LAB`` that is no ``Lab`` of its row's code, or a sweep option two games (or a game and the sweep) both claim is
an error naming the table's file, line and the fix (``CheckFailed``), never a traceback.

The protocol, in the order a sweep uses it:

- the grid: ``players`` (lo, hi) and ``default_players``; ``policies`` (the game's policy registry, name -> class:
  the one place a policy is added, docs/RECIPES.md "Adding a simulator policy") and ``default_policies``;
  ``options`` (the game's own sweep options, each a list of texts recorded in sweep.json) and ``axes(args)``
  (the cells' own axes after players and policy, from those options); ``printed(rule)`` (a ruling's printed
  value); ``parse_rule`` is the simulator module's (`dojo sim --rule`);
- the games: ``inputs(cells)`` (the files the cells name, e.g. boards), ``content_files(inputs)`` (every content
  file the games read: the sweep's fingerprint), ``load(root, inputs)`` (a pickleable context, ValueError naming
  the file), ``play(ctx, cell, seed, start, stop)`` (a Tally of games start..stop of a cell) and ``slice`` (games
  a unit of work); ``sample(ctx, cell, seed, i)`` (game i told turn by turn);
- the report: ``label(cell)`` (the cell's own words), ``coop(cell)`` (a cell whose seats win or lose together),
  ``unit`` (what a game's length counts), ``rule_pattern`` (a regular expression of the game's rule ids),
  ``rule_ids()`` (every id, the spec's order), ``recorded()`` (the ids the engine records), ``events()`` (every
  event counted, or None: the events that fired), ``unreachable`` (rules no game can reach, and why);
- the designer's page: ``design_settings`` (the page's few games), ``design_context(root)``,
  ``design_alternatives(ctx)``, ``design_report(...)``, ``design_cells(...)``, ``design_skill_cell(...)``,
  ``design_texts(ctx)``, ``design_key(root, ctx)``, ``design_rows(report, explain)``, ``design_words(rule, texts)``,
  ``design_sweep`` and ``design_skill_seat(pairing, settings)``.
"""

from __future__ import annotations

import argparse
import importlib
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from ..content.games import TABLE, games
from ..problems import CheckFailed, Problem


@dataclass(frozen=True)
class Option:
    """A game's own sweep option `--<name>`: a list of texts (given once or more), recorded in sweep.json."""

    name: str
    help: str
    takes: str  # what sweep.json's options.<name> holds, in words
    metavar: str | None = None


class Lab(ABC):
    """One game's part of the balance lab (see the module's docstring for the protocol)."""

    code: str  # the game's code in content/games.toml
    slice: int  # games per slice: a unit of work and a file
    unit: str  # what a game's length counts: "rounds", "turns"
    players: tuple[int, int]  # the player counts a sweep may ask for
    default_players: tuple[int, ...]
    policies: Mapping[str, Any]  # the game's policy registry: name -> class
    default_policies: tuple[str, ...]
    options: tuple[Option, ...] = ()
    rule_pattern: str  # a regular expression matching the game's rule ids
    unreachable: Mapping[str, str] = {}
    design_settings: dict
    design_sweep: str  # the `dojo sweep` command that measures the page's figures more precisely

    # ---- the grid ---------------------------------------------------------------------------------------------
    def axes(self, args: argparse.Namespace) -> dict[str, list] | str:
        """The cells' own axes after players and policy, from the game's options; or a message naming a wrong one."""
        return {}

    @abstractmethod
    def printed(self, rid: str) -> object:
        """The printed value of a ruling."""

    # ---- the games --------------------------------------------------------------------------------------------
    def inputs(self, cells: list[dict]) -> list[str]:
        """The files the cells name (what `load` reads besides the game's content)."""
        return []

    @abstractmethod
    def content_files(self, inputs: list[str]) -> list[str]:
        """Every content file the games read (paths relative to the project)."""

    @abstractmethod
    def load(self, root: Path, inputs: list[str]) -> object:
        """The context a worker needs (ValueError naming the file and the fix when the content does not load)."""

    @abstractmethod
    def play(self, ctx: object, cell: dict, seed: int, start: int, stop: int):
        """Games start..stop of a cell, as a sweep.tally.Tally."""

    @abstractmethod
    def sample(self, ctx: object, cell: dict, seed: int, i: int) -> list[str]:
        """Game i of a cell, turn by turn, the rules by id."""

    # ---- the report -------------------------------------------------------------------------------------------
    def label(self, cell: dict) -> list[str]:
        """The cell's own words (after players and policy)."""
        return []

    def coop(self, cell: dict) -> bool:
        """Whether the cell's seats win or lose together (no seat statistics)."""
        return False

    @abstractmethod
    def rule_ids(self) -> list[str]:
        """Every rule id of the game, in the spec's order."""

    @abstractmethod
    def recorded(self) -> set[str]:
        """The ids the engine (or the sweep, from a game's result) records when they apply."""

    def events(self) -> list[str] | None:
        """Every event the sweep counts (None: the events that fired)."""
        return None

    # ---- the designer's page ----------------------------------------------------------------------------------
    def design_context(self, root: Path) -> object:
        """The content the page plays, loaded as the sweep loads it."""
        return self.load(root, [])

    @abstractmethod
    def design_alternatives(self, ctx: object) -> list[tuple[str, Any]]:
        """The (ruling, value) pairs played against the rulings as printed."""

    @abstractmethod
    def design_report(self, ctx: object, settings: dict, seed: int, policy: str, rid: str | None, value: Any) -> dict:
        """The `dojo sim --explain` report of the page's games with one ruling changed (None: as printed)."""

    @abstractmethod
    def design_cells(self, ctx: object, settings: dict, base: dict, rid: str | None, value: Any) -> list[dict]:
        """The sweep cells (base: game, policy, players, rules {}) the page plays with one ruling changed."""

    def design_skill_cell(self, ctx: object, settings: dict) -> dict:
        """The cell fields the skill pairing adds to game, policy, rules and players."""
        return {}

    def design_texts(self, ctx: object) -> dict[str, str]:
        """Each ruling's words as the rulings file gives them."""
        return {}

    @abstractmethod
    def design_key(self, root: Path, ctx: object) -> object:
        """JSON-ready: what the page's figures read besides the engine's code (content, boards, tables)."""

    @abstractmethod
    def design_rows(self, report: dict, explain: bool) -> list[tuple[str, str]]:
        """The report's rows as `dojo sim` prints them (explain: the design report's)."""

    def design_words(self, rid: str, texts: dict[str, str]) -> object:
        """A ruling's words on the page (Markdown text, or markup), '' for none."""
        return _markdown(texts.get(rid, ""))

    def design_skill_seat(self, pairing: str, settings: dict) -> str:
        """Where the skill pairing's A player sits, in words (pairing: "A/B", as the page's record gives it)."""
        return f"in each seat in turn, among {settings.get('players', 2) - 1} {pairing.partition('/')[2]} players"


def _markdown(text: str):
    """A ruling's Markdown as inline HTML: markdown-it-py with raw HTML off escapes everything in the text, so the
    result is marked safe for the autoescaping template (Markup)."""
    from markdown_it import MarkdownIt
    from markupsafe import Markup

    return Markup(MarkdownIt("commonmark", {"html": False}).renderInline(" ".join(text.split()))) if text else ""


def _problem(line: int, message: str, hint: str) -> CheckFailed:
    return CheckFailed([Problem("error", "games", message, TABLE.as_posix(), line, hint=hint)])


SWEEP_OPTIONS = {"game", "rule", "players", "policy", "games", "seed", "ladder", "until_halfwidth", "jobs", "cluster",
                 "scheduler", "out", "resume", "sample", "cell", "index"}  # `dojo sweep`'s own (sweep/cli.py)
SIMULATOR = ("add_arguments", "OPTIONS", "PLAYERS", "CHUNK", "POLICY_NAMES", "parse_rule", "run")  # `dojo sim`'s
_LABS: dict[str, Lab] = {}


def simulator(code: str):
    """The simulator module of a game (content/games.toml's `simulator`); CheckFailed naming the table's line when
    it does not import or lacks what `dojo sim` calls (generator/sim/cli.py)."""
    game = games()[code]
    try:
        module = importlib.import_module(game.simulator)
    except ImportError as exc:
        raise _problem(game.line, f"game {code!r}: its simulator {game.simulator!r} does not import ({exc})",
                       'name a module of this checkout (e.g. "generator.sim.<code>.cli"), or drop the simulator '
                       "field") from None
    missing = [name for name in SIMULATOR if not hasattr(module, name)]
    if missing:
        raise _problem(game.line, f"game {code!r}: its simulator {game.simulator} lacks {', '.join(missing)}",
                       "give the module what `dojo sim` calls (docs/RECIPES.md, \"Adding a game\", step 5)")
    return module


def labs() -> dict[str, Lab]:
    """Every game's lab (code -> Lab), in table order: the games whose simulator module has a LAB."""
    out = {}
    for code, game in games().items():
        if not game.simulator:
            continue
        if code not in _LABS:
            found = getattr(simulator(code), "LAB", None)
            if found is None:
                continue  # a simulator without a balance lab: `dojo sim` only
            if not isinstance(found, Lab) or getattr(found, "code", None) != code:
                raise _problem(game.line, f"game {code!r}: {game.simulator}.LAB is not the balance lab of {code!r} "
                               f"(a generator.sim.lab.Lab with code = {code!r})",
                               "make LAB an instance of a generator.sim.lab.Lab subclass with its code, or remove it")
            taken = SWEEP_OPTIONS | {o.name for x in _LABS.values() for o in x.options}
            clash = sorted({o.name for o in found.options} & taken)
            if clash:
                raise _problem(game.line, f"game {code!r}: its lab's sweep option --{clash[0]} is already the sweep's "
                               "or another game's", "give the option another name in the game's lab")
            _LABS[code] = found
        out[code] = _LABS[code]
    return out


def lab(code: str) -> Lab:
    """One game's lab; CheckFailed naming the table when the game has none."""
    table = labs()
    if code in table:
        return table[code]
    rows = games()
    line = rows[code].line if code in rows else max(g.line for g in rows.values())
    raise _problem(line, f"game {code!r} has no balance lab (the games with one: {', '.join(table)})",
                   f"give the game a simulator module with a LAB (generator/sim/lab.py), or sweep --game "
                   f"{next(iter(table), '?')}")


def rule_id() -> re.Pattern:
    """Every game's rule ids, one pattern."""
    return re.compile("|".join(f"(?:{x.rule_pattern})" for x in labs().values()))


def rulings_file(code: str) -> list[str]:
    """The ruling ids of content/<code>/rulings.toml in the working folder (what the sweep loads), in order."""
    try:
        text = (Path("content") / code / "rulings.toml").read_text(encoding="utf-8")
    except OSError:
        return []
    return list(dict.fromkeys(re.findall(r'^id = "([A-Z]\d{1,2})"', text, re.M)))


def seating(policy: str, players: int, index: int, table: dict) -> tuple[list, int | None]:
    """The policies of a game's seats and the focus seat: one policy for every seat, or for a pairing "A/B" one A
    player among B players, sitting at seat index % players (each seat in turn, so seat order does not count
    for A or against it)."""
    if "/" not in policy:
        return [table[policy]()], None
    a, b = policy.split("/")
    focus = index % players
    return [table[a]() if s == focus else table[b]() for s in range(players)], focus
