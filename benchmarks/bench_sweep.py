"""Sweep throughput: games per CPU second on one core for each engine and policy, as `dojo sweep` plays them
(one slice in a fresh process: content loaded and 200 games played first, so the board's walk tables are as a
sweep's worker has them after its first slice; no process start-up counted), and
optionally the time of a whole Dojo sweep.

    PYTHONPATH=$PWD python benchmarks/bench_sweep.py [--games N] [--rounds R] [--against REV] [--sweep]

The figures are CPU seconds of the measuring process (time.process_time): other load on a shared machine slows
the wall clock more than the figure, but a loaded machine (load average above the cores) still lowers it by up to
a third. So `--against REV` (a git revision, e.g. HEAD~1 or main) measures that commit's code too, in the same
minutes: each case alternates between the two trees R times (a fresh process each time, the best of 3 slices
in each), and prints the median of each and their ratio. Targets (issue 30): Dojo >= 2,000, GROUND >= 5,000,
duel lookahead >= 1,000 games per second per core.
--sweep also times `dojo sweep` of 20 rule variants x 4 player counts on every core (the issue's 800,000-game
sweep scaled down to --sweep-games per cell) and extrapolates to 10,000 games per cell.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CASES = (  # (game, policy, games relative to --games, extra cell fields)
    ("dojo", "p0", 1.0, {"board": "content/dojo/board/quadrant.txt"}),
    ("dojo", "random", 0.002, {"board": "content/dojo/board/quadrant.txt"}),  # wanders to the turn cap: ~1 s a game
    ("ground", "heuristic", 2.0, {"scenario": "sc-group-project", "mode": "mode-common-problem"}),
    ("ground", "rival", 2.0, {"scenario": "sc-group-project", "mode": "mode-common-problem"}),
    ("ground", "random", 1.0, {"scenario": "sc-group-project", "mode": "mode-common-problem"}),
    ("ground", "solver", 2.0, {"scenario": "sc-group-project", "mode": "mode-common-problem"}),
    ("duel", "hunter", 0.5, {}),
    ("duel", "random", 1.0, {}),
)
STRONGER = (  # the stronger policies of issue 30 (measured when the tree has them)
    ("dojo", "lookahead", 0.2, {"board": "content/dojo/board/quadrant.txt"}),
    ("dojo", "lookahead/p0", 0.5, {"board": "content/dojo/board/quadrant.txt"}),
    ("ground", "rollout", 0.05, {"scenario": "sc-group-project", "mode": "mode-common-problem"}),
    ("ground", "rollout/heuristic", 0.2, {"scenario": "sc-group-project", "mode": "mode-common-problem"}),
)
TARGET = {("dojo", "p0"): 2000, ("ground", "heuristic"): 5000, ("duel", "hunter"): 1000}

# Run in a fresh process inside the tree measured: only the sweep's load/play API, which every tree has.
CHILD = r"""
import json, os, sys, time
root, game, policy, games, extra = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), json.loads(sys.argv[5])
sys.path.insert(0, root)
os.chdir(root)
from pathlib import Path
from generator.sim.sweep.games import load, play
ctx = load(game, Path(root), [extra["board"]] if "board" in extra else [])
cell = {"game": game, "players": 2 if game == "duel" else 4, "policy": policy, "rules": {}, **extra}
try:
    play(ctx, cell, 99, 0, min(200, games))  # warm-up: the board's walk tables as a sweep worker has them soon
except KeyError:
    print("null"); sys.exit(0)  # a policy this tree does not have
best = None
for rep in range(3):
    c0 = time.process_time()
    tally = play(ctx, cell, 1 + rep, 0, games)
    dt = time.process_time() - c0
    assert tally.games == games
    best = dt if best is None else min(best, dt)
print(json.dumps(games / best))
"""


def measure(tree: Path, game: str, policy: str, games: int, extra: dict) -> float | None:
    """Games per CPU second of the best of 3 slices of `games` games in a fresh process in `tree`."""
    out = subprocess.run([sys.executable, "-c", CHILD, str(tree), game, policy, str(games), json.dumps(extra)],
                         capture_output=True, text=True, check=True, env={**os.environ, "PYTHONPATH": str(tree)})
    return json.loads(out.stdout.strip().splitlines()[-1])


def export(rev: str, into: Path) -> Path:
    """The files of git revision `rev` (git archive) in `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main() -> int:
    """Print games per CPU second per engine and policy (against another commit with --against)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=1, help="processes per case and tree (alternating trees)")
    ap.add_argument("--against", metavar="REV", help="also measure this git revision, side by side")
    ap.add_argument("--only", help="only the cases of this game (dojo, ground, duel)")
    ap.add_argument("--sweep", action="store_true")
    ap.add_argument("--sweep-games", type=int, default=500)
    args = ap.parse_args()
    rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                         text=True).stdout.strip() or "this tree"
    print(f"cores: {os.cpu_count()}; load average {os.getloadavg()[0]:.2f}; games per CPU second on one core, "
          f"median of {args.rounds} process(es), each the best of 3 slices")
    with tempfile.TemporaryDirectory() as tmp:
        trees = [(f"{rev} (this tree)", ROOT)]
        if args.against:
            trees.append((args.against, export(args.against, Path(tmp))))
        head = "".join(f"{name:>24s}" for name, _ in trees) + ("      ratio" if args.against else "")
        print(f"{'game':7s} {'policy':12s}{head}")
        for game, policy, share, extra in CASES + STRONGER:
            if args.only and game != args.only:
                continue
            games = max(4, int(args.games * share))
            runs: list[list[float]] = [[] for _ in trees]
            for _ in range(args.rounds):
                for k, (_, tree) in enumerate(trees):
                    r = measure(tree, game, policy, games, extra)
                    if r is not None:
                        runs[k].append(r)
            med = [statistics.median(r) if r else None for r in runs]
            if med[0] is None:
                continue
            cells = "".join(f"{m:24,.0f}" if m is not None else f"{'-':>24s}" for m in med)
            ratio = f"  {med[0] / med[1]:8.2f}x" if len(med) > 1 and med[1] else ""
            target = TARGET.get((game, policy))
            mark = f"  (target {target:,}: {'met' if med[0] >= target else 'NOT met'})" if target else ""
            print(f"{game:7s} {policy:12s}{cells}{ratio}{mark}", flush=True)
    if args.sweep:
        sys.path.insert(0, str(ROOT))
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
