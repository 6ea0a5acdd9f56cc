"""Where a cold one-language build spends its time: per phase and per component, on one core (prints figures).

`python benchmarks/bench_profile.py [LANG] [--cprofile N]` runs phase one and renders every component in this
process, one after the other (no cache, no workers), and prints seconds per phase and per component with the
files and pages each writes. `--cprofile N` also prints the N functions with the most own time.
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


def main(argv: list[str]) -> int:
    """Print the figures."""
    lang = next((a for a in argv if not a.startswith("-") and not a.isdigit()), "it")
    top = int(argv[argv.index("--cprofile") + 1]) if "--cprofile" in argv else 0
    profiler = cProfile.Profile() if top else None
    if profiler:
        profiler.enable()
    rows: list[tuple[str, float, str]] = []
    t = time.perf_counter()

    def lap(name: str, note: str = "") -> None:
        nonlocal t
        now = time.perf_counter()
        rows.append((name, now - t, note))
        t = now

    from generator.kit import build, registry  # noqa: E402  (timed: the imports are part of a cold build)
    from generator.kit.model import BuildOptions
    from generator.render.fonts import prime_cairo_fonts

    lap("phase 0: import the generator")
    ctx = build.prepare(ROOT, BuildOptions(lang=lang))
    lap("phase 1: load, check, proof (cached), catalogs")
    prime_cairo_fonts()
    lap("fonts primed")
    artifacts = []
    for component in registry.COMPONENTS:
        made = component.build(ctx, list(artifacts))
        lap(f"  render {component.id}", f"{len(made)} files, {sum(a.pages or 0 for a in made)} pages")
        build.verify({a.path: a.data for a in made}, [a.manifest_entry("") for a in made])
        lap(f"  verify {component.id}")
        artifacts += made
    if profiler:
        profiler.disable()
    render = sum(s for n, s, _ in rows if n.startswith("  render"))
    check = sum(s for n, s, _ in rows if n.startswith("  verify"))
    for name, secs, note in rows:
        if not name.startswith("  verify"):
            print(f"{name:<50} {secs:6.2f} s  {note}")
    print(f"{'render (all components)':<50} {render:6.2f} s  "
          f"{len(artifacts)} files, {sum(a.pages or 0 for a in artifacts)} pages")
    print(f"{'verify (read every file back)':<50} {check:6.2f} s")
    print(f"{'total':<50} {sum(s for _, s, _ in rows):6.2f} s")
    if profiler:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
