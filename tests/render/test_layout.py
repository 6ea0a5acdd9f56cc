"""Text layout: wrapping, hyphenation, shrinking, overflow and glyph errors, inline icons (it, en, ru)."""

import pytest

from generator.problems import CheckFailed
from generator.render.fonts import face, string_width
from generator.render.layout import (PT_PER_MM, Slot, Where, fit, hyphenation_lang, letter_words, printed_in_source,
                                     source_words, unbreakable, wrap)
from generator.content.languages import language_codes

LANGS = language_codes()
TEXT = {
    "it": "Se perdi, non torni alla Partenza (le tacche cambiano comunque). Un difensore sconfitto resta sulla sua casella.",
    "en": "If you lose, you do not return to Start (notches still change). A defeated defender stays on its square.",
    "ru": "Если вы проиграли, вы не возвращаетесь на Старт (деления всё равно меняются). Проигравший защитник остаётся.",
}
LONG_WORD = {"it": "precipitevolissimevolmente", "en": "incomprehensibilities", "ru": "достопримечательности"}


@pytest.mark.parametrize("lang", LANGS)
def test_wrap_keeps_every_line_inside_the_slot(lang):
    slot = Slot("body", 40, 100, 10, 10)
    lines, too_wide = wrap(TEXT[lang], slot, 10, lang)
    assert too_wide == 0 and len(lines) > 2
    f = face()
    for line in lines:
        text = "".join(r.text for r in line.runs)
        assert string_width(text, f, 10 / PT_PER_MM) <= 40 + 1e-6
    words = " ".join("".join(r.text for r in ln.runs) for ln in lines).replace("- ", "").split()
    assert "".join(words) == "".join(TEXT[lang].split())


@pytest.mark.parametrize("lang", LANGS)
def test_a_long_word_is_hyphenated_with_the_language_dictionary(lang):
    slot = Slot("title", 25, 100, 12, 12)
    lines, too_wide = wrap(LONG_WORD[lang], slot, 12, lang)
    assert too_wide == 0 and len(lines) >= 2
    assert lines[0].runs[0].text.endswith("-")
    assert "".join(r.text for ln in lines for r in ln.runs).replace("-", "") == LONG_WORD[lang]


def test_a_no_break_space_never_ends_a_line_and_a_tied_word_still_hyphenates():
    text = "Положите фишку в\u00a0Безопасную комнату и\u00a0возьмите карту у\u00a0соседа в\u00a0пространстве."
    for width in (22, 26, 30, 38, 45):
        lines, too_wide = wrap(text, Slot("body", width, 100, 9, 9), 9, "ru")
        shown = ["".join(r.text for r in ln.runs) for ln in lines]
        assert too_wide == 0
        assert not any(line.rstrip().endswith((" в", " и", " у")) or line in ("в", "и", "у") for line in shown), shown
        assert "".join(shown).replace("-", "").replace(" ", "").replace("\u00a0", "") == \
            text.replace(" ", "").replace("\u00a0", "")
    tied = "Смотрите в\u00a0достопримечательности города."
    narrow = ["".join(r.text for r in ln.runs) for ln in wrap(tied, Slot("body", 16, 100, 9, 9), 9, "ru")[0]]
    assert narrow[:2] == ["Смотрите", "в\u00a0досто-"], narrow  # в with the head of the word it is tied to
    assert unbreakable("в\u00a0комнату и  зал") == ["в\u00a0комнату", "и", "зал"]


def test_no_line_starts_with_a_dash_between_words():
    """A spaced dash is tied to the word before it (layout.tie_breaks): at every width, no line of a card starts with
    it; a dash opening a text (a list's dash) is left alone."""
    text = "Ход окончен — фишка стоит. Выбор — по порядку от Ведущего, каждый слыша выборы — это вариант."
    starts = set()
    for width in range(18, 60, 2):
        lines, too_wide = wrap(text, Slot("body", width, 200, 9, 9), 9, "ru")
        shown = ["".join(r.text for r in ln.runs) for ln in lines]
        assert too_wide == 0 and not any(line.lstrip().startswith(("—", "–")) for line in shown), (width, shown)
        starts.update(line.split()[0] for line in shown if line.split())
    assert unbreakable(text.replace("—", "–"))[1] == "окончен\u00a0–"
    assert unbreakable("— список, и  всё") == ["—", "список,", "и", "всё"]
    assert len(starts) > 3  # the widths broke the text in many places


def test_no_line_ends_with_a_number_before_its_word():
    """A number is tied to the word after it (layout.tie_breaks): «5 раундов», «2 carte» never part at a line end;
    numbers in a list's numbering or a code stay free."""
    text = "Игра длится ровно 5 раундов, за каждый ход 1 деление, у игрока 12 карт и 3 жетона Защиты на руке."
    ends = 0
    for width in range(16, 60, 2):
        lines, too_wide = wrap(text, Slot("body", width, 200, 9, 9), 9, "ru")
        shown = ["".join(r.text for r in ln.runs) for ln in lines]
        assert too_wide == 0 and not any(line.rstrip().split()[-1].isdigit() for line in shown[:-1]), (width, shown)
        ends += len(shown)
    assert ends > 60
    assert unbreakable("pesca 2 carte, 1. Bla, D05–D07 10") == ["pesca", "2\u00a0carte,", "1.", "Bla,", "D05–D07", "10"]


@pytest.mark.parametrize("lang", LANGS)
def test_text_shrinks_until_it_fits(lang):
    slot = Slot("body", 50, 20, 14, 5)
    block = fit(TEXT[lang], slot, Where("test", "c", lang))
    assert 5 <= block.size_pt < 14
    assert block.height <= 20 + 1e-6
    bigger = Slot("body", 50, 200, 14, 5)
    assert fit(TEXT[lang], bigger, Where("test", "c", lang)).size_pt == 14


@pytest.mark.parametrize("lang", LANGS)
def test_a_string_that_cannot_fit_names_component_card_slot_language_and_overflow(lang):
    slot = Slot("effect", 30, 8, 10, 8)
    with pytest.raises(CheckFailed) as exc:
        fit(TEXT[lang], slot, Where("dojo-nebbia-deck", "uke", lang))
    msg = exc.value.problems[0].message
    assert exc.value.problems[0].rule == "overflow"
    for part in ("dojo-nebbia-deck", "uke", "effect", f"language {lang}", "mm too tall", "8 pt"):
        assert part in msg


def test_an_unbreakable_word_reports_how_much_too_wide():
    with pytest.raises(CheckFailed) as exc:
        fit("WWWWWWWWWWWW", Slot("title", 10, 50, 12, 10), Where("c", "k", "en"))
    assert "mm too wide" in exc.value.problems[0].message


@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_glyph_is_an_error_naming_string_and_language(lang):
    with pytest.raises(CheckFailed) as exc:
        fit("Kiai \u4e2d", Slot("name", 50, 20, 10, 8), Where("deck", "kiai", lang))
    p = exc.value.problems[0]
    assert p.rule == "missing-glyph" and "\u4e2d" in p.message and f"language {lang}" in p.message


@pytest.mark.parametrize("lang", LANGS)
def test_inline_icons_take_space_and_keep_their_place(lang):
    block = fit("{icon:training} " + TEXT[lang][:20] + " {icon:fatigue}", Slot("b", 60, 30, 9, 6), Where("c", "k", lang))
    runs = [r for ln in block.lines for r in ln.runs]
    assert runs[0].icon and runs[0].text == "training" and runs[-1].icon and runs[-1].text == "fatigue"
    assert runs[1].x > 0


def test_centered_lines_are_centered():
    block = fit("Kiai", Slot("n", 40, 10, 12, 8, align="center"), Where("c", "k", "it"))
    line = block.lines[0]
    assert abs(block.line_x(line) * 2 + line.width - 40) < 1e-6


def test_slot_sizes_are_raised_to_the_floor():
    from generator.render.layout import FLOOR_PT

    s = Slot("imprint", 40, 3, 5, 4)
    assert (s.min_pt, s.max_pt) == (FLOOR_PT, FLOOR_PT)
    assert Slot("body", 40, 30, 11, 8).min_pt == 8


@pytest.mark.parametrize("lang,title", [("it", "Kumite della nebbia preparazione"),
                                        ("en", "Kumite of the mist preparation"),
                                        ("ru", "Кумитэ тумана подготовка")])
def test_titles_wrap_at_spaces_and_never_hyphenate(lang, title):
    bold = Slot("title", 22, 20, 16, 6.5, bold=True)
    block = fit(title, bold, Where("deck", "card", lang))
    words = [w for line in block.lines for r in line.runs for w in r.text.split()]
    assert words == title.split()
    body = Slot("text", 22, 40, 16, 16)
    hyph = fit(title, body, Where("deck", "card", lang))
    assert any(r.text.endswith("-") for line in hyph.lines for r in line.runs)  # body text still hyphenates


@pytest.mark.parametrize("lang", [*(lang for lang in LANGS if lang != "en"), "de"])  # de: a language tried out
def test_english_printed_for_want_of_a_translation_hyphenates_by_english_rules(lang):
    """A development build prints an untranslated string in English: its words break where the English kit breaks
    them, not by the kit language's dictionary (German breaks 'mo-vement', 'atta-cker')."""
    text = "Every movement of the attacker makes a difference when keeping visited squares"
    differs = False
    for width in (13, 15, 17, 19, 21, 24):
        slot = Slot("body", width, 100, 9, 9)
        english = [[r.text for r in ln.runs] for ln in wrap(text, slot, 9, "en")[0]]
        with printed_in_source(set(letter_words(text)), "en"):
            fitted = [[r.text for r in ln.runs] for ln in fit(text, slot, Where("test", "card", lang)).lines]
        assert fitted == english, (width, fitted)
        differs |= [[r.text for r in ln.runs] for ln in wrap(text, slot, 9, lang)[0]] != english
    assert differs or lang != "de"  # outside printed_in_source German rules break them otherwise: the test can see it


def test_only_the_words_printed_in_english_change_their_rules():
    words = {"movement"}
    with printed_in_source(words, "en"):
        assert source_words("Ein movement und Bewegung") == (frozenset({"movement"}), "en")
        assert hyphenation_lang("movement,", "de") == "en" and hyphenation_lang("bewegung", "de") == "de"
        words.add("bewegung")  # the set keeps filling as lookups are made
        assert hyphenation_lang("bewegung", "de") == "en"
    assert source_words("movement") == () and hyphenation_lang("movement", "de") == "de"
