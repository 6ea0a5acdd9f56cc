"""Duel components for it, en, ru: 4 stance and 3 strike cards, the track, seed terms on every language."""

import re
import pytest

from tests.ground.kitcache import build_lang
from tests.render.pdfcheck import fonts, reader, size_mm
from tests.conftest import LANGS


@pytest.fixture(scope="module", params=LANGS)
def built(request):
    """The duel components of one language (rendered once per session with the GROUND ones)."""
    lang = request.param
    kit = build_lang(lang)
    return lang, {(a.component, a.layout): a for a in kit.artifacts if a.path.endswith(".pdf") and a.component.startswith("duel")}


@pytest.mark.parametrize("component,cards", [("duel-stance-cards", 8), ("duel-strike-cards", 8),
                                             ("duel-reference", 4)])
def test_card_counts(built, component, cards):
    _, arts = built
    one_sided = component == "duel-reference"  # reference cards: fronts only at home (issue 29)
    art = arts[(component, "single-sided" if one_sided else "sheet")]
    assert art.cards == cards
    r = reader(art.data)
    assert len(r.pages) == (1 if one_sided else 2) and all(size_mm(p.mediabox) == (210.0, 297.0) for p in r.pages)
    assert all(e for _, e in fonts(r))


def test_terms_have_one_spelling_per_language(built):
    lang, arts = built
    text = " ".join(p.extract_text() for p in reader(arts[("duel-stance-cards", "sheet")].data).pages)
    strikes = " ".join(p.extract_text() for p in reader(arts[("duel-strike-cards", "sheet")].data).pages)
    if lang == "ru":  # the seed's own spelling
        assert all(t in text for t in ("Сейган", "Дзёдан", "Гасуми", "Гедан"))
        assert "Шиеши" in strikes and "Мэн" in strikes and "Цуки" in strikes
        assert "Seigan" not in text and "Jodan" not in text
    else:  # romaji only: no term repeated in Cyrillic, no Russian at all
        assert all(t in text for t in ("Seigan", "Jodan", "Gasumi", "Gedan")) and "Jōdan" not in text
        assert "Shieshi" in strikes and "Men" in strikes and "Tsuki" in strikes
        assert not re.search("[А-Яа-яЁё]", text + strikes)


def test_russian_cards_carry_the_seed_sentences(built):
    lang, arts = built
    text = " ".join(" ".join(p.extract_text() for p in reader(arts[(c, layout)].data).pages)
                    for c, layout in (("duel-stance-cards", "sheet"), ("duel-strike-cards", "sheet"),
                                      ("duel-reference", "single-sided")))
    text = "".join(re.sub(r"-\n", "", text).split())  # cairo places words apart: compare without spaces
    if lang == "ru":
        assert "Можно двигаться до трёх клеток вперёд или на одну назад.".replace(" ", "") in text  # D03
        assert "Поражает первую и вторую клетку перед игроком.".replace(" ", "") in text
    else:
        assert "Можно двигаться" not in text


def test_track_has_twelve_cells(built):
    lang, arts = built
    r = reader(arts[("duel-track", "sheet")].data)
    assert len(r.pages) == 1 and size_mm(r.pages[0].mediabox) == (297.0, 210.0)
    numbers = [int(t) for t in r.pages[0].extract_text().split() if t.isdigit()]
    assert set(range(1, 13)) <= set(numbers)


def _pixels(pdf: bytes, index: int) -> bytes:
    """Page `index` of a PDF rasterised by pdfium (a card face of the single-card file)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return bytes(doc[index].render(scale=0.5).to_pil().tobytes())
    finally:
        doc.close()


def test_every_order_card_of_a_player_has_the_same_back(built):
    """Issue 33: the card laid face down on the order slip tells only whose it is: one back for every stance,
    strike and No action card of a player, read back from the print-shop files (front, back per card)."""
    lang, arts = built
    backs: dict[str, set[bytes]] = {}
    for comp in ("duel-stance-cards", "duel-strike-cards"):
        single = arts[(comp, "single")]  # the cards in the sheet's order, front then back
        cards = [piece for piece, _ in arts[(comp, "sheet")].pieces if "/" in piece]  # the deck's own line aside
        assert len(reader(single.data).pages) == 2 * len(cards)
        for i, piece in enumerate(cards):
            backs.setdefault(piece.rsplit("-", 1)[1], set()).add(_pixels(single.data, 2 * i + 1))
    assert set(backs) == {"a", "b"} and all(len(v) == 1 for v in backs.values()), {k: len(v) for k, v in backs.items()}
    assert backs["a"] != backs["b"]  # the two players' backs differ
    text = " ".join(p.extract_text() for p in reader(arts[("duel-strike-cards", "single")].data).pages)
    assert "Kamae" not in text and "Giri" not in text.replace("Giri (", "")  # no back names the card's kind


def test_no_action_card_and_the_seigan_card_say_the_rulings(built):
    """A No action card per player (D04); the Seigan card moves 'up to 3 cells forward, or 1 back' (D03)."""
    lang, arts = built
    from tests.ground.kitcache import build_lang as again

    ctx = again(lang).ctx
    strikes = "".join(" ".join(p.extract_text() for p in reader(arts[("duel-strike-cards", "sheet")].data).pages).split())
    assert strikes.count("".join(ctx.p_("duel-strike-cards", "No action").split())) == 2
    stances = "".join(re.sub(r"-\n", "", " ".join(p.extract_text() for p in
                                                  reader(arts[("duel-stance-cards", "sheet")].data).pages)).split())
    said = ctx.p_("duel/seigan", "Move up to 3 cells forward, or 1 back.")
    assert said != "Move up to 3 cells forward, or 1 back." or lang == "en"
    assert stances.count("".join(said.split())) == 2
