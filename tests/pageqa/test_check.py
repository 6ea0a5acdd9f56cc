"""The read-back page QA: each rule finds its defect on a synthetic page and passes a clean one."""

import pytest
from babel.support import NullTranslations

from generator.kit import build, phase_two
from generator.plan.registry import Component
from generator.plan.model import Artifact
from generator.pageqa.check import (edge_band, frame_safe_zone, overlaps, page_problems, safe_zone,
                                    small_type, text_on_marks)
from generator.pageqa.read import read_pdf
from generator.problems import CheckFailed
from generator.render import pdf
from generator.render.cards import BLEED, BLEED_H, BLEED_W, card_slots
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
    assert [r.text for r in close.runs] == [word, word]  # read back as two runs of words, spaces included
    assert overlaps(close.runs) and word in overlaps(close.runs)[0]
    assert overlaps(apart.runs) == []


@pytest.mark.parametrize("lang", list(WORDS))
@pytest.mark.parametrize("x", [10.0, 49.95, 70.0])
def test_touching_text_is_found_wherever_it_sits(lang, x):
    """Boxes 0.2 mm apart touch wherever they are on the page (a grid of cells once missed pairs split by a cell
    border), and the pairs come in reading order."""
    from generator.pageqa.read import Run

    word = WORDS[lang]
    runs = (Run(word, (x - 30, 100.0, x - 0.05, 103.0), (0, 1000, 1), 9.0),
            Run(word, (x + 0.15, 103.2, x + 30, 106.0), (0, 1031, 2), 9.0),
            Run(word, (x + 40, 100.0, x + 60, 103.0), (0, 1000, 3), 9.0))
    assert overlaps(runs) == [f"text {word!r} touches {word!r} at ({x - 30:.1f}, 100.0) mm"]
    assert overlaps(runs[1:]) == []


@pytest.mark.parametrize("lang", list(WORDS))
def test_type_under_the_floor_is_found(lang):
    page = read_pdf(_page(lambda cr: (pdf.text(cr, WORDS[lang], 50, 50, 5), pdf.text(cr, "ok", 50, 80, 6.5))))[0]
    found = small_type(page.runs)
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
    assert safe_zone(near.runs, slots) == ["card 2 front: text 'cut' outside the safe zone (3 mm inside the trim)"]
    assert safe_zone(inside.runs, slots) == []


def _frame(cr, inset: float, width: float, fill: tuple | None = None) -> None:
    """A card frame: a rectangle inset mm inside the single card's trim, stroked width mm wide."""
    cr.rectangle(pdf.mm(BLEED + inset), pdf.mm(BLEED + inset), pdf.mm(63.5 - 2 * inset), pdf.mm(88.9 - 2 * inset))
    if fill:
        cr.set_source_rgb(*fill)
        cr.fill_preserve()
    cr.set_source_rgb(0.4, 0.1, 0.1)
    cr.set_line_width(pdf.mm(width))
    cr.stroke()


def test_a_frame_whose_stroke_enters_the_safe_zone_is_found_and_one_drawn_inside_it_passes():
    slots = card_slots("single", "card", 1)
    on_line = read_pdf(_page(lambda cr: _frame(cr, 3.0, 0.6), (BLEED_W, BLEED_H)))[0]
    white_filled = read_pdf(_page(lambda cr: _frame(cr, 3.0, 0.6, (1, 1, 1)), (BLEED_W, BLEED_H)))[0]
    inside = read_pdf(_page(lambda cr: _frame(cr, 3.3, 0.6), (BLEED_W, BLEED_H)))[0]
    found = frame_safe_zone(on_line.strokes, slots)
    assert len(found) == 1 and found[0].startswith("card 1 front: a frame") and "2.70 mm from the trim" in found[0]
    assert len(frame_safe_zone(white_filled.strokes, slots)) == 1  # a white body inside the frame is no excuse
    assert frame_safe_zone(inside.strokes, slots) == []


def test_bleed_art_and_filled_shapes_are_not_frames():
    slots = card_slots("single", "card", 1)

    def art(cr):
        cr.rectangle(0, 0, pdf.mm(BLEED_W), pdf.mm(BLEED + 14))  # a header band into the bleed
        cr.set_source_rgb(0.5, 0.1, 0.1)
        cr.fill()
        pdf.line(cr, 1, 20, BLEED_W - 1, 20, 1.0)  # a stroke running past the trim into the bleed
        cr.rectangle(pdf.mm(BLEED + 1), pdf.mm(BLEED + 30), pdf.mm(5), pdf.mm(5))  # a filled square near the cut
        cr.fill()

    page = read_pdf(_page(art, (BLEED_W, BLEED_H)))[0]
    assert page.marks and frame_safe_zone(page.strokes, slots) == []


@pytest.mark.parametrize("lang", list(WORDS))
def test_small_print_on_a_cut_line_between_cards_is_found(lang):
    slots = card_slots("sheet", "A4", 1)
    y = slots[-1][1][3] + 6  # under the card block, where the sheet's small print goes

    def sheet(cr, gap):
        pdf.line(cr, 100, y - 5, 100, y - 0.5 - gap)  # a cut line coming down from the block
        pdf.text(cr, WORDS[lang], 95, y, 8)

    assert WORDS[lang].split()[0] in text_on_marks(read_pdf(_page(lambda cr: sheet(cr, 0)))[0].runs, read_pdf(
        _page(lambda cr: sheet(cr, 0)))[0].strokes, slots)[0]
    clear = read_pdf(_page(lambda cr: sheet(cr, 2.5)))[0]
    assert clear.strokes and text_on_marks(clear.runs, clear.strokes, slots) == []


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
    monkeypatch.setattr(phase_two, "term_spellings", lambda ctx, games: {})
    options = type("O", (), {"back_offset_mm": (0.0, 0.0), "overflow": "error", "page_qa": True})()
    ctx = type("Ctx", (), {"lang": lang, "root": tmp_path, "translations": NullTranslations(), "options": options})()
    component = Component("test", "Test", "kit", ("sheet",), ("A4",), f"{__name__}:bad_component")
    monkeypatch.setattr(phase_two.registry, "COMPONENTS", (component,))
    out = tmp_path / "kit"
    with pytest.raises(CheckFailed) as exc:
        build.write_kit(ctx, out, jobs=2)  # in a worker process, as in a real build
    assert "x/bad-A4.pdf" in str(exc.value) and f"page 1, {lang}" in str(exc.value)
    assert not out.exists()  # nothing written


def test_a_pdf_that_does_not_read_back_is_a_problem_not_a_traceback():
    good = _page(lambda cr: pdf.text(cr, "ok", 50, 50, 8))
    art = Artifact("x.pdf", "c", "sheet", good[: len(good) // 2], "A4", "sheet")
    found = page_problems([art], "it")
    assert [(p.rule, p.file) for p in found] == [("verify", "x.pdf")] and "cannot be read back" in found[0].message


@pytest.mark.parametrize("lang", list(WORDS))
def test_a_media_box_away_from_the_origin_reads_as_the_same_page(lang):
    """A page whose media box starts at (100, 50) pt, its content moved with it, reads back exactly as the page at
    the origin: boxes are measured from the media box's corner once."""
    import io

    import pikepdf

    word = WORDS[lang]
    data = _page(lambda cr: (pdf.text(cr, word, 20, 30, 10), pdf.line(cr, 10, 280, 200, 280)))
    with pikepdf.open(io.BytesIO(data)) as doc:
        page = doc.pages[0]
        x0, y0, x1, y1 = (float(v) for v in page.mediabox)
        page.obj.MediaBox = pikepdf.Array([x0 + 100, y0 + 50, x1 + 100, y1 + 50])
        page.contents_add(doc.make_stream(b"1 0 0 1 100 50 cm"), prepend=True)
        buf = io.BytesIO()
        doc.save(buf)
    moved, plain = read_pdf(buf.getvalue())[0], read_pdf(data)[0]
    assert moved.size == pytest.approx(plain.size)
    assert [s.text for s in moved.runs] == [s.text for s in plain.runs] and plain.runs
    for a, b in zip(moved.runs + moved.marks, plain.runs + plain.marks):
        box_a, box_b = (a.box, b.box) if hasattr(a, "box") else (a, b)
        assert box_a == pytest.approx(box_b, abs=1e-4)  # pdfium computes in single precision
    assert plain.runs[0].box[0] == pytest.approx(20, abs=0.5)  # where it was drawn: 20 mm from the left


@pytest.mark.parametrize("lang", list(WORDS))
def test_words_join_into_the_same_runs_drawn_on_the_page_or_in_a_form_placed_at_any_scale(lang):
    """Runs are joined where the words are drawn (a card face once, whichever sheet it lands on): words one em
    apart join with a space, words three ems apart stay apart, and a form placed at half size reads the same."""
    import cairocffi as cairo

    from generator.render.svg import Drawing

    word, mm = WORDS[lang], 72 / 25.4
    surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, (0, 0, 100 * mm, 40 * mm))
    cr = cairo.Context(surface)
    first, gap = pdf.text_width(word, 10), 10 / mm  # the word's width and one em, in mm
    pdf.text(cr, word, 5, 20, 10)
    pdf.text(cr, "A", 5 + first + 1.0 * gap, 20, 10)  # one em after the word: the same run
    pdf.text(cr, "B", 60, 20, 10)  # far away on the same baseline: a run of its own
    drawing = Drawing(surface, 100 * mm, 40 * mm)

    def page(scale):
        doc = PdfDoc(0, "t")
        doc.page(210.0, 297.0)
        doc.place(drawing, 20, 30, scale)
        return read_pdf(doc.finish())[0]

    plain = read_pdf(_page(lambda c: (pdf.text(c, word, 25, 50, 10), pdf.text(c, "A", 25 + first + gap, 50, 10),
                                      pdf.text(c, "B", 80, 50, 10))))[0]
    assert sorted(r.text for r in plain.runs) == sorted([f"{word} A", "B"])
    for scale in (1.0, 0.5):
        runs = page(scale).runs
        assert sorted(r.text for r in runs) == sorted(r.text for r in plain.runs), scale
        assert max(r.size for r in runs) == pytest.approx(10 * scale, rel=0.01)


@pytest.mark.parametrize("lang", list(WORDS))
def test_marked_content_reads_as_the_same_runs_and_marks(lang):
    """A stream with an inline dictionary (marked content) reads as the same runs and marks."""
    import io

    import pikepdf

    word = WORDS[lang]
    data = _page(lambda cr: (pdf.text(cr, word, 20, 30, 10), pdf.line(cr, 10, 280, 200, 280)))
    with pikepdf.open(io.BytesIO(data)) as doc:
        page = doc.pages[0]
        page.contents_add(doc.make_stream(b"/Span <</Lang (x)>> BDC"), prepend=True)
        page.contents_add(doc.make_stream(b"EMC"))
        buf = io.BytesIO()
        doc.save(buf)
    marked, plain = read_pdf(buf.getvalue())[0], read_pdf(data)[0]
    assert [r.text for r in marked.runs] == [r.text for r in plain.runs] == [word]
    assert marked.runs[0].box == pytest.approx(plain.runs[0].box) and marked.marks == plain.marks


@pytest.mark.parametrize("lang", list(WORDS))
def test_runs_and_paint_come_in_paint_order_with_font_family_and_size(lang):
    """What the page checks build on: each run's font family and size, and its place in the paint order among the
    painted objects (a card behind the words, a box painted over them; white paint kept, a stroke-only frame
    told apart from fills)."""
    word = WORDS[lang]

    def box(cr, x, y, w, h, rgb):
        cr.rectangle(pdf.mm(x), pdf.mm(y), pdf.mm(w), pdf.mm(h))
        cr.set_source_rgb(*rgb)
        cr.fill()

    def draw(cr):
        box(cr, 10, 10, 100, 50, (0.2, 0.4, 0.8))  # a filled box under the text
        pdf.text(cr, word, 20, 30, 9)
        box(cr, 15, 25, 60, 10, (1, 1, 1))  # a white box over it: hides it
        pdf.text(cr, "7", 150, 30, 6, bold=True)
        pdf.line(cr, 10, 100, 100, 100)

    page = read_pdf(_page(draw))[0]
    under, over, line = page.paint
    assert [r.text for r in page.runs] == [word, "7"]
    text, small = page.runs
    assert under.z < text.z < over.z < small.z < line.z
    assert text.family == small.family == "PTSans" and text.font.startswith("PTSans") and small.font.endswith("Bold")
    assert (text.size, small.size) == (pytest.approx(9, abs=0.01), pytest.approx(6, abs=0.01))
    assert under.covers and over.covers and not line.covers and over.fill[:3] == (255, 255, 255)
    assert over.box[0] < text.box[0] and text.box[2] < over.box[2] + 40  # the white box lies over the word's start
    assert page.marks == (under.box, line.box) and page.strokes == (line.box,)  # white paint is no mark


def test_a_page_repeating_an_earlier_one_is_read_once_and_its_findings_told_for_it():
    """Print-shop pages of one face (a card's copies, a shared back) are marked as repeats (PdfDoc.same_as); the
    page QA reads the first and tells its findings for each repeat, as if it had read them all."""
    from dataclasses import replace

    from generator.render.svg import recorded

    bad = recorded(pdf.mm(BLEED_W), pdf.mm(BLEED_H), lambda cr: pdf.text(cr, "cut", 4.5, 20, 8))
    good = recorded(pdf.mm(BLEED_W), pdf.mm(BLEED_H), lambda cr: pdf.text(cr, "ok", 20, 20, 8))
    doc = PdfDoc(0, "t")
    for face in (bad, good, good, good, bad, good):  # card 1 (bad front), card 2, card 3 (a copy of card 1)
        doc.drawing_page(face, BLEED_W, BLEED_H)
    doc.page(BLEED_W, BLEED_H)  # a page drawn freely is never a repeat
    doc.place(good, 0, 0)
    art = Artifact("x/deck-single.pdf", "c", "cards", doc.finish(), "card", "single", 7, same_as=doc.same_as())
    assert art.same_as == (0, 0, 2, 2, 1, 2, 0)
    told = page_problems([art], "it")
    assert [(p.where, p.message) for p in told] == [
        ("page 1, it", "card 1 front: text 'cut' outside the safe zone (3 mm inside the trim)"),
        ("page 5, it", "card 3 front: text 'cut' outside the safe zone (3 mm inside the trim)")]
    assert told == page_problems([replace(art, same_as=())], "it")  # every page read: the same findings


@pytest.mark.parametrize("lang", list(WORDS))
def test_the_page_qa_frees_its_readings_and_leaves_the_cycle_collector_as_it_was(lang):
    """The page QA runs with the cycle collector paused (kit CPU, issue 46): so nothing of a page's reading may be
    left in a reference cycle (the walk of a page once kept every handle, paint and text object alive that way), a
    defect is still found, and the collector is on or off afterwards as it was before."""
    import gc

    word = WORDS[lang]
    pages = [Artifact(f"t/p{n}.pdf", "t", "sheet", _page(lambda cr: (pdf.text(cr, word, 50, 50, 10),
                                                                    pdf.text(cr, word, 50, 52.5, 10))), "A4", "sheet", 1)
             for n in range(3)]
    page_problems(pages, lang)  # warm: caches and ctypes types made once
    for enabled in (True, False):
        # Every object made so far (and any garbage: none of it the reading's) set aside: the collections below walk
        # only what page_problems makes. (A collection of the whole test process, its session kits held, costs
        # about 0.3 s; four of them made this test 2 s of CPU in `make test` against 0.1 s alone.)
        gc.freeze()
        gc.enable() if enabled else gc.disable()
        try:
            gc.set_debug(gc.DEBUG_SAVEALL)
            found = page_problems(pages, lang)
            assert gc.isenabled() is enabled
            gc.collect()
            assert len(gc.garbage) < 20, sorted({type(o).__name__ for o in gc.garbage})
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
            gc.unfreeze()
        assert len(found) == 3 and all(p.rule == "page-overlap" for p in found)
