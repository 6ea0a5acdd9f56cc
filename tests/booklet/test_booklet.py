"""Rules booklets: page sizes, embedded fonts, page numbers/version/language on every page, translations."""

import io
import re

import pytest
from pypdf import PdfReader

from generator.booklet.impose import saddle_order
from generator.problems import CheckFailed
from tests.conftest import kit_booklet

from .conftest import FIXTURE_TR, booklet_of, make_ctx

LANGS = ("it", "en", "ru")
A4 = (595.28, 841.89)
A5 = (419.53, 595.28)


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
def test_page_sizes_and_embedded_fonts(fixture_pdfs, lang):
    pdfs = fixture_pdfs[lang]
    a5, booklet, a4 = (_reader(pdfs[k][0]) for k in ("A5", "booklet", "A4"))
    assert all(_size(p) == (round(A5[0], 1), round(A5[1], 1)) for p in a5.pages)
    assert all(_size(p) == (round(A4[1], 1), round(A4[0], 1)) for p in booklet.pages)
    assert all(_size(p) == (round(A4[0], 1), round(A4[1], 1)) for p in a4.pages)
    assert len(booklet.pages) == 2 * -(-len(a5.pages) // 4) == pdfs["booklet"][1]
    sheets = len(booklet.pages) // 2
    for n, page in enumerate(booklet.pages):  # every side says which sheet and side it is, beside the fold mark
        assert f"{n // 2 + 1}/{sheets} {'AB'[n % 2]}" in page.extract_text()
    for reader in (a5, booklet, a4):
        fonts = _fonts(reader)
        assert fonts and all(fonts.values()), fonts
        assert all("PTSans" in name for name in fonts)


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_has_number_version_and_language(fixture_pdfs, lang):
    for layout in ("A5", "A4"):
        reader = _reader(fixture_pdfs[lang][layout][0])
        assert len(reader.pages) >= 2
        for n, page in enumerate(reader.pages, start=1):
            text = page.extract_text()
            footer = re.search(r"^(.*) · (\S+) · (\w\w) \(.*\)\n(\d+)$", text, re.M)
            assert footer, text[:200]
            assert footer.group(2) == "0.9.0+test" and footer.group(3) == lang and int(footer.group(4)) == n


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
    one = booklet_of(make_ctx("ru"), text, "x")
    two = booklet_of(make_ctx("ru"), text, "x")
    assert all(one[k][0] == two[k][0] for k in one)


def test_project_dojo_booklet_prints_the_italian_seed():
    arts = {(a.layout, a.paper): a for a in kit_booklet("it", "dojo")}
    assert set(arts) == {("saddle-stitch", "A4"), ("plain", "A4"), ("pages", "A5"),  # A4 and Letter editions
                         ("saddle-stitch", "Letter"), ("plain", "Letter"), ("pages", "HalfLetter")}
    text = " ".join(p.extract_text() for p in _reader(arts[("plain", "A4")].data).pages)
    text = re.sub(r"-\n", "", text).replace("\n", " ")
    assert "Il primo giocatore che indossa la Cintura Nera vince." in text
