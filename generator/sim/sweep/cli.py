"""`dojo sweep --game dojo|ground|duel`: a grid of rule values, player counts, boards, Scenarios, Modes and policies,
`--games` seeded games per cell, on local processes or a Dask cluster; JSON, HTML and a summary table.

Output folder (--out, default build/sweep/<game>): sweep.json (the grid), slices/ (one file per finished slice),
report.json and report.html. `--resume DIR` plays the slices missing from a stopped sweep and writes the report.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import sys
from pathlib import Path

from ... import interrupts
from ...output.userfile import OutputError, write_output
from ..cli import GAMES, fail, game_module, parse_value

MAX_GAMES = 100_000_000
DEFAULT_POLICIES = {"dojo": ["p0"], "ground": ["heuristic", "rival", "random", "solver"], "duel": ["hunter"]}


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `sweep` command."""
    s = sub.add_parser("sweep", allow_abbrev=False, help="seeded games over a grid of rules, player counts, boards "
                       "and policies: seat balance with 95%% intervals, length, decisiveness, rule coverage")
    s.add_argument("--game", choices=tuple(GAMES), default="dojo", help="which game (default dojo)")
    s.add_argument("--rule", action="append", default=[], metavar="ID=V1,V2",
                   help="a rule's values to sweep (several --rule: every combination), e.g. U22=true,false")
    s.add_argument("--players", default=None, help="player counts: a list or range, e.g. 3,4 or 3-6")
    s.add_argument("--board", action="append", default=[], metavar="QUADRANT", help="Dojo quadrant file(s)")
    s.add_argument("--scenario", action="append", default=[], help="GROUND Scenario id(s) (default every one)")
    s.add_argument("--mode", action="append", default=[], help="GROUND Mode id(s) (default every one)")
    s.add_argument("--policy", action="append", default=[], help="policy or policies (comma list allowed)")
    s.add_argument("--games", type=int, default=10_000, help="games per cell (default 10000)")
    s.add_argument("--seed", type=int, default=1, help="sweep seed; game i of every cell uses a seed from (seed, i)")
    s.add_argument("--jobs", type=int, default=None, help="local worker processes (default: the CPU cores)")
    s.add_argument("--cluster", choices=("local", "dask"), default="local",
                   help="local processes (default) or Dask distributed (pip install '.[cluster]')")
    s.add_argument("--scheduler", default=None, metavar="tcp://HOST:8786",
                   help="the Dask scheduler (default: a local Dask cluster)")
    s.add_argument("--out", type=Path, default=None, help="output folder (default build/sweep/<game>)")
    s.add_argument("--resume", type=Path, default=None, metavar="DIR", help="continue the stopped sweep in DIR")
    s.set_defaults(run=run_sweep)


def _values(text: str) -> list[object]:
    """`v1,v2,[4,9]`: values split on the commas outside brackets, each read as JSON or a bare word."""
    return [parse_value(v.strip()) for v in re.split(r",(?![^\[]*\])", text) if v.strip()]


def _players(text: str | None, game: str) -> list[int] | str:
    lo, hi = game_module(game).PLAYERS or (2, 2)
    default = {"dojo": [4], "ground": list(range(lo, hi + 1)), "duel": [2]}[game]
    if text is None:
        return default
    if game == "duel":
        return "--players: the duel has two players"
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
    if args.game == "dojo":
        from ..policies import POLICIES as names
    elif args.game == "ground":
        from ..ground.policies import POLICIES as names
    else:
        from ..duel.play import DUELISTS as names
    chosen = [p.strip() for item in args.policy for p in item.split(",") if p.strip()]
    bad = [p for p in chosen if not 1 <= len(p.split("/")) <= 2 or any(x not in names for x in p.split("/"))]
    if bad:
        return (f"--policy {bad[0]}: --game {args.game} has {', '.join(names)}, or a pairing A/B of them (one A "
                f"player among B players)")
    return chosen or DEFAULT_POLICIES[args.game]


def grid(args: argparse.Namespace) -> dict | str:
    """The sweep's definition (game, seed, games, grid, cells), or a message naming the wrong option."""
    game = args.game
    for opt, ok in (("board", "dojo"), ("scenario", "ground"), ("mode", "ground")):
        if getattr(args, opt) and game != ok:
            return f"--{opt} applies to --game {ok}, not --game {game}"
    if not 1 <= args.games <= MAX_GAMES:
        return f"--games {args.games}: use 1 to {MAX_GAMES}"
    rules: dict[str, list] = {}
    module = game_module(game)
    for item in args.rule:
        rid, sep, text = item.partition("=")
        if not sep or not rid.strip() or not _values(text):
            return f"--rule {item!r}: write ID=V1,V2,..., e.g. U22=true,false"
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
    if game == "dojo":
        from ..dojo_cli import DEFAULT_QUADRANT

        axes["board"] = [str(b) for b in args.board] or [str(DEFAULT_QUADRANT)]
    if game == "ground":
        problem = _ground_axes(args, axes)
        if problem:
            return problem
    names = list(axes) + list(rules)
    cells = []
    for combo in itertools.product(*axes.values(), *rules.values()):
        cell = {"game": game, **dict(zip(axes, combo)), "rules": dict(zip(rules, combo[len(axes):]))}
        cells.append(cell)
    if len(cells) * args.games > MAX_GAMES:
        return f"{len(cells)} cells x {args.games} games is over {MAX_GAMES}; sweep fewer values or games"
    return {"game": game, "seed": args.seed, "games": args.games, "cells": cells,
            "grid": {**axes, **{f"rule {k}": v for k, v in rules.items()}, "order": names}}


def _ground_axes(args: argparse.Namespace, axes: dict) -> str | None:
    from ...content.ground import load_ground
    from ..ground.engine import MODES

    data, _ = load_ground(Path.cwd())
    scenarios = [s.id for s in data.scenarios] if data else []
    modes = [m for m in MODES if not data or m in {x.id for x in data.modes}]
    chosen_modes = [m if m.startswith("mode-") else f"mode-{m}" for m in args.mode]
    for got, known, opt in ((args.scenario, scenarios, "scenario"), (chosen_modes, modes, "mode")):
        bad = [x for x in got if x not in known]
        if bad:
            return f"--{opt} {bad[0]}: the sample edition has {', '.join(known)}"
    axes["scenario"] = args.scenario or scenarios
    axes["mode"] = chosen_modes or modes
    return None


def run_sweep(args: argparse.Namespace) -> int:
    """Check the grid, play the missing slices, write report.json and report.html, print the table."""
    from . import run
    from .games import load

    if args.resume is not None:
        try:
            spec = run.read_spec(args.resume)
        except ValueError as exc:
            return fail(str(exc))
        out = args.resume
    else:
        spec = grid(args)
        if isinstance(spec, str):
            return fail(spec)
        out = args.out or Path("build/sweep") / args.game
        if out.exists() and not out.is_dir():
            return fail(f"--out {out}: is not a folder; name a folder for the sweep's files")
        if (out / run.SPEC).exists() and run.read_spec(out) != spec:
            return fail(f"{out} holds another sweep; choose another --out, or --resume {out} to continue it")
        run.write_spec(out, spec)
    cores = os.cpu_count() or 1
    jobs = args.jobs or cores
    if not 1 <= jobs <= cores:
        return fail(f"--jobs {jobs}: use 1 to {cores} (the CPU cores of this machine)")
    if args.cluster == "dask":
        try:
            import dask.distributed  # noqa: F401
        except ImportError:
            return fail("--cluster dask: Dask is not installed; pip install '.[cluster]'")
    boards = sorted({c["board"] for c in spec["cells"] if "board" in c})
    try:
        ctx = load(spec["game"], Path.cwd(), boards)
    except ValueError as exc:
        return fail(str(exc))
    code = 0
    try:
        _execute(spec, ctx, out, jobs, args)
    except interrupts.Interrupted as stop:
        code = stop.exit_code
    return _finish(spec, out, code)


def _execute(spec: dict, ctx: object, out: Path, jobs: int, args: argparse.Namespace) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from . import run

    have = run.done(out, spec)
    total = sum(sl[2] - sl[1] for sl in run.slices(spec) if sl not in have)
    rate = run.Rate(total)
    columns = (TextColumn("sweep"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[rate]}"))
    with Progress(*columns, console=Console(stderr=True), transient=True, disable=not sys.stderr.isatty()) as bar:
        task = bar.add_task("sweep", total=total, rate="")
        run.execute(spec, ctx, out, jobs, args.cluster if args.cluster == "dask" else None, args.scheduler,
                    progress=lambda k: bar.update(task, advance=k, rate=rate.add(k)))


def _replace(path: Path, text: str) -> None:
    """Write a report file as every user-named output is written (a link's target, a FIFO in place...), also after
    an interrupt arrived (write_output's interruptible=False)."""
    write_output(path, text, "--out", interruptible=False)


def _finish(spec: dict, out: Path, code: int) -> int:
    """Write the report of what is complete (saying when it is partial) and print the table."""
    from . import run
    from .html import page
    from .report import build, print_table

    report = build(spec, run.done(out, spec))
    try:
        with interrupts.deferred():  # written after an interrupt too (what is complete, as partial)
            _replace(out / "report.json", json.dumps(report, indent=1, sort_keys=True) + "\n")
            _replace(out / "report.html", page([report]))
    except OutputError as exc:
        return fail(str(exc))
    print_table(report)
    print(f"wrote {out / 'report.json'} and {out / 'report.html'}")
    if not report["complete"]:
        print(f"partial: {report['slices']['done']} of {report['slices']['total']} slices complete; continue with "
              f"dojo sweep --resume {out}", file=sys.stderr)
    return code
