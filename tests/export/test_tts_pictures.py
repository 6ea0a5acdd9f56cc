"""The digital-table export's pictures made from arrays (issue 46, the cold release): the same PNG bytes as the
PIL route they replaced (render.preview.png of a PIL image), the same pixels as faces.rasterise, face sheets laid out
in reading order, and the sheet check still reading the sheet as TTS does."""

import io
import json

import numpy as np
import pikepdf
import pytest
from PIL import Image

from generator.content.load import load_model
from generator.export import faces, tts, tts_pieces
from generator.export.faces import card_px, rasterise
from generator.export.tts_images import CELL_H, CELL_W, Picture, encoded, face_sheet, sheet_grid
from generator.i18n.runtime import load_translations
from generator.plan import registry
from generator.render.preview import CHUNK_LIMIT, png, png_rows


def _noise(h: int, w: int, channels: int, seed: int) -> np.ndarray:
    """Pictures zlib cannot squeeze much (so a large one spans several IDAT chunks), with flat runs too."""
    rng = np.random.default_rng(seed)
    out = rng.integers(0, 256, (h, w, channels), dtype=np.uint8)
    out[: h // 3] = 255  # paper
    return out


@pytest.mark.parametrize("shape", [(1, 1, 3), (7, 5, 3), (889, 635, 3), (700, 900, 4), (1, 400_000, 3)])
def test_png_rows_writes_the_bytes_png_writes_for_the_same_pixels(shape):
    pixels = _noise(*shape, seed=sum(shape))
    h, w, c = shape
    image = Image.fromarray(pixels, "RGBA" if c == 4 else "RGB")
    rows = np.zeros((h, w * c + 1), np.uint8)
    rows[:, 1:] = pixels.reshape(h, w * c)
    made = png_rows(w, h, c == 4, rows)
    assert made == png(image)
    if c == 3:
        assert encoded(pixels) == made
    if h * (w * c + 1) > CHUNK_LIMIT:
        assert made.count(b"IDAT") > 1  # the chunking pypng's writer does is kept
    assert np.array_equal(np.asarray(Image.open(io.BytesIO(made))), pixels)  # a reader's pixels


def test_png_rows_refuses_rows_that_are_not_the_size_said():
    with pytest.raises(ValueError, match="are not 2 rows of 3 RGB pixels"):
        png_rows(3, 2, False, bytes(2 * 9))  # no filter bytes


def _pdf(pages_mm: list[tuple[float, float]]) -> bytes:
    """A PDF whose pages (width x height mm) are white with a blue frame, a red disc off centre and a grey ramp, so a
    crop or a colour swapped one pixel off shows."""
    pdf = pikepdf.new()
    for w_mm, h_mm in pages_mm:
        w, h = w_mm * 72 / 25.4, h_mm * 72 / 25.4
        ops = [f"0 0 1 rg 0 0 {w:.3f} {h:.3f} re f 1 1 1 rg 6 6 {w - 12:.3f} {h - 12:.3f} re f"]
        ops += [f"{g / 10:.1f} g {12 + g * 5} 20 5 {h / 3:.3f} re f" for g in range(10)]
        ops.append(f"1 0 0 rg {w * 0.6:.3f} {h * 0.6:.3f} m {w * 0.8:.3f} {h * 0.6:.3f} l {w * 0.7:.3f} {h * 0.8:.3f} l f")
        page = pdf.add_blank_page(page_size=(w, h))
        page.obj["/Contents"] = pdf.make_stream(" ".join(ops).encode())
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


def test_card_pixels_are_the_pixels_rasterise_gives():
    # a single-card PDF's page (trim and bleed), one as large as the trim, one smaller (its edges repeated)
    w, h = faces.CARD_W + 2 * faces.BLEED, faces.CARD_H + 2 * faces.BLEED
    data = _pdf([(w, h), (faces.CARD_W, faces.CARD_H), (faces.CARD_W - 8, faces.CARD_H - 5)])
    made = list(faces.pixels(data, 10, [2, 0, 1]))
    want = list(rasterise(data, 10, pages=[2, 0, 1]))
    assert [m.shape for m in made] == [(*card_px(10)[::-1], 3)] * 3
    for m, image in zip(made, want):
        assert image.mode == "RGB" and np.array_equal(m, np.asarray(image))
    assert not np.array_equal(made[0], made[1])  # the pages differ: the comparison sees a wrong page


def test_a_face_sheet_holds_the_cards_in_reading_order_on_white_as_pil_would_paste_them():
    cards = [_noise(CELL_H, CELL_W, 3, seed=n) for n in range(8)]
    for n in (1, 5, 6, 8):
        made, grid = face_sheet([Picture(b"", c) for c in cards[:n]])
        cols, rows = grid
        assert grid == sheet_grid(n)
        sheet = Image.new("RGB", (cols * CELL_W, rows * CELL_H), "white")  # the PIL route the sheet replaced
        for i, c in enumerate(cards[:n]):
            sheet.paste(Image.fromarray(c), ((i % cols) * CELL_W, (i // cols) * CELL_H))
        assert made == png(sheet)
        read = np.asarray(Image.open(io.BytesIO(made)).convert("RGB"))
        for i, c in enumerate(cards[:n]):  # read back as TTS reads a sheet: cell i at column i % cols, row i // cols
            x, y = (i % cols) * CELL_W, (i // cols) * CELL_H
            assert np.array_equal(read[y:y + CELL_H, x:x + CELL_W], c)
        assert (read[rows * CELL_H - 1, cols * CELL_W - 1] == 255).all() or n == cols * rows


def _old_cutout(rgb: np.ndarray, box: tuple[int, int, int, int], ink: np.ndarray) -> bytes:
    """The PIL route a piece was cut with before (crop, RGBA, the paper's alpha put in, png())."""
    crop = Image.fromarray(rgb).crop(box)
    paper = tts_pieces._outside(ink[box[1]:box[3], box[0]:box[2]])
    rgba = crop.convert("RGBA")
    rgba.putalpha(Image.fromarray(np.where(paper, 0, 255).astype(np.uint8)))
    return png(rgba)


def test_a_piece_is_the_png_the_pil_route_made(pristine_it):
    kit = pristine_it / "build" / "pnp" / "it"
    data = (kit / "duel" / "pieces-A4.pdf").read_bytes()
    rgb = tts_pieces.render_page(data, 0)
    ink = tts_pieces._ink(rgb)
    found = tts_pieces.trimmed(ink, tts_pieces.boxes(rgb, ink))
    assert len(found) == 4
    for box in found:
        picture, _round = tts_pieces._cutout(rgb, box, ink)
        assert picture.png == _old_cutout(rgb, box, ink)
        assert picture.image.mode == "RGBA" and picture.image.size == (box[2] - box[0], box[3] - box[1])


def test_the_sheet_check_reads_the_sheet_and_finds_a_cell_out_of_place(pristine_it, monkeypatch):
    model, _ = load_model(pristine_it, registry.deck_sources())
    manifest = json.loads((pristine_it / "build/pnp/it/manifest.json").read_text(encoding="utf-8"))
    made = face_sheet

    def swapped(pictures):  # the first two cards' places exchanged: every cell still one of the deck's cards
        return made([pictures[1], pictures[0], *pictures[2:]] if len(pictures) > 1 else pictures)
    monkeypatch.setattr(tts, "face_sheet", swapped)
    exp = tts.export_game("duel", "it", pristine_it / "build/pnp/it", manifest, model,
                          load_translations(pristine_it, "it"), lambda p: f"file:///{p}")
    found = [p for p in exp.problems if "differs from its card's own picture" in p]
    assert found and all(" cell 0 " in p or " cell 1 " in p for p in found), exp.problems
    assert any("images/stances-1.png cell 0 differs from its card's own picture cards/stances-01.png" in p
               for p in found), found
    monkeypatch.setattr(tts, "face_sheet", made)
    exp = tts.export_game("duel", "it", pristine_it / "build/pnp/it", manifest, model,
                          load_translations(pristine_it, "it"), lambda p: f"file:///{p}")
    assert exp.problems == []


@pytest.mark.parametrize("size", [(81, 113), (40, 56), (635, 889), (17, 300)])
def test_an_opaque_picture_drawn_on_the_table_picture_as_rgb_gives_the_pixels_its_rgba_copy_gave(size):
    # tts_setup.picture keeps an opaque (RGB) picture RGB: scaled, turned and pasted, the table picture must be the
    # one the RGBA copy (premultiplied by Pillow's resize, pasted through its own alpha) made
    card = Image.fromarray(_noise(CELL_H, CELL_W, 3, seed=size[0]))
    drawn = []
    for image in (card, card.convert("RGBA")):
        canvas = Image.new("RGB", (700, 950), (46, 84, 62))
        small = image.resize(size, reducing_gap=2.0).rotate(180)
        canvas.paste(small, (3, 5), small if small.mode == "RGBA" else None)
        drawn.append(png(canvas))
    assert drawn[0] == drawn[1]


def test_an_export_made_now_is_handed_back_as_installed_and_one_up_to_date_is_not(monkeypatch, tmp_path):
    # the release packs the languages exported now from these bytes (release/build.py), not from a second reading
    from generator.export import tts_run
    from generator.kit.build import BuildResult

    made_files = {"duel/duel-it.json": b'{"SaveName": "x"}\n', "duel/images/a.png": encoded(_noise(3, 2, 3, 1))}
    calls = []
    monkeypatch.setattr(tts_run, "export_files", lambda root, stale, *a: calls.append(sorted(stale)) or
                        {lang: dict(made_files) for lang in stale})
    kit = BuildResult(tmp_path / "build/pnp/it", {"inputs": "k", "files": [{"sha256": "a" * 64}]}, ())
    made: dict = {}
    tts_run.export_tts(tmp_path, ("it",), base_url="https://example.invalid", out_root=tmp_path / "out",
                       kits={"it": kit}, made=made)
    assert calls == [["it"]] and set(made) == {"it"}
    assert made["it"] == tts_run.tts_files(tmp_path / "out" / "it")  # every installed file, manifest.json too
    assert set(made["it"]) == {*made_files, tts_run.MANIFEST}
    again: dict = {}
    tts_run.export_tts(tmp_path, ("it",), base_url="https://example.invalid", out_root=tmp_path / "out",
                       kits={"it": kit}, made=again)
    assert calls == [["it"]] and again == {}  # up to date: nothing exported, the release reads the folder
