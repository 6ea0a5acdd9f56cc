"""The pictures of the digital-table export, all read from a built kit's PDFs by pdfium: each deck's cards
(faces.rasterise of its single-card PDF: the same faces the kit prints), their face sheets, and the board,
mats, track and piece sheets (the kit's own pages cut to their printed part)."""

from __future__ import annotations

import hashlib
import io
import math
import re
from dataclasses import dataclass

import pypdfium2 as pdfium
from PIL import Image, ImageChops

from ..render.preview import png
from .faces import card_px, rasterise

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
    """One distinct image: its PNG bytes and pixels."""

    png: bytes
    image: Image.Image

    @property
    def key(self) -> str:
        """A name for these pixels (equal pictures share it)."""
        return hashlib.sha256(self.image.tobytes()).hexdigest()[:16]


@dataclass(frozen=True)
class DeckPictures:
    """A deck's cards as pictures: per printed card the index of its front and back among the distinct ones."""

    fronts: list[Picture]  # distinct fronts, in order of first use
    backs: list[Picture]  # distinct backs, in order of first use
    front_of: list[int]  # per printed card
    back_of: list[int]
    texts: list[str]  # per printed card: the text pdfium reads from its front page


def _distinct(images: list[Image.Image]) -> tuple[list[Picture], list[int]]:
    seen: dict[bytes, int] = {}
    pictures, index = [], []
    for image in images:
        raw = image.tobytes()
        if raw not in seen:
            seen[raw] = len(pictures)
            pictures.append(Picture(png(image), image))
        index.append(seen[raw])
    return pictures, index


def page_texts(pdf_data: bytes, step: int = 2) -> list[str]:
    """The text of every step-th page (the fronts of a single-card PDF), whitespace made single spaces."""
    doc = pdfium.PdfDocument(pdf_data)
    try:
        out = []
        for i in range(0, len(doc), step):
            page = doc[i]
            text = page.get_textpage().get_text_range()
            out.append(re.sub(r"\s+", " ", text.replace("\u00ad", "").replace("\ufffe", "")).strip())
        return out
    finally:
        doc.close()


def deck_pictures(pdf_data: bytes) -> DeckPictures:
    """A single-card PDF's faces at PX_PER_MM, cut to the trim, equal faces kept once."""
    pages = list(rasterise(pdf_data, PX_PER_MM))
    fronts, front_of = _distinct(pages[0::2])
    backs, back_of = _distinct(pages[1::2])
    return DeckPictures(fronts, backs, front_of, back_of, page_texts(pdf_data))


def sheet_grid(n: int) -> tuple[int, int]:
    """Columns and rows of a face sheet holding n cards (n at most COLS x ROWS)."""
    cols = min(COLS, n)
    return cols, math.ceil(n / cols)


def face_sheet(pictures: list[Picture]) -> tuple[bytes, tuple[int, int]]:
    """One face sheet: the pictures in reading order, CELL_W x CELL_H each; its PNG and (columns, rows)."""
    cols, rows = sheet_grid(len(pictures))
    sheet = Image.new("RGB", (cols * CELL_W, rows * CELL_H), "white")
    for i, p in enumerate(pictures):
        sheet.paste(p.image, ((i % cols) * CELL_W, (i // cols) * CELL_H))
    return png(sheet), (cols, rows)


def page_picture(pdf_data: bytes, page: int, longest: int = SHEET_PX) -> Picture:
    """A page of a kit PDF cut to its printed part (paper margins left out), `longest` px on its longer side."""
    doc = pdfium.PdfDocument(pdf_data)
    try:
        p = doc[page]
        w, h = p.get_size()
        scale = longest / max(w, h)
        full = p.render(scale=scale, fill_color=(255, 255, 255, 255), may_draw_forms=False).to_pil().convert("RGB")
        p.close()
    finally:
        doc.close()
    ink = ImageChops.difference(full, Image.new("RGB", full.size, "white")).getbbox() or (0, 0, *full.size)
    pad = longest // 80
    box = (max(0, ink[0] - pad), max(0, ink[1] - pad), min(full.width, ink[2] + pad), min(full.height, ink[3] + pad))
    image = full.crop(box)
    return Picture(png(image), image)


def pdf_pages(pdf_data: bytes) -> int:
    """How many pages a PDF has."""
    doc = pdfium.PdfDocument(pdf_data)
    try:
        return len(doc)
    finally:
        doc.close()
