"""The read-back page QA: each rule finds its defect on a synthetic page and passes a clean one."""

import pytest
from babel.support import NullTranslations

from generator.kit import build
from generator.kit.registry import Component
from generator.kit.model import Artifact
from generator.pageqa.check import edge_band, overlaps, page_problems, runs_of, safe_zone, small_type
from generator.pageqa.read import read_pdf
from generator.problems import CheckFailed
from generator.render import pdf
from generator.render.cards import BLEED_H, BLEED_W, card_slots
from generator.render.pdf import PdfDoc

WORDS = {"it": "Prova di stampa", "en": "Print test", "ru": "Пробная печать"}


def _page(draw, size=(210.0, 297.0)) -> bytes:
    doc = PdfDoc(0, "t")
    cr = doc.page(*size)
    draw(cr)
    return doc.finish()


@pytest.mark.parametrize("lang", list(WORDS))
def test_text_lines_that_touch_are_found_and_spaced_lines_pass(lang):
    word = WORDS[lang]
    close = read_pdf(_page(lambda cr: (pdf.text(cr, word, 50, 50, 10), pdf.text(cr, word, 50, 52.5, 10))))[0]
    apart = read_pdf(_page(lambda cr: (pdf.text(cr, word, 50, 50, 10), pdf.text(cr, word, 50, 55, 10))))[0]
    assert len(close.glyphs) == 2 * len(word.replace(" ", ""))
    assert overlaps(runs_of(close)) and word in overlaps(runs_of(close))[0]
    assert overlaps(runs_of(apart)) == []


@pytest.mark.parametrize("lang", list(WORDS))
def test_type_under_the_floor_is_found(lang):
    page = read_pdf(_page(lambda cr: (pdf.text(cr, WORDS[lang], 50, 50, 5), pdf.text(cr, "ok", 50, 80, 6.5))))[0]
    found = small_type(runs_of(page))
    assert len(found) == 1 and "5.0 pt" in found[0] and WORDS[lang].split()[0] in found[0]


def test_ink_and_text_in_the_edge_band_are_found():
    assert edge_band(read_pdf(_page(lambda cr: pdf.line(cr, 3, 50, 40, 50)))[0])
    assert edge_band(read_pdf(_page(lambda cr: pdf.text(cr, "edge", 100, 296, 8)))[0])
    assert edge_band(read_pdf(_page(lambda cr: pdf.line(cr, 5, 50, 40, 50)))[0]) == []  # butt cap ends at 5 mm
    white = read_pdf(_page(lambda cr: pdf.line(cr, 0, 50, 40, 50, 2, (1, 1, 1))))[0]
    assert white.marks == () and edge_band(white) == []


def test_text_outside_a_cards_safe_zone_is_found_with_the_card():
    slots = card_slots("single", "card", 3)
    assert slots[0][0] == "card 2 front"
    near = read_pdf(_page(lambda cr: pdf.text(cr, "cut", 4.5, 20, 8), (BLEED_W, BLEED_H)))[0]
    inside = read_pdf(_page(lambda cr: pdf.text(cr, "cut", 7, 20, 8), (BLEED_W, BLEED_H)))[0]
    assert safe_zone(runs_of(near), slots) == ["card 2 front: text 'cut' outside the safe zone (3 mm inside the trim)"]
    assert safe_zone(runs_of(inside), slots) == []


BAD: list[Artifact] = []  # what the fake component below renders


def bad_component(ctx) -> list[Artifact]:
    """A registered component's builder printing two texts over each other."""
    return list(BAD)


@pytest.mark.parametrize("lang", list(WORDS))
def test_a_failing_page_stops_the_build_naming_file_page_and_language(lang, monkeypatch, tmp_path):
    data = _page(lambda cr: (pdf.text(cr, WORDS[lang], 50, 50, 10), pdf.text(cr, WORDS[lang], 52, 51, 10)))
    bad = Artifact("x/bad-A4.pdf", "test", "sheet", data, "A4", "sheet", 1)
    problems = page_problems([bad], lang)
    assert problems and problems[0].rule == "page-overlap"
    assert problems[0].file == "x/bad-A4.pdf" and problems[0].where == f"page 1, {lang}"
    BAD[:] = [bad]
    monkeypatch.setattr(build, "term_spellings", lambda ctx, games: {})
    options = type("O", (), {"back_offset_mm": (0.0, 0.0), "overflow": "error"})()
    ctx = type("Ctx", (), {"lang": lang, "root": tmp_path, "translations": NullTranslations(), "options": options})()
    component = Component("test", "Test", "kit", ("sheet",), ("A4",), f"{__name__}:bad_component")
    monkeypatch.setattr(build.registry, "COMPONENTS", (component,))
    out = tmp_path / "kit"
    with pytest.raises(CheckFailed) as exc:
        build.write_kit(ctx, out, jobs=2)  # in a worker process, as in a real build
    assert "x/bad-A4.pdf" in str(exc.value) and f"page 1, {lang}" in str(exc.value)
    assert not out.exists()  # nothing written
