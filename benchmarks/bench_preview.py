"""Live preview: time of the first render and of the re-render after a one-string catalog edit (ru)."""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.i18n.preview import Preview  # noqa: E402

EDITS = [("dojo.po", 'msgstr "Туман Додзё"', 'msgstr "Туман додзё"'),
         ("duel.po", 'msgstr "Урон"', 'msgstr "Урон!"')]


def main() -> None:
    """Copy the project, render ru once, edit one string per catalog, re-render the affected components."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for part in ("content", "locales", "templates"):
            shutil.copytree(ROOT / part, root / part)
        preview = Preview(root, "ru")
        start = time.perf_counter()
        n, _ = preview.rebuild([root / "content"])
        print(f"first render: {n} components in {time.perf_counter() - start:.2f} s")
        for name, old, new in EDITS:
            path = root / "locales/ru/LC_MESSAGES" / name
            path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
            n, took = preview.rebuild([path])
            print(f"one-string edit in {name}: re-rendered {n} component(s) in {took:.2f} s")


if __name__ == "__main__":
    main()
