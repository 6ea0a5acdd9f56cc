"""Previews a person can read: a PDF page rendered with pdfium (the real fonts, at thumbnail resolution)."""

from __future__ import annotations

import io
import zlib
import math
from typing import Any

from ..artifact import Artifact

THUMB_PX = 480  # preview width in pixels: twice the contact sheet's tile width, sharp on high-density screens
PREFERRED_LAYOUTS = ("single", "pages", "sheet", "plain", "duplex-long-edge", "gutterfold", "saddle-stitch")
INK_PX = 120  # width of the quick render that finds where the page is printed
WHITE = (255, 255, 255, 255)


def _ink_box(page, width_pt: float, height_pt: float) -> tuple[float, float, float, float]:
    """The printed part of a page (left, top, right, bottom in pt from the top left) with a margin of 1/40 of its
    width, found on a quick low-resolution render (sheets are mostly paper)."""
    from PIL import Image, ImageChops

    s = INK_PX / width_pt
    low = page.render(scale=s, fill_color=WHITE, rev_byteorder=True).to_pil()
    ink = ImageChops.difference(low, Image.new(low.mode, low.size, "white")).getbbox()
    if not ink:
        return 0.0, 0.0, width_pt, height_pt
    pad = width_pt / 40
    return (max(0.0, ink[0] / s - pad), max(0.0, ink[1] / s - pad), min(width_pt, ink[2] / s + pad),
            min(height_pt, ink[3] / s + pad))


def frame(page, width_px: int, ink: tuple[float, float, float, float] | None = None) -> tuple[int, int, float]:
    """Where pdf_preview's image of a page lies on it: (x0, y0, s), the image's top-left corner in pixels of the
    double-size render and its pixels per pt; a point (x, y) in pt from the page's top left is at
    ((x * s - x0) / 2, (y * s - y0) / 2) in the image. ink: the page's printed part, when already found."""
    pw, ph = page.get_size()
    left, top, right, _bottom = ink if ink is not None else _ink_box(page, pw, ph)
    s = 2 * min(2 * width_px / pw, width_px / (right - left))  # pixels per pt of the double-size render
    full_w, full_h = math.ceil(pw * s), math.ceil(ph * s)
    return min(full_w - 2, math.floor(left * s)), min(full_h - 2, math.floor(top * s)), s


def pdf_preview(data: bytes, width_px: int = THUMB_PX, page: int = 0) -> bytes:
    """PNG of one page of a PDF cut to its printed part, width_px wide (at most half a pixel per point more than
    the whole page would get), on white (same PDF, same bytes).

    Only the printed part is rendered, at twice the size, and halved with a box filter: text as smooth as a large
    render scaled down, for a fraction of the pixels."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    try:
        p = doc[page]
        pw, ph = p.get_size()
        left, top, right, bottom = _ink_box(p, pw, ph)
        x0, y0, s = frame(p, width_px, (left, top, right, bottom))
        full_w, full_h = math.ceil(pw * s), math.ceil(ph * s)
        w = min(full_w - x0, round((right - left) * s)) // 2 * 2
        h = min(full_h - y0, round((bottom - top) * s)) // 2 * 2
        crop_px = (x0, full_h - y0 - h, full_w - x0 - w, y0)  # left, bottom, right, top
        crop = tuple((c - 0.5) / s if c else 0.0 for c in crop_px)  # pypdfium2 rounds crops up to whole pixels
        # RGBX shares pdfium's buffer (3-byte RGB would be copied whole): halved first, then made RGB
        image = p.render(scale=s, crop=crop, fill_color=WHITE, rev_byteorder=True, prefer_bgrx=True).to_pil()
        image = image.reduce(2).convert("RGB")
    finally:
        doc.close()
    return png(image)


def png(image: Any) -> bytes:
    """A PIL image as an RGB PNG (RGBA kept as RGBA): rows unfiltered, zlib level 1, the bytes pypng's writer makes (its header, its
    IDAT chunks of the rows that first pass CHUNK_LIMIT bytes), written here without pypng's loop over every row.
    On these pictures (flat colour, type) that is smaller than Pillow's writer at level 3 and takes about half its
    time (Pillow tries every PNG filter on every row, and has no setting to keep it from doing so)."""
    rgb = image if image.mode in ("RGB", "RGBA") else image.convert("RGB")
    width, height = rgb.size
    stride = len(rgb.mode) * width
    pixels, rows = memoryview(rgb.tobytes()), bytearray(height * (stride + 1))
    for y in range(height):  # each row: filter type 0 (None), then its pixels (no numpy: ~0.08 s to import)
        at = y * (stride + 1) + 1
        rows[at:at + stride] = pixels[y * stride:(y + 1) * stride]
    return png_rows(width, height, rgb.mode == "RGBA", memoryview(rows))


def png_rows(width: int, height: int, alpha: bool, rows: Any) -> bytes:
    """The PNG png() writes, from its rows as they are compressed: each row its filter type 0 then its RGB (alpha:
    RGBA) bytes, all rows one after the other (a bytes-like object; callers holding their pixels in an array frame
    them without a PIL image)."""
    import png as pypng

    data = memoryview(rows).cast("B")
    stride = len(data) // height - 1 if height else 0
    if height == 0 or len(data) != height * (stride + 1) or stride != (4 if alpha else 3) * width:
        raise ValueError(f"png_rows: {len(data)} bytes are not {height} rows of {width} {'RGBA' if alpha else 'RGB'}"
                         " pixels, each after its filter byte")
    buf = io.BytesIO()
    pypng.Writer(width, height, greyscale=False, alpha=alpha, bitdepth=8, compression=1).write_preamble(buf)
    compressor = zlib.compressobj(1)
    step = (CHUNK_LIMIT // (stride + 1) + 1) * (stride + 1)  # pypng compresses as soon as its rows pass the limit
    whole = len(data) - len(data) % step
    for at in range(0, whole, step):
        compressed = compressor.compress(data[at:at + step])
        if compressed:
            pypng.write_chunk(buf, b"IDAT", compressed)
    rest = compressor.compress(data[whole:]) + compressor.flush()
    if rest:
        pypng.write_chunk(buf, b"IDAT", rest)
    pypng.write_chunk(buf, b"IEND")
    return buf.getvalue()


CHUNK_LIMIT = 2 ** 20  # pypng's Writer(chunk_limit) default


def surface_png(surface: Any) -> bytes:
    """A cairo RGB24 image surface as PNG bytes: the pixels cairo's own writer would store, written by png()."""
    from PIL import Image

    surface.flush()
    image = Image.frombuffer("RGB", (surface.get_width(), surface.get_height()), bytes(surface.get_data()), "raw",
                             "BGRX", surface.get_stride(), 1)
    return png(image)


def _rank(a: Artifact) -> tuple[int, int]:
    layout = PREFERRED_LAYOUTS.index(a.layout) if a.layout in PREFERRED_LAYOUTS else len(PREFERRED_LAYOUTS)
    return layout, 0 if a.paper in ("A4", "card", "A5") else 1


def missing_previews(artifacts: list[Artifact]) -> list[Artifact]:
    """A preview for every component that has PDFs but no preview yet: the first page of its most telling PDF."""
    shown = {a.component for a in artifacts if a.kind == "preview"}
    pdfs: dict[str, list[Artifact]] = {}
    for a in artifacts:
        if a.path.endswith(".pdf") and a.component not in shown:
            pdfs.setdefault(a.component, []).append(a)
    return [Artifact(f"previews/{component}.png", component, "preview", pdf_preview(min(group, key=_rank).data))
            for component, group in pdfs.items()]
