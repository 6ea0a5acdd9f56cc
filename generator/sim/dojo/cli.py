"""`dojo sim --game dojo`: seeded games of Il Labirinto del Dojo, reporting lengths, fairness and rule events."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ...board.load import load_quadrant
from ...board.model import build_board
from ...output.userfile import OutputError, write_output
from dataclasses import replace

from . import runner
from ...problems import CheckFailed
from .cards import load_deck
from .defaults import RULINGS
from .lab import DEFAULT_QUADRANT, LAB as LAB, parse_rule as parse_rule  # LAB: sim/lab.py; parse_rule: sim/cli.py
from .policies import POLICIES
from .engine import GameConfig
from .explain import print_design, print_variants
from .report import start_ratio, summarise
from .runner import GameResult, run_games

PROGRESS_FROM = 300  # games: show a progress bar from this many on


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options only `--game dojo` takes."""
    g = parser.add_argument_group("--game dojo")
    g.add_argument("--board", type=Path, default=None, metavar="QUADRANT",
                   help=f"quadrant.txt, legend beside it (default {DEFAULT_QUADRANT})")
    g.add_argument("--start", type=int, choices=(0, 3), help="start position (default: the rules, 3 with 6+ players)")
    g.add_argument("--compare-start", action="store_true", help="also run start 0 and start 3 and print the ratio")


OPTIONS = ("board", "start", "compare_start")  # the dests of add_arguments (the dispatcher refuses them elsewhere)
PLAYERS = RULINGS.u15_players
POLICY_NAMES = tuple(POLICIES)  # the one registry (policies.py); pairings A/B are the sweep's
CHUNK = runner.CHUNK


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def _run(board, config: GameConfig, args: argparse.Namespace, label: str) -> list[GameResult]:
    if args.games < PROGRESS_FROM:
        return run_games(board, config, args.games, args.seed, args.policy, args.jobs)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=args.games)
        return run_games(board, config, args.games, args.seed, args.policy, args.jobs,
                         progress=lambda k: bar.advance(task, k))


def run(args: argparse.Namespace) -> int:
    """Run the simulation(s), print the table, write JSON and plots (options already checked by sim.cli)."""
    args.board = args.board or DEFAULT_QUADRANT
    args.players = args.players or 4
    args.policy = args.policy or RULINGS.u01_policy
    loaded = load_quadrant(args.board)
    if loaded.quadrant is None:
        for p in loaded.problems:
            print(p.render(), file=sys.stderr)
        return _fail(f"{args.board}: the board cannot be built; fix the format errors (dojo board validate)")
    board = build_board(loaded.quadrant)
    try:
        deck = load_deck(Path.cwd())
    except CheckFailed as exc:
        for p in exc.problems:
            print(p.render(), file=sys.stderr)
        return _fail("content/dojo/nebbia.toml: the Nebbia deck cannot be loaded")
    except ValueError as exc:
        return _fail(str(exc))
    meta = {"board": str(args.board), "players": args.players, "seed": args.seed, "policy": args.policy,
            "max_turns": args.max_turns or RULINGS.u31_max_turns}
    if args.start == 0 and args.players >= 6:
        print("note: start 0 with 6+ players is outside the rules (DR-S05), measured for comparison", file=sys.stderr)
    starts = (0, 3) if args.compare_start else (args.start,)
    reports: dict[Any, dict] = {}
    lengths: dict[str, list[int]] = {}
    for start in starts:
        config = GameConfig(players=args.players, start=start, max_turns=args.max_turns, deck=deck)
        label = f"start {start if start is not None else 'rules'}"
        results = _run(board, config, args, label)
        reports[start] = summarise(results, args.players, {**meta, "start": config_start(config)})
        lengths[label] = [r.turns for r in results if r.finished]
    report = reports[starts[0]] if len(starts) == 1 else {**reports[3], "compare_start": {
        "start_0": reports[0], "start_3": reports[3], "ratio": start_ratio(reports[3], reports[0])}}
    for start in starts:
        print_table(reports[start])
    if args.compare_start:
        ratio = report["compare_start"]["ratio"]
        print(f"start 3 / start 0 mean game length (turns): {ratio} "
              f"({reports[3]['turns']['mean']} / {reports[0]['turns']['mean']}); the rules claim about 0.80")
    if args.rules:
        variants = []
        for name, value in args.rules:
            label = f"{name[:3].upper()}={value!r}"
            config = GameConfig(players=args.players, start=starts[0], max_turns=args.max_turns, deck=deck,
                                rulings=replace(RULINGS, **{name: value}))
            variants.append({"variant": label, **summarise(_run(board, config, args, label), args.players, meta)})
        report = {**report, "variants": variants}
        print_variants([{"variant": "defaults", **reports[starts[0]]}, *variants])
    if args.explain:
        print_design(reports[starts[0]])
    return write_outputs(args, report, lengths)


def config_start(config: GameConfig) -> int:
    """The start position a configuration actually uses."""
    from .engine import start_position

    return start_position(config.players, config.start)


def write_outputs(args: argparse.Namespace, report: dict, lengths: dict[str, list[int]]) -> int:
    """Write --json and --plot; 0, or 2 when a file cannot be written."""
    try:
        if args.json:
            write_output(args.json, json.dumps(report, indent=1) + "\n", "--json")
            print(f"wrote {args.json}")
        if args.plot:
            from .plot import plot_png

            write_output(args.plot, plot_png(report, lengths), "--plot")
            print(f"wrote {args.plot}")
    except OutputError as exc:
        return _fail(str(exc))
    return 0


def _ladder_text(ladder: dict) -> str:
    """Mean and leader position at rounds 5, 10, 15, ... (games still running)."""
    parts = [f"r{r}: {m:.1f}/{top:.1f}" for r, m, top in zip(ladder["round"], ladder["mean"], ladder["leader"]) if r % 5 == 0]
    return ", ".join(parts[:8]) or "-"


def print_table(report: dict) -> None:
    """The report as a readable rich table on standard output."""
    from rich.console import Console
    from rich.table import Table

    t = Table(title=f"dojo sim: {report['games']} games, {report['players']} players, start {report['start']}, "
                    f"policy {report['policy']}, seed {report['seed']}", show_header=True)
    t.add_column("measure")
    t.add_column("value", overflow="fold")
    tr, rd = report["turns"], report["rounds"]
    rows = [
        ("finished / unfinished", f"{report['finished']} / {report['unfinished']} (cap {report['max_turns']} turns)"),
        ("stuck moves (DR-T05)", str(report["stuck_moves"])),
        ("extra step impossible (DR-M04)", str(report["extra_step_stays"])),
        ("turns mean / median / p90", f"{tr['mean']} / {tr['median']} / {tr['p90']}"),
        ("rounds mean / median / p90", f"{rd['mean']} / {rd['median']} / {rd['p90']}"),
        ("wins by seat", " ".join(str(w) for w in report["wins_by_seat"]) + f"  (spread {report['seat_spread']})"),
        ("wins by Safe Room", " ".join(str(w) for w in report["wins_by_room"])),
        ("Kumite (attacker wins)", f"{report['kumite']['count']} ({report['kumite']['attacker_win_rate']})"),
        ("Final Exams won / lost / no defender",
         f"{report['final_exam']['won']} / {report['final_exam']['lost']} / {report['final_exam']['no_defender']}"),
        ("Uke saves / teleports", f"{report['uke_saves']} / {report['teleports']}"),
        ("Nebbia cards drawn", ", ".join(f"{k} {v}" for k, v in report["cards_drawn"].items())),
        ("ladder mean / leader by round", _ladder_text(report["ladder"])),
    ]
    for row in rows:
        t.add_row(*row)
    Console(width=max(100, Console().width)).print(t)
