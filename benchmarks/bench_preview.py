"""Live preview: time of the first render (until the page is served: first pages), the other pages, and the
re-render after one-string catalog edits (ru), with their median and p95. Run cold (no component cache) and
warm (after a build). Targets (issue 31): first render at most 5 s, an edit visible in at most 1 s (p95)."""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.i18n.preview import Preview  # noqa: E402

EDITS = [("dojo.po", 'msgstr "Туман Додзё"', 'msgstr "Туман Додзё!"'),  # a card title
         ("duel.po", 'msgstr "Урон"', 'msgstr "Урон!"'),
         ("kit.po", 'msgstr "Калибровка двусторонней печати"', 'msgstr "Калибровка двусторонней печати!"'),
         ("duel.po", 'msgstr "Решения для этого набора"', 'msgstr "Решения этого набора"'),  # booklet data
         ("ground.po", 'msgstr "ИСПОЛЬЗОВАН"', 'msgstr "ПОТРАЧЕН"'),
         ("site.po", 'msgstr "Версия"', 'msgstr "Версия набора"')]  # index.html


def run(label: str, root: Path) -> None:
    preview = Preview(root, "ru")
    start = time.perf_counter()
    n, _ = preview.rebuild([root / "content"], first_only=True)
    first = time.perf_counter() - start
    start = time.perf_counter()
    preview.draw_pages()
    rest = time.perf_counter() - start
    cov = preview.coverage()
    print(f"{label}: first render {first:.2f} s ({n} components, first pages), other pages {rest:.2f} s, "
          f"{cov.printed} of {cov.total} entries mapped, {len(cov.unreached)} only in a state no build reaches")
    took = []
    for name, old, new in EDITS * 3:
        path = root / "locales/ru/LC_MESSAGES" / name
        text = path.read_text(encoding="utf-8")
        if old not in text:
            old, new = new, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        drawn, seconds = preview.rebuild([path])
        if not drawn:
            raise SystemExit(f"{name}: the edit to {new} drew nothing: {[p.render() for p in preview.problems]}")
        took.append(seconds)
    took.sort()
    p95 = took[max(0, round(0.95 * len(took)) - 1)]
    print(f"{label}: {len(took)} one-string edits: median {statistics.median(took):.2f} s, p95 {p95:.2f} s, "
          f"max {took[-1]:.2f} s")


def main() -> None:
    """Copy the project; cold preview, then warm (a second preview over the cache the first one filled)."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for part in ("content", "locales", "templates"):
            shutil.copytree(ROOT / part, root / part)
        run("cold", root)
        run("warm", root)


if __name__ == "__main__":
    main()
