"""GROUND simulator speed: games per CPU second per core, by policy and player count (target: at least 200)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.content.ground import load_ground  # noqa: E402
from generator.sim.ground.engine import GameConfig  # noqa: E402
from generator.sim.ground.runner import run_games  # noqa: E402

TARGET = 200


def measure(data, players: int, policy: str, games: int, seed: int) -> float:
    """Games per CPU second of this process (one core), over every Scenario and Mode."""
    configs = [GameConfig(s.id, m.id, players) for s in data.scenarios for m in data.modes]
    per = max(1, games // len(configs))
    c0 = time.process_time()
    results = run_games(data, configs, per, seed, policy, 1)
    cpu = time.process_time() - c0
    assert len(results) == per * len(configs) and all(r.finished for r in results)
    return len(results) / cpu


def main() -> int:
    """Print games per CPU second for each policy and player count; exit 1 below the target."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1800, help="games per policy and player count")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    data, problems = load_ground(ROOT)
    if data is None:
        print("\n".join(p.render() for p in problems), file=sys.stderr)
        return 2
    print(f"load average: {os.getloadavg()[0]:.2f}; cores: {os.cpu_count()}; {args.games} games per row, one core")
    worst = None
    for policy in ("heuristic", "random"):
        for players in range(2, 7):
            rate = measure(data, players, policy, args.games, args.seed)
            worst = rate if worst is None else min(worst, rate)
            print(f"{policy:9} {players} players: {rate:7.0f} games per CPU second")
    print(f"slowest: {worst:.0f} games per CPU second per core (target {TARGET})")
    return 0 if worst >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
