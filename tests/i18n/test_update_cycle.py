"""An edit of a long rules paragraph, then `dojo i18n update` (twice): every catalog still passes
`msgfmt --check`, is byte for byte what GNU `msgcat --no-wrap` writes (so Poedit and Weblate with wrapping off
change nothing), reads back the same after a wrapped msgcat, and the fuzzy entry keeps its original source."""

from __future__ import annotations

import shutil
import subprocess

from generator.cli import main
from generator.i18n.catalogs import read_catalog

from .conftest import LANGS, REPO

OLD = "(The board is drawn without dead ends, so this should never happen: it is only a safeguard.)"
NEW = "(The board is drawn without dead ends, so this ought never to happen: it is only a safeguard.)"


def _entries(catalog):
    return [(m.id, m.context, m.string, sorted(m.flags), m.previous_id or None) for m in catalog if m.id]


def test_update_after_a_paragraph_edit_keeps_every_catalog_valid(tmp_path):
    root = tmp_path / "repo"
    for part in ("content", "locales", "templates", "generator"):
        shutil.copytree(REPO / part, root / part, ignore=shutil.ignore_patterns("*.mo", "__pycache__"))
    rules = root / "content/dojo/rules.md"
    text = rules.read_text(encoding="utf-8")
    assert OLD in text
    rules.write_text(text.replace(OLD, NEW), encoding="utf-8")
    for _ in range(2):  # a second update must not damage the previous msgid it read back
        assert main(["i18n", "update", "--root", str(root)]) == 0
    fuzzy = 0
    for path in sorted((root / "locales").glob("*/LC_MESSAGES/*.po")):
        check = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        again = subprocess.run(["msgcat", "--no-wrap", "-o", "-", str(path)], capture_output=True, check=True)
        assert again.stdout == path.read_bytes(), f"{path}: not what GNU gettext writes"  # Poedit/Weblate no-wrap
        again = subprocess.run(["msgcat", "--width=79", "-o", "-", str(path)], capture_output=True, check=True)
        copy = tmp_path / "roundtrip.po"
        copy.write_bytes(again.stdout)
        lang = path.parent.parent.name
        ours, theirs = read_catalog(path, lang).catalog, read_catalog(copy, lang).catalog
        assert _entries(ours) == _entries(theirs)
        for m in ours:
            if m.id and isinstance(m.id, str) and "ought never to happen" in m.id and lang != "en":
                fuzzy += 1
                assert m.fuzzy and m.previous_id == [m.id.replace("ought never to happen", "should never happen")]
    assert fuzzy == len(LANGS) - 1
