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


@pytest.mark.parametrize("component,cards", [("duel-stance-cards", 8), ("duel-strike-cards", 6),
                                             ("duel-reference", 4)])
def test_card_counts(built, component, cards):
    _, arts = built
    art = arts[(component, "sheet")]
    assert art.cards == cards
    r = reader(art.data)
    assert len(r.pages) == 2 and all(size_mm(p.mediabox) == (210.0, 297.0) for p in r.pages)
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
    text = " ".join(" ".join(p.extract_text() for p in reader(arts[(c, "sheet")].data).pages)
                    for c in ("duel-stance-cards", "duel-strike-cards", "duel-reference"))
    text = "".join(re.sub(r"-\n", "", text).split())  # cairo places words apart: compare without spaces
    if lang == "ru":
        assert "Можно двигаться три клетки вперед или одну назад.".replace(" ", "") in text
        assert "Поражает первую и вторую клетку перед игроком.".replace(" ", "") in text
    else:
        assert "Можно двигаться" not in text


def test_track_has_twelve_cells(built):
    lang, arts = built
    r = reader(arts[("duel-track", "sheet")].data)
    assert len(r.pages) == 1 and size_mm(r.pages[0].mediabox) == (297.0, 210.0)
    numbers = [int(t) for t in r.pages[0].extract_text().split() if t.isdigit()]
    assert set(range(1, 13)) <= set(numbers)
