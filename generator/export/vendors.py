"""Print-shop files of a built kit (`dojo export print`): every deck's faces as the shop asks for them.

tgc    The Game Crafter, poker cards: PNG 825 x 1125 px (300 dpi, 1/8" bleed), sRGB-tagged RGB; per deck one
       `front-NNN.png` per distinct design (front and back together), `back.png` once when the deck has one back
       (else `back-NNN.png` beside its front), and `quantities.csv`: how many of each design the deck holds.
mpc    MakePlayingCards: PNG 822 x 1122 px (300 dpi, 3.05 mm bleed), sRGB-tagged; every card in deck order
       (`front-NNN.png`) and `back.png` (or `back-NNN.png` when the backs differ).
dtc    DriveThruCards: one PDF/X-1a:2003 per deck, CMYK (SWOP, total ink <= 240 %), 300 ppi, each card's back
       then its front, as its card guide orders the pages.
pdfx4  the same decks as PDF/X-4, front then back, for shops that take modern files.

Every face comes from the kit's single-card PDF through `faces.rasterise`: the files show what the kit prints.
"""

from __future__ import annotations

import datetime
import functools
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pikepdf
from PIL import Image, ImageCms

from ..content.vendors import VendorRow, vendor_rows
from ..interrupts import checkpoint
from . import pdfx
from .faces import CARD_H, CARD_W, DeckFaces, rasterise, single_decks

DPI = 300
PX_PER_MM = DPI / 25.4
INCH_BLEED = 3.175  # 1/8": the bleed and the safe zone of The Game Crafter, DriveThruCards and MakePlayingCards


@dataclass(frozen=True)
class Vendor:
    """A print shop's file format."""

    name: str
    title: str
    size: tuple[int, int]  # pixels of one face, trim plus bleed
    bleed: float  # mm on every side
    pdf: str | None = None  # pdfx.X1A or pdfx.X4: one PDF per deck; None: PNG files
    back_first: bool = False  # pages of a card in the order back, front
    designs: bool = False  # PNG: one file per distinct design with a quantities file (The Game Crafter)
    products: bool = False  # also a PDF per game, a cover and previews (DriveThruCards: generator/export/products.py)


def _px(mm: float) -> int:
    return round(mm * PX_PER_MM)


PDF = {"png": None, "pdf-x1a": pdfx.X1A, "pdf-x4": pdfx.X4}  # content/vendors.toml `format` -> the PDF standard


def _of(row: VendorRow) -> Vendor:
    """A row of content/vendors.toml as a Vendor: a size without bleed centres the card in it, a bleed without size
    makes the face the card plus that bleed."""
    bleed = row.bleed if row.bleed is not None else (row.size[1] / PX_PER_MM - CARD_H) / 2
    size = row.size or (_px(CARD_W + 2 * bleed), _px(CARD_H + 2 * bleed))
    return Vendor(row.code, row.title, size, bleed, PDF[row.format], row.back_first, row.designs, row.products)


VENDORS = {code: _of(row) for code, row in vendor_rows().items()}  # content/vendors.toml, in table order


@dataclass(frozen=True)
class Face:
    """Where one exported face comes from: its deck, card number (1-based) and side."""

    deck: str
    card: int
    back: bool

    @property
    def source_page(self) -> int:
        """Its page in the single-card PDF (0-based: front, back of every card)."""
        return 2 * (self.card - 1) + int(self.back)

    def __str__(self) -> str:
        return f"card {self.card} {'back' if self.back else 'front'}"


def deck_folder(deck: DeckFaces) -> str:
    """The deck's name in an export ("ground/actions" -> "ground-actions")."""
    return deck.slug.replace("/", "-")


def page_faces(vendor: Vendor, deck: DeckFaces) -> list[Face]:
    """The faces of a deck's PDF in the vendor's page order."""
    sides = (True, False) if vendor.back_first else (False, True)
    return [Face(deck.slug, card, back) for card in range(1, deck.cards + 1) for back in sides]


def png_names(deck: DeckFaces, shared_back: bool) -> dict[str, Face]:
    """The PNG files of a deck (path -> face), in upload order: fronts, then the one back or every back."""
    folder = deck_folder(deck)
    names = {f"{folder}/front-{n:03d}.png": Face(deck.slug, n, False) for n in range(1, deck.cards + 1)}
    if shared_back:
        names[f"{folder}/back.png"] = Face(deck.slug, 1, True)
    else:
        names.update({f"{folder}/back-{n:03d}.png": Face(deck.slug, n, True) for n in range(1, deck.cards + 1)})
    return names


QUANTITIES = "quantities.csv"


def design_names(deck: DeckFaces, groups: list[list[int]], shared_back: bool) -> dict[str, Face]:
    """The Game Crafter's files of a deck (path -> the face it shows): a front per design (groups: the card
    numbers showing one design, in deck order of first appearance), the one back or a back per design."""
    folder = deck_folder(deck)
    names = {f"{folder}/front-{n:03d}.png": Face(deck.slug, cards[0], False) for n, cards in enumerate(groups, 1)}
    if shared_back:
        names[f"{folder}/back.png"] = Face(deck.slug, 1, True)
    else:
        names.update({f"{folder}/back-{n:03d}.png": Face(deck.slug, cards[0], True)
                      for n, cards in enumerate(groups, 1)})
    return names


def quantities_csv(deck: DeckFaces, groups: list[list[int]], shared_back: bool) -> bytes:
    """quantities.csv: per design its front and back file, how many the deck holds and which cards they are."""
    rows = ["front,back,quantity,cards"]
    for n, cards in enumerate(groups, 1):
        back = "back.png" if shared_back else f"back-{n:03d}.png"
        rows.append(f"front-{n:03d}.png,{back},{len(cards)},{' '.join(map(str, cards))}")
    return ("\n".join(rows) + "\n").encode()


def read_quantities(data: bytes) -> list[tuple[str, str, int, list[int]]]:
    """quantities.csv read back: (front, back, quantity, cards) per row; ValueError when malformed."""
    lines = data.decode().splitlines()
    if not lines or lines[0] != "front,back,quantity,cards":
        raise ValueError("the header is not front,back,quantity,cards")
    rows = []
    for line in lines[1:]:
        front, back, quantity, cards = line.split(",")
        rows.append((front, back, int(quantity), [int(c) for c in cards.split()]))
    return rows


def export_deck(vendor: Vendor, deck: DeckFaces, source: bytes) -> dict[str, bytes]:
    """One deck's files for the vendor, from its single-card PDF."""
    if vendor.pdf is None:
        images = list(rasterise(source, PX_PER_MM, vendor.bleed, size=vendor.size))
        backs = {img.tobytes() for img in images[1::2]}
        if not vendor.designs:
            return {path: _png(images[face.source_page]) for path, face in png_names(deck, len(backs) == 1).items()}
        seen: dict[tuple[bytes, bytes], list[int]] = {}
        for card in range(1, deck.cards + 1):
            key = (images[2 * card - 2].tobytes(), images[2 * card - 1].tobytes() if len(backs) > 1 else b"")
            seen.setdefault(key, []).append(card)
        groups = list(seen.values())
        files = {path: _png(images[face.source_page])
                 for path, face in design_names(deck, groups, len(backs) == 1).items()}
        files[f"{deck_folder(deck)}/{QUANTITIES}"] = quantities_csv(deck, groups, len(backs) == 1)
        return files
    title = f"{deck.slug} ({deck.cards} cards)"
    sheets = [pdfx.Sheet(source, face.source_page, (CARD_W, CARD_H), vendor.bleed) for face in page_faces(vendor, deck)]
    return {f"{deck_folder(deck)}.pdf": pdfx.write_pdfx(vendor.pdf, title, sheets, date_of(source))}


@functools.cache
def srgb_profile() -> bytes:
    """An sRGB ICC profile (littleCMS's, through Pillow): the colour tag of every PNG face. littleCMS stamps the
    header with the time it was made (bytes 24-35); a fixed date (2000-01-01) keeps exports byte-reproducible."""
    data = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    data[24:36] = bytes([0x07, 0xD0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
    return bytes(data)


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", dpi=(DPI, DPI), optimize=False, compress_level=6, icc_profile=srgb_profile())
    return out.getvalue()


def date_of(source: bytes) -> datetime.datetime:
    """The kit's date (the single-card PDF's CreationDate, itself SOURCE_DATE_EPOCH): exports are reproducible."""
    with pikepdf.open(io.BytesIO(source)) as pdf:
        digits = re.sub(r"\D", "", str(pdf.docinfo.get("/CreationDate", "")))[:14]
    stamp = datetime.datetime.strptime(digits.ljust(14, "0") if digits else "19700101000000", "%Y%m%d%H%M%S")
    return stamp.replace(tzinfo=datetime.timezone.utc)


def kit_decks(kit: Path) -> tuple[dict, list[tuple[DeckFaces, bytes]]]:
    """A built kit's manifest and its decks with their single-card PDFs."""
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    return manifest, [(deck, (kit / deck.path).read_bytes()) for deck in single_decks(manifest)]


def export_kit(vendor: Vendor, decks: list[tuple[DeckFaces, bytes]]) -> dict[str, bytes]:
    """Every deck's files for the vendor (in memory, nothing written)."""
    files: dict[str, bytes] = {}
    for deck, source in decks:
        checkpoint()
        files.update(export_deck(vendor, deck, source))
    return files
