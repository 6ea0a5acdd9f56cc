"""`dojo sim --game ground`: seeded GROUND games of the sample edition; outcomes, Problems, stress, DARVO, seats."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ...content.ground import GroundData, load_ground
from ...content.ground_rulings import RULING_CHOICES
from ...output.userfile import OutputError, write_output
from ..cli import fail
from .engine import MODES, GameConfig
from .lab import LAB as LAB, with_ruling  # LAB: the balance lab's (sim/lab.py)
from .policies import POLICIES
from .report import rows, summarise
from .runner import CHUNK as CHUNK, run_games  # CHUNK: read by the dispatcher (sim/cli.py)

OPTIONS = ("scenario", "mode")  # the dests of add_arguments (the dispatcher refuses them for other games)
PLAYERS = (2, 6)
POLICY_NAMES = tuple(POLICIES)  # the one registry (policies.py); pairings A/B are the sweep's
MAX_TOTAL_GAMES = 1_000_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options only `--game ground` takes."""
    g = parser.add_argument_group("--game ground")
    g.add_argument("--scenario", default=None, help="Scenario card id (default: every Scenario of the edition)")
    g.add_argument("--mode", default=None, help="Mode card id, e.g. mode-shared-ground (default: every Mode)")


def parse_rule(rid: str, value: object) -> tuple[str, object]:
    """`--rule G2=discard-solution`: a ruling of content/ground/rulings.toml with a value the engine implements."""
    if rid not in RULING_CHOICES:
        raise ValueError(f"unknown ruling {rid}; the GROUND rulings are {', '.join(RULING_CHOICES)} "
                         f"(content/ground/rulings.toml)")
    if value not in RULING_CHOICES[rid]:
        raise ValueError(f"{rid} {value!r} is not implemented; use one of {', '.join(RULING_CHOICES[rid])}")
    return rid, value


def configs(data: GroundData, args: argparse.Namespace) -> list[GameConfig] | str:
    """Every (Scenario, player count, Mode) asked for, or a message naming a wrong id."""
    scenarios = [s.id for s in data.scenarios]
    modes = [m.id for m in data.modes if m.id in MODES]
    if args.scenario is not None and args.scenario not in scenarios:
        return f"--scenario {args.scenario}: the sample edition's Scenarios are {', '.join(scenarios)}"
    mode = args.mode if args.mode is None or args.mode.startswith("mode-") else f"mode-{args.mode}"
    if mode is not None and mode not in modes:
        return f"--mode {args.mode}: the Modes are {', '.join(modes)}"
    counts = [args.players] if args.players is not None else list(range(PLAYERS[0], PLAYERS[1] + 1))
    return [GameConfig(s, m, n) for s in ([args.scenario] if args.scenario else scenarios) for n in counts
            for m in ([mode] if mode else modes)]


def run(args: argparse.Namespace) -> int:
    """Play `--games` games for every selected Scenario, player count and Mode (and each --rule variant)."""
    if args.max_turns is not None:
        return fail("--max-turns: a GROUND game always lasts exactly 5 rounds (GR-O01)")
    data, problems = load_ground(Path.cwd())
    if data is None:
        for p in problems:
            print(p.render(), file=sys.stderr)
        return 2
    chosen = configs(data, args)
    if isinstance(chosen, str):
        return fail(chosen)
    total = args.games * len(chosen) * (1 + len(args.rules))
    if total > MAX_TOTAL_GAMES:
        return fail(f"--games {args.games} for {len(chosen)} combinations of Scenario, players and Mode is {total} "
                     f"games; keep it at most {MAX_TOTAL_GAMES} (choose --scenario, --players or --mode)")
    policy = args.policy or "heuristic"
    variants = [("rulings as printed", data)] + [(f"{rid}={value}", with_ruling(data, rid, value))
                                                for rid, value in args.rules]
    reports, totals = [], {}
    for label, variant in variants:
        results = run_games(variant, chosen, args.games, args.seed, policy, args.jobs)
        meta = {"variant": label, "policy": policy, "seed": args.seed, "games_per_combination": args.games,
                "scenario": args.scenario or "all", "players": args.players or "2-6", "mode": args.mode or "all"}
        reports.append(summarise(results, meta))
        totals[label] = [(r.mode, r.total, r.threshold) for r in results if r.finished]
    print_table(reports, args.explain)
    report = reports[0] if len(reports) == 1 else {**reports[0], "variants": reports[1:]}
    try:
        if args.json:
            write_output(args.json, json.dumps(report, indent=1) + "\n", "--json")
            print(f"wrote {args.json}")
        if args.plot:
            from .plot import plot_png

            write_output(args.plot, plot_png(reports[0], totals[variants[0][0]]), "--plot")
            print(f"wrote {args.plot}")
    except OutputError as exc:
        return fail(str(exc))
    return 1 if any(r["unfinished"] for r in reports) else 0


def print_table(reports: list[dict], explain: bool) -> None:
    """One column per variant (the printed rulings first), one row per measure."""
    from rich.console import Console
    from rich.table import Table

    head = reports[0]
    t = Table(title=f"dojo sim --game ground: {head['games']} games ({head['games_per_combination']} per Scenario, "
                    f"player count and Mode): Scenario {head['scenario']}, players {head['players']}, Mode "
                    f"{head['mode']}, policy {head['policy']}, seed {head['seed']}")
    t.add_column("measure")
    for r in reports:
        t.add_column(r["variant"], overflow="fold")
    columns = [dict(rows(r, explain)) for r in reports]
    for name in columns[0]:
        t.add_row(name, *(c.get(name, "-") for c in columns))
    Console(width=max(100, Console().width)).print(t)
