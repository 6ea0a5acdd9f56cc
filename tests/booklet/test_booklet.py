"""Rules booklets: page sizes, embedded fonts, page numbers/version/language on every page, translations."""

import io
import re

import pytest

from generator.content.languages import native_name
from pypdf import PdfReader

from generator.booklet.impose import saddle_order
from generator.booklet.typeset import FORMATS
from generator.pageqa.read import read_pdf
from generator.problems import CheckFailed
from tests.conftest import kit_booklet

from .conftest import FIXTURE_TR, booklet_of, make_ctx
from generator.content.languages import language_codes

LANGS = language_codes()
SIZES = {"A5": (419.53, 595.28), "A4": (595.28, 841.89), "HalfLetter": (396.0, 612.0), "Letter": (612.0, 792.0)}


def _reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def _size(page) -> tuple[float, float]:
    return round(float(page.mediabox.width), 1), round(float(page.mediabox.height), 1)


def _resources(resources) -> list:
    """A resource dictionary and those of the form XObjects it uses (an imposed page places its pages as forms)."""
    resources = resources.get_object()
    found = [resources]
    for xobject in resources.get("/XObject", {}).values():
        form = xobject.get_object()
        if form.get("/Subtype") == "/Form" and "/Resources" in form:
            found += _resources(form["/Resources"])
    return found


def _fonts(reader: PdfReader) -> dict[str, bool]:
    """BaseFont -> embedded, over every page (and the forms it places)."""
    out = {}
    for fonts in (r.get("/Font", {}) for page in reader.pages for r in _resources(page["/Resources"])):
        for key in fonts:
            f = fonts[key].get_object()
            desc = f.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in f:
                desc = f["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            out[str(f["/BaseFont"])] = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    return out


def test_saddle_order_pairs_outer_and_inner_pages():
    assert saddle_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]
    assert saddle_order(5) == [(None, 0), (1, None), (None, 2), (3, 4)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("half, booklet, plain", [("A5", "booklet", "A4"), ("HalfLetter", "booklet-Letter", "Letter")])
def test_page_sizes_and_embedded_fonts(fixture_pdfs, lang, half, booklet, plain):
    pdfs = fixture_pdfs[lang]
    pages, imposed, whole = (_reader(pdfs[k][0]) for k in (half, booklet, plain))
    (w, h), sheet = SIZES[half], SIZES[plain]
    assert all(_size(p) == (round(w, 1), round(h, 1)) for p in pages.pages)
    assert all(_size(p) == (round(sheet[1], 1), round(sheet[0], 1)) for p in imposed.pages)
    assert all(_size(p) == (round(sheet[0], 1), round(sheet[1], 1)) for p in whole.pages)
    assert len(imposed.pages) == 2 * -(-len(pages.pages) // 4) == pdfs[booklet][1]
    sheets = len(imposed.pages) // 2
    for n, page in enumerate(imposed.pages):  # every side says which sheet and side it is, beside the fold mark
        assert f"{n // 2 + 1}/{sheets} {'AB'[n % 2]}" in page.extract_text()
    for reader in (pages, imposed, whole):
        fonts = _fonts(reader)
        assert fonts and all(fonts.values()), fonts
        assert all("PTSans" in name for name in fonts)


@pytest.mark.parametrize("lang", LANGS)
def test_both_papers_of_a_pair_print_one_layout(fixture_pdfs, lang):
    """A5 and HalfLetter (A4 and Letter) come from one typesetting: the same lines on the same page numbers."""
    pdfs = fixture_pdfs[lang]
    for layout in pdfs:
        assert pdfs[layout][1] == len(_reader(pdfs[layout][0]).pages)  # the page count reportlab reported
    for one, other in (("A5", "HalfLetter"), ("A4", "Letter")):
        texts = [[p.extract_text() for p in _reader(pdfs[k][0]).pages] for k in (one, other)]
        assert texts[0] == texts[1] and len(texts[0]) >= 2


def _footer_margins(page, slots: int) -> list[tuple[float, float]]:
    """(left, right) margins (mm) of the footer line (the lowest text) in each of the page's slots side by side."""
    low = max(s.box[3] for s in page.runs)
    line = [s for s in page.runs if s.box[3] > low - 1]
    width = page.size[0] / slots
    out = []
    for k in range(slots):
        part = [s for s in line if k * width <= s.box[0] < (k + 1) * width]
        if part:
            out.append((min(s.box[0] for s in part) - k * width, (k + 1) * width - max(s.box[2] for s in part)))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_footer_keeps_the_margins_on_every_paper(fixture_pdfs, lang):
    """Footer text from the left margin, page number flush with the right one: the layout box centred on each
    paper (and on each half of an imposed sheet)."""
    pt = 72 / 25.4
    pages_of = {"A5": "A5", "HalfLetter": "HalfLetter", "A4": "A4", "Letter": "Letter", "booklet": "A5",
                "booklet-Letter": "HalfLetter"}
    for layout, fmt in pages_of.items():
        slots = 2 if layout.startswith("booklet") else 1
        for page in read_pdf(fixture_pdfs[lang][layout][0]):
            paper = page.size[0] / slots
            margin = (paper - FORMATS[fmt].box[0] / pt) / 2 + FORMATS[fmt].margin / pt
            found = _footer_margins(page, slots)
            assert found and all(abs(m - margin) < 0.2 for pair in found for m in pair), (layout, found, margin)


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_has_number_version_and_language(fixture_pdfs, lang):
    for layout in ("A5", "A4"):
        reader = _reader(fixture_pdfs[lang][layout][0])
        assert len(reader.pages) >= 2
        for n, page in enumerate(reader.pages, start=1):
            text = page.extract_text()
            footer = re.search(r"^(.*) · (\S+) · (\S+)\n(\d+)$", text, re.M)
            assert footer, text[:200]
            assert footer.group(2) == "0.9.0+test" and int(footer.group(4)) == n
            assert footer.group(3) == native_name(lang)  # the language as its readers name it (Русский)


@pytest.mark.parametrize("lang", LANGS)
def test_prose_comes_from_the_catalog(fixture_pdfs, lang):
    text = " ".join(p.extract_text() for p in _reader(fixture_pdfs[lang]["A5"][0]).pages)
    expected = FIXTURE_TR[lang].get("Shuffle the Solution deck.", "Shuffle the Solution deck.")
    assert expected in text
    assert ("Shuffle the Solution deck." in text) == (lang == "en")
    terms = {s.term for s in make_ctx(lang).model.duel.strikes}  # the strike figure keeps the seed's spelling everywhere
    prose = " ".join(w for w in text.split() if w.strip("·,") not in terms)
    assert bool(re.search("[А-Яа-я]", prose)) == (lang == "ru")
    assert "& and <" in " ".join(text.split())  # markup characters print literally


def test_a_translator_edit_reaches_the_booklet():
    from .conftest import FIXTURE

    edited = dict(FIXTURE_TR["it"], **{"Stress starts at 2.": "Lo Stress comincia da due (modificato)."})
    pdfs = booklet_of(make_ctx("it", edited), FIXTURE.read_text(encoding="utf-8"), "fixture")
    text = " ".join(p.extract_text() for p in _reader(pdfs["A5"][0]).pages)
    assert "comincia da due (modificato)" in text and "Lo Stress parte da 2." not in text


def test_unknown_figure_is_a_build_error():
    with pytest.raises(CheckFailed) as exc:
        booklet_of(make_ctx("en"), "# T\n\n![x](no-such-figure)\n", "content/x/rules.md")
    assert "unknown figure 'no-such-figure'" in str(exc.value) and "belt-ladder" in str(exc.value)


def test_missing_glyph_is_a_build_error():
    with pytest.raises(CheckFailed) as exc:
        booklet_of(make_ctx("it", {"Setup": "Preparazione \u4e00"}), "# T\n\n## Setup\n", "content/x/rules.md")
    assert "[it] no glyph" in str(exc.value) and "content/x/rules.md" in str(exc.value)


def test_booklet_bytes_are_reproducible():
    text = "# T\n\nOne paragraph.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    one = booklet_of(make_ctx("ru"), text, "x", ("A4", "Letter"))
    two = booklet_of(make_ctx("ru"), text, "x", ("A4", "Letter"))
    assert len(one) == 6 and all(one[k][0] == two[k][0] for k in one)
    letter = booklet_of(make_ctx("ru"), text, "x", ("Letter",))  # a paper's files do not depend on the others
    assert all(letter[k][0] == one[k][0] for k in letter)


def test_project_dojo_booklet_prints_the_italian_seed():
    arts = {(a.layout, a.paper): a for a in kit_booklet("it", "dojo")}
    assert set(arts) == {("saddle-stitch", "A4"), ("plain", "A4"), ("pages", "A5"),  # A4 and Letter editions
                         ("saddle-stitch", "Letter"), ("plain", "Letter"), ("pages", "HalfLetter")}
    text = " ".join(p.extract_text() for p in _reader(arts[("plain", "A4")].data).pages)
    text = re.sub(r"-\n", "", text).replace("\n", " ")
    assert "Il primo giocatore che indossa la Cintura Nera vince." in text


def test_a_booklet_is_dated_by_its_build_not_by_the_environment(monkeypatch):
    """reportlab dates a file from SOURCE_DATE_EPOCH in the environment of the process typesetting it; a booklet
    carries its build's date instead (BuildContext.epoch, as the cairo files do), whatever that environment says."""
    import time

    import pikepdf

    from generator.booklet.builders import build_booklet
    from tests.conftest import kit_context

    ctx = kit_context("en")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    first = build_booklet(ctx, "duel")
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    again = build_booklet(ctx, "duel")
    assert [a.data for a in first] == [a.data for a in again]
    want = "D:%04d%02d%02d%02d%02d%02d+00'00'" % time.gmtime(ctx.epoch)[:6]
    dated = []
    for art in (a for a in first if a.path.endswith(".pdf")):
        with pikepdf.open(io.BytesIO(art.data)) as pdf:
            if "/CreationDate" in pdf.docinfo:  # (the imposed booklets carry no dates)
                dated.append((str(pdf.docinfo["/CreationDate"]), str(pdf.docinfo["/ModDate"])))
    assert len(dated) >= 4 and set(dated) == {(want, want)}
