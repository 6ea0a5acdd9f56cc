"""Seconds per kit component (render only, in memory) for each language: `python benchmarks/bench_render.py [it en ru]`."""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(langs: list[str]) -> None:
    """Prepare once per language, then time every registered component."""
    t0 = time.perf_counter()
    from generator.kit.build import prepare
    from generator.kit.model import BuildOptions
    from generator.kit.registry import COMPONENTS

    print(f"imports: {time.perf_counter() - t0:.3f} s")
    for lang in langs:
        t = time.perf_counter()
        ctx = prepare(ROOT, BuildOptions(lang=lang))
        print(f"[{lang}] prepare: {time.perf_counter() - t:.3f} s")
        total, artifacts = 0.0, []
        for component in COMPONENTS:
            t, c = time.perf_counter(), time.process_time()
            made = component.build(ctx, artifacts)
            dt, dc = time.perf_counter() - t, time.process_time() - c
            total += dt
            artifacts += made
            size = sum(len(a.data) for a in made) / 1024
            print(f"[{lang}] {component.id:24s} {dt:6.3f} s ({dc:6.3f} s CPU) {len(made):2d} files {size:8.0f} KiB")
        print(f"[{lang}] all components: {total:.3f} s")


if __name__ == "__main__":
    main(sys.argv[1:] or ["it", "en", "ru"])
