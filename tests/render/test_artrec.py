"""SVG art kept as the cairo calls cairosvg made (render/artrec.py, kit/artcache.py): drawn again from them, a page
holds the same bytes as cairosvg's own drawing; what is read back from build/ is checked call by call, and only an
entry sealed by this user's builds is used."""

import hashlib
import json

import cairocffi as cairo
import cairosvg.surface
import pytest

from generator.kit.artcache import FOLDER, ArtCache
from generator.output.cache import CACHE_DIR, write_entry
from generator.render import svg as svgmod
from generator.render.artrec import BadCalls, Recorder, draw, prepare
from generator.render.pdf import PdfDoc

DOTS = "".join(f'<circle cx="{x}" cy="{y}" r="1.1" fill="#336699" fill-opacity="0.3"/>'
               for y in range(0, 40, 6) for x in range(0, 30, 6))
ART = ('<svg xmlns="http://www.w3.org/2000/svg" width="30mm" height="40mm" viewBox="0 0 30 40">'
       '<rect x="1" y="1" width="28" height="38" rx="2" fill="#f4efe6" stroke="#2b2622" stroke-width="0.6"/>'
       '<path d="M4 30L26 8M26 30L4 8" stroke="#2b2622" stroke-width="1.4" stroke-dasharray="2 1"/>'
       f'{DOTS}</svg>')
GRADIENT = ('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10"><defs>'
            '<linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/>'
            '</linearGradient></defs><rect width="10" height="10" fill="url(#g)"/></svg>')


class DictStore:
    """An ArtStore in memory."""

    def __init__(self):
        self.kept = {}

    def get(self, made_of):
        return self.kept.get(json.dumps(made_of))

    def put(self, made_of, meta, listing):
        self.kept[json.dumps(made_of)] = (meta, json.loads(json.dumps(listing)))  # as a file would give it back


@pytest.fixture
def fresh():
    """No drawing remembered by this process before or after; the store set by the test."""
    svgmod._ART.clear()
    svgmod._OVER.clear()
    yield
    svgmod.keep_art(None)
    svgmod._ART.clear()
    svgmod._OVER.clear()


def _page(draw_on) -> bytes:
    doc = PdfDoc(1767225600, "art")
    cr = doc.page(40, 50)
    draw_on(doc, cr)
    return doc.finish()


def _placed(svg: str) -> bytes:
    return _page(lambda doc, cr: doc.place(svgmod.svg_drawing(svg), 10, 10))


def _bled(doc, cr) -> None:
    cr.translate(5, 7)
    svgmod._paint_over(cr, DOTS, 3, 2, 30, 40, (2.8, 0.0, 0.0, 2.8, 0.0, 0.0))


def test_art_drawn_from_its_calls_is_the_same_pdf(fresh):
    svgmod.keep_art(None)
    by_cairosvg, bled_by_cairosvg = _placed(ART), _page(_bled)
    store = DictStore()
    svgmod.keep_art(store)
    svgmod._ART.clear()
    svgmod._OVER.clear()
    assert _placed(ART) == by_cairosvg and _page(_bled) == bled_by_cairosvg  # drawn by cairosvg, listed
    assert len(store.kept) == 2
    svgmod._ART.clear()
    svgmod._OVER.clear()
    calls = []
    real = cairosvg.surface.Surface.draw
    cairosvg.surface.Surface.draw = lambda self, node: calls.append(node) or real(self, node)
    try:
        again, bled_again = _placed(ART), _page(_bled)
    finally:
        cairosvg.surface.Surface.draw = real
    assert not calls  # no cairosvg at all: both from their listed calls
    assert again == by_cairosvg and bled_again == bled_by_cairosvg


def test_art_using_a_gradient_is_not_listed(fresh):
    store = DictStore()
    svgmod.keep_art(store)
    svgmod.svg_drawing(GRADIENT)
    assert store.kept == {}


@pytest.mark.parametrize("listing", [
    {"names": ["show_text"], "ops": [0], "nums": [], "extra": ["x"]},  # text: not a drawing call of the table
    {"names": ["__class__"], "ops": [0], "nums": [], "extra": []},
    {"names": ["get_target"], "ops": [0], "nums": [], "extra": []},
    {"names": ["move_to"], "ops": [0], "nums": [1.0], "extra": []},  # one number short
    {"names": ["move_to"], "ops": [0], "nums": [1.0, 2.0, 3.0], "extra": []},  # one too many
    {"names": ["move_to"], "ops": [0], "nums": [1.0, "2"], "extra": []},
    {"names": ["move_to"], "ops": [0], "nums": [True, 2.0], "extra": []},
    {"names": ["move_to"], "ops": [1], "nums": [1.0, 2.0], "extra": []},
    {"names": ["set_matrix"], "ops": [0], "nums": [], "extra": [[1, 0, 0, 1, 0]]},
    {"names": ["append_path"], "ops": [0], "nums": [], "extra": [[[9, [1.0, 2.0]]]]},
    {"names": ["set_font_options"], "ops": [0], "nums": [], "extra": [[0, 0, 0, 99]]},
    {"names": ["set_line_cap"], "ops": [0], "nums": [1.5], "extra": []},
    {"names": ["scale"], "ops": [0], "nums": [float("nan"), 1.0], "extra": []},
    {"names": ["stroke"], "ops": [0, 0], "nums": [], "extra": [], "x": 1} | {"ops": "00"},
    [["move_to", [1.0, 2.0]]],
])
def test_a_listing_not_made_by_a_recorder_is_refused(listing):
    with pytest.raises(BadCalls):
        prepare(listing)


def test_a_recorder_lists_what_it_draws():
    surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, (0, 0, 10, 10))
    rec = Recorder(cairo.Context(surface))
    rec.set_matrix(cairo.Matrix(2, 0, 0, 2, 1, 1))
    rec.move_to(1, 2)
    rec.get_current_point()  # asks only: listed nothing, spoils nothing
    rec.set_dash([1.0, 0.5], 0.25)
    rec.line_to(3.5, 4)
    rec.stroke()
    assert rec.listing == {"names": ["set_matrix", "move_to", "set_dash", "line_to", "stroke"],
                           "ops": [0, 1, 2, 3, 4], "nums": [1, 2, 3.5, 4],
                           "extra": [[2.0, 0.0, 0.0, 2.0, 1.0, 1.0], [[1.0, 0.5], 0.25]]}
    assert [name for name, _ in prepare(rec.listing)] == ["set_matrix", "move_to", "set_dash", "line_to", "stroke"]
    rec.show_text("x")  # drawn some other way: the drawing is no longer listed
    assert rec.listing is None


def _png_pixel(drawing, x, y) -> tuple[int, int, int]:
    img = cairo.ImageSurface(cairo.FORMAT_RGB24, int(drawing.width), int(drawing.height))
    cr = cairo.Context(img)
    cr.set_source_rgb(1, 1, 1)
    cr.paint()
    cr.set_source_surface(drawing.surface, 0, 0)
    cr.paint()
    img.flush()
    b, g, r, _ = bytes(img.get_data())[(y * img.get_stride()) + 4 * x:][:4]
    return r, g, b


def test_a_sealed_entry_is_what_is_drawn(fresh, tmp_path):
    """The art comes from the entry: one holding other calls (a red square, sealed by this user) draws those."""
    cache = ArtCache(tmp_path)
    svgmod.keep_art(cache)
    red = {"names": ["set_source_rgb", "rectangle", "fill"], "ops": [0, 1, 2], "nums": [1.0, 0.0, 0.0, 0, 0, 20, 20],
           "extra": []}
    cache.put([svgmod.ART_FORMAT, "art", ART], {"width": 85.0, "height": 113.0, "units": [1, 0, 0, 1, 0, 0]}, red)
    assert _png_pixel(svgmod.svg_drawing(ART), 10, 10) == (255, 0, 0)


def test_an_unsealed_or_damaged_entry_is_never_used(fresh, tmp_path, capsys):
    cache = ArtCache(tmp_path)
    svgmod.keep_art(cache)
    genuine = _placed(ART)
    (entry,) = (tmp_path / CACHE_DIR / FOLDER).glob("*.entry")
    key = entry.stem
    red = json.dumps({"names": ["set_source_rgb", "paint"], "ops": [0, 1], "nums": [1.0, 0.0, 0.0], "extra": []})
    header = {"key": key, "meta": {"width": 85.0, "height": 113.0, "units": [1, 0, 0, 1, 0, 0]}, "format": 2,
              "blobs": [{"size": len(red), "sha256": hashlib.sha256(red.encode()).hexdigest()}]}
    line = json.dumps(header, sort_keys=True).encode()
    for planted in (b"0" * 64 + b"\n" + line + b"\n" + red.encode(), b"garbage"):
        entry.write_bytes(planted)
        svgmod._ART.clear()
        assert _placed(ART) == genuine
        assert "cache: build/cache/components/art/" in capsys.readouterr().err
        assert entry.read_bytes() != planted  # drawn again and kept anew
    write_entry(entry, {"key": "another", "meta": {}}, [red.encode()])  # sealed, but not this art's
    svgmod._ART.clear()
    assert _placed(ART) == genuine and "foreign" in capsys.readouterr().err


def test_draw_makes_the_listed_calls():
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, 4, 4)
    draw(cairo.Context(surface), prepare({"names": ["set_source_rgb", "paint"], "ops": [0, 1],
                                          "nums": [0.0, 0.0, 1.0], "extra": []}))
    surface.flush()
    assert bytes(surface.get_data())[:3] == b"\xff\x00\x00"  # blue (BGRx)


def test_a_hex_colour_reads_as_cairosvg_reads_it():
    """draw.rgba reads #rrggbb itself (no cairosvg import): the same tuples as cairosvg.colors.color, every other
    colour by cairosvg."""
    import random

    from cairosvg.colors import color

    from generator.render.draw import _rgba_of

    rng = random.Random(46)
    samples = [f"#{rng.randrange(1 << 24):06x}" for _ in range(500)] + [
        "#FFFFFF", " #2b2622 ", "#000000", "#AbCdEf", "#abc", "white", "none", "transparent", "rgb(10%, 20%, 30%)",
        "rgba(1, 2, 3, 0.5)", "#12345678", "#1234567", "", "currentColor"]
    for value in samples:
        _rgba_of.cache_clear()
        mine = _rgba_of(value)
        assert mine == color(value) and list(map(type, mine)) == list(map(type, color(value))), value


def test_a_rebuild_whose_art_is_kept_imports_no_cairosvg(tmp_path):
    """A process drawing a face whose art is kept (keep_art) and its texts in #rrggbb imports no cairosvg."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    code = f"""
import sys
from pathlib import Path
from generator.kit.artcache import ArtCache
from generator.render import svg
from generator.render.draw import draw_label
svg.keep_art(ArtCache(Path({str(tmp_path)!r})))
drawing = svg.svg_drawing({ART!r})
import cairocffi as cairo
cr = cairo.Context(cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, (0, 0, 50, 50)))
draw_label(cr, "Seigan", 5, 20, 8, "#2b2622")
print("cairosvg" in sys.modules)
"""
    runs = [subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
            for _ in range(2)]
    assert [r.stdout.split() for r in runs] == [["True"], ["False"]]  # drawn by cairosvg once, then from its calls
