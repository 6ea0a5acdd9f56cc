"""The card engine on a synthetic deck: sheets, mirrored backs, gutterfold, single cards, determinism."""

from pathlib import Path

import pytest

from generator.pageqa.check import edge_band, text_on_marks
from generator.pageqa.read import read_pdf
from generator.render.cards import (BLEED_H, BLEED_W, CARD_W, Card, Deck, Imprint, card_slots, gutterfold_pdf,
                                    sheet_grid, sheet_pdf, single_pdf)
from generator.render.layout import Slot, Where, fit
from generator.render.svg import render_template, svg_drawing
from generator.render.pdf import EDGE_MM, PAPERS_MM
from tests.render.pdfcheck import PT, fonts, placements, reader, size_mm
from tests.conftest import LANGS

ROOT = Path(__file__).resolve().parents[2]
WORD = {"it": "Carta", "en": "Card", "ru": "Карта"}


def _face(label: str, lang: str, bg: str):
    block = fit(label, Slot("name", 50, 10, 12, 8), Where("test", label, lang))
    return svg_drawing(render_template(ROOT / "templates", "figure.svg.j2", W=BLEED_W, H=BLEED_H, bg=bg,
                                       texts=[dict(block=block, x=10, y=20)]))


@pytest.fixture(scope="module", params=LANGS)
def deck(request):
    lang = request.param
    cards = tuple(Card(f"c{i}", _face(f"{WORD[lang]} F{i:02d}", lang, "#ffffff"),
                       _face(f"B{i:02d}", lang, "#dddddd"), copies=2 if i == 1 else 1) for i in range(1, 11))
    return lang, Deck("test-deck", "test", "Test", cards)


def _imp(lang, offset=(0.0, 0.0)):
    return Imprint("Test", "0.9.0+test", lang, 1767225600, offset)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_sheets_have_paper_size_card_count_and_backs_after_fronts(deck, paper):
    lang, d = deck
    data, pages = sheet_pdf(d, paper, _imp(lang))
    r = reader(data)
    assert pages == len(r.pages) == 4  # 11 cards: 2 sheets, fronts then backs
    for page in r.pages:
        assert size_mm(page.mediabox) == PAPERS_MM[paper]
    assert len(placements(r.pages[0], r)) == 9 and len(placements(r.pages[3], r)) == 2
    front_text = r.pages[0].extract_text()
    assert f"{WORD[lang]} F01" in front_text and "B01" not in front_text
    assert "B01" in r.pages[1].extract_text() and lang.upper() in front_text and "0.9.0+test" in front_text


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_backs_mirror_fronts_for_a_long_edge_flip_with_the_back_offset(deck, paper):
    lang, d = deck
    dx, dy = 1.5, -0.5
    r = reader(sheet_pdf(d, paper, _imp(lang, (dx, dy)))[0])
    w = PAPERS_MM[paper][0]
    fronts, backs = placements(r.pages[0], r), placements(r.pages[1], r)
    assert len(fronts) == len(backs) == 9
    g = sheet_grid(paper)
    b = g.bx
    for column, ((fx, fy), (bx, by)) in enumerate(zip(fronts, backs)):
        outer = b if column % 3 != 1 else 0.0  # butted cards: bleed shown only around the block
        assert abs((fx + bx) - (w - CARD_W + dx - outer) * PT) < 0.01  # placements: trim corners less the bleed
        assert abs(by - fy + dy * PT) < 0.01 or abs(by - fy - dy * PT) < 0.01
    assert [t for t in r.pages[1].extract_text().split() if t.startswith("B")][:3] == ["B01", "B01", "B02"]


def test_nothing_is_painted_within_5_mm_of_the_sheet_edge(deck):
    lang, d = deck
    for paper in ("A4", "Letter"):
        pages = read_pdf(sheet_pdf(d, paper, _imp(lang, (3.0, 3.0)))[0])  # read back: glyphs and ink
        assert len(pages) == 4 and all(page.marks for page in pages)
        for page in pages:
            assert edge_band(page) == []


def test_gutterfold_puts_fronts_and_backs_side_by_side(deck):
    lang, d = deck
    data, pages = gutterfold_pdf(d, "A4", _imp(lang))
    r = reader(data)
    assert pages == len(r.pages) == 3  # 11 cards, 4 per page
    assert size_mm(r.pages[0].mediabox) == (297.0, 210.0)
    xs = [x for x, _ in placements(r.pages[0], r)]
    assert len(xs) == 8 and all(a < 148.5 * PT < b for a, b in zip(xs[0::2], xs[1::2]))


def test_single_cards_have_trim_and_bleed_boxes(deck):
    lang, d = deck
    data, pages = single_pdf(d, _imp(lang))
    r = reader(data)
    assert pages == len(r.pages) == 22
    for page in r.pages:
        assert size_mm(page.mediabox) == size_mm(page.bleedbox) == (69.5, 94.9)
        assert size_mm(page.trimbox) == (63.5, 88.9)
        assert round(float(page.trimbox.left) / PT, 1) == 3.0
    assert f"{WORD[lang]} F01" in r.pages[0].extract_text()
    if lang == "ru":
        assert any("\u0400" <= ch <= "\u04ff" for ch in r.pages[0].extract_text())


def test_fonts_are_embedded_pt_sans(deck):
    lang, d = deck
    r = reader(sheet_pdf(d, "A4", _imp(lang))[0])
    found = fonts(r)
    assert found and all(embedded for _, embedded in found)
    assert any("PTSans" in name or "PT-Sans" in name or "PT_Sans" in name for name, _ in found)


def test_two_renders_are_byte_identical(deck):
    lang, d = deck
    assert sheet_pdf(d, "Letter", _imp(lang))[0] == sheet_pdf(d, "Letter", _imp(lang))[0]
    assert single_pdf(d, _imp(lang))[0] == single_pdf(d, _imp(lang))[0]


def test_a_large_back_offset_keeps_the_5_mm_edge_blank(deck):
    lang, d = deck
    backs = read_pdf(sheet_pdf(d, "Letter", _imp(lang, (0.0, -3.0)))[0])[1]  # pushed 3 mm up
    assert backs.marks and edge_band(backs) == []  # clipped to the sheet less the band
    assert min(b[1] for b in backs.marks) == pytest.approx(EDGE_MM, abs=0.01)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_cut_and_fold_lines_stop_before_the_sheets_small_print(deck, paper):
    lang, d = deck
    for layout, render in (("sheet", sheet_pdf), ("gutterfold", gutterfold_pdf)):
        pages = [p for p in read_pdf(render(d, paper, _imp(lang))[0]) if p.number % 2 or layout == "gutterfold"]
        for page in pages:  # the pages carrying the small print (sheet fronts, every gutterfold page)
            slots = card_slots(layout, paper, page.number)
            runs = page.runs
            footer = [r for r in runs if "0.9.0+test" in r[0]]
            lines = [b for b in page.strokes if not any(_meets_box(b, t) for _, t in slots)]
            assert footer and lines, (layout, page.number)  # the small print and the cut lines are read back
            assert text_on_marks(runs, page.strokes, slots) == []


def _meets_box(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _form_digests(data: bytes) -> set[str]:
    """sha256 of every form XObject's content drawn anywhere in a PDF (nested forms included)."""
    import hashlib
    import io

    import pikepdf

    found: set[str] = set()

    def walk(resources) -> None:
        for xobj in (resources.get("/XObject") or {}).values():
            if xobj.get("/Subtype") == "/Form":
                found.add(hashlib.sha256(xobj.read_bytes()).hexdigest())
                if xobj.get("/Resources") is not None:
                    walk(xobj.Resources)

    with pikepdf.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            walk(page.Resources)
    return found


def test_a_decks_files_share_their_faces_and_stay_separate_documents(deck):
    """deck_artifacts draws every layout in one document and splits it: each face is the same form object in every
    file (so the page QA reads it once), and each file is a whole document with the deck's title and its pages."""
    import io

    import pikepdf

    from generator.render.cards import deck_artifacts

    lang, d = deck
    made = {a.path: a for a in deck_artifacts(d, _imp(lang), ("A4", "Letter"))}
    assert [p for p in made] == ["test-A4.pdf", "test-gutterfold-A4.pdf", "test-Letter.pdf",
                                 "test-gutterfold-Letter.pdf", "test-single.pdf", "previews/test.png"]
    faces = _form_digests(made["test-single.pdf"].data)
    for path in ("test-A4.pdf", "test-gutterfold-A4.pdf", "test-Letter.pdf", "test-gutterfold-Letter.pdf"):
        assert len(faces & _form_digests(made[path].data)) >= 20, path  # the 11 fronts' and backs' drawings
        with pikepdf.open(io.BytesIO(made[path].data)) as pdf:
            assert len(pdf.pages) == made[path].pages and str(pdf.docinfo["/Title"]) == "Test"
            assert pdf.pdf_version == "1.5"
    assert made["test-single.pdf"].pages == 22 and made["test-A4.pdf"].pages == 4
    again = {a.path: a.data for a in deck_artifacts(d, _imp(lang), ("A4", "Letter"))}
    assert again == {p: a.data for p, a in made.items()}  # byte-identical


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_a_drawing_placed_on_many_pages_is_written_once_per_place_on_a_page_and_looks_the_same(lang):
    """PdfDoc.place shares a drawing's wrapper surface between pages (a deck's backs, repeated cards): placed
    twice on each of three pages it takes two wrappers, no page repeats a resource key (qpdf finds nothing to
    warn about), and the pages render exactly as with a fresh wrapper per placement."""
    import io

    import pikepdf
    import pypdfium2 as pdfium

    from generator.render.pdf import PdfDoc, mm

    face = _face(f"{WORD[lang]} 1", lang, "#dddddd")
    region = (mm(1), mm(1), mm(BLEED_W - 2), mm(BLEED_H - 2))

    def document(shared: bool) -> bytes:
        doc = PdfDoc(0, "t")
        for _ in range(3):
            cr = doc.page(2 * BLEED_W, BLEED_H)
            for x in (0, mm(BLEED_W)):
                doc.place(face, x, 0, region=region) if shared else face.paint(cr, face.wrapper(region), x, 0, region=region)
        if shared:
            assert [len(pool) for pool in doc.wrappers.values()] == [2]
        return doc.finish()

    shared, fresh = document(True), document(False)
    assert len(shared) < len(fresh)
    with pikepdf.open(io.BytesIO(shared)) as pdf:
        assert all(len(page.Resources.XObject.keys()) == 2 for page in pdf.pages)
        assert pdf.get_warnings() == []  # e.g. "dictionary has duplicated key /x6" for a surface twice on a page
    renders = [[bytes(d[i].render(scale=1).to_pil().tobytes()) for i in range(3)]
               for d in (pdfium.PdfDocument(shared), pdfium.PdfDocument(fresh))]
    assert renders[0] == renders[1]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_cut_lines_are_one_drawing_per_arrangement_shown_on_every_page_that_has_it(deck, paper):
    """A sheet's cut lines (and a gutterfold's fold line) are drawn once per arrangement of cards and shown on each
    page with it: the file holds one such drawing for the full sheets and one for a last, partial sheet."""
    lang, d = deck  # 11 cards: a full sheet of 9 and a last sheet of 2; gutterfold pages of 4, 4 and 3
    for layout, render, pages, kinds in (("sheet", sheet_pdf, (0, 2), 2), ("gutterfold", gutterfold_pdf, (0, 1, 2), 2)):
        r = reader(render(d, paper, _imp(lang))[0])
        shown = []
        for n in pages:
            page = r.pages[n]
            forms = page["/Resources"]["/XObject"]
            wide = [forms[k].indirect_reference.idnum for k in forms
                    if float(forms[k].get_object()["/BBox"][2]) >= float(page.mediabox.width) - 1]
            assert len(wide) == 1, (layout, n)  # the page's lines: one drawing
            shown.append(wide[0])
        assert len(set(shown)) == kinds, (layout, shown)  # the same drawing on pages with the same arrangement


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_sheet_cards_share_cut_lines_that_run_from_every_trim_edge_out_to_the_printable_edge(deck, paper):
    from generator.render.cards import CARD_H, _imprint_free

    lang, d = deck
    page = read_pdf(sheet_pdf(d, paper, _imp(lang))[0])[0]
    g = sheet_grid(paper)
    assert g.butted and [round(b - a, 6) for a, b in zip(g.xs, g.xs[1:])] == [CARD_W, CARD_W]
    assert g.bx == 3.0 and g.by == (3.0 if paper == "A4" else 0.94)  # a real 3 mm bleed around the block on A4
    (left, top), (right, bottom) = _imprint_free(g)
    block = (g.xs[0], g.ys[0], g.xs[-1] + CARD_W, g.ys[-1] + CARD_H)

    def line(x0, y0, x1, y1):  # a stroke covering (x0, y0)-(x1, y1), half a millimetre either way
        return any(s[0] <= x0 + 0.5 and s[2] >= x1 - 0.5 and s[1] <= y0 + 0.5 and s[3] >= y1 - 0.5
                   and min(s[2] - s[0], s[3] - s[1]) < 1 for s in page.strokes)

    for x in sorted({*g.xs, block[2]}):  # each vertical cut: from the top edge to the trim, and below the block
        assert line(x, top, x, block[1]) and line(x, block[3], x, bottom), (paper, x)
    for y in sorted({*g.ys, block[3]}):
        assert line(left, y, block[0], y) and line(block[2], y, right, y), (paper, y)
    assert not any(block[0] + 1 < s[0] < block[2] - 1 and block[1] + 1 < s[1] < block[3] - 1
                   for s in page.strokes if min(s[2] - s[0], s[3] - s[1]) < 1 and max(s[2] - s[0], s[3] - s[1]) > 5
                   and (s[0] - block[0]) % CARD_W < 0.5)  # no cut line drawn across the cards themselves
