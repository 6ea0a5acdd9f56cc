"""Real catalogs compiled in memory by Babel: translations, contexts and plural forms per language; pseudo-locale."""

from __future__ import annotations

import re

import pytest

from generator.i18n.checks import Entry, check_entry, placeholders
from generator.i18n.pseudo import pseudo
from generator.i18n.runtime import load_translations
from tests.conftest import LANGS

EXPECTED = {
    "it": ("Nebbia", "Taglia lungo la linea", ["1 pagina", "2 pagine", "5 pagine", "21 pagine"]),
    "en": ("Fog", "Cut along the line", ["1 page", "2 pages", "5 pages", "21 pages"]),
    "ru": ("Туман", "Разрежьте по\u00a0линии", ["1 страница", "2 страницы", "5 страниц", "21 страница"]),
}


@pytest.mark.parametrize("lang", LANGS)
def test_compiled_catalogs_translate_with_context_and_plurals(project, lang):
    t = load_translations(project, lang)
    name, cut, pages = EXPECTED[lang]
    assert t.pgettext("dojo-nebbia", "Fog") == name
    assert t.gettext("Cut along the line") == cut
    assert [t.ngettext("%(num)d page", "%(num)d pages", n) % {"num": n} for n in (1, 2, 5, 21)] == pages


@pytest.mark.parametrize("lang,two", [("it", "2 copie"), ("ru", "2 копии"), ("en", "2 copies")])
def test_n_equals_two_is_never_silently_english(project, lang, two):
    t = load_translations(project, lang)
    assert t.npgettext("dojo-cards", "one copy", "{n} copies", 2).format(n=2) == two


def test_fuzzy_entries_fall_back_to_english(project):
    path = project / "locales/it/LC_MESSAGES/kit.po"
    path.write_text(path.read_text(encoding="utf-8").replace('msgid "Cut along', '#, fuzzy\nmsgid "Cut along'),
                    encoding="utf-8")
    assert load_translations(project, "it").gettext("Cut along the line") == "Cut along the line"


SAMPLES = ["Draw {n} cards", "**Kiai**: move %(n)d squares past {icon:wall}", "Uke",
           "Shuffle the deck. Each player takes *three* cards.", "100%% sure, {{literal}}", "Line one\nline two"]


@pytest.mark.parametrize("text", SAMPLES)
def test_pseudo_keeps_placeholders_and_markup_and_grows_about_40_percent(text):
    out = pseudo(text)
    assert placeholders(out) == placeholders(text)
    assert out.count("**") == text.count("**") and re.findall(r"\{icon:\w+\}", out) == re.findall(r"\{icon:\w+\}", text)
    assert out.count("\n") == text.count("\n")
    assert len(out) >= len(text) * 1.3 and out != text
    assert check_entry(Entry("xx.po", 1, text, None, None, (out,), False), "it") == []  # glyphs, markup, format


def test_pseudo_locale_is_generated_from_the_english_source(project):
    t = load_translations(project, "xx")
    fog = t.pgettext("dojo-nebbia", "Fog")
    assert fog.startswith("[") and fog != "Fog" and len(fog) >= 5
    assert "{n}" in t.npgettext("dojo-cards", "one copy", "{n} copies", 2)
    assert "%(num)d" in t.ngettext("%(num)d page", "%(num)d pages", 7)
    rules = t.gettext("Shuffle the deck. Each player takes *three* cards.")
    assert rules.count("*") == 2 and any(ch in rules for ch in "еорá")


def test_pseudo_locale_covers_strings_not_in_any_catalog_yet(project):
    (project / "content/dojo/rules.md").write_text("# A heading nobody translated\n", encoding="utf-8")
    assert load_translations(project, "xx").gettext("A heading nobody translated").startswith("[ÅÅ ĥее")
