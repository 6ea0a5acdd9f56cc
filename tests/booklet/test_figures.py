"""Booklet figures are the components' own drawings, embedded as vectors: no raster image in any booklet PDF."""

import io
import re

import pytest
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from generator.booklet.builders import GAMES
from generator.booklet.figures import Pictures, figure_factory, figure_source
from generator.components.dojo_board_sheets import legend_svg
from generator.content.dojo import SQUARE_CTX
from generator.kit.build import prepare
from generator.plan.model import BuildOptions
from generator.rules.source import parse
from tests.conftest import kit_booklet, kit_context

from .conftest import ROOT
from generator.content.languages import language_codes

LANGS = language_codes()


@pytest.fixture(scope="module", params=LANGS)
def booklets(request):
    """(ctx, {path: pdf bytes}) of the three games' booklets in one language."""
    ctx = kit_context(request.param)
    return ctx, {a.path: a.data for game in GAMES for a in kit_booklet(ctx.lang, game)}


def _xobjects(resources, seen: set) -> list:
    """Every XObject reachable from a resource dictionary (forms searched recursively)."""
    out = []
    xobjs = (resources or {}).get("/XObject") or {}
    for ref in xobjs.values():
        key = ref.idnum if isinstance(ref, IndirectObject) else id(ref)
        if key in seen:
            continue
        seen.add(key)
        obj = ref.get_object()
        out.append(obj)
        if obj.get("/Subtype") == "/Form":
            out += _xobjects(obj.get("/Resources"), seen)
    return out


def test_no_booklet_pdf_holds_a_raster_image(booklets):
    ctx, pdfs = booklets
    assert len(pdfs) == 18  # 3 games x (booklet, plain, pages) x (A4, Letter editions)
    for path, data in pdfs.items():
        reader = PdfReader(io.BytesIO(data))
        seen: set = set()
        kinds = [x.get("/Subtype") for page in reader.pages for x in _xobjects(page.get("/Resources"), seen)]
        assert "/Image" not in kinds, f"{path} ({ctx.lang}) embeds a raster image"
        assert not [p for p in reader.pages if "/Image" in str(p.get("/Resources", {}).get("/XObject", {}))]


def _rgb(hex_colour: str) -> tuple[float, ...]:
    return tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def _fills(page) -> list[tuple[float, ...]]:
    """Every RGB fill colour set on a page (the 'rg' operator), its form XObjects (the figures) included."""
    content = page.get_contents().get_data().decode("latin-1")
    for form in _xobjects(page.get("/Resources"), set()):
        if form.get("/Subtype") == "/Form":
            content += form.get_data().decode("latin-1")
    return [tuple(float(v) for v in m) for m in re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) rg", content)]


def test_booklet_legend_uses_the_boards_letters_and_colours(booklets):
    ctx, pdfs = booklets
    reader = PdfReader(io.BytesIO(pdfs["rules/dojo-rules-A4.pdf"]))
    squares = ctx.model.dojo.squares
    names = [ctx.p_(f"{SQUARE_CTX}/{s.id}", s.name) for s in squares]
    page = next(p for p in reader.pages if all(n in " ".join(p.extract_text().split()) for n in names))
    words = page.extract_text().split()
    fills = _fills(page)
    for s in squares:
        letter = ctx.p_(f"{SQUARE_CTX}/{s.id}", s.letter)
        if s.code != "1":
            assert letter in words, f"{ctx.lang}: the legend lacks the board's letter {letter!r} of {s.id}"
        want = _rgb(s.colour)
        assert any(max(abs(a - b) for a, b in zip(want, f)) < 0.01 for f in fills), \
            f"{ctx.lang}: the legend lacks the board's colour {s.colour} of {s.id}"


def test_squares_figure_is_the_board_legend():
    ctx = prepare(ROOT, BuildOptions("it"))
    svg, box = figure_source(ctx).makers["squares"](None)
    assert box is None and svg == legend_svg(ctx, "dojo/legend-narrow")
    safe = next(s for s in ctx.model.dojo.squares if s.id == "safe")
    assert safe.colour in svg


def test_unknown_figure_is_an_error_naming_the_known_ones():
    from generator.problems import CheckFailed

    ctx = prepare(ROOT, BuildOptions("en"))
    with pytest.raises(CheckFailed) as exc:
        figure_factory(figure_source(ctx), "rules.md", Pictures())("nope", 300)
    assert "board" in exc.value.problems[0].hint and "strike-men" in exc.value.problems[0].hint


def test_duel_rules_place_the_figure_right_after_the_example():
    blocks = parse((ROOT / "content/duel/rules.md").read_text(encoding="utf-8"))
    at = next(i for i, b in enumerate(blocks) if b.kind == "para" and b.texts[0].startswith("Example: player B"))
    assert blocks[at + 1].kind == "figure" and blocks[at + 1].texts[0] == "distance-control"


def test_duel_booklet_draws_the_distance_control_figure_as_vectors(booklets):
    ctx, pdfs = booklets
    reader = PdfReader(io.BytesIO(pdfs["rules/duel-rules-A4.pdf"]))
    example = ctx._("Example: player B may not move onto the underlined cells if player A is in the free stance.")
    for page in reader.pages:
        if " ".join(example.split())[:40] in " ".join(page.extract_text().split()):
            fills = _fills(page)
            assert (1.0, 1.0, 1.0) in fills  # the track's white cells, drawn as paths
            words = page.extract_text().split()
            assert "A" in words and "B" in words  # the two fighters' labels stay text
            return
    pytest.fail("example paragraph not found")


def test_a_figure_leaves_out_only_the_text_it_would_print_under_the_floor():
    from generator.booklet.figures import picture
    from generator.render.svg import Drawing, Item

    art = Drawing(None, 100, 100, (2.0, 0, 0, 2.0, 0, 0))  # SVG units to pt: x2
    items = [Item("label", ("big", 0, 50, 6, "#000", False, "start")),  # 12 pt
             Item("label", ("small", 0, 0, 4, "#000", False, "start"), (2, 0, 0, 2, 0, 0)),  # 16 pt
             Item("icon", ("tatami", 0, 0, 1, "#000", "#fff"))]  # an icon has no text: always kept
    shown = picture(art, items)

    def texts(scale):
        return [i.args[0] for i in shown.legible(scale) if i.kind == "label"]

    assert texts(1.0) == ["big", "small"]
    assert texts(0.5) == ["small"]  # 6 pt goes, 8 pt stays
    assert texts(0.3) == [] and [i.kind for i in shown.legible(0.3)] == ["icon"]
    assert len(shown.items) == 3  # the picture itself keeps everything


@pytest.mark.parametrize("lang", LANGS)
def test_the_ladder_figure_shows_belt_names_and_both_start_positions(lang):
    from generator.booklet.figures import figure_picture
    from generator.content.dojo import BELT_CTX
    from generator.pageqa.read import read_pdf

    ctx = kit_context(lang)
    page = read_pdf(figure_picture(figure_source(ctx).makers["belt-ladder"]).pdf())[0]
    w, h = page.size
    shown = [g for g in page.runs if g.box[0] >= 0 and g.box[1] >= 0 and g.box[2] <= w and g.box[3] <= h]
    text = "".join(g.text for g in shown)  # only what lies inside the figure's box is printed
    start_3 = ctx.p_(BELT_CTX, "Start with 6 or more players, or for the shorter game")
    assert ctx.p_(BELT_CTX, "Start") in text and start_3.split()[-1] in text  # labels under the strip, not cut off
    assert ctx.p_(BELT_CTX, "Brown") in text and "17" in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_dojo_booklets_first_page_is_not_left_half_empty_by_its_board_figure(lang):
    from generator.pageqa.read import read_pdf

    for a in kit_booklet(lang, "dojo"):
        if a.layout not in ("pages", "plain"):
            continue
        page = read_pdf(a.data)[0]
        w, h = page.size
        body = [b[3] for b in page.marks + tuple(g.box for g in page.runs) if b[3] < h - 20]  # above the footer
        assert max(body) > 0.75 * h, f"{a.path}: page 1 ends at {max(body):.0f} of {h:.0f} mm"


@pytest.mark.parametrize("lang", LANGS)
def test_figures_print_their_words_in_the_kits_faces_the_same_every_time(lang):
    """The figures and inline icons are drawn by cairo as the sheets are: every word of every figure prints in the
    kit's faces (no stand-in), and a figure is drawn to the same bytes twice."""
    from generator.booklet.figures import _inline_svg, figure_picture
    from generator.pageqa.read import read_pdf
    from generator.render.icons import ICONS

    ctx = kit_context(lang)
    makers = list(figure_source(ctx).makers.values())
    makers += [lambda sketch, name=name: (_inline_svg(ctx, name, sketch), None) for name in sorted(ICONS)[:6]]
    assert len(makers) > 10
    families = set()
    for make in makers:
        data = figure_picture(make).pdf()
        assert data == figure_picture(make).pdf()
        families |= {r.family for page in read_pdf(data) for r in page.runs}
    assert families and families <= {"PTSans", "PTSansNarrow"}, families


def test_placeholders_become_the_pictures_forms_each_stored_once():
    """place_forms swaps every placeholder image reportlab painted for its picture's cairo drawing, a form XObject in
    the same box: no image is left, a picture placed twice is one form, and its words read back where it was put."""
    import pikepdf
    from reportlab.pdfgen.canvas import Canvas

    from generator.booklet.figures import picture, place_forms
    from generator.pageqa.read import read_pdf
    from generator.render.svg import Item, svg_drawing

    art = svg_drawing('<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="20mm" viewBox="0 0 40 20">'
                      '<rect x="1" y="1" width="38" height="18" fill="#cde" stroke="#234"/></svg>')
    hello = picture(art, [Item("label", ("Hello", 3, 12, 6, "#000", False, "start"))])
    other = picture(art, [Item("label", ("Other", 3, 12, 6, "#000", False, "start"))])
    pictures = Pictures()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(400, 300), invariant=1)
    for x, (key, shown) in zip((20, 150, 280), (("a", hello), ("a", hello), ("b", other))):
        c.drawImage(pictures.placeholder(key, lambda shown=shown: shown.pdf()), x, 100, 100, 50)
    c.save()
    data = place_forms(buf.getvalue(), pictures)
    pdf = pikepdf.open(io.BytesIO(data))
    xobjects = pdf.pages[0].Resources.XObject
    assert {str(x.Subtype) for x in xobjects.values()} == {"/Form"}
    assert len({x.objgen for x in xobjects.values()}) == 2  # "a" placed twice, stored once
    page = read_pdf(data)[0]
    words = sorted((g.text, round(g.box[0] / 25.4 * 72)) for g in page.runs)
    assert [w for w, _ in words] == ["Hello", "Hello", "Other"], words
    assert all(x0 <= at < x0 + 100 for (_, at), x0 in zip(words, (20, 150, 280))), words
    assert data == place_forms(buf.getvalue(), pictures)  # the same bytes every time
