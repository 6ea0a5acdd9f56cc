"""Card faces for the exports: the print-shop single-card PDFs of a built kit (one page per face, front then
back of every card, with bleed, TrimBox and BleedBox), rasterised by pdfium at any resolution.

This is the one place an export turns a card into pixels: the digital table's sheets and per-card images and
the print shops' PNGs and CMYK pages all come from here, so every export shows exactly what the PDF kit prints."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

import pypdfium2 as pdfium
from PIL import Image

from ..render.cards import BLEED, CARD_H, CARD_W

if TYPE_CHECKING:
    import numpy as np

MM_PER_PT = 25.4 / 72


@dataclass(frozen=True)
class DeckFaces:
    """One deck of a built kit as the exports see it: its single-card PDF and how many cards it prints."""

    path: str  # the kit path of its single-card PDF ("ground/actions-single.pdf")
    component: str  # the registry's component name ("ground-actions")
    slug: str  # the path without "-single.pdf" ("ground/actions"): names the deck's export files
    cards: int  # cards printed, copies counted (the PDF holds twice as many pages)


def single_decks(manifest: dict) -> list[DeckFaces]:
    """The decks of a kit's manifest, in manifest order: every file laid out as single cards."""
    return [DeckFaces(e["path"], e["component"], e["path"].removesuffix("-single.pdf"), e["pages"] // 2)
            for e in manifest["files"] if e.get("layout") == "single"]


def card_px(px_per_mm: float, bleed_mm: float = 0.0) -> tuple[int, int]:
    """The pixel size of one card at px_per_mm with bleed_mm kept (or added) around its trim."""
    return round((CARD_W + 2 * bleed_mm) * px_per_mm), round((CARD_H + 2 * bleed_mm) * px_per_mm)


def rasterise(pdf_data: bytes, px_per_mm: float, bleed_mm: float = 0.0,
              size: tuple[int, int] | None = None, pages: list[int] | None = None) -> Iterator[Image.Image]:
    """Every page of a single-card PDF (or those numbered in `pages`, in that order) as an RGB image of the card's
    trim plus bleed_mm on every side, at px_per_mm (or exactly `size` pixels, the scale following from the
    height). Bleed beyond the PDF's own (BLEED, 3 mm) is made by repeating the edge pixels outward, as print
    shops ask when art stops short."""
    width, height = size or card_px(px_per_mm, bleed_mm)
    scale_mm = height / (CARD_H + 2 * bleed_mm)  # px per mm actually used
    for page in _pages(pdf_data, pages):
        yield _page_image(page, scale_mm, width, height)


def _pages(pdf_data: bytes, pages: list[int] | None) -> Iterator["pdfium.PdfPage"]:
    """The PDF's pages (those numbered in `pages`, in that order), each closed when the next is asked for, the
    document after the last."""
    pdf = pdfium.PdfDocument(pdf_data)
    try:
        for index in (range(len(pdf)) if pages is None else pages):
            page = pdf[index]
            try:
                yield page
            finally:
                page.close()
    finally:
        pdf.close()


def _page_image(page: "pdfium.PdfPage", scale_mm: float, width: int, height: int) -> Image.Image:
    """The page rendered whole (trim and its BLEED), then cropped around the trim's centre to width x height,
    edge pixels repeated where the wanted bleed is wider than the page's."""
    bitmap = page.render(scale=scale_mm * MM_PER_PT, may_draw_forms=False)
    return _cut(bitmap.to_pil(), width, height)  # RGB on the bitmap's buffer (kept alive here): the crop is the copy


def _corner(full_w: int, full_h: int, width: int, height: int) -> tuple[int, int]:
    """The top left corner of a width x height box round the centre of a full_w x full_h render."""
    return round(full_w / 2 - width / 2), round(full_h / 2 - height / 2)


def _cut(full: Image.Image, width: int, height: int) -> Image.Image:
    """full cropped round its centre to width x height, its edge pixels repeated where it is smaller."""
    if full.mode != "RGB":
        full = full.convert("RGB")
    left, top = _corner(full.width, full.height, width, height)
    if left >= 0 and top >= 0 and left + width <= full.width and top + height <= full.height:
        return full.crop((left, top, left + width, top + height))
    pad_x, pad_y = max(0, -left), max(0, -top)
    padded = _extend_edges(full, pad_x, pad_y)
    return padded.crop((left + pad_x, top + pad_y, left + pad_x + width, top + pad_y + height))


def pixels(pdf_data: bytes, px_per_mm: float, pages: list[int]) -> Iterator["np.ndarray"]:
    """The pages numbered as rasterise gives them (no bleed added), each as its RGB rows (a height x width x 3
    numpy array) copied out of pdfium's bitmap with no PIL image between: the same values rasterise's image holds
    (pdfium's BGR, read as RGB)."""
    import numpy as np

    width, height = card_px(px_per_mm)
    for page in _pages(pdf_data, pages):
        # pdfium writes RGB itself (rev_byteorder): the trim is copied out once, no channel swapped here
        bitmap = page.render(scale=height / CARD_H * MM_PER_PT, may_draw_forms=False, rev_byteorder=True)
        left, top = _corner(bitmap.width, bitmap.height, width, height)
        inside = left >= 0 and top >= 0 and left + width <= bitmap.width and top + height <= bitmap.height
        if not inside or bitmap.mode != "RGB":  # a page smaller than the card, another format
            yield np.asarray(_cut(bitmap.to_pil(), width, height))
        else:
            yield np.array(bitmap.to_numpy()[top:top + height, left:left + width])


def _extend_edges(image: Image.Image, pad_x: int, pad_y: int) -> Image.Image:
    """image with pad_x columns and pad_y rows added on each side, copies of its outermost pixels."""
    w, h = image.size
    out = Image.new("RGB", (w + 2 * pad_x, h + 2 * pad_y))
    out.paste(image, (pad_x, pad_y))
    if pad_x:
        out.paste(image.crop((0, 0, 1, h)).resize((pad_x, h)), (0, pad_y))
        out.paste(image.crop((w - 1, 0, w, h)).resize((pad_x, h)), (pad_x + w, pad_y))
    if pad_y:
        out.paste(out.crop((0, pad_y, w + 2 * pad_x, pad_y + 1)).resize((w + 2 * pad_x, pad_y)), (0, 0))
        out.paste(out.crop((0, pad_y + h - 1, w + 2 * pad_x, pad_y + h)).resize((w + 2 * pad_x, pad_y)),
                  (0, pad_y + h))
    return out


__all__ = ["BLEED", "DeckFaces", "card_px", "pixels", "rasterise", "single_decks"]
