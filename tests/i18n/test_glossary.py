"""The glossaries: TBX that translate-toolkit (Weblate's loader) reads; the check errs on an altered
do-not-translate term, warns on a forbidden variant or a departure; the project's catalogs follow them."""

from __future__ import annotations

import pytest
from translate.storage import tbx

from generator.i18n.checks import Entry
from generator.i18n.gate import check_language
from generator.i18n.glossary import check_terms, glossary_path, load_glossary

from .conftest import REPO


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_glossary_loads_with_translate_toolkit_and_our_loader(lang):
    path = glossary_path(REPO, lang)
    store = tbx.tbxfile.parsefile(str(path))
    pairs = {(u.source, u.target) for u in store.units}
    terms, problems = load_glossary(REPO, lang)
    assert problems == [] and len(terms) >= 40
    assert {(t.source, t.target) for t in terms} <= pairs
    assert any(u.source == "transliteration" for u in store.units)
    names = {t.source: t for t in terms}
    for dnt in ("GROUND", "DARVO", "GR", "OU", "ND", "Kumite", "Seigan", "Shieshi"):
        assert names[dnt].dnt
    assert not names["Challenge"].dnt  # "Sfida" is an Italian word, not a Japanese term
    want = {"it": ("Seigan", "Tsuki", "Sfida"), "ru": ("Сейган", "Цуки", "Вызов")}[lang]
    assert (names["Seigan"].target, names["Tsuki"].target, names["Challenge"].target) == want


def _entry(msgid, msgstr, file="locales/ru/LC_MESSAGES/duel.po"):
    return Entry(file, 12, msgid, None, "duel/seigan", (msgstr,), False)


@pytest.mark.parametrize("msgstr,rules", [
    ("Сейган — свободная стойка.", []),
    ("Сэйган — свободная стойка.", ["glossary-dnt"]),  # respelled: the seed writes Сейган
    ("Seigan — свободная стойка.", ["glossary-dnt"]),  # left in Latin letters
])
def test_do_not_translate_terms_must_stay_as_the_seed_writes_them(msgstr, rules):
    terms, _ = load_glossary(REPO, "ru")
    found = check_terms(_entry("Seigan is the free stance.", msgstr), terms, "ru", "ru.tbx")
    assert [p.rule for p in found] == rules and all(p.severity == "error" for p in found)
    assert all(p.file.endswith("duel.po") and p.line == 12 and "msgctxt 'duel/seigan'" in p.where for p in found)


def test_forbidden_variant_and_departure_are_warnings():
    terms, _ = load_glossary(REPO, "it")
    file = "locales/it/LC_MESSAGES/ground.po"
    ready = check_terms(_entry("Freedom READY", "Libertà PRONTO", file), terms, "it", "it.tbx")
    assert [(p.rule, p.severity) for p in ready] == [("glossary", "warning")] and "'PRONTO'" in ready[0].message
    other = check_terms(_entry("Freedom READY", "Libertà DISPONIBILE", file), terms, "it", "it.tbx")
    assert [(p.rule, p.severity) for p in other] == [("glossary", "warning")] and "'PRONTA'" in other[0].message
    fine = check_terms(_entry("Freedom READY", "Libertà PRONTA", file), terms, "it", "it.tbx")
    assert fine == []
    inflected = check_terms(_entry("one notch", "una tacca", "locales/it/LC_MESSAGES/dojo.po"), terms, "it", "x")
    plural = check_terms(_entry("two notches", "due tacche", "locales/it/LC_MESSAGES/dojo.po"), terms, "it", "x")
    assert inflected == [] and plural == []


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_project_catalogs_alter_no_do_not_translate_term(lang):
    problems = check_language(REPO, lang)
    assert [p for p in problems if p.rule == "glossary-dnt"] == []
    assert len([p for p in problems if p.rule == "glossary"]) <= 5


def test_terms_are_matched_in_their_inflected_forms():
    """Issue 31: 'claimed' in the source is the term 'claim'; 'rivendicato' is the forbidden 'rivendicare'; a
    variant differing from the preferred form only by its ending stays exact (PRONTO beside PRONTA), and a
    forbidden phrase is that phrase ('колода Туман', not 'Колода Тумана Додзё')."""
    it, _ = load_glossary(REPO, "it")
    file = "locales/it/LC_MESSAGES/ground.po"
    claimed = check_terms(_entry("as when someone claimed it first", "come quando qualcuno l'ha già rivendicato",
                                 file), it, "it", "it.tbx")
    assert {p.rule for p in claimed} == {"glossary"} and any("'rivendicare'" in p.message for p in claimed)
    assert check_terms(_entry("as when someone claimed it first", "come quando qualcuno l'ha già preso", file),
                       it, "it", "it.tbx") == []
    ru, _ = load_glossary(REPO, "ru")
    mist = _entry("Dojo Mist deck", "Колода Тумана Додзё", "locales/ru/LC_MESSAGES/dojo.po")
    assert check_terms(mist, ru, "ru", "ru.tbx") == []
    bad = check_terms(_entry("Dojo Mist deck", "колода Туман", "locales/ru/LC_MESSAGES/dojo.po"), ru, "ru", "x")
    assert any("'колода Туман'" in p.message for p in bad)


def test_one_wording_for_face_down_in_russian():
    ru, _ = load_glossary(REPO, "ru")
    bad = check_terms(_entry("Lay it face down.", "Положите её рубашкой вверх."), ru, "ru", "ru.tbx")
    assert any("'рубашкой вверх'" in p.message for p in bad)
    assert check_terms(_entry("Lay it face down.", "Положите её лицом вниз."), ru, "ru", "ru.tbx") == []


def test_a_term_of_several_words_is_found_across_a_no_break_space():
    """Russian catalogs tie one-letter words with U+00A0 (typography): a term's space matches it, exact or not."""
    from generator.i18n.glossary import _has

    assert _has("Иди в\u00a0Безопасную комнату", "в Безопасную", True, "ru")
    assert _has("Положите лицом\u00a0вниз", "лицом вниз", False, "ru")
    assert not _has("вБезопасную", "в Безопасную", True, "ru")
