"""Page QA of issue 33: hidden text, one family per card, card text >= 7 pt, 1.5 mm under a header band, each rule
finding its fault on a synthetic page (cairo, read back by pdfium) and passing the kit's real pages."""

import cairocffi as cairo
import pytest

from generator.pageqa.layers import (BAND_GAP_MM, CARD_MIN_PT, Ink, band_gap, card_small_type, family,
                                     hidden_text, mixed_families)
from generator.pageqa.pages import inks
from generator.pageqa.read import Run, read_pdf
from generator.render.cards import card_slots
from generator.render.pdf import mm
from tests.pageqa.test_check import WORDS, _page


def _say(cr, word: str, x: float, y: float, face: str = "PT Sans", size: float = 10) -> None:
    cr.save()
    cr.select_font_face(face, cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)
    cr.set_font_size(size)
    cr.move_to(mm(x), mm(y))
    cr.set_source_rgb(0, 0, 0)
    cr.show_text(word)
    cr.restore()


def _box(cr, x: float, y: float, w: float, h: float, rgb=(0.2, 0.3, 0.4)) -> None:
    cr.rectangle(mm(x), mm(y), mm(w), mm(h))
    cr.set_source_rgb(*rgb)
    cr.fill()


@pytest.mark.parametrize("lang", list(WORDS))
def test_text_under_a_later_shape_or_cut_by_its_clip_is_found(lang):
    word = WORDS[lang]

    def draw(cr):
        _say(cr, word, 20, 30)  # then covered: found
        _box(cr, 15, 20, 80, 15)
        _box(cr, 15, 50, 80, 15, (0.9, 0.9, 0.9))  # a tint drawn first, the text over it: shown
        _say(cr, word, 20, 60)

    found = hidden_text(inks(_page(draw))[0])
    assert found and all("beneath a shape" in f and "mm" in f for f in found), found  # one per word object
    assert all(", 2" in f for f in found)  # the covered line (y 2x mm), never the one at 60 mm


@pytest.mark.parametrize("lang", list(WORDS))
def test_text_its_clip_cuts_away_is_found(lang):
    """A figure clipped to its box with its title above the box (reportlab writes it; cairo would drop it)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from generator.render.fonts import register_reportlab

    register_reportlab()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(mm(210), mm(297)))
    c.setFont("PTSans", 10)
    c.saveState()
    box = c.beginPath()
    box.rect(mm(15), mm(150), mm(80), mm(20))
    c.clipPath(box, stroke=0, fill=0)
    c.drawString(mm(20), mm(175), WORDS[lang])  # above the box: cut away
    c.drawString(mm(20), mm(160), WORDS[lang])  # inside: printed
    c.restoreState()
    c.save()
    found = hidden_text(inks(buf.getvalue())[0])
    assert len(found) == 1 and "outside its drawing's clip" in found[0] and ", 119." in found[0], found


def test_a_path_of_many_squares_hides_only_what_is_under_a_square():
    def draw(cr):
        _say(cr, "between", 40, 45)
        for x in (10, 70):  # one path, two squares left and right of the word
            cr.rectangle(mm(x), mm(35), mm(20), mm(20))
        cr.set_source_rgb(0.5, 0.5, 0.5)
        cr.fill()

    assert hidden_text(inks(_page(draw))[0]) == []


def test_families_and_sizes_are_read_back():
    data = _page(lambda cr: (_say(cr, "Narrow", 20, 30, "PT Sans Narrow", 9), _say(cr, "Sans", 20, 50, size=7)))
    got = {i.text.strip(): (i.family, round(i.size, 1)) for i in inks(data)[0] if i.kind == "text"}
    assert got == {"Narrow": ("PTSans-Narrow", 9.0), "Sans": ("PTSans", 7.0)}
    assert family("ABCDEF+PTSans-NarrowBold") == "PTSans-Narrow" and family("PTSans-BoldItalic") == "PTSans"


def test_one_family_per_card_its_imprint_line_aside():
    slots = card_slots("sheet", "A4", 1)
    (name, (x0, y0, _, y1)), (_, (u0, v0, _, _)) = slots[0], slots[1]
    mixed = [Ink("text", (x0 + 5, y0 + 20, x0 + 30, y0 + 23), 1, "Rules", "PTSans", 8),
             Ink("text", (x0 + 5, y0 + 30, x0 + 30, y0 + 33), 2, "List", "PTSans-Narrow", 8),
             Ink("text", (u0 + 5, v0 + 30, u0 + 30, v0 + 33), 3, "Rules", "PTSans", 8),
             Ink("text", (u0 + 5, y1 - 4, u0 + 50, y1 - 2), 4, "Game · 0.9 · RU", "PTSans-Narrow", 6.5)]
    found = mixed_families(mixed, slots)
    assert found == [f"{name}: text in 2 type families (PTSans, PTSans-Narrow); a card uses one"]


def test_card_text_under_7_5_pt_and_too_close_under_the_band():
    slots = card_slots("sheet", "A4", 1)
    name, (x0, y0, x1, y1) = slots[0]
    band = (x0 - 3, y0 - 3, x1 + 3, y0 + 14)  # a header band from the bleed, 14 mm into the card
    runs = (Run("Close", (x0 + 4, y0 + 14 + BAND_GAP_MM - 0.3, x0 + 20, y0 + 18), (0, 0, 0), 8.0),
            Run("Clear", (x0 + 4, y0 + 14 + BAND_GAP_MM + 0.1, x0 + 20, y0 + 19), (0, 1, 1), 8.0),
            Run("Tiny", (x0 + 4, y0 + 40, x0 + 20, y0 + 42), (0, 2, 2), CARD_MIN_PT - 0.5),
            Run("Imprint", (x0 + 4, y1 - 4, x0 + 40, y1 - 2), (0, 3, 3), 6.5))
    gaps = band_gap(runs, (band,), slots)
    assert len(gaps) == 1 and "'Close' starts 1.20 mm under the header band" in gaps[0]
    small = card_small_type(runs, slots)
    assert CARD_MIN_PT == 7.5  # issue 47: readable cards
    assert len(small) == 1 and "'Tiny' is 7.0 pt" in small[0]
    assert band_gap(runs, (), slots) == []  # no band: nothing to keep clear of


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_duel_cards_and_booklets_pass(lang):
    """The kit's duel cards (every rule) and the three booklets (hidden text) as they are built."""
    from tests.conftest import kit_booklet
    from tests.ground.kitcache import build_lang

    built = build_lang(lang)
    for comp in ("duel-stance-cards", "duel-strike-cards", "duel-reference", "ground-reference",
                 "ground-scenario-cards"):
        art = built.pdf(comp, "single-sided" if comp.endswith("-reference") else "sheet")  # one-sided at home
        for n, (page_inks, page) in enumerate(zip(inks(art.data), read_pdf(art.data)), 1):
            slots = card_slots(art.layout, art.paper, n)
            assert hidden_text(page_inks) == [] and mixed_families(page_inks, slots) == [], (comp, n)
            assert card_small_type(page.runs, slots) == [] and band_gap(page.runs, page.marks, slots) == [], (comp, n)
    for game in ("dojo", "duel"):
        plain = next(a for a in kit_booklet(lang, game) if a.layout == "plain")
        assert [hidden_text(p) for p in inks(plain.data)] == [[]] * len(inks(plain.data)), (game, lang)
