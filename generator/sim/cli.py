"""`dojo sim --game CODE`: one command, one dispatch table (content/games.toml's `simulator`); each game's options and
run in its module.

A game module provides: `add_arguments(parser)` (its own option group), `OPTIONS` (the dests of those options,
refused for the other games), `PLAYERS` ((lo, hi), or None when the game has a fixed count), `CHUNK` (games per
unit of work), `POLICY_NAMES`, `parse_rule(rule_id, value)` (checks one `--rule ID=VALUE`) and `run(args) -> int`.
The numbers every game shares (games, jobs, players, turns) are checked here, before any game starts.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from types import ModuleType

from ..content.games import games
from .lab import simulator

# The games with a simulator: content/games.toml's `simulator` (a module; see the docstring above), in table order.
GAMES = {code: game.simulator for code, game in games().items() if game.simulator}
MAX_GAMES = 1_000_000
MAX_TURNS = 100_000


def game_module(name: str) -> ModuleType:
    """The module that simulates a game (CheckFailed naming the table's line when it is unusable)."""
    return simulator(name)


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `sim` command with the shared options and every game's own option group."""
    s = sub.add_parser("sim", allow_abbrev=False, help="simulate seeded games of one game and report on them")
    s.add_argument("--game", choices=tuple(GAMES), default=next(iter(GAMES)), help="which game to play: " + ", ".join(
        f"{code} ({g.title})" for code, g in games().items() if code in GAMES) + f" (default {next(iter(GAMES))})")
    s.add_argument("--games", type=int, default=1000, help=f"number of games, 1 to {MAX_GAMES} (default 1000)")
    s.add_argument("--seed", type=int, default=1, help="run seed; game i uses a seed derived from (seed, i)")
    modules = {name: game_module(name) for name in GAMES}
    s.add_argument("--players", type=int, default=None, help="player count (" + "; ".join(
        f"{name}: {m.PLAYERS[0]} to {m.PLAYERS[1]}" for name, m in modules.items() if m.PLAYERS) + ")")
    s.add_argument("--policy", default=None, help="player policy (" + "; ".join(
        f"{name}: {', '.join(p for p in m.POLICY_NAMES if '/' not in p)}" for name, m in modules.items()) +
                   "; a pairing A/B where the game has one; docs/sweep.md)")
    s.add_argument("--jobs", type=int, default=1, help="processes, at most the CPU cores (results do not depend on it)")
    s.add_argument("--max-turns", type=int, default=None, help=f"turn cap per game, 1 to {MAX_TURNS}")
    s.add_argument("--rule", action="append", default=[], metavar="ID=VALUE",
                   help="play a ruling variant side by side with the defaults, e.g. RULE=false")
    s.add_argument("--explain", action="store_true", help="add the design report (where progress comes from, "
                   "seat advantage with a 95%% interval, ruling variants)")
    s.add_argument("--plot", type=Path, default=None, metavar="OUT.png", help="write plots (games that draw them)")
    s.add_argument("--json", type=Path, default=None, metavar="OUT", help="write the report as JSON")
    for module in modules.values():
        module.add_arguments(s)
    s.set_defaults(run=run_sim)


def fail(message: str) -> int:
    """Print an error for a bad option; exit status 2."""
    print(f"error: {message}", file=sys.stderr)
    return 2


def check_numbers(args: argparse.Namespace, game: ModuleType) -> str | None:
    """A message for an unusable number (games, players, jobs, turns), else None; caps --jobs at the work units."""
    if not 1 <= args.games <= MAX_GAMES:
        return f"--games {args.games}: use 1 to {MAX_GAMES}"
    if args.max_turns is not None and not 1 <= args.max_turns <= MAX_TURNS:
        return f"--max-turns {args.max_turns}: use 1 to {MAX_TURNS}"
    if args.players is not None:
        if game.PLAYERS is None:
            return f"--players: --game {args.game} has a fixed number of players"
        lo, hi = game.PLAYERS
        if not lo <= args.players <= hi:
            return f"--players {args.players}: --game {args.game} is played by {lo} to {hi} players"
    cores = os.cpu_count() or 1
    if not 1 <= args.jobs <= cores:
        return f"--jobs {args.jobs}: use 1 to {cores} (the CPU cores of this machine)"
    args.jobs = min(args.jobs, -(-args.games // game.CHUNK))
    return None


def parse_value(text: str) -> object:
    """A --rule value: JSON (true, 3, null, [4, 9], \"x\") or else the bare word as a string."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def check_rules(args: argparse.Namespace, game: ModuleType) -> str | None:
    """Parse every --rule ID=VALUE into args.rules [(id, value)]; a message for a malformed or refused one."""
    args.rules = []
    for item in args.rule:
        rid, sep, value = item.partition("=")
        if not sep or not rid.strip():
            return f"--rule {item!r}: write ID=VALUE, e.g. RULE=false"
        try:
            args.rules.append(game.parse_rule(rid.strip().upper(), parse_value(value.strip())))
        except ValueError as exc:
            return f"--rule {item}: {exc}"
    return None


def run_sim(args: argparse.Namespace) -> int:
    """Check the options against the chosen game, then run it."""
    game = game_module(args.game)
    for other in GAMES:
        if other == args.game:
            continue
        for dest in game_module(other).OPTIONS:
            if dest not in game.OPTIONS and getattr(args, dest, None) not in (None, False):
                return fail(f"--{dest.replace('_', '-')} applies to --game {other}, not --game {args.game}")
    if args.policy is not None and args.policy not in game.POLICY_NAMES:
        return fail(f"--policy {args.policy}: --game {args.game} has {', '.join(game.POLICY_NAMES)}")
    return fail(problem) if (problem := check_numbers(args, game) or check_rules(args, game)) else game.run(args)
