"""Benchmark: warm `make pnp LANG=it`, cold and warm `dojo build`, and a full `make release` (prints figures)."""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOJO = str(ROOT / ".venv" / "bin" / "dojo")


def timed(cmd: list[str], runs: int = 3) -> float:
    """Median wall time of a command, in seconds (fails loudly when the command fails)."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> int:
    """Print the build figures the release issue asks for."""
    subprocess.run(["make", "-s", "pnp", "LANG=it"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    rows = [
        ("warm make pnp LANG=it (up to date)", timed(["make", "-s", "pnp", "LANG=it"], 5)),
        ("cold dojo build --lang it --force", timed([DOJO, "build", "--lang", "it", "--force"], 2)),
    ]
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    rows.append(("full make release, nothing built (cold)", timed(["make", "-s", "release"], 1)))
    rows.append(("make release again (up to date)", timed(["make", "-s", "release"], 3)))
    for name, secs in rows:
        print(f"{name:<45} {secs:7.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
