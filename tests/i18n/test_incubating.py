"""A new, incubating language (German, added as data): its untranslated entries are one line per catalog with a
count and the first few entries, while a real error in it is shown in full; and it is given its glossary, so the
do-not-translate terms are checked in it too."""

from __future__ import annotations

import shutil

import pytest

from generator.cli import main
from generator.content.languages import TABLE
from generator.i18n.catalogs import catalog_path, read_catalog
from generator.i18n.gate import check_language
from generator.i18n.workflow import po_bytes
from tests.conftest import KIT_EPOCH, ROOT, copy_project

GERMAN = '\n[[language]]\ncode = "de"\nenglish = "German"\nnative = "Deutsch"\nstatus = "incubating"\n'


@pytest.fixture(scope="module")
def german(tmp_path_factory):
    """A project copy with German added by one table row and `dojo i18n init --lang de`."""
    mp = pytest.MonkeyPatch()
    mp.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    root = copy_project(tmp_path_factory.mktemp("german"))
    shutil.copytree(ROOT / "generator", root / "generator", ignore=shutil.ignore_patterns("__pycache__"))  # its strings
    (root / TABLE).write_text((root / TABLE).read_text(encoding="utf-8") + GERMAN, encoding="utf-8")
    assert main(["i18n", "init", "--lang", "de", "--root", str(root)]) == 0
    yield root
    mp.undo()


def _translate(root, domain, texts: dict) -> None:
    path = catalog_path(root, "de", domain)
    catalog = read_catalog(path, "de", root).catalog
    for (context, msgid), text in texts.items():
        catalog.get(msgid, context).string = text
    path.write_bytes(po_bytes(catalog))


def test_untranslated_entries_are_one_line_per_catalog_and_a_real_error_in_full(german, capsys):
    _translate(german, "dojo", {("dojo-nebbia/kaeshi", "Reroll your die."): "Würfle {n} noch einmal."})
    found = check_language(german, "de", strict=True)
    gaps = [p for p in found if p.rule == "untranslated"]
    files = [p.file for p in gaps]
    assert len(files) == len(set(files)) >= 7, files  # one per catalog (kit.pot: its strings are in code)
    dojo = next(p for p in gaps if p.file.endswith("de/LC_MESSAGES/dojo.po"))
    total = sum(1 for m in read_catalog(catalog_path(german, "de", "dojo"), "de", german).catalog
                if m.id and not m.string)
    assert dojo.message.startswith(f"{total} entries not translated") and total > 50
    assert dojo.message.count("msgid") == 3 and "dojo i18n stats --lang de" in dojo.hint
    [broken] = [p for p in found if p.rule == "placeholder"]  # the real error: its own line, file and entry
    assert broken.severity == "error" and broken.line and "Reroll your die." in broken.where
    assert check_language(german, "de", strict=False)  # a development build: the same lines, as warnings
    assert all(p.severity == "warning" for p in check_language(german, "de", strict=False) if p.rule == "untranslated")

    main(["i18n", "check", "--lang", "de", "--root", str(german)])
    err = capsys.readouterr().err
    assert len(err.splitlines()) < 40, err[:2000]  # was 1,887 lines before the summary
    _translate(german, "dojo", {("dojo-nebbia/kaeshi", "Reroll your die."): ""})


def test_a_released_language_still_lists_every_gap(project):
    path = catalog_path(project, "it", "dojo")
    catalog = read_catalog(path, "it", project).catalog
    emptied = [m for m in catalog if m.id and not m.pluralizable][:5]
    for m in emptied:
        m.string = ""
    path.write_bytes(po_bytes(catalog))
    gaps = [p for p in check_language(project, "it", strict=True) if p.rule == "untranslated"]
    assert len(gaps) == len(emptied) >= 3 and all(p.line and "entries" not in p.message for p in gaps)


def test_init_gives_the_new_language_its_glossary_and_the_protected_terms_are_checked(german, capsys):
    from generator.i18n.glossary import glossary_path, load_glossary

    path = glossary_path(german, "de")
    assert path.exists()  # written by `i18n init`
    terms, problems = load_glossary(german, "de")
    assert not problems and {"ground", "darvo", "gr", "ou", "nd", "seigan", "kumite"} <= {t.id for t in terms}
    assert all(t.dnt and t.target == t.source for t in terms)
    _translate(german, "ground", {("ground-solution-deck", "GROUND Solutions"): "BODEN-Lösungen"})
    _translate(german, "duel", {("duel/seigan", "Seigan"): "Seigän"})
    found = [p for p in check_language(german, "de", strict=False) if p.rule == "glossary-dnt"]
    assert {p.where.split("msgid ")[1] for p in found} == {"'GROUND Solutions'", "'Seigan'"}
    assert all(p.severity == "error" and p.line for p in found)
    path.unlink()  # without its glossary the terms are still protected (the shared do-not-translate list)
    assert len([p for p in check_language(german, "de", strict=False) if p.rule == "glossary-dnt"]) == 2
    _translate(german, "ground", {("ground-solution-deck", "GROUND Solutions"): "GROUND-Lösungen"})
    _translate(german, "duel", {("duel/seigan", "Seigan"): "Seigan"})
    assert not [p for p in check_language(german, "de", strict=False) if p.rule == "glossary-dnt"]


def test_the_same_source_translated_two_ways_is_flagged(project):
    from generator.i18n.consistency import consistency_problems

    assert not consistency_problems(project, "ru")
    path = catalog_path(project, "ru", "dojo")
    catalog = read_catalog(path, "ru", project).catalog
    fog = catalog.get("Fog", "dojo-nebbia")
    catalog.add("Fog", "Мгла", context="dojo-other")  # another word for the same source
    catalog.add("Kumite", "Кумитэ", context="dojo-other")  # the same word: not flagged
    path.write_bytes(po_bytes(catalog))
    [p] = consistency_problems(project, "ru")
    assert p.rule == "consistency" and "'Fog'" in p.message and "Мгла" in p.message and fog.string in p.message
