"""`dojo sim`: play many seeded games of Il Labirinto del Dojo and report lengths, fairness and rule events."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..board.load import load_quadrant
from ..board.model import build_board
from ..output.files import write_bytes_atomic, write_text_atomic
from .defaults import RULINGS
from .engine import GameConfig
from .report import start_ratio, summarise
from .runner import GameResult, run_games

DEFAULT_QUADRANT = Path("content/dojo/board/quadrant.txt")
PROGRESS_FROM = 300  # games: show a progress bar from this many on


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `sim` command."""
    s = sub.add_parser("sim", help="simulate seeded games on a board and report length, fairness and rule events")
    s.add_argument("--board", type=Path, default=DEFAULT_QUADRANT, metavar="QUADRANT", help="quadrant.txt (legend beside it)")
    s.add_argument("--players", type=int, default=4, help="3 to 8 (default 4)")
    s.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    s.add_argument("--seed", type=int, default=1, help="run seed; game i uses a seed derived from (seed, i)")
    s.add_argument("--start", type=int, choices=(0, 3), help="start position (default: the rules, 3 with 6+ players)")
    s.add_argument("--policy", choices=("p0", "random"), default=RULINGS.u01_policy,
                   help=f"player policy (default {RULINGS.u01_policy}, U01)")
    s.add_argument("--jobs", type=int, default=1, help="processes (results do not depend on it)")
    s.add_argument("--max-turns", type=int, default=None, help="turn cap per game (default 2000, U31)")
    s.add_argument("--json", type=Path, metavar="OUT", help="write the report as JSON")
    s.add_argument("--plot", type=Path, metavar="OUT.png", help="write game-length and wins-by-seat plots")
    s.add_argument("--compare-start", action="store_true", help="also run start 0 and start 3 and print the ratio")
    s.set_defaults(run=run_sim)


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


def check_args(args: argparse.Namespace) -> str | None:
    """A message for an unusable option, else None."""
    if not 3 <= args.players <= 8:
        return f"--players {args.players}: the rules define games of 3 to 8 players (U15)"
    if args.games < 1:
        return "--games must be at least 1"
    if args.jobs < 1:
        return "--jobs must be at least 1"
    if args.max_turns is not None and args.max_turns < 1:
        return "--max-turns must be at least 1"
    return None


def run_sim(args: argparse.Namespace) -> int:
    """Run the simulation(s), print the table, write JSON and plots."""
    problem = check_args(args)
    if problem:
        return _fail(problem)
    loaded = load_quadrant(args.board)
    if loaded.quadrant is None:
        for p in loaded.problems:
            print(p.render(), file=sys.stderr)
        return _fail(f"{args.board}: the board cannot be built; fix the format errors (dojo board validate)")
    board = build_board(loaded.quadrant)
    meta = {"board": str(args.board), "players": args.players, "seed": args.seed, "policy": args.policy,
            "max_turns": args.max_turns or GameConfig().cap()}
    if args.start == 0 and args.players >= 6:
        print("note: start 0 with 6+ players is outside the rules (DR-S05), measured for comparison", file=sys.stderr)
    starts = (0, 3) if args.compare_start else (args.start,)
    reports: dict[Any, dict] = {}
    lengths: dict[str, list[int]] = {}
    for start in starts:
        config = GameConfig(players=args.players, start=start, max_turns=args.max_turns)
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
    return write_outputs(args, report, lengths)


def config_start(config: GameConfig) -> int:
    """The start position a configuration actually uses."""
    from .engine import start_position

    return start_position(config.players, config.start)


def write_outputs(args: argparse.Namespace, report: dict, lengths: dict[str, list[int]]) -> int:
    """Write --json and --plot; 0, or 2 when a file cannot be written."""
    try:
        if args.json:
            write_text_atomic(args.json, json.dumps(report, indent=1) + "\n")
            print(f"wrote {args.json}")
        if args.plot:
            from .plot import plot_png

            write_bytes_atomic(args.plot, plot_png(report, lengths))
            print(f"wrote {args.plot}")
    except OSError as exc:
        return _fail(f"cannot write: {exc}")
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
