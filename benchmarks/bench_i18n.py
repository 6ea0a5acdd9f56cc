"""Benchmark: what the catalog gate adds to every build (extraction, checks per language, pseudo-locale)."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.i18n.catalogs import catalog_paths  # noqa: E402
from generator.i18n.extract import extract_all  # noqa: E402
from generator.i18n.gate import check_language  # noqa: E402
from generator.i18n.runtime import load_translations  # noqa: E402


def timed(func, runs: int = 5) -> float:
    """Median wall time of func(), in milliseconds."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        func()
        times.append(time.perf_counter() - t0)
    return 1000 * statistics.median(times)


def main() -> int:
    """Print the figures."""
    extraction = extract_all(ROOT)
    messages = sum(len([m for m in c if m.id]) for c in extraction.templates.values())
    entries = {lang: len(catalog_paths(ROOT, lang)) for lang in ("it", "en", "ru")}
    print(f"{messages} messages extracted; catalogs per language: {entries}")
    rows = [("extract every domain (templates, code, content, rules)", timed(lambda: extract_all(ROOT)))]
    for lang in ("it", "en", "ru"):
        rows.append((f"check {lang} (with extraction: what prepare() runs)", timed(lambda: check_language(ROOT, lang))))
        rows.append((f"compile {lang} catalogs in memory", timed(lambda: load_translations(ROOT, lang))))
    rows.append(("generate the pseudo-locale xx", timed(lambda: load_translations(ROOT, "xx"))))
    for name, ms in rows:
        print(f"{name:60s} {ms:8.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
