"""Seconds per kit component (render only, in memory) for each language: `python benchmarks/bench_render.py [it en ru]`."""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(langs: list[str]) -> None:
    """Prepare once per language, then time every registered builder."""
    t0 = time.perf_counter()
    from generator.kit.build import prepare
    from generator.kit.components import BUILDERS, builders
    from generator.components.dojo_kit import DOJO_COMPONENTS
    from generator.kit.model import BuildOptions

    print(f"imports: {time.perf_counter() - t0:.3f} s")
    for lang in langs:
        t = time.perf_counter()
        ctx = prepare(ROOT, BuildOptions(lang=lang))
        print(f"[{lang}] prepare: {time.perf_counter() - t:.3f} s")
        total = 0.0
        for name, build in zip(BUILDERS, builders()):
            t, c = time.perf_counter(), time.process_time()
            artifacts = build(ctx)
            dt, dc = time.perf_counter() - t, time.process_time() - c
            total += dt
            size = sum(len(a.data) for a in artifacts) / 1024
            print(f"[{lang}] {name:52s} {dt:6.3f} s ({dc:6.3f} s CPU) {len(artifacts):2d} files {size:8.0f} KiB")
        print(f"[{lang}] all components: {total:.3f} s")
        for name in DOJO_COMPONENTS:  # inside the Dojo kit builder, one by one
            module, func = name.split(":")
            build = getattr(importlib.import_module(module), func)
            t = time.perf_counter()
            build(ctx)
            print(f"[{lang}]   dojo: {name:52s} {time.perf_counter() - t:6.3f} s")


if __name__ == "__main__":
    main(sys.argv[1:] or ["it", "en", "ru"])
