"""One cairo PDF surface for many pages (fonts embedded once), fixed dates, print marks and page boxes."""

from __future__ import annotations

import io
import re
from datetime import datetime, timezone
from typing import Any

import cairocffi as cairo

from ..problems import CheckFailed, Problem
from .fonts import face, missing_glyphs, register_fontconfig
from .layout import FLOOR_PT
from .svg import unhinted

PT_PER_MM = 72 / 25.4
EDGE_MM = 5.0  # nothing is printed closer than this to a sheet edge
SMALL_PT = FLOOR_PT  # the small print: the smallest type printed anywhere
PAPERS_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4), "A2": (420.0, 594.0)}


def mm(value: float) -> float:
    """Millimetres to PDF points."""
    return value * PT_PER_MM


def pdf_date(epoch: int) -> str:
    """ISO 8601 date cairo writes as CreationDate/ModDate."""
    return datetime.fromtimestamp(epoch, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class PdfDoc:
    """A PDF being drawn in memory: call page(w, h) (mm) for each page, then finish() for the bytes."""

    def __init__(self, epoch: int, title: str):
        register_fontconfig()
        self.buf = io.BytesIO()
        self.surface = cairo.PDFSurface(self.buf, 100, 100)
        self.surface.restrict_to_version(cairo.PDF_VERSION_1_5)
        for key in (cairo.PDF_METADATA_CREATE_DATE, cairo.PDF_METADATA_MOD_DATE):
            self.surface.set_metadata(key, pdf_date(epoch))
        self.surface.set_metadata(cairo.PDF_METADATA_TITLE, title)
        self.surface.set_metadata(cairo.PDF_METADATA_CREATOR, "dojo-pnp")
        self.cr: Any = cairo.Context(self.surface)
        self.cr.set_font_options(unhinted())
        self.pages = 0

    def page(self, width_mm: float, height_mm: float) -> Any:
        """Start a new page of the given size; return the cairo context (units: pt, origin top left)."""
        if self.pages:
            self.surface.show_page()
        self.surface.set_size(mm(width_mm), mm(height_mm))
        self.pages += 1
        return self.cr

    def finish(self) -> bytes:
        """Close the document and return its bytes."""
        if self.pages:
            self.surface.show_page()
        self.surface.finish()
        return self.buf.getvalue()


def line(cr: Any, x1: float, y1: float, x2: float, y2: float, width_pt: float = 0.3,
         rgb: tuple[float, float, float] = (0, 0, 0), dash: tuple[float, ...] = ()) -> None:
    """A straight line between two points given in mm."""
    cr.save()
    cr.set_source_rgb(*rgb)
    cr.set_line_width(width_pt)
    cr.set_dash([mm(d) for d in dash])
    cr.move_to(mm(x1), mm(y1))
    cr.line_to(mm(x2), mm(y2))
    cr.stroke()
    cr.restore()


def crop_marks(cr: Any, xs: list[float], ys: list[float], page: tuple[float, float], gap: float = 0.3,
               length: float = 5.0) -> None:
    """Cut marks outside the block spanned by xs, ys (mm), kept EDGE_MM away from the sheet edges."""
    w, h = page
    top, bottom, left, right = min(ys), max(ys), min(xs), max(xs)
    for x in xs:
        y_end = max(EDGE_MM, top - gap - length)
        if top - gap > y_end:
            line(cr, x, top - gap, x, y_end)
        y_end = min(h - EDGE_MM, bottom + gap + length)
        if y_end > bottom + gap:
            line(cr, x, bottom + gap, x, y_end)
    for y in ys:
        x_end = max(EDGE_MM, left - gap - length)
        if left - gap > x_end:
            line(cr, left - gap, y, x_end, y)
        x_end = min(w - EDGE_MM, right + gap + length)
        if x_end > right + gap:
            line(cr, right + gap, y, x_end, y)


def text_width(value: str, size_pt: float, bold: bool = False) -> float:
    """Width in mm of small print set with text()."""
    surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None)
    cr = cairo.Context(surface)
    cr.set_font_options(unhinted())
    cr.select_font_face("PT Sans", cairo.FONT_SLANT_NORMAL,
                        cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
    cr.set_font_size(size_pt)
    return cr.text_extents(value)[4] / PT_PER_MM


def text(cr: Any, value: str, x: float, y: float, size_pt: float = SMALL_PT, bold: bool = False,
         rotate: int = 0, rgb: tuple[float, float, float] = (0.25, 0.25, 0.25), align: str = "left") -> float:
    """Small print with cairo's toy API in PT Sans at (x, y) mm (baseline); returns its width in mm."""
    missing = missing_glyphs(value, face("PT Sans", bold))
    if missing:
        raise CheckFailed([Problem("error", "missing-glyph", f"PT Sans has no glyph for {missing!r} in {value!r}",
                                   hint="change the text or its translation")])
    cr.save()
    cr.select_font_face("PT Sans", cairo.FONT_SLANT_NORMAL,
                        cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
    cr.set_font_size(size_pt)
    width = cr.text_extents(value)[4]
    cr.translate(mm(x), mm(y))
    if rotate:
        cr.rotate(rotate * 3.141592653589793 / 180)
    dx = {"left": 0, "center": -width / 2, "right": -width}[align]
    cr.move_to(dx, 0)
    cr.set_source_rgb(*rgb)
    cr.show_text(value)
    cr.restore()
    return width / PT_PER_MM


def set_boxes(data: bytes, trim_inset_mm: float) -> bytes:
    """Give every page a BleedBox equal to its MediaBox and a TrimBox inset by trim_inset_mm (print-shop files).

    cairo writes no page boxes; the boxes are added to each page dictionary and the cross-reference table is
    rebuilt (much faster than a pypdf round trip; `qpdf --check` and pypdf verify the result in the tests).
    """
    d = mm(trim_inset_mm)

    def boxes(m: re.Match) -> bytes:
        x0, y0, x1, y1 = (float(v) for v in m.group(1).split())
        bleed = f"/BleedBox [ {m.group(1).decode().strip()} ]"
        trim = f"/TrimBox [ {x0 + d:.4f} {y0 + d:.4f} {x1 - d:.4f} {y1 - d:.4f} ]"
        return m.group(0) + f"\n   {bleed}\n   {trim}".encode()

    xref_at = data.rindex(b"\nxref\n") + 1
    body = re.sub(rb"/MediaBox \[ ([-\d. ]+) \]", boxes, data[:xref_at])
    offsets = {int(m.group(1)): m.start(1) for m in re.finditer(rb"(?m)^(\d+) 0 obj\b", body)}
    head, rest = data[xref_at:].split(b"trailer", 1)
    lines = head.split(b"\n")
    first, count = (int(v) for v in lines[1].split())
    table = [b"xref", f"{first} {count}".encode()]
    for k, entry in enumerate(lines[2:2 + count]):
        num = first + k
        if entry.rstrip().endswith(b"n"):
            table.append(f"{offsets[num]:010d} 00000 n ".encode())
        else:
            table.append(entry.rstrip() + b" ")
    trailer = re.sub(rb"startxref\s+\d+", f"startxref\n{len(body)}".encode(), b"trailer" + rest)
    return body + b"\n".join(table) + b"\n" + trailer


def draw_block(cr: Any, block: Any, x: float, y: float, rgb: tuple[float, float, float] = (0.1, 0.1, 0.1)) -> float:
    """Draw a laid-out layout.Block (text runs only) with cairo at (x, y) mm; returns the y below it."""
    for ln, base in zip(block.lines, block.baselines()):
        for run in ln.runs:
            if not run.icon:
                text(cr, run.text, x + block.line_x(ln) + run.x, y + base, block.size_pt, block.slot.bold, rgb=rgb)
    return y + block.height
