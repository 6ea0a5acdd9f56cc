"""The project's own catalogs under locales/: msgfmt --check clean, every check passing, right plural headers."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from generator.cli import main
from generator.i18n.catalogs import read_catalog
from generator.i18n.gate import check_language, language_stats
from generator.i18n.runtime import load_translations
from generator.problems import blocking

from .conftest import LANGS, REPO

CATALOGS = sorted((REPO / "locales").glob("*/LC_MESSAGES/*.po"))


def _ids(paths):
    return [p.relative_to(REPO / "locales").as_posix() for p in paths]


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext msgfmt not installed")
@pytest.mark.parametrize("path", CATALOGS, ids=_ids(CATALOGS))
def test_msgfmt_check_is_clean(path, tmp_path):
    run = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "out.mo"), str(path)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext msgfmt not installed")
def test_fixture_catalogs_are_msgfmt_clean_too(project, tmp_path):
    paths = sorted(project.glob("locales/*/LC_MESSAGES/*.po"))
    assert len(paths) == 9
    for path in paths:
        run = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "out.mo"), str(path)],
                             capture_output=True, text=True)
        assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_every_check_passes_on_the_project_catalogs(lang):
    assert CATALOGS, "the project's catalogs are missing"
    problems = blocking(check_language(REPO, lang, strict=True))
    assert problems == [], "\n".join(p.render() for p in problems)


@pytest.mark.parametrize("lang,nplurals", [("it", 2), ("en", 2), ("ru", 3)])
def test_plural_headers(lang, nplurals):
    paths = sorted((REPO / "locales" / lang / "LC_MESSAGES").glob("*.po"))
    if not paths:
        pytest.skip(f"no {lang} catalogs yet")
    assert {read_catalog(p, lang).catalog.num_plurals for p in paths} == {nplurals}


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_plural_messages_of_the_project_are_translated_for_n_2(lang):
    t = load_translations(REPO, lang)
    en = load_translations(REPO, "en")
    plurals = [(m.context, m.id) for p in sorted((REPO / "locales" / lang / "LC_MESSAGES").glob("*.po"))
               for m in read_catalog(p, lang).catalog if m.id and m.pluralizable]
    if not plurals:
        pytest.skip(f"no plural message in the {lang} catalogs yet")
    for ctx, (one, many) in plurals:
        got = t.npgettext(ctx, one, many, 2) if ctx else t.ngettext(one, many, 2)
        english = en.npgettext(ctx, one, many, 2) if ctx else en.ngettext(one, many, 2)
        assert got and got != english, (lang, one)


@pytest.mark.parametrize("lang", LANGS)
def test_stats_count_every_entry(project, lang):
    stats = {s.domain: s for s in language_stats(project, lang)}
    assert (stats["dojo"].translated, stats["dojo"].fuzzy, stats["dojo"].untranslated) == (5, 0, 0)
    assert stats["dojo-rules"].total == 9 and stats["ground"].error == "missing"


def test_stats_table_on_the_command_line(project, capsys):
    path = project / "locales/ru/LC_MESSAGES/dojo-rules.po"
    text = path.read_text(encoding="utf-8")
    text = text.replace('msgid "Setup"', '#, fuzzy\nmsgid "Setup"').replace('"Скрыть"', '""')
    path.write_text(text, encoding="utf-8")
    assert main(["i18n", "stats", "--root", str(project), "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if "dojo-rules" in line)
    assert [c.strip() for c in row.split("│")[1:-1]] == ["ru", "dojo-rules", "7", "1", "1", "9", "78%"]


def test_check_command_exit_codes(project, capsys):
    assert main(["i18n", "check", "--root", str(project)]) == 0
    path = project / "locales/it/LC_MESSAGES/kit.po"
    path.write_text(path.read_text(encoding="utf-8").replace("Taglia lungo", "Taglia {x} lungo"), encoding="utf-8")
    assert main(["i18n", "check", "--root", str(project), "--lang", "it"]) == 1
    err = capsys.readouterr().err
    assert "locales/it/LC_MESSAGES/kit.po:" in err and "placeholder" in err and "fix:" in err


def test_update_command_creates_and_merges(project, capsys):
    (project / "locales/en/LC_MESSAGES/kit.po").unlink()
    assert main(["i18n", "update", "--root", str(project)]) == 0
    out = capsys.readouterr().out
    assert "created locales/en/LC_MESSAGES/kit.po" in out and "updated locales/ru/LC_MESSAGES/dojo.po" in out
    assert check_language(project, "en") == []


def test_no_compiled_catalog_is_committed():
    run = subprocess.run(["git", "ls-files", "*.mo"], cwd=REPO, capture_output=True, text=True)
    if run.returncode != 0:
        pytest.skip("not a git checkout")
    assert run.stdout.strip() == ""
    assert "*.mo" in (REPO / ".gitignore").read_text(encoding="utf-8").split()


def _template(domain):
    return read_catalog(REPO / "locales/templates" / f"{domain}.pot", None).catalog


@pytest.mark.parametrize("domain", ["dojo", "ground", "duel"])
def test_card_strings_say_where_they_land_and_how_much_room_they_have(domain):
    printed = [m for m in _template(domain) if m.id]
    assert all(m.context for m in printed)
    # the booklet's generated sections (msgctxt duel-rules, duel-rulings) and the components lists (<game>-bom) are
    # typeset, not fitted into slots: their comment says so
    typeset = [m for m in printed if m.context.endswith("-bom")]
    assert all(any("typeset, wraps, no length limit" in c for c in m.auto_comments) for m in typeset)
    entries = [m for m in printed if not m.context.endswith(("-rules", "-rulings", "-bom"))]
    sized = [m for m in entries if any(re.match(r"slot: \S+ / .+, \d+\.\d (x \d+\.\d mm|mm wide, height flows), [\d.]+(-[\d.]+)? pt", c)
                                       for c in m.auto_comments)]
    assert len(sized) >= 0.85 * len(entries), [m.id for m in entries if m not in sized][:10]


@pytest.mark.parametrize("domain", ["kit", "site", "dojo-rules", "ground-rules", "duel-rules"])
def test_every_entry_has_a_translator_comment_and_table_cells_a_context(domain):
    entries = [m for m in _template(domain) if m.id]
    assert entries and all(m.auto_comments for m in entries)
    cells = [m for m in entries if any(c.startswith("rules table") for c in m.auto_comments)]
    assert all(m.context and m.context.startswith("table:") for m in cells)
    if domain == "dojo-rules":
        assert {m.context for m in cells if m.id in ("+3", "nothing")} == {"table:Consequences/Winner"}
