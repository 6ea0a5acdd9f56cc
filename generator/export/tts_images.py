"""The pictures of the digital-table export, all read from a built kit's PDFs by pdfium: each deck's cards
(faces.pixels of its single-card PDF: the same faces the kit prints), their face sheets, and the board,
mats, track and piece sheets (the kit's own pages cut to their printed part)."""

from __future__ import annotations

import hashlib
import io
import math
import re
from dataclasses import dataclass

import numpy as np
import pikepdf
import pypdfium2 as pdfium
from PIL import Image, ImageChops

from ..render.preview import png, png_rows
from .faces import card_px, pixels

PX_PER_MM = 10  # cards on screen and in the per-card set: 635 x 889 px (the issue asks at least 8)
MAX_PX = 4096  # TTS's limit for one image side
MAX_COLS, MAX_ROWS = 10, 7  # TTS's custom deck sheet
CELL_W, CELL_H = card_px(PX_PER_MM)
COLS = min(MAX_COLS, MAX_PX // CELL_W)  # 6 cards across a sheet at 10 px/mm
ROWS = min(MAX_ROWS, MAX_PX // CELL_H)  # 4 down
SHEET_PX = 2400  # width of a mat, track or piece sheet's printed part (about 12 px per mm of A4)
BOARD_PX = MAX_PX  # the board's longer side


@dataclass(frozen=True)
class Picture:
    """One distinct image: its PNG bytes and pixels (None when it came from the export's cache, tts_cache.py): a PIL
    image, or a card's RGB rows as an array (height x width x 3), made into a PIL image only when one is asked for
    (the table picture's few)."""

    png: bytes
    source: Image.Image | np.ndarray | None

    @property
    def image(self) -> Image.Image | None:
        """The pixels as a PIL image."""
        return Image.fromarray(self.source) if isinstance(self.source, np.ndarray) else self.source

    @property
    def pixels(self) -> np.ndarray | None:
        """The pixels as an array (height x width x channels)."""
        return np.asarray(self.source) if isinstance(self.source, Image.Image) else self.source


def framed(height: int, width: int, alpha: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The rows png_rows takes for a width x height picture (each its filter type, None, then its RGB or, alpha,
    RGBA bytes) and, inside them, the picture's pixels (height x width x channels) for the caller to fill."""
    channels = 4 if alpha else 3
    rows = np.empty((height, channels * width + 1), np.uint8)
    rows[:, 0] = 0  # each row's filter type: None
    return rows, rows[:, 1:].reshape(height, width, channels)


def encoded(rgb: np.ndarray) -> bytes:
    """An RGB array (height x width x 3) as render.preview.png writes it (the same bytes as png() of its image),
    its rows framed in the array itself."""
    height, width = rgb.shape[:2]
    rows, inside = framed(height, width)
    inside[...] = rgb
    return png_rows(width, height, False, rows)


@dataclass(frozen=True)
class DeckPictures:
    """A deck's cards as pictures: per printed card the index of its front and back among the distinct ones."""

    fronts: list[Picture]  # distinct fronts, in order of first use
    backs: list[Picture]  # distinct backs, in order of first use
    front_of: list[int]  # per printed card
    back_of: list[int]
    texts: list[str]  # per printed card: the text pdfium reads from its front page
    back_texts: list[str]  # per distinct back: the text pdfium reads from it


def page_keys(pdf_data: bytes) -> list[tuple]:
    """Per page, what it draws: its content stream and the objects it places. The kit's PDFs place a face drawn
    once on every page showing it (render/pdf.PdfDoc.place), so copies of a card and a deck's common back have
    equal keys and are rendered once."""
    with pikepdf.open(io.BytesIO(pdf_data)) as pdf:
        keys = []
        for page in pdf.pages:
            contents = page.obj.get("/Contents")
            parts = contents if isinstance(contents, pikepdf.Array) else [contents]
            data = b"".join(part.read_raw_bytes() for part in parts if part is not None)
            resources = page.obj.get("/Resources")
            xobjects = resources.get("/XObject") if resources is not None else None
            placed = tuple(sorted((str(k), v.objgen) for k, v in xobjects.items())) if xobjects is not None else ()
            keys.append((hashlib.sha256(data).digest(), placed))
        return keys


def _distinct(keys: list[tuple]) -> tuple[list[int], list[int]]:
    """The first page of every distinct key, and per page the index of its key among them."""
    first: dict[tuple, int] = {}  # key -> its ordinal
    pages, index = [], []
    for page, key in enumerate(keys):
        if key not in first:
            first[key] = len(pages)
            pages.append(page)
        index.append(first[key])
    return pages, index


FOOTER = re.compile(r" · \S+ · [A-Z]{2,3} · [0-9a-f]{8}\s*$")  # the imprint line: '<title> · <version> · LANG · <board>'


def page_texts(pdf_data: bytes, pages: list[int]) -> list[str]:
    """The text of the pages numbered without the printed imprint line (the build footer: noise when a card is
    searched), whitespace made single spaces."""
    doc = pdfium.PdfDocument(pdf_data)
    try:
        out = []
        for i in pages:
            page = doc[i]
            text = page.get_textpage().get_text_range()
            text = "\n".join(line for line in re.split(r"\r?\n", text) if not FOOTER.search(line))
            out.append(re.sub(r"\s+", " ", text.replace("\u00ad", "").replace("\ufffe", "")).strip())
        return out
    finally:
        doc.close()


def deck_pictures(pdf_data: bytes) -> DeckPictures:
    """A single-card PDF's faces at PX_PER_MM, cut to the trim, each distinct face rendered once."""
    keys = page_keys(pdf_data)
    front_pages, front_of = _distinct(keys[0::2])
    back_pages, back_of = _distinct(keys[1::2])
    wanted = [2 * p for p in front_pages] + [2 * p + 1 for p in back_pages]
    pictures = [Picture(encoded(rgb), rgb) for rgb in pixels(pdf_data, PX_PER_MM, wanted)]
    texts = page_texts(pdf_data, [2 * p for p in front_pages])
    return DeckPictures(pictures[:len(front_pages)], pictures[len(front_pages):], front_of, back_of,
                        [texts[i] for i in front_of], page_texts(pdf_data, [2 * p + 1 for p in back_pages]))


def sheet_grid(n: int) -> tuple[int, int]:
    """Columns and rows of a face sheet holding n cards (n at most COLS x ROWS)."""
    cols = min(COLS, n)
    return cols, math.ceil(n / cols)


def face_sheet(pictures: list[Picture]) -> tuple[bytes, tuple[int, int]]:
    """One face sheet: the pictures in reading order, CELL_W x CELL_H each, on white; its PNG and (columns, rows).
    Laid out in the PNG's own rows (each after its filter byte), so the sheet is framed and copied once."""
    cols, rows = sheet_grid(len(pictures))
    lines, cells = framed(rows * CELL_H, cols * CELL_W)  # every byte written once below
    for i, p in enumerate(pictures):
        x, y = (i % cols) * CELL_W, (i // cols) * CELL_H
        cells[y:y + CELL_H, x:x + CELL_W] = p.pixels
    if len(pictures) < cols * rows:  # the last row's empty cells: white paper
        cells[(rows - 1) * CELL_H:, (len(pictures) - (rows - 1) * cols) * CELL_W:] = 255
    return png_rows(cols * CELL_W, rows * CELL_H, False, lines), (cols, rows)


def page_picture(pdf_data: bytes, page: int, longest: int = SHEET_PX) -> tuple[Picture, tuple[int, int, int, int]]:
    """A page of a kit PDF cut to its printed part (paper margins left out), `longest` px on its longer side, and
    the box it was cut from (px of the whole page)."""
    doc = pdfium.PdfDocument(pdf_data)
    try:
        p = doc[page]
        w, h = p.get_size()
        scale = longest / max(w, h)
        full = p.render(scale=scale, fill_color=(255, 255, 255, 255), may_draw_forms=False).to_pil()
        full = full if full.mode == "RGB" else full.convert("RGB")  # (pdfium's BGR is read as RGB already)
        p.close()
    finally:
        doc.close()
    ink = ImageChops.invert(full).getbbox() or (0, 0, *full.size)  # what is not white
    pad = longest // 80
    box = (max(0, ink[0] - pad), max(0, ink[1] - pad), min(full.width, ink[2] + pad), min(full.height, ink[3] + pad))
    image = full.crop(box)
    return Picture(png(image), image), box


def pdf_pages(pdf_data: bytes) -> int:
    """How many pages a PDF has."""
    doc = pdfium.PdfDocument(pdf_data)
    try:
        return len(doc)
    finally:
        doc.close()
