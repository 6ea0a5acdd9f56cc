"""Cost of the read-back page QA in a build: `python benchmarks/bench_pageqa.py [it en ru]`.

Renders each language's components in memory, in one process (timed apart), then times the page QA over every PDF: wall and CPU
seconds, pages per second, and its share of the render time.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(langs: list[str]) -> None:
    """Render once per language, then run the page QA and print what it cost."""
    from generator.components.common import term_spellings
    from generator.kit.build import prepare
    from generator.plan import registry
    from generator.plan.model import BuildOptions
    from generator.pageqa.check import page_problems

    for lang in langs:
        ctx = prepare(ROOT, BuildOptions(lang=lang))
        t, c = time.perf_counter(), time.process_time()
        artifacts = [a for comp in registry.COMPONENTS if not comp.from_artifacts for a in comp.build(ctx, [])]
        render_cpu = time.process_time() - c
        render_wall = time.perf_counter() - t
        pdfs = [a for a in artifacts if a.path.endswith(".pdf")]
        pages = sum(a.pages or 0 for a in pdfs)
        t, c = time.perf_counter(), time.process_time()
        problems = page_problems(pdfs, lang, (0.0, 0.0), term_spellings(ctx))
        cpu, wall = time.process_time() - c, time.perf_counter() - t
        print(f"[{lang}] page QA: {len(pdfs)} PDFs, {pages} pages, {len(problems)} finding(s): "
              f"{wall:.2f} s wall, {cpu:.2f} s CPU ({pages / cpu:.0f} pages/s CPU); "
              f"render {render_wall:.2f} s wall, {render_cpu:.2f} s CPU; QA/render CPU {cpu / render_cpu:.0%}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["it", "en", "ru"])
