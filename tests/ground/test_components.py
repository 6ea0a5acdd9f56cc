"""GROUND components rendered for it, en, ru: card counts, paper sizes, embedded fonts, language of the text."""

import re
from dataclasses import replace

import pytest

from generator.components import ground_cards
from generator.kit.build import manifest
from tests.render.pdfcheck import fonts, reader, size_mm

from .kitcache import PIECES, build_lang
from tests.conftest import LANGS

CYR = re.compile("[А-Яа-яЁё]")
# A word printed by each deck, per language (from the catalogs).
WORDS = {"it": ("Soluzione", "Edizione di prova"), "en": ("Solution", "Sample edition"),
         "ru": ("Решение", "Пробное издание")}


@pytest.fixture(scope="module", params=LANGS)
def built(request):
    """Every GROUND component of one language (A4 only, rendered once per session)."""
    lang = request.param
    kit = build_lang(lang)
    return lang, {(a.component, a.layout): a for a in kit.artifacts if a.path.endswith(".pdf")}


@pytest.mark.parametrize("component,cards", [("ground-solution-deck", 24), ("ground-mode-cards", 3),
                                             ("ground-action-cards", 36), ("ground-problem-cards", 18),
                                             ("ground-scenario-cards", 3), ("ground-reference", 3)])
def test_deck_counts_and_pages(built, component, cards):
    _, arts = built
    one_sided = component == "ground-reference"  # reference cards: fronts only at home, with a back at print shops
    sheet, single = arts[(component, "single-sided" if one_sided else "sheet")], arts[(component, "single")]
    assert sheet.cards == cards == single.cards
    r = reader(sheet.data)
    assert len(r.pages) == sheet.pages == (1 if one_sided else 2) * -(-cards // 9)  # fronts (+ backs) per sheet
    assert all(size_mm(p.mediabox) == (210.0, 297.0) for p in r.pages)
    s = reader(single.data)
    assert len(s.pages) == 2 * cards
    assert size_mm(s.pages[0].trimbox) == (63.5, 88.9) and size_mm(s.pages[0].bleedbox) == (69.5, 94.9)


def test_fonts_embedded_and_text_in_language(built):
    lang, arts = built
    for art in arts.values():
        r = reader(art.data)
        assert fonts(r) and all(embedded for _, embedded in fonts(r)), art.path
    text = " ".join(p.extract_text() for p in reader(arts[("ground-solution-deck", "sheet")].data).pages)
    word, edition = WORDS[lang]
    assert word in text and edition in text
    assert bool(CYR.search(text)) == (lang == "ru")
    suit = {"it": "Chiarezza", "en": "Clarify", "ru": "Ясность"}[lang]
    assert text.count(suit) >= 6  # the suit is named on every card, not told by colour alone


def test_action_backs_show_only_the_seat(built):
    lang, arts = built
    r = reader(arts[("ground-action-cards", "sheet")].data)
    back = r.pages[1].extract_text()
    names = {"it": ("Indaga", "Rosso"), "en": ("Investigate", "Red"), "ru": ("Расследовать", "Красный")}[lang]
    assert names[1] in back and names[0] not in back


def test_ground_choice_cards_fill_the_action_sheets(built):
    """The rulings' secret Ground choice (issue 47): one Ground choice card per seat, printed in the 6 free slots of
    the Action sheets (no extra sheet: 30 Actions + 6 choices = 4 sheets of 9) and counted by the bill of
    materials; each has the seat's Action back, so a card laid face down tells nothing."""
    lang, arts = built
    art = arts[("ground-action-cards", "sheet")]
    assert len(reader(art.data).pages) == 8  # 4 sheets, fronts and backs
    assert dict(art.pieces)["ground-action-cards/choice"] == 6
    last = reader(art.data).pages[6].extract_text()
    title = {"it": "Scelta di Ground", "en": "Ground choice", "ru": "Выбор Ground"}[lang]
    assert last.count(title) == 6 and all(f"· {n}" in last for n in range(1, 7))


def test_tokens_print_front_and_back_registered(built):
    """Focus/Blame is an owned piece: printed per seat on the seat markers, Blame on the back."""
    lang, arts = built
    art = arts[("ground-seat-markers", "duplex-long-edge")]
    r = reader(art.data)
    assert len(r.pages) == 2
    front, back = r.pages[0].extract_text(), r.pages[1].extract_text()
    blame = {"it": "Colpa", "en": "Blame", "ru": "Вина"}[lang]
    assert back.count(blame) == 6 and front.count(blame) <= 1  # one per seat on the backs (front: instructions)


def test_player_mats_one_per_seat(built):
    """Six mats, two to a landscape sheet (issue 29: 3 sheets, not 6), each with its seat's name and number."""
    lang, arts = built
    art = arts[("ground-player-mats", "sheet")]
    r = reader(art.data)
    assert len(r.pages) == 3 and size_mm(r.pages[0].mediabox) == (297.0, 210.0)
    text = r.pages[0].extract_text()
    assert text.count({"it": "PRONTA", "en": "READY", "ru": "ГОТОВ"}[lang]) >= 2
    assert text.count("DARVO") >= 2 and "· 1" in text and "· 2" in text and "· 3" in r.pages[1].extract_text()


def test_manifest_lists_every_component():
    kit = build_lang("ru")
    record = manifest(kit.ctx, list(kit.artifacts))
    comps = {f["component"] for f in record["files"]}
    assert comps == {c.id for c in PIECES}  # every GROUND and duel piece of the registry
    cards = {f["component"]: f.get("cards") for f in record["files"] if f.get("layout") == "sheet"}
    assert cards["ground-solution-deck"] == 24 and cards["ground-action-cards"] == 36
    assert cards["duel-stance-cards"] == 8 and cards["duel-strike-cards"] == 8  # a full set per player, No action too
    assert all(len(f["sha256"]) == 64 for f in record["files"])


def test_overflow_names_component_card_and_language():
    from generator.problems import CheckFailed

    ctx = build_lang("it").ctx

    class Long:
        def pgettext(self, c, m):
            return "parola " * 80 if c == "ground/sol-clarify-1" else m

        def gettext(self, m):
            return m

    with pytest.raises(CheckFailed) as exc:
        ground_cards.solution_deck(replace(ctx, translations=Long()))
    assert "ground-solution-deck" in str(exc.value) and "sol-clarify-1" in str(exc.value) and "language it" in str(
        exc.value)
