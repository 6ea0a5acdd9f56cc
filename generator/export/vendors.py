"""Print-shop files of a built kit (`dojo export print`): every deck's faces as the shop asks for them.

tgc    The Game Crafter, poker cards: PNG 825 x 1125 px (300 dpi, 1/8" bleed), RGB; per deck `front-NNN.png` in
       deck order and `back.png` (or `back-NNN.png` when the backs differ), so a deck uploads in order.
mpc    MakePlayingCards: the same as PNG 822 x 1122 px (300 dpi, 3.05 mm bleed).
dtc    DriveThruCards: one PDF/X-1a:2003 per deck, CMYK (SWOP, total ink <= 240 %), 300 ppi, each card's back
       then its front, as its card guide orders the pages.
pdfx4  the same decks as PDF/X-4, front then back, for shops that take modern files.

Every face comes from the kit's single-card PDF through `faces.rasterise`: the files show what the kit prints.
"""

from __future__ import annotations

import datetime
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pikepdf
from PIL import Image

from ..interrupts import checkpoint
from . import cmyk, pdfx
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


def _px(mm: float) -> int:
    return round(mm * PX_PER_MM)


VENDORS = {
    "tgc": Vendor("tgc", "The Game Crafter", (825, 1125), INCH_BLEED),
    "mpc": Vendor("mpc", "MakePlayingCards", (822, 1122), (1122 / PX_PER_MM - CARD_H) / 2),
    "dtc": Vendor("dtc", "DriveThruCards", (_px(CARD_W + 2 * INCH_BLEED), _px(CARD_H + 2 * INCH_BLEED)),
                  INCH_BLEED, pdfx.X1A, back_first=True),
    "pdfx4": Vendor("pdfx4", "PDF/X-4", (_px(CARD_W + 2 * INCH_BLEED), _px(CARD_H + 2 * INCH_BLEED)), INCH_BLEED,
                    pdfx.X4),
}


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


def export_deck(vendor: Vendor, deck: DeckFaces, source: bytes) -> dict[str, bytes]:
    """One deck's files for the vendor, from its single-card PDF."""
    if vendor.pdf is None:
        images = list(rasterise(source, PX_PER_MM, vendor.bleed, size=vendor.size))
        backs = {img.tobytes() for img in images[1::2]}
        return {path: _png(images[face.source_page]) for path, face in png_names(deck, len(backs) == 1).items()}
    title = f"{deck.slug} ({deck.cards} cards)"
    sheets = [pdfx.Sheet(source, face.source_page, (CARD_W, CARD_H), vendor.bleed) for face in page_faces(vendor, deck)]
    return {f"{deck_folder(deck)}.pdf": pdfx.write_pdfx(vendor.pdf, title, sheets, _date_of(source))}


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", dpi=(DPI, DPI), optimize=False, compress_level=6)
    return out.getvalue()


def _date_of(source: bytes) -> datetime.datetime:
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
