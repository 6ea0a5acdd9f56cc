"""Speed and memory figures of issue 16: cold one-language build (1 and all cores), cold release, peak memory.

`python benchmarks/bench_speed.py [--suite]` works in a temporary copy of the project (proof cached by a first
build), so build/ is never touched. Prints seconds (median of runs) and peak resident memory; `--suite` also
times the whole test suite (`pytest -n auto`). Also checks that a build on one core and on all cores write
byte-identical files (manifest hashes with SOURCE_DATE_EPOCH fixed).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "SOURCE_DATE_EPOCH": "1767225600", "PYTHONPATH": str(ROOT)}
DOJO = [sys.executable, "-m", "generator.cli"]


def timed(cmd: list[str], runs: int, cwd: Path = ROOT, before=lambda: None) -> float:
    """Median wall seconds of a command (fails loudly when the command fails)."""
    times = []
    for _ in range(runs):
        before()
        t0 = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, env=ENV, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def peak_rss_mb(cmd: list[str]) -> float:
    """Peak resident memory (MB) of the largest process a command ran (parent or one worker)."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL);"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, *cmd], env=ENV, check=True, capture_output=True, text=True)
    return int(out.stdout.strip()) / 1024


def hashes(kit: Path) -> dict[str, str]:
    """path -> sha256 of a built kit."""
    return {e["path"]: e["sha256"] for e in json.loads((kit / "manifest.json").read_text())["files"]}


def main(argv: list[str]) -> int:
    """Print the figures."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        proj = Path(tmp)
        for name in ("content", "locales", "templates"):
            shutil.copytree(ROOT / name, proj / name, ignore=shutil.ignore_patterns("*.mo"))
        shutil.copy(ROOT / "pyproject.toml", proj)
        build = [*DOJO, "build", "--lang", "it", "--root", str(proj), "--force"]
        subprocess.run(build, env=ENV, check=True, stdout=subprocess.DEVNULL)  # proof cached
        for jobs in ("1", "0"):
            out = proj / f"out-{jobs}"
            rows.append((f"cold dojo build --lang it --force --jobs {jobs}", timed([*build, "--jobs", jobs, "--out",
                                                                                   str(out)], 3), "s"))
        same = hashes(proj / "out-1" / "it") == hashes(proj / "out-0" / "it")
        rows.append(("peak RSS of one-language build (largest process)", peak_rss_mb(build), "MB"))
        cold = lambda: shutil.rmtree(proj / "build", ignore_errors=True)  # noqa: E731
        rows.append(("cold dojo release (empty build/, proof not cached)",
                     timed([*DOJO, "release", "--root", str(proj)], 1, before=cold), "s"))
    if "--suite" in argv:
        rows.append(("test suite (pytest -n auto)", timed([sys.executable, "-m", "pytest", "-q", "-n", "auto"], 1), "s"))
    for name, value, unit in rows:
        print(f"{name:<55} {value:8.2f} {unit}")
    print(f"one core and all cores byte-identical: {'yes' if same else 'NO'}")
    print(f"cores: {len(os.sched_getaffinity(0))}, load average: {os.getloadavg()[0]:.1f}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
