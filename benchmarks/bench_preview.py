"""Live preview: time of the first render (until the page is served: first pages), the other pages, and the
re-render after one-string catalog edits (ru), with their median and p95, for a card string and for a booklet
paragraph (issue 44: at most 1 s median, 2 s p95 on 2 idle cores), and every edit. Run cold (no component cache)
and warm (after a build).

An edit reaches the browser after the watcher notices it (it looks every 0.25 s: 0.125 s on average) and the page
polls version.txt (every 0.7 s: 0.35 s on average): `in browser` adds those averages to the re-render.

`--against REV` runs the same edits on a git revision's generator too (exported with `git archive`), in the same
run, side by side (the machine's speed swings by a third from one run to the next)."""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, os.environ.get("BENCH_SOURCE", str(ROOT)))  # --against: the revision's generator

try:
    from generator.commands.preview import Preview  # noqa: E402
except ImportError:  # --against a revision before the command layer (issue 46): the preview lived in i18n/
    from generator.i18n.preview import Preview  # noqa: E402

EDITS = [("card", "dojo.po", 'msgstr "Туман Додзё"', 'msgstr "Туман Додзё!"'),  # a card title
         ("card", "duel.po", 'msgstr "Урон"', 'msgstr "Урон!"'),
         ("other", "kit.po", 'msgstr "Калибровка двусторонней печати"', 'msgstr "Калибровка двусторонней печати!"'),
         ("booklet", "duel.po", 'msgstr "Разъяснения для этого набора"', 'msgstr "Разъяснения этого набора"'),
         ("booklet", "dojo-rules.po", "каждого игрока есть позиция", "каждого игрока всегда есть позиция"),
         ("card", "ground.po", 'msgstr "ИСПОЛЬЗОВАН"', 'msgstr "ПОТРАЧЕН"'),
         ("other", "site.po", 'msgstr "Версия"', 'msgstr "Версия набора"')]  # index.html
NOTICE = 0.125 + 0.35  # the watcher's and the page's average polling delays (s)


def _figures(took: list[float]) -> str:
    took = sorted(took)
    p95 = took[max(0, round(0.95 * len(took)) - 1)]
    return (f"median {statistics.median(took):.2f} s, p95 {p95:.2f} s, max {took[-1]:.2f} s (in browser: median "
            f"{statistics.median(took) + NOTICE:.2f} s, p95 {p95 + NOTICE:.2f} s)")


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
    took: dict[str, list[float]] = {}
    for kind, name, old, new in EDITS * 4:
        path = root / "locales/ru/LC_MESSAGES" / name
        text = path.read_text(encoding="utf-8")
        if old not in text and new not in text:
            print(f"{label}: skipped {name}: {old!r} is not in this revision's catalog")
            continue
        if old not in text:
            old, new = new, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        drawn, seconds = preview.rebuild([path])
        if not drawn:
            raise SystemExit(f"{name}: the edit to {new} drew nothing: {[p.render() for p in preview.problems]}")
        took.setdefault(kind, []).append(seconds)
    for kind in ("card", "booklet"):
        if took.get(kind):
            print(f"{label}: {len(took[kind])} {kind} edits: {_figures(took[kind])}")
    every = [t for ts in took.values() for t in ts]
    print(f"{label}: {len(every)} one-string edits: {_figures(every)}")


def main() -> None:
    """Copy the project; cold preview, then warm (a second preview over the cache the first one filled); with
    --against REV, the same for that revision's generator, in a subprocess, one after the other."""
    import subprocess

    args = sys.argv[1:]
    source = Path(os.environ.get("BENCH_SOURCE", ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for part in ("content", "locales", "templates"):
            shutil.copytree(source / part, root / part)
        run(os.environ.get("BENCH_LABEL", "this tree") + ", cold", root)
        run(os.environ.get("BENCH_LABEL", "this tree") + ", warm", root)
    if args[:1] == ["--against"] and len(args) > 1:
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(f"git -C {ROOT} archive {args[1]} | tar -x -C {tmp}", shell=True, check=True)
            env = {**os.environ, "PYTHONPATH": tmp, "BENCH_SOURCE": tmp, "BENCH_LABEL": args[1]}
            subprocess.run([sys.executable, __file__], env=env, check=True, cwd=tmp)


if __name__ == "__main__":
    main()
