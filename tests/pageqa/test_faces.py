"""A card face read once (pageqa/faces.py): the pages placing it again are composed from its reading, and give the
same page QA findings as every page read from itself, faults planted in a sheet's placement or its own drawing
included."""

from dataclasses import replace

import pytest

from generator.pageqa import pages
from generator.pageqa.check import page_qa
from generator.render import cards, pdf
from generator.render.cards import BLEED, BLEED_H, BLEED_W, CARD_W, Card, Deck, Imprint, deck_artifacts
from generator.render.svg import recorded
from tests.pageqa.composed import assert_reads_as_itself, composed_pages

WORDS = {"it": ("Carta", "Guardia alta", "Colpisci e torna in guardia"),
         "en": ("Card", "High guard", "Strike and return to guard"),
         "ru": ("Карта", "Верхняя стойка", "Ударь и вернись в стойку")}


def _face(title: str, body: str, n: int, back: bool = False) -> object:
    """A bleed-size card face: a tint to the bleed, a framed title, a body line ending 5 mm inside the right trim."""
    def draw(cr):
        cr.set_source_rgb(0.85, 0.9, 1.0) if not back else cr.set_source_rgb(0.3, 0.3, 0.5)
        cr.rectangle(0, 0, pdf.mm(BLEED_W), pdf.mm(BLEED_H))
        cr.fill()
        cr.set_source_rgb(0.2, 0.2, 0.2)
        cr.set_line_width(0.8)
        cr.rectangle(pdf.mm(BLEED + 5), pdf.mm(BLEED + 5), pdf.mm(CARD_W - 10), pdf.mm(15))
        cr.stroke()
        pdf.text(cr, f"{title} {n}", BLEED + 8, BLEED + 14, 11, bold=True)
        width = pdf.text_width(body, 8)
        pdf.text(cr, body, BLEED + CARD_W - 5 - width, BLEED + 30, 8)
    return recorded(pdf.mm(BLEED_W), pdf.mm(BLEED_H), draw)


def _deck(lang: str) -> list:
    title, guard, body = WORDS[lang]
    back = _face(title, guard, 0, back=True)
    faces = [Card(f"c{n}", _face(title, body if n % 2 else guard, n), back, copies=1 + (n == 2)) for n in range(1, 5)]
    imp = Imprint("Prova", "0.1", lang, 0)
    return [a for a in deck_artifacts(Deck("t-deck", "t/deck", "Prova", tuple(faces)), imp, ("A4", "Letter"))
            if a.path.endswith(".pdf")]


def _findings(artifacts: list, lang: str) -> list[tuple[str, str, str, str]]:
    return [(p.file, p.where, p.rule, p.message) for p in page_qa(artifacts, lang)[0]]


def _composed_pages(artifacts: list) -> int:
    book: dict = {}
    return sum(read.direct is not None for a in artifacts
               for read in pages.read_pages(a.data, placed=a.placed, book=book))


@pytest.mark.parametrize("lang", list(WORDS))
def test_a_page_composed_from_faces_read_before_reads_as_the_page_itself(lang):
    """Every page of a deck placing faces read before gives the runs, marks and paint its own reading gives."""
    artifacts = _deck(lang)
    assert _findings(artifacts, lang) == []  # a clean deck
    for _a, read in composed_pages(artifacts):
        assert_reads_as_itself(read, read.direct(), ("text", "line", "size", "font", "z"))


@pytest.mark.parametrize("lang", list(WORDS))
def test_a_face_placed_wrongly_on_a_sheet_is_found_as_when_every_page_is_read(lang, monkeypatch):
    """A sheet placing its cards 7 mm right of their places: their reading is taken from the print-shop page, yet
    the move is read from the sheet, and the text pushed out of the safe zone is found on every sheet."""
    place = cards._clip_place
    monkeypatch.setattr(cards, "_clip_place", lambda doc, d, x, y, clip: place(doc, d, x + 7, y, clip))
    artifacts = _deck(lang)
    found = _findings(artifacts, lang)
    assert found == _findings([replace(a, placed=()) for a in artifacts], lang)
    assert _composed_pages(artifacts) > 0
    hit = {path for path, _, code, _ in found if code == "page-safe-zone"}
    assert hit == {"t/deck-A4.pdf", "t/deck-Letter.pdf", "t/deck-gutterfold-A4.pdf", "t/deck-gutterfold-Letter.pdf"}
    assert not any(path.endswith("-single.pdf") for path, *_ in found)


@pytest.mark.parametrize("lang", list(WORDS))
def test_small_print_on_a_fold_line_is_found_on_a_composed_page(lang, monkeypatch):
    """The sheet's own drawing is read from the page: small print set across a gutterfold's fold line, between the
    fronts and the backs, is found, with the same findings as when every page is read from itself."""
    footer = cards.footer

    def on_the_line(cr, text, grid):
        footer(cr, text, grid)
        if not grid.butted:  # a gutterfold
            pdf.text(cr, WORDS[lang][0][:2], grid.page[0] / 2, grid.ys[0] + 40, 7, align="center")
    monkeypatch.setattr(cards, "footer", on_the_line)
    artifacts = _deck(lang)
    found = _findings(artifacts, lang)
    assert found == _findings([replace(a, placed=()) for a in artifacts], lang)
    assert _composed_pages(artifacts) > 0
    on_line = [(path, where) for path, where, code, message in found if "cut or fold line" in message]
    assert {path for path, _ in on_line} == {"t/deck-gutterfold-A4.pdf", "t/deck-gutterfold-Letter.pdf"}
    assert len(on_line) == 2 * 2  # each page of both gutterfolds (5 cards, 4 a page)


def _readings(artifacts: list) -> list:
    """Every page's runs, paint and layer items as the page QA reads them (faces read once, in file order)."""
    book: dict = {}
    return [(read.page.runs, read.page.paint, [i[:5] for i in read.layers]) for a in artifacts
            for read in pages.read_pages(a.data, placed=a.placed, book=book)]


@pytest.mark.parametrize("lang", list(WORDS))
def test_a_sheet_placing_faces_read_before_reads_its_own_text_alone(lang, monkeypatch):
    """A page whose every face was read before makes its text page with the faces taken off (the sheet's small
    print alone, not nine cards' text), puts them back, and reads exactly as with the whole page's text page; its
    direct reading after that still sees the faces."""
    artifacts = _deck(lang)
    taken: list[int] = []
    take = pages._take_off
    monkeypatch.setattr(pages, "_take_off", lambda page, forms: taken.append(len(forms)) or take(page, forms))
    alone = _readings(artifacts)
    assert len(taken) >= 4 and min(taken) > 0  # the sheets after the first file's, with their small print
    monkeypatch.setattr(pages, "_take_off", lambda page, forms: None)  # every text page of the whole page
    assert alone == _readings(artifacts)
    monkeypatch.setattr(pages, "_take_off", take)
    book: dict = {}
    for a in artifacts:  # the faces put back: a page read directly after being composed still shows them
        for read in pages.read_pages(a.data, placed=a.placed, book=book):
            assert [r.text for r in read.direct().page.runs] == [r.text for r in read.page.runs]
            assert read.page.runs or a.path.endswith("-single.pdf")


def test_the_drawing_painting_a_word_is_found_by_bisection_as_by_search():
    """compose() sorts a page's words into the drawings read on it by their paint order (faces._Spans); it finds
    what a search of every span finds, for spans that follow each other, empty ones, and overlapping ones."""
    from generator.pageqa.faces import _Spans, _Use

    def use(z, span):
        return _Use(("d", z), None, z, 0, 0.0, 0.0, None, span=span)

    for spans in ([(3, 4), (7, 0), (7, 5), (20, 2)], [(10, 3), (2, 5)], [(2, 10), (5, 2)], [], [(0, 1)]):
        uses = [use(z, s) for z, s in spans]
        owner = _Spans(uses)
        for z in range(-1, 30):
            hits = [n for n, u in enumerate(uses) if u.z < z <= u.z + u.span]
            assert owner.of(z) == (hits[0] if hits else None), (spans, z)
        assert owner.apart == (spans != [(2, 10), (5, 2)])
