"""Sweep throughput: games per CPU second on one core for each engine and policy, as `dojo sweep` plays them
(one slice in this process: no process start-up), and optionally the time of a whole Dojo sweep.

    PYTHONPATH=$PWD python benchmarks/bench_sweep.py [--games N] [--sweep]

The figures are CPU seconds of this process (time.process_time), so other load on a shared machine slows the
wall clock but not the figure much. Targets (issue 30): Dojo >= 2,000, GROUND >= 5,000, duel lookahead >= 1,000.
--sweep also times `dojo sweep` of 20 rule variants x 4 player counts on every core (the issue's 800,000-game
sweep scaled down to --sweep-games per cell) and extrapolates to 10,000 games per cell.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.sim.sweep.games import load, play  # noqa: E402

CASES = (  # (game, policy, games relative to --games, extra cell fields)
    ("dojo", "p0", 1.0, {"board": "content/dojo/board/quadrant.txt"}),
    ("dojo", "random", 0.01, {"board": "content/dojo/board/quadrant.txt"}),
    ("ground", "heuristic", 2.0, {"scenario": "sc-group-project", "mode": "mode-common-problem"}),
    ("ground", "rival", 2.0, {"scenario": "sc-group-project", "mode": "mode-common-problem"}),
    ("ground", "random", 1.0, {"scenario": "sc-group-project", "mode": "mode-common-problem"}),
    ("ground", "solver", 2.0, {"scenario": "sc-group-project", "mode": "mode-common-problem"}),
    ("duel", "hunter", 0.5, {}),
    ("duel", "random", 1.0, {}),
)
TARGET = {"dojo": 2000, "ground": 5000, "duel": 1000}


def rate(game: str, policy: str, games: int, extra: dict) -> float:
    """Games per CPU second of one slice of `games` games (content loaded beforehand, tables warmed up)."""
    os.chdir(ROOT)
    ctx = load(game, ROOT, [extra["board"]] if "board" in extra else [])
    cell = {"game": game, "players": 2 if game == "duel" else 4, "policy": policy, "rules": {}, **extra}
    play(ctx, cell, 99, 0, 5)  # warm-up: tables, variants
    c0 = time.process_time()
    tally = play(ctx, cell, 1, 0, games)
    assert tally.games == games
    return games / (time.process_time() - c0)


def main() -> int:
    """Print games per CPU second per engine and policy (and the sweep's time with --sweep)."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--sweep", action="store_true")
    ap.add_argument("--sweep-games", type=int, default=500)
    args = ap.parse_args()
    print(f"cores: {os.cpu_count()}; load average {os.getloadavg()[0]:.2f}")
    for game, policy, share, extra in CASES:
        r = rate(game, policy, max(10, int(args.games * share)), extra)
        mark = "" if policy not in ("p0", "heuristic", "hunter") else \
            f"  (target {TARGET[game]:,}: {'met' if r >= TARGET[game] else 'NOT met'})"
        print(f"{game:7s} {policy:22s} {r:8,.0f} games per CPU second{mark}")
    if args.sweep:
        from generator.cli import main as dojo

        rules = ["--rule", "U22=true,false", "--rule", "U21=true,false", "--rule", "U31=1000,1500,2000,2500,3000"]
        with tempfile.TemporaryDirectory() as out:
            t0 = time.perf_counter()
            code = dojo(["sweep", "--game", "dojo", *rules, "--players", "3-6", "--games", str(args.sweep_games),
                         "--out", out])
            dt = time.perf_counter() - t0
        games = 20 * 4 * args.sweep_games
        print(f"sweep of 20 variants x 4 player counts x {args.sweep_games} games ({games:,}): {dt:.1f} s wall, exit "
              f"{code}; at this rate 800,000 games take {dt * 800_000 / games / 60:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
