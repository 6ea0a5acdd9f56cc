"""Benchmark: render time of every GROUND, duel and rules-booklet component per language (prints figures)."""

from __future__ import annotations

import time
from pathlib import Path

from generator.kit.build import prepare
from generator.plan.model import BuildOptions
from generator.plan.registry import COMPONENTS

ROOT = Path(__file__).resolve().parents[1]
MEASURED = tuple(c for c in COMPONENTS if c.game in ("ground", "duel") or c.id.endswith("-rules"))


def main() -> int:
    """One line per component and language: seconds, files, pages, bytes."""
    for lang in ("it", "en", "ru"):
        ctx = prepare(ROOT, BuildOptions(lang))
        total = 0.0
        for component in MEASURED:
            t0 = time.perf_counter()
            arts = component.build(ctx, [])
            secs = time.perf_counter() - t0
            total += secs
            pages = sum(a.pages or 0 for a in arts)
            size = sum(len(a.data) for a in arts)
            print(f"{lang} {component.id:<24} {secs:6.2f} s {len(arts):3d} files {pages:4d} pages {size / 1e6:6.2f} MB")
        print(f"{lang} total {total:6.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
