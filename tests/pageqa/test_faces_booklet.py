"""A booklet page read once (pageqa/faces.py): each typeset page is one form that the other paper's pages and both
imposed booklets place as it is; those pages are composed from its first reading and give the same page QA
findings as every page read from itself, a fault planted in the typeset page or on an imposed sheet included."""

import io
from dataclasses import replace

import pikepdf
import pytest

from generator.booklet import builders
from generator.booklet import impose as impose_module
from generator.booklet.impose import saddle_order
from generator.pageqa import pages
from generator.pageqa.check import page_qa
from generator.pageqa.faces import PAGE_FORM
from tests.conftest import LANGS, kit_booklet, kit_context
from tests.pageqa.composed import assert_reads_as_itself, close, composed_pages

GAME = "duel"  # the shortest booklet


def _findings(artifacts, lang: str) -> list[tuple[str, str, str, str]]:
    return [(p.file, p.where, p.rule, p.message) for p in page_qa(list(artifacts), lang)[0]]


def _pdfs(lang: str) -> list:
    return [a for a in kit_booklet(lang, GAME) if a.path.endswith(".pdf")]


def test_the_booklet_key_is_the_page_qas():
    assert builders.PAGE_FORM == PAGE_FORM


@pytest.mark.parametrize("lang", LANGS)
def test_a_booklet_page_composed_from_its_typeset_page_reads_as_the_page_itself(lang):
    """Every page of every booklet file placing a typeset page read before (the other paper's pages, both imposed
    booklets) gives the runs, marks and paint its own reading gives (the first imposed side too, whose print note
    and sheet label the text page gives out of paint order); only a typeset page's first placement is read in
    full."""
    artifacts = _pdfs(lang)
    assert {a.layout for a in artifacts} == {"saddle-stitch", "plain", "pages"}
    assert all(a.placed and len(a.placed) == a.pages for a in artifacts)
    book: dict = {}
    for a, read in composed_pages(artifacts, book):
        own = read.direct()
        assert_reads_as_itself(read, own, ("text", "line", "size", "font", "family", "z"), (a.path, read.page.number))
        assert [(i.box, i.z, i.kind) for i in read.layers] == [(i.box, i.z, i.kind) for i in own.layers] or \
            all(close(i.box, j.box) and (i.z, i.kind) == (j.z, j.kind) for i, j in zip(read.layers, own.layers))
        assert len(read.layers) == len(own.layers)
    typeset = {k for a in artifacts for keys in a.placed for k in keys if k is not None}
    assert len(book) == len(typeset)  # each typeset page read once
    assert _findings(artifacts, lang) == _findings([replace(a, placed=()) for a in artifacts], lang)


def _fold_marks_writing(write):
    """A stand-in for impose.fold_marks whose sides hold only what write(canvas, width, height) draws on each."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.fonts import register_reportlab

    def marks(width, height, sides, note=""):
        register_reportlab()
        buf = io.BytesIO()
        c = Canvas(buf, pagesize=(width, height), invariant=1)
        for _ in range(sides):
            write(c, width, height)
            c.showPage()
        c.save()
        return buf.getvalue()
    return marks


def _built(lang: str) -> list:
    """The booklet built again (the faults below are planted while it is typeset or imposed)."""
    from generator.booklet.builders import build_booklet

    return [a for a in build_booklet(kit_context(lang), GAME) if a.path.endswith(".pdf")]


def _same_either_way(artifacts: list, lang: str) -> list[tuple[str, str, str, str]]:
    """The page QA's findings, asserted the same as when every page is read from itself, and some page composed."""
    found = _findings(artifacts, lang)
    assert found == _findings([replace(a, placed=()) for a in artifacts], lang)
    book: dict = {}
    assert any(read.direct is not None for a in artifacts[1:]
               for read in pages.read_pages(a.data, placed=a.placed, book=book))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_small_type_in_a_typeset_page_is_found_on_every_page_placing_it(lang, monkeypatch):
    """5 pt type written into every typeset page: the pages placing a typeset page read before take its reading,
    and the small type is found on every page of every file, as when every page is read from itself."""
    place_forms = builders.place_forms

    def small(data, pictures):
        with pikepdf.open(io.BytesIO(place_forms(data, pictures))) as doc:
            for page in doc.pages:
                font = next(iter(page.obj.Resources.Font.keys()))
                page.contents_add(doc.make_stream(f"BT {font} 5 Tf 60 120 Td (Minuscolo) Tj ET".encode()))
            out = io.BytesIO()
            doc.save(out, static_id=True)
        return out.getvalue()
    monkeypatch.setattr(builders, "place_forms", small)
    artifacts = _built(lang)
    found = _same_either_way(artifacts, lang)
    small_type = {(path, where) for path, where, rule, message in found
                  if rule == "page-type-size" and "Minuscolo" in message}
    # every page but an imposed sheet's blank half
    assert {path for path, _ in small_type} == {a.path for a in artifacts}
    assert len(small_type) == sum(a.pages for a in artifacts)


@pytest.mark.parametrize("lang", LANGS)
def test_pages_placed_off_an_imposed_sheet_are_found(lang, monkeypatch):
    """Imposed pages moved 150 pt right: their reading is taken from the pages file, the move read from the sheet,
    and the right page off the sheet's edge is found on every side, as when every page is read from itself."""
    impose = builders.impose

    def moved(pdf, sheet, title, note="", area=None):
        x0, y0, x1, y1 = area
        return impose(pdf, sheet, title, note, (x0 - 150, y0, x1 - 150, y1))
    monkeypatch.setattr(builders, "impose", moved)
    artifacts = _built(lang)
    found = _same_either_way(artifacts, lang)
    typeset = next(a.pages for a in artifacts if a.layout == "pages")
    right = {f"page {n}, {lang}" for n, (_, page) in enumerate(saddle_order(typeset), 1) if page is not None}
    for a in artifacts:
        edge = {where for path, where, rule, _ in found if path == a.path and rule == "page-edge"}
        assert edge == (right if a.layout == "saddle-stitch" else set()), a.path  # the sides printing a right page


@pytest.mark.parametrize("lang", LANGS)
def test_text_an_imposed_sheet_draws_over_its_pages_is_found(lang, monkeypatch):
    """The sheet's own drawing is read from the page: a line the fold marks write across the middle of each side,
    over the text of both pages, is found on every imposed side, as when every page is read from itself."""
    def write(c, width, height):
        c.setFont("PTSans", 9)
        c.drawCentredString(width / 2, height / 2, "Scritta del foglio sopra il testo delle due pagine " * 3)
    monkeypatch.setattr(impose_module, "fold_marks", _fold_marks_writing(write))
    artifacts = _built(lang)
    found = _same_either_way(artifacts, lang)
    for a in artifacts:
        over = {where for path, where, rule, message in found if path == a.path and rule == "page-overlap"
                and "Scritta" in message}
        # every side but one printing a single page with room in its middle
        assert len(over) >= a.pages - 1 if a.layout == "saddle-stitch" else not over, (a.path, over)


@pytest.mark.parametrize("lang", LANGS)
def test_a_sheet_word_on_the_line_of_a_page_it_places_sends_the_side_to_a_direct_reading(lang, monkeypatch):
    """A word the fold marks write on the line of the left page's footer, right of its start: pdfium's text page
    gives the footer first (one line, left to right), not in paint order; such a side is read from itself, and every
    side composed reads as the side itself."""
    def write(c, width, height):
        c.setFont("PTSans", 7.2)
        c.drawString(150, 28.35, "Segno")
    monkeypatch.setattr(impose_module, "fold_marks", _fold_marks_writing(write))
    artifacts = sorted(_built(lang), key=lambda a: a.layout != "pages")  # the imposed sides composed of pages read
    _same_either_way(artifacts, lang)
    book: dict = {}
    direct = 0
    for a in artifacts:
        for read in pages.read_pages(a.data, placed=a.placed, book=book):
            if read.direct is None:
                direct += 1
                assert a.layout == "saddle-stitch"
                continue
            own = read.direct()
            assert [(r.text, r.line, r.z) for r in read.page.runs] == [(r.text, r.line, r.z) for r in own.page.runs]
    assert direct >= 2  # a side of each imposed booklet placing a left page
