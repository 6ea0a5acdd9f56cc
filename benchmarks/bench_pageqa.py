"""Cost of the read-back page QA in a build: `python benchmarks/bench_pageqa.py [it en ru]`.

Renders each language's components in memory, in one process (timed apart), then times the page QA over every PDF: wall and CPU
seconds, pages per second, and its share of the render time; then, alternated 3 times, the page QA with each card
face and typeset booklet page read once (pageqa/faces.py, as a build runs it) against every page read from itself
(Artifact.placed left out), the least CPU of each, over every PDF and over the booklets' alone.
"""

from __future__ import annotations

import dataclasses
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
        booklets = [a for a in pdfs if a.path.startswith("rules/")]  # the booklet pages (faces.PAGE_FORM)
        for part, files, count in (("all", pdfs, pages), ("booklets", booklets, sum(a.pages or 0 for a in booklets))):
            every = [dataclasses.replace(a, placed=()) for a in files]
            expected = page_problems(files, lang, (0.0, 0.0), term_spellings(ctx))
            best: dict[str, list[float]] = {"faces read once": [], "every page read": []}
            for _ in range(3):
                for name, these in (("faces read once", files), ("every page read", every)):
                    c = time.process_time()
                    found = page_problems(these, lang, (0.0, 0.0), term_spellings(ctx))
                    best[name].append(time.process_time() - c)
                    assert found == expected, "the same findings either way"
            print(f"[{lang}] {part} ({count} pages): " + "; ".join(
                f"{name}: {min(v):.3f} s CPU ({min(v) / count * 1000:.1f} ms a page)" for name, v in best.items()))


if __name__ == "__main__":
    main(sys.argv[1:] or ["it", "en", "ru"])
