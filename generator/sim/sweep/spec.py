"""A sweep's definition (sweep.json): the options it was started with, the grid they give, and a fingerprint of
what its games depend on (the engine's code and the content files, each by sha256).

A new sweep and a resumed one go through the same function (`define`): the options, read from the command line or
from sweep.json, are checked with the same messages (types first for a file), the grid is built again from them,
and `--resume` refuses a sweep.json whose grid does not follow from its options or whose games were played by
other code or content (naming each file that changed), so one report never mixes two rule sets.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import re
from pathlib import Path

from ..cli import game_module, parse_value
from ..digest import PACKAGE, code_files
from ..lab import lab, labs

MAX_GAMES = 100_000_000
DEFAULT_GAMES = 10_000
VERSION = 2  # sweep.json's layout
GAME_OPTIONS = {o.name: (code, o) for code, x in labs().items() for o in x.options}  # each game's own options


def _texts(v: object) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


# option -> (type check, what the option takes): what a sweep.json may hold
OPTIONS = {
    "game": (lambda v: v in labs(), f"one of {', '.join(labs())}"),
    "rule": (_texts, "a list of ID=V1,V2 texts"),
    "players": (lambda v: v is None or isinstance(v, str), "a text such as 3,4 or 3-6, or null"),
    **{name: (_texts, o.takes) for name, (_, o) in GAME_OPTIONS.items()},
    "policy": (_texts, "a list of policies"),
    "games": (lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number"),
    "seed": (lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number"),
    "ladder": (lambda v: isinstance(v, bool), "true or false"),
    "until_halfwidth": (lambda v: v is None or isinstance(v, (int, float)) and not isinstance(v, bool),
                        "a number such as 0.01, or null"),
}


def options(args: argparse.Namespace) -> dict:
    """The options that define a sweep, as given on the command line (JSON-ready)."""
    return {"game": args.game, "rule": list(args.rule), "players": args.players,
            **{name: [str(v) for v in getattr(args, name)] for name in GAME_OPTIONS}, "policy": list(args.policy), "games": DEFAULT_GAMES if args.games is None else args.games,
            "seed": args.seed, "until_halfwidth": getattr(args, "until_halfwidth", None),
            "ladder": bool(getattr(args, "ladder", False))}


def stored_options(raw: object, where: Path) -> dict | str:
    """The options recorded in a sweep.json, type-checked (a message naming the file, the field and the fix)."""
    fix = f"start a new sweep with dojo sweep --out NEWDIR (or repair {where})"
    if not isinstance(raw, dict) or raw.get("version") != VERSION or not isinstance(raw.get("options"), dict):
        return f"{where}: not a sweep definition `dojo sweep` wrote (no version {VERSION} options); {fix}"
    opts = {**{name: [] for name in GAME_OPTIONS}, **raw["options"]}  # a game's options added since: none given
    for name, (ok, takes) in OPTIONS.items():
        if name not in opts:
            return f"{where}: options.{name} is missing; {fix}"
        if not ok(opts[name]):
            return f"{where}: options.{name} is {opts[name]!r}; it takes {takes}; {fix}"
    extra = sorted(set(opts) - set(OPTIONS))
    if extra:
        return f"{where}: options.{extra[0]} is not a sweep option; {fix}"
    return {k: opts[k] for k in OPTIONS}


def namespace(opts: dict) -> argparse.Namespace:
    """The options as the command line's namespace (what `grid` reads)."""
    return argparse.Namespace(**opts)


def _sha(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "missing"


def content_files(game: str, inputs: list[str]) -> list[str]:
    """The content files a game's sweep loads (paths as given: relative to the project)."""
    return lab(game).content_files(inputs)


REPORTING = {f"sweep/{m}.py" for m in ("balance", "cli", "compare", "html", "ladder", "report", "ruleids", "sample",
                                       "spec", "stopping")} | {"designer.py", "designer_html.py", "designer_plots.py"}
# (what reads the slices and writes reports, not what plays the games)


def fingerprint(game: str, inputs: list[str]) -> dict:
    """sha256 of every file the games depend on: the engine's code and the content files."""
    root = PACKAGE.parent.parent
    return {"code": {str(p.relative_to(root)): _sha(p) for p in code_files()
                     if p.relative_to(root).as_posix().removeprefix("generator/sim/") not in REPORTING},
            "content": {f: _sha(Path(f)) for f in content_files(game, inputs)}}


def changes(before: dict, now: dict) -> list[str]:
    """What differs between two sweep definitions, in words (empty: the same sweep)."""
    out = []
    a, b = before.get("options", {}), now["options"]
    for name in OPTIONS:
        then = a.get(name, [] if name in GAME_OPTIONS else None)
        if then != b[name]:
            out.append(f"option --{name}: {then!r} then, {b[name]!r} now")
    for part, what in (("code", "the engine's code"), ("content", "the content")):
        x, y = before.get("fingerprint", {}).get(part, {}), now["fingerprint"][part]
        for f in sorted(set(x) | set(y)):
            if x.get(f) != y.get(f):
                state = "added" if f not in x else "removed" if f not in y else "changed"
                out.append(f"{what}: {f} {state}")
    return out


def define(args: argparse.Namespace) -> dict | str:
    """The sweep's definition from options (the command line's, or a sweep.json's): options, fingerprint, game,
    seed, games, cells, grid; or a message naming the wrong option."""
    spec = grid(args)
    if isinstance(spec, str):
        return spec
    inputs = lab(args.game).inputs(spec["cells"])
    return {"version": VERSION, "options": options(args), "fingerprint": fingerprint(args.game, inputs), **spec}


def _values(text: str) -> list[object]:
    """`v1,v2,[4,9]`: values split on the commas outside brackets, each read as JSON or a bare word."""
    return [parse_value(v.strip()) for v in re.split(r",(?![^\[]*\])", text) if v.strip()]


def _players(text: str | None, game: str) -> list[int] | str:
    lo, hi = lab(game).players
    if text is None:
        return list(lab(game).default_players)
    if lo == hi:
        return f"--players: --game {game} has {lo} players"
    try:
        if re.fullmatch(r"\d+-\d+", text.strip()):
            a, b = map(int, text.split("-"))
            counts = list(range(a, b + 1))
        else:
            counts = [int(v) for v in text.split(",")]
    except ValueError:
        return f"--players {text}: write a list (3,4) or a range (3-6)"
    bad = [n for n in counts if not lo <= n <= hi]
    if bad or not counts:
        return f"--players {text}: --game {game} is played by {lo} to {hi} players"
    return sorted(set(counts))


def _policies(args: argparse.Namespace) -> list[str] | str:
    names = lab(args.game).policies
    chosen = [p.strip() for item in args.policy for p in item.split(",") if p.strip()]
    bad = [p for p in chosen if not 1 <= len(p.split("/")) <= 2 or any(x not in names for x in p.split("/"))]
    if bad:
        return (f"--policy {bad[0]}: --game {args.game} has {', '.join(names)}, or a pairing A/B of them (one A "
                f"player among B players)")
    if getattr(args, "ladder", False):  # a round robin: every ordered pairing A/B of the policies named (or all)
        names = [p for p in chosen if "/" not in p] or list(names)
        if len(names) < 2:
            return f"--ladder: name two policies or more (--game {args.game} has {', '.join(names)})"
        return [f"{a}/{b}" for a in names for b in names if a != b]
    return chosen or list(lab(args.game).default_policies)


def grid(args: argparse.Namespace) -> dict | str:
    """The sweep's definition (game, seed, games, grid, cells), or a message naming the wrong option."""
    from .compare import printed

    game = args.game
    for opt, (owner, _) in GAME_OPTIONS.items():
        if getattr(args, opt) and game != owner:
            return f"--{opt} applies to --game {owner}, not --game {game}"
    games = DEFAULT_GAMES if args.games is None else args.games
    if not 1 <= games <= MAX_GAMES:
        return f"--games {games}: use 1 to {MAX_GAMES}"
    until = getattr(args, "until_halfwidth", None)
    if until is not None and not 0.001 <= until <= 0.25:
        return f"--until-halfwidth {until}: use 0.001 to 0.25 (a share: 0.01 stops a cell at +/- 1 point)"
    rules: dict[str, list] = {}
    module = game_module(game)
    for item in args.rule:
        rid, sep, text = item.partition("=")
        if not sep or not rid.strip() or not _values(text):
            return f"--rule {item!r}: write ID=V1,V2,..., e.g. RULE=true,false"
        rid = rid.strip().upper()
        try:
            rules[rid] = [module.parse_rule(rid, v)[1] for v in _values(text)]
        except ValueError as exc:
            return f"--rule {item}: {exc}"
    players = _players(args.players, game)
    policies = _policies(args)
    for got in (players, policies):
        if isinstance(got, str):
            return got
    axes: dict[str, list] = {"players": players, "policy": policies}
    own = lab(game).axes(args)
    if isinstance(own, str):
        return own
    axes.update(own)
    names = list(axes) + list(rules)
    cells = []
    for combo in itertools.product(*axes.values(), *rules.values()):
        cell = {"game": game, **dict(zip(axes, combo)), "rules": dict(zip(rules, combo[len(axes):]))}
        cells.append(cell)
    if len(cells) * games > MAX_GAMES:
        return f"{len(cells)} cells x {games} games is over {MAX_GAMES}; sweep fewer values or games"
    return {"game": game, "seed": args.seed, "games": games, "cells": cells,
            "grid": {**axes, **{f"rule {k}": v for k, v in rules.items()}, "order": names,
                     "printed": {k: printed(game, k) for k in rules}}}
