"""The gate's caches (build/cache/catalogs, build/cache/extract.json): a warm check says what a cold one says, an
edited catalog or source is checked again, and a damaged entry is ignored."""

from __future__ import annotations

import pytest

from generator.i18n.extract import cached_extraction, extract_all
from generator.i18n.gate import CHECK_CACHE, check_language
from generator.i18n.runtime import MO_CACHE, load_translations
from generator.problems import blocking

from .conftest import LANGS, po
from .test_checks import BROKEN, _break


@pytest.mark.parametrize("lang,domain,old,new,rule,marker", BROKEN[:3])
def test_an_edit_after_a_cached_check_is_checked_again(project, lang, domain, old, new, rule, marker):
    """Checked once (cached), broken, checked again: the cached result of the old bytes is not used."""
    assert blocking(check_language(project, lang)) == []
    assert list((project / CHECK_CACHE / lang).glob("*.json"))
    _break(project, lang, domain, old, new)
    assert [p.rule for p in blocking(check_language(project, lang))] == [rule]


@pytest.mark.parametrize("lang", LANGS)
def test_a_warm_check_equals_a_cold_one_and_damaged_entries_are_ignored(project, lang):
    if lang == "it":  # one language with a problem to cache
        _break(project, *BROKEN[0][:4])
    cold = check_language(project, lang)
    assert check_language(project, lang) == cold
    for entry in (project / CHECK_CACHE / lang).glob("*.json"):
        entry.write_text('{"key": "', encoding="utf-8")  # truncated
    assert check_language(project, lang) == cold


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_compiled_catalogs_follow_the_po_and_survive_a_corrupt_cache(project, lang):
    """A cached .mo gives the same translations; an edited .po is compiled again; a damaged entry is ignored."""
    first = dict(load_translations(project, lang)._catalog)
    assert dict(load_translations(project, lang)._catalog) == first  # from build/cache/catalogs
    path = po(project, lang, "kit")
    text = path.read_text(encoding="utf-8")
    shown = next(v for v in first.values() if isinstance(v, str) and v and f'msgstr "{v}"' in text)
    path.write_text(text.replace(f'msgstr "{shown}"', f'msgstr "{shown} EDIT"', 1), encoding="utf-8")
    edited = dict(load_translations(project, lang)._catalog)
    assert f"{shown} EDIT" in edited.values()
    entries = list((project / MO_CACHE / lang).glob("*.mo.entry"))
    assert entries
    for entry in entries:
        entry.write_bytes(entry.read_bytes()[:-7])
    assert dict(load_translations(project, lang)._catalog) == edited


def test_cached_extraction_is_the_fresh_one_until_a_source_changes(project):
    fresh = {d: sorted((str(m.id), m.context) for m in cat if m.id) for d, cat in extract_all(project).templates.items()}
    for _ in range(2):  # cold, then from build/cache/extract.json
        cached = cached_extraction(project).templates
        assert {d: sorted((str(m.id), m.context) for m in ms) for d, ms in cached.items()} == fresh
    toml = next((project / "content").rglob("*.toml"))
    toml.write_text(toml.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    (project / "build/cache/extract.json").write_text("{}", encoding="utf-8")
    assert {d: sorted((str(m.id), m.context) for m in ms) for d, ms in cached_extraction(project).templates.items()} \
        == fresh
