"""Benchmark: one language's print-shop export (`dojo export print --vendor dtc|pdfx4 --lang it`) against a cold
kit build of the same language (`dojo build --lang it --force`), side by side in one run (the machine's speed
swings by a third): CPU seconds of every process of each command, its peak memory (the largest resident set of
the command's processes) and the ratio export / build. The issue's targets: an export at most 1.5x the CPU of
the cold build, at most 300 MB peak.

    python benchmarks/bench_print.py [RUNS] [--lang it]
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_RATIO, TARGET_MB = 1.5, 300
MEASURE = """
import json, resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, capture_output=True)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"cpu": usage.ru_utime + usage.ru_stime, "peak_mb": usage.ru_maxrss / 1024}))
"""


def measure(*args: str) -> dict:
    """CPU seconds and peak MB of one `dojo` command, measured by a fresh process that only waits for it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-c", MEASURE, sys.executable, "-m", "generator.cli", *args, "--root", str(ROOT)]
    out = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main(runs: int = 2, lang: str = "it") -> int:
    measure("build", "--lang", lang)  # the kit the exports read (not timed)
    worst = 0.0
    for n in range(1, runs + 1):
        build = measure("build", "--lang", lang, "--force")
        print(f"run {n}: cold build --lang {lang}: {build['cpu']:6.2f} s CPU, {build['peak_mb']:5.0f} MB peak")
        for vendor in ("dtc", "pdfx4"):
            export = measure("export", "print", "--vendor", vendor, "--lang", lang)
            ratio = export["cpu"] / build["cpu"]
            worst = max(worst, ratio)
            print(f"run {n}: export print --vendor {vendor:5s}: {export['cpu']:6.2f} s CPU, {export['peak_mb']:5.0f} MB "
                  f"peak, {ratio:.2f}x the cold build (target <= {TARGET_RATIO}x, <= {TARGET_MB} MB)")
    print(f"worst ratio {worst:.2f}x; {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    lang = sys.argv[sys.argv.index("--lang") + 1] if "--lang" in sys.argv else "it"
    args = [a for a in args if a != lang]
    raise SystemExit(main(int(args[0]) if args else 2, lang))
