"""Simulator speed: four-player P0 games per second with --jobs 1 and 2 on the project board (prints figures)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.board.load import load_quadrant  # noqa: E402
from generator.board.model import build_board  # noqa: E402
from generator.sim.dojo.cards import load_deck  # noqa: E402
from generator.sim.dojo.engine import GameConfig  # noqa: E402
from generator.sim.dojo.runner import run_games  # noqa: E402


def measure(board, games: int, jobs: int, seed: int, start: int | None) -> tuple[float, float, float]:
    """(games per wall second, wall seconds, CPU seconds of this process) for one run, table warm-up included."""
    t0, c0 = time.perf_counter(), time.process_time()
    results = run_games(board, GameConfig(players=4, start=start, deck=load_deck(ROOT)), games, seed, "p0", jobs)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    assert len(results) == games
    return games / dt, dt, cpu


def main() -> int:
    """Print games/s for each job count (wall clock: other load on the machine lowers it)."""
    print(f"load average: {os.getloadavg()[0]:.2f}")
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--start", type=int, choices=(0, 3), default=0)
    ap.add_argument("--jobs", type=int, nargs="*", default=[1, 2])
    args = ap.parse_args()
    board = build_board(load_quadrant(ROOT / "content/dojo/board/quadrant.txt").quadrant)
    print(f"cores: {os.cpu_count()}; {args.games} four-player P0 games, seed {args.seed}, start {args.start}")
    for jobs in args.jobs:
        rate, dt, cpu = measure(board, args.games, jobs, args.seed, args.start)
        per_cpu = f"; {args.games / cpu:.0f} games per CPU second" if jobs == 1 else ""
        print(f"--jobs {jobs}: {rate:8.0f} games/s ({dt:.2f} s wall{per_cpu})")
    rate, dt, _cpu = measure(board, 10_000, max(args.jobs), args.seed, args.start)
    print(f"10,000 games with --jobs {max(args.jobs)}: {dt:.2f} s ({rate:.0f} games/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
