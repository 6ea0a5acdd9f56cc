"""Typography warnings per language (issue 31): planted faults are told with file and line, the shipped
catalogs carry none, and languages without rules (the source, the pseudo-locale) are not checked."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from generator.i18n.checks import Entry, entry_of
from generator.i18n.gate import _address
from generator.i18n.typography import tie_short_words, typography_problems

from .conftest import LANGS, REPO


def _e(msgstr: str, file: str = "locales/ru/LC_MESSAGES/ground.po", line: int = 40) -> Entry:
    return Entry(file, line, "source", None, None, (msgstr,), False)


NB = "\u00a0"


@pytest.mark.parametrize("msgstr, found", [
    (f"Жетон «Отвергнута» — на{NB}Проблеме.", []),
    (f'Жетон "Отвергнута" на{NB}Проблеме.', ["quotation marks"]),
    (f"Жетон “Отвергнута” на{NB}Проблеме.", ["quotation marks"]),
    ("Стресс 4 - только Ground.", ["hyphen between spaces"]),
    ("Стресс—только Ground.", ["em dash without spaces"]),
    ("Стресс 4–5: только Ground.", []),  # an en dash in a range is right
])
def test_russian_quotes_and_dashes(msgstr, found):
    problems = typography_problems("ru", [_e(msgstr)])
    assert [next(w for w in found if w in p.message) for p in problems] == found
    assert all(p.severity == "warning" and p.file.endswith("ground.po") and p.line == 40 for p in problems)


@pytest.mark.parametrize("msgstr, words", [
    ("Положите фишку в комнату и возьмите карту.", ["«в»", "«и»"]),
    ("В начале хода я тяну карту.", ["«В»", "«я»"]),  # a capital one where a sentence begins
    ("Ход окончен. С медитирующей фишкой Кумите нет.", ["«С»"]),
    ("«А если нет?» — у вас нет хода.", ["«А»", "«у»"]),
    (f"Положите фишку в{NB}комнату и{NB}возьмите карту.", []),
    ("Игрок А в свободной стойке; игрок В не может.", ["«в»", "«не»"]),  # А and В name players: no tie after them
    ("Кто-то а-ля К1, К2, с.", []),  # inside a word, a code, before a full stop
    ("Положите фишку на стол и не берите карту.", ["«на»", "«и»", "«не»"]),  # two-letter ones, a chain tied whole
    ("По очереди, по-новому, на-гора; вдоль стены.", ["«По»"]),  # where a sentence begins; not inside a word
])
def test_russian_short_words_want_a_no_break_space(msgstr, words):
    problems = typography_problems("ru", [_e(msgstr, line=77)])
    if not words:
        assert problems == [] and tie_short_words(msgstr) == msgstr
        return
    (p,) = problems
    assert p.severity == "warning" and p.rule == "typography" and p.file.endswith("ground.po") and p.line == 77
    assert "short word" in p.message and all(w in p.message for w in words), p.message
    assert "U+00A0" in p.hint
    fixed = tie_short_words(msgstr)
    assert fixed.count(NB) == len(words) and fixed.replace(NB, " ") == msgstr
    assert typography_problems("ru", [_e(fixed)]) == []  # the fix is what the check asks for


def test_italian_address_and_apostrophes():
    file = "locales/it/LC_MESSAGES/ground.po"
    mixed = _e("Tieni i Problemi per il vostro numero di giocatori se puoi.", file, 7)
    fine = _e("Scegliete una carta. Poi puoi giocare la tua.", file, 9)  # voi and tu in different sentences
    curly = _e("l’Azione", file, 11)
    straight = [_e("l'Attacco", file, 20 + n) for n in range(3)]
    problems = typography_problems("it", [mixed, fine, curly, *straight])
    assert [(p.rule, p.line) for p in problems] == [("address", 7), ("typography", 11)]
    assert "'puoi' (tu)" in problems[0].message and "'vostro' (voi)" in problems[0].message


@pytest.mark.parametrize("lang", ["en", "xx"])
def test_no_typography_rules_for_the_source_and_the_pseudo_locale(lang):
    assert typography_problems(lang, [_e('"quoted" - dash—here vostro puoi')]) == []


@pytest.mark.parametrize("lang", LANGS)
def test_shipped_catalogs_carry_no_typography_warning(lang):
    problems = []
    for path in sorted((REPO / "locales" / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        problems += typography_problems(lang, [entry_of(m, str(path)) for m in catalog if m.id], _address(REPO, lang))
    assert [p.render() for p in problems] == []


def test_the_language_tables_form_of_address_per_game():
    """it: the table sets tu for every game; a voi imperative or possessive in a game's catalog is told, with the
    table named; kit and site texts (no game) only get the one-sentence check."""
    ground = _e("Scegliete una carta Scenario.", "locales/it/LC_MESSAGES/ground-rules.po", 55)
    duel = _e("Scegli la tua guardia.", "locales/it/LC_MESSAGES/duel.po", 60)
    site = _e("Stampate fronte-retro.", "locales/it/LC_MESSAGES/site.po", 8)
    problems = typography_problems("it", [ground, duel, site], {"dojo": "tu", "ground": "tu", "duel": "tu"})
    assert [(p.rule, p.line) for p in problems] == [("address", 55)]
    assert "'Scegliete'" in problems[0].message and "languages.toml" in problems[0].message
    voi = typography_problems("it", [duel], {"duel": "voi"})
    assert [(p.rule, p.line) for p in voi] == [("address", 60)] and "'Scegli'" in voi[0].message


def test_italian_quotes_and_the_kits_own_address_come_from_the_language_table():
    from generator.content.languages import languages

    row = languages(REPO)["it"]
    assert row.quotes == "«»" and row.address["kit"] == "tu"
    site = "locales/it/LC_MESSAGES/site.po"
    found = typography_problems("it", [_e('Stampa a dimensione reale, mai "adatta alla pagina".', site),
                                       _e("Stampa a dimensione reale, mai «adatta alla pagina».", site),
                                       _e("Fronte-retro; piegate e pinzate.", site)], row.address, row.quotes)
    assert [(p.rule, p.message.split(" ")[0]) for p in found] == [("typography", "quotation"), ("address", "'piegate'")]
    assert "kit's own texts use tu" in found[1].message
    seed = typography_problems("it", [_e('Il "Kumite" si gioca.', "locales/it/LC_MESSAGES/dojo-rules.po")],
                               row.address, row.quotes)
    assert seed == []  # the designer's words are printed as written


def test_russian_yo_policy_over_the_kits_own_texts(tmp_path):
    import shutil

    from generator.i18n.catalogs import catalog_path, read_catalog
    from generator.i18n.consistency import yo_problems
    from generator.i18n.workflow import po_bytes

    shutil.copytree(REPO / "locales", tmp_path / "locales")
    assert yo_problems(tmp_path, "ru") == []  # the shipped catalogs keep the policy
    path = catalog_path(tmp_path, "ru", "duel")
    catalog = read_catalog(path, "ru", tmp_path).catalog
    m = catalog.get("Move 1 or 2 cells forward.", "duel/jodan")
    assert "вперёд" in m.string
    m.string = m.string.replace("вперёд", "вперед")
    path.write_bytes(po_bytes(catalog))
    [p] = yo_problems(tmp_path, "ru")
    assert p.rule == "yo" and "вперед" in p.message and p.file.endswith("ru/LC_MESSAGES/duel.po") and p.line
    seed = read_catalog(catalog_path(tmp_path, "ru", "duel-rules"), "ru", tmp_path).catalog
    assert any("вперед" in (x.string or "") for x in seed if x.id)  # the seed's spelling, never flagged
