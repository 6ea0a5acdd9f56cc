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


def test_babel_broken_previous_lines_are_an_error_for_check_a_warning_for_a_build_and_repaired_by_update(project):
    import io

    from babel.messages.pofile import write_po

    from generator.i18n.gate import check_language
    from generator.i18n.workflow import update_catalogs

    from .conftest import LANGS as FIXTURE_LANGS, po

    path = po(project, "it", "dojo-rules")
    catalog = read_catalog(path, "it").catalog
    m = catalog.get("Shuffle the deck. Each player takes *three* cards.")
    m.flags.add("fuzzy")
    m.previous_id = ["Shuffle the whole deck of cards very well. Each player then takes three cards from it, "
                     "face down, and keeps them hidden."]
    buf = io.BytesIO()
    write_po(buf, catalog, width=76, include_previous=True)  # what Babel 2.19 writes: broken #| lines
    path.write_bytes(buf.getvalue())
    assert subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True).returncode != 0
    line = next(n for n, t in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if t.startswith("#|"))
    strict = [p for p in check_language(project, "it") if p.severity == "error"]
    assert [(p.rule, p.line) for p in strict] == [("po-syntax", line)] and "previous msgid (#|)" in strict[0].message
    dev = check_language(project, "it", strict=False)
    assert ("po-previous", "warning", line) in {(p.rule, p.severity, p.line) for p in dev}
    assert not [p for p in dev if p.severity == "error"]
    update_catalogs(project, FIXTURE_LANGS)
    assert subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True).returncode == 0
    assert read_catalog(path, "it").catalog.get("Shuffle the deck. Each player takes *three* cards.").fuzzy
