"""Benchmark: `dojo export tts --lang all` (three games in three languages) from a fresh process, the kits already
built (the export reuses them and their component cache, as the PDF build does): cold (build/tts and the export's
pictures in the component cache removed first: every card rendered, encoded and checked), cold with the pictures
cached (build/tts removed: as after a kit rebuilt with nothing printed changed) and warm (the export up to date),
wall and CPU seconds of each run, files and megabytes written. The issue's target: at most 10 s cold on 2 cores.

    python benchmarks/bench_tts.py [RUNS]
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def dojo(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args, "--root", str(ROOT)], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)


def main(runs: int = 3) -> int:
    """Build the kits if they are stale (not timed), then time the export `runs` times."""
    for lang in ("it", "en", "ru"):
        dojo("build", "--lang", lang)
    kinds = ("cold", "cold, pictures cached", "warm")
    for n in range(len(kinds) * runs):
        kind = kinds[n % len(kinds)]
        if kind.startswith("cold"):
            shutil.rmtree(ROOT / "build" / "tts", ignore_errors=True)
        if kind == "cold":
            shutil.rmtree(ROOT / "build" / "cache" / "components" / "tts-pictures", ignore_errors=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        dojo("export", "tts", "--lang", "all")
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        files = [p for p in (ROOT / "build" / "tts").rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files) / 1e6
        print(f"run {n // len(kinds) + 1} {kind + ':':22s} export tts --lang all {wall:5.2f} s wall, {cpu:5.2f} s CPU "
              f"(all processes), {len(files)} files, {size:.1f} MB, {os.cpu_count()} cores, "
              f"load {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
