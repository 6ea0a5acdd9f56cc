"""SVG templates escape text (autoescape on); icon paths can be moved and scaled without changing their look."""

import io
from pathlib import Path

import cairocffi as cairo
import pytest

from generator.render.cards import BLEED_H, BLEED_W, Card, Deck, Imprint, single_pdf
from generator.render.icons import ICONS, transform_path
from generator.render.layout import Slot, Where, fit
from generator.render.svg import png_bytes, render_template, svg_drawing
from tests.render.pdfcheck import reader
from tests.conftest import LANGS

ROOT = Path(__file__).resolve().parents[2]
TRICKY = {"it": "Sale & <pepe> \"q\" 'x'", "en": "Salt & <pepper> \"q\" 'x'", "ru": "Соль & <перец> \"q\" 'x'"}


@pytest.mark.parametrize("lang", LANGS)
def test_markup_characters_in_a_translation_print_literally(lang):
    block = fit(TRICKY[lang], Slot("name", 55, 20, 10, 6), Where("test", "tricky", lang))
    face = svg_drawing(render_template(ROOT / "templates", "figure.svg.j2", W=BLEED_W, H=BLEED_H, texts=[dict(block=block, x=7, y=20)]))
    data, _ = single_pdf(Deck("t", "t", "T", (Card("c", face, face),)), Imprint("T", "v", lang, 0))
    assert TRICKY[lang] in reader(data).pages[0].extract_text()


def test_transformed_icon_paths_draw_like_transformed_groups():
    a, b = [], []
    for k, ic in enumerate(ICONS.values()):
        x, y, s = 5 + (k % 6) * 30, 5 + (k // 6) * 30, 2.2
        for d, mode in ic.paths:
            paint = 'fill="#000"' if mode in ("fill", "hole") else 'fill="none" stroke="#000"'
            a.append(f'<g transform="translate({x} {y}) scale({s})"><path d="{d}" {paint} stroke-width="1"/></g>')
            b.append(f'<path d="{transform_path(d, x, y, s)}" {paint} stroke-width="{s}"/>')

    def pixels(parts):
        svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="190mm" height="100mm" viewBox="0 0 190 100">'
               f'<rect width="190" height="100" fill="#fff"/>{"".join(parts)}</svg>')
        img = cairo.ImageSurface.create_from_png(io.BytesIO(png_bytes(svg_drawing(svg), 760)))
        return bytes(img.get_data())

    pa, pb = pixels(a), pixels(b)
    assert pa == pb and pa.count(0) > 1000


SAMPLES = {"it": "Allenamento Intensivo: +1 tacca l", "en": "Intensive Training: +1 notch l",
           "ru": "Усиленная тренировка: +1 деление l"}


@pytest.mark.parametrize("lang", LANGS)
def test_cairo_sets_text_exactly_as_wide_as_the_layout_measured(lang):
    from generator.render.fonts import face, string_width

    size, x0 = 5.0, 2.0
    predicted = x0 + string_width(SAMPLES[lang], face(), size)
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="200mm" height="20mm" viewBox="0 0 200 20">'
           f'<rect width="200" height="20" fill="#fff"/><text x="{x0}" y="12" font-family="PT Sans" '
           f'font-size="{size}" fill="#000">{SAMPLES[lang]}</text></svg>')
    img = cairo.ImageSurface.create_from_png(io.BytesIO(png_bytes(svg_drawing(svg), 2000)))
    data, stride, ppm = bytes(img.get_data()), img.get_stride(), img.get_width() / 200
    ink = [x for y in range(int(5 * ppm), int(13 * ppm)) for x in range(img.get_width())
           if data[y * stride + 4 * x] < 128]
    assert predicted - 1.0 < max(ink) / ppm <= predicted + 0.1  # the last "l" ends just inside its advance


TEXT_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="80mm" height="30mm" viewBox="0 0 80 30">'
            '<text x="40" y="12" font-family="PT Sans" font-size="6" font-weight="bold" fill="#222" '
            'text-anchor="{anchor}" xml:space="preserve">{text}</text>'
            '<text x="3" y="24" font-family="PT Sans Narrow" font-size="5" fill="#a00">{text}</text></svg>')


@pytest.mark.parametrize("lang,anchor", [("it", "start"), ("en", "middle"), ("ru", "end")])
def test_plain_text_in_one_call_sets_the_glyphs_where_cairosvg_sets_them_letter_by_letter(lang, anchor, monkeypatch):
    """svg.py draws a plain <text> with one cairo call: the picture is cairosvg's letter-by-letter one."""
    import cairosvg.surface

    from generator.render import svg

    doc = TEXT_SVG.format(anchor=anchor, text={"it": "Guardia libera, più", "en": "Free stance: 1d6",
                                               "ru": "Свободная стойка"}[lang])
    fast = png_bytes(svg_drawing(doc), 600)
    monkeypatch.setattr(svg, "_group_texts", lambda text, written: (text, written))  # every <text> through cairosvg
    monkeypatch.setattr(cairosvg.surface, "text", svg._LETTER_BY_LETTER)
    monkeypatch.setitem(cairosvg.surface.TAGS, "text", svg._LETTER_BY_LETTER)
    slow = png_bytes(svg_drawing(doc), 600)
    from PIL import Image, ImageChops

    a, b = (ImageChops.invert(Image.open(io.BytesIO(p)).convert("L")) for p in (fast, slow))
    for top, bottom in ((0, 110), (110, 225)):  # each line's ink: the same box within a pixel (0.13 mm)
        box_a, box_b = a.crop((0, top, 600, bottom)).getbbox(), b.crop((0, top, 600, bottom)).getbbox()
        assert box_a and all(abs(p - q) <= 1 for p, q in zip(box_a, box_b)), (box_a, box_b)
    ink = sum(a.histogram()[64:])
    assert sum(ImageChops.difference(a, b).histogram()[64:]) <= ink // 50  # and the same glyphs


def test_the_cairosvg_internals_svg_py_answers_for_are_the_ones_its_drawing_uses():
    """svg.py replaces cairosvg's parse_url and deep copy in cairosvg.surface: a cairosvg that stops calling them
    there (or calls another function of the copy module) fails here rather than drawing differently."""
    import inspect

    import cairosvg.surface

    from generator.render import svg

    source = inspect.getsource(svg._DRAW)  # cairosvg's own Surface.draw, which svg._draw wraps
    assert cairosvg.surface.Surface.draw is svg._draw
    assert "parse_url(" in source and "copy.deepcopy(" in source
    assert {n.split("(")[0] for n in source.replace("copy.deepcopy", "").split("copy.")[1:]} == set()
    assert cairosvg.surface.parse_url is svg._parse_url and cairosvg.surface.copy is svg._Copy
    cursor = ([1.0, 2.0], [3.0], 4.0)
    copied = svg._Copy.deepcopy(cursor)
    assert copied == cursor and copied[0] is not cursor[0] and copied[1] is not cursor[1]


MIXED_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="80mm" height="60mm" viewBox="0 0 80 60" '
             'text-rendering="geometricPrecision">'
             '<rect width="80" height="60" fill="#fff"/>'
             '<text x="3" y="8" font-family="PT Sans" font-size="4" fill="#222" xml:space="preserve">{t}  &amp; '
             '&#233;&#x44f; &lt;x&gt;</text>\n  <text x="40" y="8" font-family="PT Sans" font-size="4" '
             'font-weight="bold" text-anchor="middle" fill="#a00" fill-opacity="0.5">{t}</text>'
             '<rect x="2" y="5" width="20" height="4" fill="#0a0" opacity="0.5"/>'
             '<text x="3" y="14" font-family="PT Sans Narrow" font-size="3.5" fill="#00a">  {t}\t</text>'
             '<text x="3" y="20" font-family="PT Sans" font-size="3" fill="#000" transform="rotate(3)">{t}</text>'
             '<text x="3" y="26" font-family="PT Sans" font-size="3" font-style="italic" fill="#333">{t}</text>'
             '<g stroke="#f0f" stroke-width="0.2"><text x="3" y="32" font-family="PT Sans" font-size="5" '
             'fill="#ff0">{t}</text></g>'
             '<g visibility="hidden"><text x="3" y="38" font-family="PT Sans" font-size="5" fill="#000">{t}</text></g>'
             '<g fill="#0aa" font-weight="bold"><text x="3" y="44" font-family="PT Sans" font-size="4">{t}</text>'
             '<text x="78" y="50" font-family="PT Sans" font-size="4" text-anchor="end">{t}</text></g>'
             '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/>'
             '</linearGradient></defs><g fill="url(#g)"><text x="40" y="56" font-family="PT Sans" font-size="4">{t}'
             '</text></g></svg>')


@pytest.mark.parametrize("lang", LANGS)
def test_texts_drawn_straight_from_the_source_make_the_same_pdf_as_cairosvg_parsing_them(lang, monkeypatch):
    """svg.py takes runs of plain <text> elements out of the SVG and draws them itself (_group_texts, _texts): the
    PDF is byte for byte the one cairosvg makes from the elements (order, entities, white space, anchors,
    inherited colour and weight), and texts with a stroke, hidden or transformed still look as cairosvg draws them."""
    from generator.render import svg

    doc = MIXED_SVG.format(t={"it": "Guardia libera, più", "en": "Free stance: 1d6", "ru": "Свободная стойка"}[lang])
    marked, groups = svg._group_texts(doc, [])
    assert [len(g) for g in groups] == [2, 1, 1, 1, 1, 2, 1] and marked.count("<text") == 1  # the rotated one

    def pdf() -> bytes:
        face = svg_drawing(doc)
        return single_pdf(Deck("t", "t", "T", (Card("c", face, face),)), Imprint("T", "v", lang, 0))[0]

    fast = pdf()
    monkeypatch.setattr(svg, "_group_texts", lambda text, written: (text, written))
    assert fast == pdf()

    assert "& é" + "я <x>" in reader(fast).pages[0].extract_text()


def test_words_measured_once_draw_the_same_as_words_measured_afresh():
    """svg._words remembers cairo's text extents per font, size, matrix and text: a face drawn with them remembered
    is byte for byte the face drawn after forgetting them (here also under a scaled group: another matrix)."""
    from generator.render import svg

    doc = MIXED_SVG.format(t="Guardia libera, più").replace(
        "</svg>", '<g transform="scale(1.5)"><text x="3" y="36" font-family="PT Sans" font-size="4" '
        'fill="#000">Guardia libera, più</text></g></svg>')

    def pdf() -> bytes:
        face = svg_drawing(doc)
        return single_pdf(Deck("t", "t", "T", (Card("c", face, face),)), Imprint("T", "v", "it", 0))[0]

    svg._EXTENTS.clear()
    first = pdf()
    keys = [k for k in svg._EXTENTS if k[0] == "PT Sans" and k[3] == 4.0]
    assert len({k[4] for k in keys}) == 2  # the same font and size under two matrices: measured apart
    assert pdf() == first


SHAPES_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="90mm" height="60mm" viewBox="0 0 90 60" '
              'text-rendering="geometricPrecision"><defs><linearGradient id="g1"><stop offset="0" stop-color="#f00"/>'
              '<stop offset="1" stop-color="#00f"/></linearGradient></defs>'
              '<rect width="90" height="60" fill="#fff"/>'
              '<rect x="2" y="2" width="20" height="10" rx="2" fill="#c33" stroke="#111" stroke-width="0.6"/>'
              '<rect x="25" y="2" width="0" height="10" fill="#000"/>'
              '<circle cx="35" cy="8" r="5" fill="#3a3" fill-opacity="0.5" stroke="#000" stroke-opacity="0.4"/>'
              '<ellipse cx="50" cy="8" rx="6" ry="3" fill="url(#g1)"/>'
              '<path d="M60 2 L80 12 L62 14 Z" fill="none" stroke="#00a" stroke-width="1.2" stroke-dasharray="2 1" '
              'stroke-dashoffset="0.5" stroke-linecap="round" stroke-linejoin="bevel"/>'
              '<path d="M2 20 h20 v20 h-20 z M7 25 h10 v10 h-10 z" fill="#555" fill-rule="evenodd"/>'
              '<path d="m60 20 3 2 4-1 l1 1 H70 V24 c1 1 2 2 3 0 1-1 2 0 3 1 C78 27 79 28 80 26 q1 2 2 0 Q84 30 86 28 '
              'L88 30 z m0 3 l1.5.5 1E-1 2 Z" fill="#ccf" stroke="#000" stroke-width="0.3"/>'
              '<path d="M60 32 A3 3 0 0 1 66 32 S70 36 72 32 T80 32" fill="none" stroke="#000"/>'
              '<polygon points="30,20 45,40 25,38" fill="#a0a" opacity="0.5" stroke-miterlimit="2" stroke="#000"/>'
              '<line x1="50" y1="20" x2="85" y2="40" stroke="#0aa" stroke-width="2" stroke-linecap="square" '
              'shape-rendering="crispEdges"/>'
              '<g stroke="#f80" stroke-width="0.8" font-size="2" transform="translate(0 2)">'
              '<rect x="50" y="44" width="30" height="10" fill="#ff0" stroke-width="0.5em"/>'
              '<polyline points="2,45 12,55 22,45" fill="none" transform="rotate(5 12 50)"/></g>'
              '<g opacity="0.5"><circle cx="40" cy="50" r="6" fill="#09f"/></g></svg>')


def test_leaf_shapes_drawn_the_short_way_make_the_same_pdf_and_picture_as_cairosvg(monkeypatch):
    """svg._draw_shape (leaf shapes with plain paint) records what cairosvg's Surface.draw records: the PDF and
    the picture are the same byte for byte (rounded corners, opacities, gradients, dashes, caps, joins, fill
    rule, miter limit, crisp edges, a zero width, em units, inherited stroke, transforms, group opacity)."""
    from generator.render import svg

    real, calls = svg._draw_shape, []
    monkeypatch.setattr(svg, "_draw_shape", lambda s, n: calls.append(n.tag) or real(s, n))

    def outputs() -> tuple[bytes, bytes]:
        face = svg_drawing(SHAPES_SVG)
        data = single_pdf(Deck("t", "t", "T", (Card("c", face, face),)), Imprint("T", "v", "it", 0))[0]
        return data, png_bytes(face, 400)

    short = outputs()
    assert {"rect", "circle", "ellipse", "path", "polygon", "line", "polyline"} <= set(calls)
    assert svg._path_commands("M1 2 3 4l1-1z")[1:] == (("L", (3.0, 4.0)), ("l", (1.0, -1.0)), ("z", ()))
    assert svg._path_commands("M60 32 A3 3 0 0 1 66 32") is None and svg._path_commands("M1 2 3") is None
    monkeypatch.setattr(svg, "_draw_shape", svg._DRAW)
    assert outputs() == short


def test_a_style_sheet_still_styles_and_a_document_without_one_skips_matching():
    """svg._stylesheets: a document without style rules matches nothing per element (_NoRules); one with a style
    sheet is styled as cairosvg styles it."""
    import cairosvg.parser

    from generator.render import svg

    plain = '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10"><rect ' \
            'width="10" height="10" fill="#00f"/></svg>'
    styled = plain.replace('viewBox="0 0 10 10">', 'viewBox="0 0 10 10"><style>rect { fill: #f00 }</style>')
    assert cairosvg.parser.Tree(bytestring=plain.encode()).style == (svg._NoRules, svg._NoRules)
    img = cairo.ImageSurface.create_from_png(io.BytesIO(png_bytes(svg_drawing(styled), 20)))
    b, g, r = bytes(img.get_data())[40:43]
    assert (r, g, b) == (255, 0, 0)


@pytest.mark.parametrize("where", ["own", "inherited"])
def test_a_text_filled_with_a_gradient_is_painted_with_it(where):
    """A text whose fill is a gradient (its own or its group's) is drawn by cairosvg, which needs the text's box
    from its outline pass: red to blue ink, not a blank."""
    text = '<text x="1" y="8" font-family="PT Sans" font-size="7" font-weight="bold"{own}>Gradient</text>'
    body = (text.format(own=' fill="url(#g)"') if where == "own"
            else f'<g fill="url(#g)">{text.format(own="")}</g>')
    doc = ('<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="10mm" viewBox="0 0 40 10"><defs>'
           '<linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/>'
           f'</linearGradient></defs><rect width="40" height="10" fill="#fff"/>{body}</svg>')
    from PIL import Image

    img = Image.open(io.BytesIO(png_bytes(svg_drawing(doc), 400))).convert("RGB")
    data = img.tobytes()
    colours = [tuple(data[i:i + 3]) for i in range(0, len(data), 3) if data[i:i + 3] != b"\xff\xff\xff"]
    assert any(r > 150 and b < 100 for r, g, b in colours) and any(b > 150 and r < 100 for r, g, b in colours)


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_texts_handed_to_the_drawing_make_the_same_pdf_as_their_svg_text(lang):
    """template_drawing hands the fitted texts (m.texts, m.text_block) to the drawing as runs: the PDF is byte for
    byte the one drawn from the SVG text of the same template (bold and narrow slots, centred lines, inline icons,
    markup characters, colours)."""
    from generator.render.svg import template_drawing

    where = Where("test", "runs", lang)
    texts = [dict(block=fit(TRICKY[lang], Slot("name", 55, 12, 10, 6, bold=True, align="center"), where), x=7, y=8),
             dict(block=fit(SAMPLES[lang] + " {icon:tatami} " + SAMPLES[lang], Slot("body", 50, 40, 9, 6), where),
                  x=9, y=24, color="#a00", icon_color="#0a0"),
             dict(block=fit(SAMPLES[lang], Slot("note", 50, 10, 7, 6, family="PT Sans Narrow"), where), x=9, y=70)]
    values = dict(W=BLEED_W, H=BLEED_H, texts=texts)

    def pdf(face) -> bytes:
        return single_pdf(Deck("t", "t", "T", (Card("c", face, face),)), Imprint("T", "v", lang, 0))[0]

    handed = pdf(template_drawing(ROOT / "templates", "figure.svg.j2", **values))
    assert handed == pdf(svg_drawing(render_template(ROOT / "templates", "figure.svg.j2", **values)))
    assert TRICKY[lang] in reader(handed).pages[0].extract_text()


# ---- a designer's template error is a problem naming the template and its line, never a traceback ----

MACROS = '''{% macro label(v) %}<text>{{ "%.1f"|format(v) }}</text>{% endmacro %}
'''
CALLER = '''{% import "macros.svg.j2" as m %}<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm">
{{ m.label(value) }}
</svg>
'''


def _templates(tmp_path: Path, **files: str) -> Path:
    folder = tmp_path / "templates"
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        (folder / name.replace("__", "/")).parent.mkdir(parents=True, exist_ok=True)
        (folder / name.replace("__", "/")).write_text(text, encoding="utf-8")
    return folder


def test_a_template_failing_at_render_names_the_macro_line_and_the_template_rendered(tmp_path):
    from generator.problems import CheckFailed
    folder = _templates(tmp_path, **{"macros.svg.j2": MACROS, "card.svg.j2": CALLER})
    assert "<text>1.5</text>" in render_template(folder, "card.svg.j2", value=1.5)
    with pytest.raises(CheckFailed) as exc:
        render_template(folder, "card.svg.j2", value="wide")  # a string where the macro formats a number
    (p,) = exc.value.problems
    assert (p.file, p.line, p.rule) == ("templates/macros.svg.j2", 1, "template"), p
    assert "TypeError: must be real number" in p.message and p.where == "rendering templates/card.svg.j2"


def test_a_template_syntax_error_names_its_line(tmp_path):
    from generator.problems import CheckFailed
    folder = _templates(tmp_path, **{"broken.svg.j2": '<svg xmlns="http://www.w3.org/2000/svg">\n{% if x %}\n</svg>\n'})
    with pytest.raises(CheckFailed) as exc:
        render_template(folder, "broken.svg.j2", x=1)
    (p,) = exc.value.problems
    assert p.file == "templates/broken.svg.j2" and p.line == 3 and "TemplateSyntaxError" in p.message, p


def test_an_svg_that_does_not_parse_names_the_template_that_made_it(tmp_path):
    from generator.booklet.figures import vector
    from generator.problems import CheckFailed
    folder = _templates(tmp_path, **{"dojo__bad.svg.j2":
                                     '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm">'
                                     '<text x="1" y="5">{{ word|safe }}</text></svg>'})
    svg = render_template(folder, "dojo/bad.svg.j2", word="a < b")  # |safe: the < is written raw
    for parse in (svg_drawing, vector):  # cairo (cards, sheets) and svglib (booklet figures)
        with pytest.raises(CheckFailed) as exc:
            parse(svg)
        (p,) = exc.value.problems
        assert p.file == "templates/dojo/bad.svg.j2" and "does not parse" in p.message, (parse, p)


def test_an_svg_with_a_length_that_cannot_be_drawn_names_the_template(tmp_path):
    from generator.booklet.figures import vector
    from generator.problems import CheckFailed
    folder = _templates(tmp_path, **{"odd.svg.j2": '<svg xmlns="http://www.w3.org/2000/svg" width="{{ w }}" '
                                                   'height="10mm"><rect width="5" height="5"/></svg>'})
    svg = render_template(folder, "odd.svg.j2", w="Supercalifragilistic")
    with pytest.raises(CheckFailed) as exc:
        vector(svg)  # svglib: "Can't convert ... to length"
    (p,) = exc.value.problems
    assert p.file == "templates/odd.svg.j2" and "cannot be drawn" in p.message, p


def test_a_template_error_met_on_every_card_is_told_once(tmp_path):
    """A deck whose face template fails met the same problem on each of its cards: 18 identical lines for the
    GROUND problem cards. A CheckFailed keeps one of each, in the order met."""
    from generator.problems import CheckFailed
    folder = _templates(tmp_path, **{"dojo__bad.svg.j2": "<svg>{{ 1 + word }}</svg>"})
    failures = []
    for _card in range(18):
        with pytest.raises(CheckFailed) as exc:
            render_template(folder, "dojo/bad.svg.j2", word="x")
        failures += exc.value.problems
    other = failures[0].__class__("error", "overflow", "another problem")
    told = CheckFailed([*failures, other, failures[0]]).problems
    assert told == (failures[0], other) and len(failures) == 18
