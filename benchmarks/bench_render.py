"""Where a cold build spends its time, per phase and per component, on one core (prints figures).

`python benchmarks/bench_render.py [it en ru] [--cprofile N]`: imports, phase one (load, check, proof cached,
catalogs) and every registered component rendered in this process one after the other (no cache, no workers,
no page QA: benchmarks/bench_pageqa.py measures that), with wall and CPU seconds, files, pages and size of each,
then the previews a build adds (render/preview.py) and the read-back (verify) of its files.
`--cprofile N` also prints the N functions with the most own time and the N with the most cumulative time.
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SOURCE_DATE_EPOCH", "1767225600")


def main(argv: list[str]) -> None:
    """Prepare once per language, then time every registered component."""
    top = int(argv[argv.index("--cprofile") + 1]) if "--cprofile" in argv else 0
    langs = [a for a in argv if not a.startswith("-") and not a.isdigit()] or ["it", "en", "ru"]
    profiler = cProfile.Profile() if top else None
    if profiler:
        profiler.enable()
    t0 = time.perf_counter()
    import importlib

    from generator.kit.build import prepare, verify
    from generator.render.preview import missing_previews
    from generator.plan.model import BuildOptions
    from generator.plan.registry import COMPONENTS
    from generator.render.fonts import prime_cairo_fonts

    for module in dict.fromkeys(c.builder.split(":")[0] for c in COMPONENTS):
        importlib.import_module(module)  # as a build does before its workers fork: not counted in a component
    print(f"imports: {time.perf_counter() - t0:.3f} s")
    for lang in langs:
        t = time.perf_counter()
        ctx = prepare(ROOT, BuildOptions(lang=lang))
        prime_cairo_fonts()
        print(f"[{lang}] prepare: {time.perf_counter() - t:.3f} s")
        total, checked, previewed, artifacts = 0.0, 0.0, 0.0, []
        for component in COMPONENTS:
            t, c = time.perf_counter(), time.process_time()
            made = component.build(ctx, artifacts)
            dt, dc = time.perf_counter() - t, time.process_time() - c
            t = time.perf_counter()
            made += [] if component.from_artifacts else missing_previews(made)
            previewed += time.perf_counter() - t
            t = time.perf_counter()
            verify({a.path: a.data for a in made}, [a.manifest_entry("") for a in made])
            checked += time.perf_counter() - t
            total += dt
            artifacts += made
            size = sum(len(a.data) for a in made) / 1024
            pages = sum(a.pages or 0 for a in made)
            print(f"[{lang}] {component.id:24s} {dt:6.3f} s ({dc:6.3f} s CPU) {len(made):2d} files {pages:3d} pages "
                  f"{size:8.0f} KiB")
        print(f"[{lang}] all components: {total:.3f} s, {sum(a.pages or 0 for a in artifacts)} pages; "
              f"previews they lack: {previewed:.3f} s; verify: {checked:.3f} s")
    if profiler:
        profiler.disable()
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("tottime").print_stats(top)
        stats.sort_stats("cumulative").print_stats(top)
        print(out.getvalue())


if __name__ == "__main__":
    main(sys.argv[1:])
