"""DriveThruCards products shaped as the shop sells them: besides a PDF per deck, one PDF per game holding every
card of the game (each card's back, then its front, deck after deck, as their card guide orders pages), and the
pictures its product page shows: a front cover and a preview per deck (sRGB JPEG).

Files (per game, `<game>` the first part of the decks' paths: dojo, duel, ground):
  <game>-all-cards.pdf         PDF/X-1a:2003, the same pages as the deck PDFs, in manifest order
  <game>-cover.jpg             COVER_PX: the first deck's first back and front side by side, on white
  <game>-preview-<deck>.jpg    PREVIEW_PX: up to six distinct fronts of the deck, three by two
"""

from __future__ import annotations

import io
from itertools import groupby

from PIL import Image

from . import pdfx
from .faces import CARD_H, CARD_W, DeckFaces, rasterise
from .vendors import Face, Vendor, date_of, deck_folder, export_kit, page_faces, srgb_profile

CARD_PX = (750, 1050)  # a poker card's trim at 300 dpi
GAP = 40
COVER_PX = (2 * CARD_PX[0] + 3 * GAP, CARD_PX[1] + 2 * GAP)  # 1620 x 1130
THUMB = (375, 525)  # a preview's card: half the trim at 300 dpi
PREVIEW_PX = (3 * THUMB[0] + 4 * GAP // 2, 2 * THUMB[1] + 3 * GAP // 2)  # 1205 x 1110
JPEG_QUALITY = 90


def game_of(deck: DeckFaces) -> str:
    return deck.slug.split("/")[0]


def game_pages(vendor: Vendor, decks: list[tuple[DeckFaces, bytes]]) -> dict[str, list[tuple[DeckFaces, Face]]]:
    """Each game's PDF: its pages as (deck, face), decks in manifest order, every card back then front."""
    out: dict[str, list[tuple[DeckFaces, Face]]] = {}
    for game, members in groupby(decks, key=lambda d: game_of(d[0])):
        pages = out.setdefault(game, [])
        pages += [(deck, face) for deck, _ in members for face in page_faces(vendor, deck)]
    return out


def product_names(decks: list[tuple[DeckFaces, bytes]]) -> list[str]:
    """Every product file of these decks (what the preflight expects beside the deck PDFs)."""
    names = []
    for game in dict.fromkeys(game_of(d) for d, _ in decks):
        names += [f"{game}-all-cards.pdf", f"{game}-cover.jpg"]
        names += [f"{game}-preview-{deck_folder(d).split('-', 1)[1]}.jpg" for d, _ in decks if game_of(d) == game]
    return names


def export_all(vendor: Vendor, decks: list[tuple[DeckFaces, bytes]]) -> dict[str, bytes]:
    """Every file of the vendor's export: the decks' (vendors.export_kit) and, for DriveThruCards, the products."""
    files = export_kit(vendor, decks)
    if vendor.products:
        files.update(export_products(vendor, decks))
    return files


def export_products(vendor: Vendor, decks: list[tuple[DeckFaces, bytes]]) -> dict[str, bytes]:
    """The game PDFs, covers and previews of these decks."""
    files: dict[str, bytes] = {}
    sources = {deck.path: source for deck, source in decks}
    for game, pages in game_pages(vendor, decks).items():
        sheets = [pdfx.Sheet(sources[deck.path], face.source_page, (CARD_W, CARD_H), vendor.bleed)
                  for deck, face in pages]
        cards = len(pages) // 2
        first = sources[pages[0][0].path]
        files[f"{game}-all-cards.pdf"] = pdfx.write_pdfx(vendor.pdf, f"{game} ({cards} cards)", sheets,
                                                         date_of(first))
        front, back = rasterise(first, CARD_PX[1] / CARD_H, size=CARD_PX, pages=[0, 1])
        files[f"{game}-cover.jpg"] = _jpeg(_row([back, front], CARD_PX, COVER_PX, 1))
        for deck, source in decks:
            if game_of(deck) == game:
                fronts = _distinct(rasterise(source, THUMB[1] / CARD_H, size=THUMB,
                                             pages=list(range(0, 2 * deck.cards, 2))))[:6]
                name = deck_folder(deck).split("-", 1)[1]
                files[f"{game}-preview-{name}.jpg"] = _jpeg(_row(fronts, THUMB, PREVIEW_PX, 2))
    return files


def _distinct(images) -> list[Image.Image]:
    seen: dict[bytes, Image.Image] = {}
    for image in images:
        seen.setdefault(image.tobytes(), image)
    return list(seen.values())


def _row(cards: list[Image.Image], card: tuple[int, int], size: tuple[int, int], rows: int) -> Image.Image:
    """Cards laid out left to right, `rows` rows, centred on white."""
    canvas = Image.new("RGB", size, "white")
    per_row = -(-len(cards) // rows) if rows > 1 else len(cards)
    per_row = max(per_row, 1) if rows == 1 else 3
    gap = GAP if rows == 1 else GAP // 2
    for n, image in enumerate(cards):
        r, c = divmod(n, per_row)
        x = (size[0] - per_row * card[0] - (per_row - 1) * gap) // 2 + c * (card[0] + gap)
        y = (size[1] - rows * card[1] - (rows - 1) * gap) // 2 + r * (card[1] + gap)
        canvas.paste(image, (x, y))
    return canvas


def _jpeg(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=JPEG_QUALITY, dpi=(300, 300), icc_profile=srgb_profile(), optimize=False)
    return out.getvalue()


__all__ = ["COVER_PX", "PREVIEW_PX", "export_all", "export_products", "game_pages", "product_names"]
