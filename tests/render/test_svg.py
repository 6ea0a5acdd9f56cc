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
    """A fitted block drawn over a face (template_drawing: cairo's own text, unhinted) ends where layout.fit's
    measure says: the last "l" ends just inside the advance the layout gave the line."""
    from generator.render.svg import template_drawing

    block = fit(SAMPLES[lang], Slot("line", 190, 12, 14.17, 14.17), Where("test", "width", lang))  # 5 mm type
    (line,) = block.lines
    x0 = 2.0
    face = template_drawing(ROOT / "templates", "figure.svg.j2", W=200, H=20, texts=[dict(block=block, x=x0, y=2)])
    img = cairo.ImageSurface.create_from_png(io.BytesIO(png_bytes(face, 2000)))
    data, stride, ppm = bytes(img.get_data()), img.get_stride(), img.get_width() / 200
    ink = [x for y in range(int(3 * ppm), int(11 * ppm)) for x in range(img.get_width())
           if data[y * stride + 4 * x] < 128]
    assert x0 + line.width - 1.0 < max(ink) / ppm <= x0 + line.width + 0.1


def _pixels(drawing, width_px: int = 600):
    from PIL import Image

    return Image.open(io.BytesIO(png_bytes(drawing, width_px))).convert("L")


def _differing(a, b, level: int = 96) -> int:
    """Pixels whose grey differs by more than anti-aliasing does between two renderers of the same picture."""
    from PIL import ImageChops

    return sum(ImageChops.difference(a, b).point(lambda v: 255 if v > level else 0).histogram()[255:])


def _ink(img, box_mm: tuple[float, float, float, float], ppm: float, test) -> tuple[float, float] | None:
    """The left and right x (mm) of the pixels inside box_mm (x0, y0, x1, y1) for which test(rgb) holds."""
    x0, y0, x1, y1 = (round(v * ppm) for v in box_mm)
    xs = [x for y in range(y0, y1) for x in range(x0, x1) if test(img.getpixel((x, y)))]
    return (min(xs) / ppm, max(xs) / ppm) if xs else None


@pytest.mark.parametrize("lang", LANGS)
def test_texts_drawn_by_cairo_are_text_where_the_layout_put_them(lang):
    """template_drawing draws a face's fitted texts with cairo over the art: a bold line centred in its slot, a
    coloured text with an icon in its own colour, a narrow face; the PDF holds the texts themselves (markup
    characters included), while outside a drawing the same macros write SVG text (booklet figures)."""
    from PIL import Image

    from generator.render.svg import template_drawing

    where = Where("test", "runs", lang)
    name = fit(TRICKY[lang], Slot("name", 55, 12, 10, 6, bold=True, align="center"), where)
    body = fit(SAMPLES[lang] + " {icon:tatami} x", Slot("body", 50, 40, 9, 6), where)
    texts = [dict(block=name, x=7, y=8), dict(block=body, x=9, y=24, color="#a00", icon_color="#0a0"),
             dict(block=fit(SAMPLES[lang], Slot("note", 50, 10, 7, 6, family="PT Sans Narrow"), where), x=9, y=70)]
    values = dict(W=BLEED_W, H=BLEED_H, texts=texts)
    drawn = template_drawing(ROOT / "templates", "figure.svg.j2", **values)
    assert "<text" in render_template(ROOT / "templates", "figure.svg.j2", **values)
    img = Image.open(io.BytesIO(png_bytes(drawn, 1200))).convert("RGB")
    ppm = img.size[0] / BLEED_W
    left, right = _ink(img, (7, 8, 62, 8 + name.height), ppm, lambda p: sum(p) < 200)
    assert abs((left + right) / 2 - (7 + 55 / 2)) < 0.6 and 7 < left < right < 62  # centred in its slot
    red = _ink(img, (9, 24, 59, 24 + body.line_height), ppm, lambda p: p[0] > 120 and p[1] < 60 and p[2] < 60)
    green = _ink(img, (9, 24, 59, 24 + body.height), ppm, lambda p: p[1] > 120 and p[0] < 60 and p[2] < 60)
    (at,) = [9 + body.line_x(line) + run.x for line in body.lines for run in line.runs if run.icon]
    assert red and green and red[0] < 9.6 and at < green[0] < at + body.size * 0.3  # the icon in its colour
    data, _ = single_pdf(Deck("t", "t", "T", (Card("c", drawn, drawn),)), Imprint("T", "v", lang, 0))
    words = reader(data).pages[0].extract_text()
    assert TRICKY[lang] in words and SAMPLES[lang].split()[0] in words


def test_icons_and_turned_labels_drawn_by_cairo_match_their_svg(tmp_path):
    """Every icon (fills, holes, round-capped strokes and dots, arcs and smooth curves) drawn by cairo
    (template_drawing) looks as cairosvg draws its SVG; labels sit at their anchor, inside an m.turned block
    turned with the art around them."""
    from PIL import Image

    from generator.render.svg import template_drawing

    icons = "".join(f'{{{{ m.icon("{name}", {5 + (k % 6) * 30}, {5 + (k // 6) * 30}, 22, "#123", "#fc0") }}}}'
                    for k, name in enumerate(ICONS))
    head = ('{% import "macros.svg.j2" as m with context %}<svg xmlns="http://www.w3.org/2000/svg" width="190mm" height="130mm" '
            'viewBox="0 0 190 130"><rect width="190" height="130" fill="#fff"/>')
    labels = ('{% call m.turned(180, 150, 110) %}<rect x="120" y="100" width="60" height="10" fill="#ddd"/>'
              '{{ m.label("Seigan", 130, 106, 5, "#000", True, "start") }}{% endcall %}'
              '{{ m.label("Kamae", 150, 126, 5, "#a00", False, "middle") }}')
    folder = _templates(tmp_path, **{"macros.svg.j2": (ROOT / "templates" / "macros.svg.j2").read_text(),
                                     "icons.svg.j2": head + icons + "</svg>", "labels.svg.j2": head + labels + "</svg>"})
    drawn = template_drawing(folder, "icons.svg.j2")
    svg = render_template(folder, "icons.svg.j2")
    a, b = _pixels(drawn, 760), _pixels(svg_drawing(svg), 760)
    assert a.histogram()[255] < 0.9 * a.size[0] * a.size[1]  # something drawn
    assert _differing(a, b) < 40, _differing(a, b)
    assert 'rotate(180 150 110)' in render_template(folder, "labels.svg.j2")
    img = Image.open(io.BytesIO(png_bytes(template_drawing(folder, "labels.svg.j2"), 760))).convert("RGB")
    ppm = img.size[0] / 190
    grey = _ink(img, (100, 95, 190, 125), ppm, lambda p: 200 < p[0] < 240)
    black = _ink(img, (100, 95, 190, 125), ppm, lambda p: sum(p) < 150)
    assert grey and abs(grey[0] - 120) < 0.5 and black and black[1] < 170 < black[1] + 3  # turned: ends at 170
    red = _ink(img, (100, 120, 190, 130), ppm, lambda p: p[0] > 120 and p[1] < 60)
    assert red and abs((red[0] + red[1]) / 2 - 150) < 0.5  # middle: centred on x


def test_art_is_drawn_once_per_distinct_svg():
    """svg_drawing keeps what cairosvg drew for an SVG text: a deck's repeated backs and frames are drawn once."""
    doc = ('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10">'
           '<rect width="10" height="5" fill="#c00"/></svg>')
    first = svg_drawing(doc)
    assert svg_drawing(str(doc)) is first and svg_drawing(doc.replace("#c00", "#0c0")) is not first
    img = _pixels(first, 20)
    assert img.getpixel((10, 2)) < 120 and img.getpixel((10, 15)) == 255


@pytest.mark.parametrize("where", ["own", "inherited"])
def test_a_text_filled_with_a_gradient_is_painted_with_it(where):
    """Art may still hold SVG text (cairosvg draws it, as published): a text whose fill is a gradient (its own
    or its group's) is painted red to blue, not blank."""
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
    from generator.problems import CheckFailed
    folder = _templates(tmp_path, **{"dojo__bad.svg.j2":
                                     '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm">'
                                     '<text x="1" y="5">{{ word|safe }}</text></svg>'})
    svg = render_template(folder, "dojo/bad.svg.j2", word="a < b")  # |safe: the < is written raw
    with pytest.raises(CheckFailed) as exc:  # cairosvg: cards, sheets and booklet figures alike
        svg_drawing(svg)
    (p,) = exc.value.problems
    assert p.file == "templates/dojo/bad.svg.j2" and "does not parse" in p.message, p


def test_an_svg_with_a_length_that_cannot_be_drawn_names_the_template(tmp_path):
    from generator.problems import CheckFailed
    folder = _templates(tmp_path, **{"odd.svg.j2": '<svg xmlns="http://www.w3.org/2000/svg" width="{{ w }}" '
                                                   'height="10mm"><rect width="5" height="5"/></svg>'})
    svg = render_template(folder, "odd.svg.j2", w="Supercalifragilistic")
    with pytest.raises(CheckFailed) as exc:
        svg_drawing(svg)  # cairosvg: a length it cannot read
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


def test_no_template_writes_text_itself():
    """One text path: templates place texts with m.texts, m.text_block and m.label (drawn by cairo over the art),
    never as SVG text elements of their own (which cairosvg would draw letter by letter, hinted)."""
    own = [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "templates").rglob("*.svg.j2"))
           if "<text" in (body := p.read_text(encoding="utf-8")) or "<tspan" in body]
    assert not own, own
    assert len(list((ROOT / "templates").rglob("*.svg.j2"))) > 20  # the scan saw the templates


# ---- a drawing's texts and icons are a value of that drawing (templates.Sketch), never state between drawings ----

TURNED = ('{% import "macros.svg.j2" as m with context %}<svg xmlns="http://www.w3.org/2000/svg" width="40mm" '
          'height="20mm" viewBox="0 0 40 20">{% call m.turned(90, 10, 10) %}{{ m.label(word, 2, 8, 4) }}'
          '{{ m.icon("tatami", 20, 2, 6) }}{% endcall %}{{ m.label("after", 2, 18, 4) }}</svg>')


def test_each_drawing_has_its_own_sketch_and_a_render_without_one_writes_svg(tmp_path):
    from generator.render.svg import collected_items
    from generator.render.templates import Sketch

    folder = _templates(tmp_path, **{"macros.svg.j2": (ROOT / "templates" / "macros.svg.j2").read_text(),
                                     "t.svg.j2": TURNED})
    outer = Sketch()

    def nested(sketch):  # a drawing made while another is being made (a booklet figure inside a page) keeps its own
        inner_art, inner = collected_items(lambda s: render_template(folder, "t.svg.j2", s, word="inner"))
        assert [i.args[0] for i in inner if i.kind == "label"] == ["inner", "after"]
        return render_template(folder, "t.svg.j2", sketch, word="outer")

    _art, items = collected_items(nested)
    assert [(i.kind, i.args[0]) for i in items] == [("label", "outer"), ("icon", "tatami"), ("label", "after")]
    turned, _star, after = items
    assert turned.matrix != after.matrix and after.matrix == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)  # m.turned closed
    assert outer.items == []  # a sketch no drawing was given stays empty
    alone = render_template(folder, "t.svg.j2", word="alone")  # no sketch: every text written as SVG
    assert "<text" in alone and ">alone</text>" in alone and ">after</text>" in alone


def test_a_template_importing_the_macros_without_context_is_told_how_to_import_them(tmp_path):
    from generator.problems import CheckFailed
    from generator.render.svg import template_drawing

    folder = _templates(tmp_path, **{"macros.svg.j2": (ROOT / "templates" / "macros.svg.j2").read_text(),
                                     "t.svg.j2": TURNED.replace(" with context", "")})
    with pytest.raises(CheckFailed) as exc:
        template_drawing(folder, "t.svg.j2", word="x")
    (p,) = exc.value.problems
    assert p.rule == "template" and 'import "macros.svg.j2" as m with context' in p.message, p
