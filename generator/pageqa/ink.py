"""Ink coverage of the home kit's pages: how much of each page a printer covers, read back from the PDF.

A page is rendered by pdfium in grey at COVERAGE_PX_PER_MM; its coverage is the mean darkness of its pixels in
percent (0: blank paper, 100: solid black), what a toner or ink cartridge spends on it (at 1 px/mm a hairline
takes a whole pixel: the reading errs on the high side, by about 2 points on a light back sheet). The manifest lists it
for every home-print PDF (`ink_percent`, one value per page) and sums it per game (`ink`); card back sheets
stay under BACK_SHEET_LIMIT with the default light backs.
"""

from __future__ import annotations

import ctypes
import math

import pypdfium2.raw as pdfium_c
from PIL import Image

from ..content.games import KIT, game_codes
from .objects import PdfiumPage, each_page

COVERAGE_PX_PER_MM = 1.0
PT_PER_MM = 72 / 25.4
BACK_SHEET_LIMIT = 15.0  # percent: a light card-back sheet (outline, title, small art)
GAMES = game_codes()  # content/games.toml


def coverage(data: bytes) -> list[float]:
    """Each page's ink coverage in percent (one decimal)."""
    return [page_coverage(page) for _, page in each_page(data)]


GREY_FLAGS = pdfium_c.FPDF_GRAYSCALE | pdfium_c.FPDF_ANNOT  # PdfPage.render(grayscale=True)'s flags
WHITE_ARGB = 0xFFFFFFFF


def page_coverage(page: PdfiumPage) -> float:
    """One open page's ink coverage in percent (one decimal): its mean darkness in grey at COVERAGE_PX_PER_MM.

    Rendered as pypdfium2's PdfPage.render(scale, grayscale=True) renders it (an 8-bit grey bitmap the page's size
    rounded up, filled white, the same flags), through pdfium's C API: the helper's bitmap object, PIL conversion
    and statistics object cost about a third of the rendering."""
    scale = COVERAGE_PX_PER_MM / PT_PER_MM
    width, height = math.ceil(page.get_width() * scale), math.ceil(page.get_height() * scale)
    pixels = _pixels(width * height)
    bitmap = pdfium_c.FPDFBitmap_CreateEx(width, height, pdfium_c.FPDFBitmap_Gray, pixels, width)
    if not bitmap:
        raise MemoryError("pdfium could not make the coverage bitmap")
    try:
        pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, WHITE_ARGB)
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page.raw, 0, 0, width, height, 0, GREY_FLAGS)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
    counts = Image.frombuffer("L", (width, height), pixels, "raw", "L", 0, 1).histogram()
    mean = sum(level * n for level, n in enumerate(counts)) / (width * height)  # as ImageStat's mean
    return round(100 - mean * 100 / 255, 1)


_PIXELS: dict[int, ctypes.Array] = {}  # a grey bitmap's pixels per size (a kit has a few page sizes)


def _pixels(size: int) -> ctypes.Array:
    """A buffer of size bytes for a coverage bitmap, one per size (ctypes makes an array type, a cyclic object, for
    every new length: made once, not once per page)."""
    buf = _PIXELS.get(size)
    if buf is None:
        buf = _PIXELS[size] = (ctypes.c_ubyte * size)()
    return buf


def game_of(component: str) -> str:
    """The game a component belongs to ("ground-tokens" -> "ground"); "kit" for the shared pieces (the printing
    guide, the contact sheet: registered as shared, and phase one refuses any other id naming no game of the table,
    plan.registry.unknown_games)."""
    head = component.split("-", 1)[0]
    return head if head in GAMES else KIT


def home_print(entry: dict) -> bool:
    """A manifest entry printed at home (every PDF but the print shops' single cards)."""
    return entry["path"].endswith(".pdf") and entry.get("layout") != "single"


def by_game(entries: list[dict]) -> dict[str, dict[str, dict[str, float]]]:
    """Per game and paper: pages and mean coverage of its home-print PDFs (entries carrying ink_percent)."""
    out: dict[str, dict[str, list[float]]] = {}
    for e in entries:
        if "ink_percent" in e:
            out.setdefault(game_of(e["component"]), {}).setdefault(e["paper"], []).extend(e["ink_percent"])
    return {game: {paper: {"pages": len(v), "mean_percent": round(sum(v) / len(v), 1)} for paper, v in papers.items()}
            for game, papers in sorted(out.items())}
