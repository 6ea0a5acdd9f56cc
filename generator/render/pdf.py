"""One cairo PDF surface for many pages (fonts embedded once), fixed dates, print marks and page boxes."""

from __future__ import annotations

import io
import itertools
import os
from datetime import datetime, timezone
from typing import Any

import cairocffi as cairo
import pikepdf

from ..interrupts import checkpoint
from ..problems import CheckFailed, Problem
from .fonts import face, missing_glyphs, register_fontconfig
from .layout import FLOOR_PT
from . import draw
from .draw import unhinted
from .svg import Drawing

PT_PER_MM = 72 / 25.4
EDGE_MM = 5.0  # nothing is printed closer than this to a sheet edge
SMALL_PT = FLOOR_PT  # the small print: the smallest type printed anywhere
PAPERS_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4), "A2": (420.0, 594.0), "A5": (148.0, 210.0),
             "HalfLetter": (139.7, 215.9)}


def mm(value: float) -> float:
    """Millimetres to PDF points."""
    return value * PT_PER_MM


def pdf_date(epoch: int) -> str:
    """ISO 8601 date cairo writes as CreationDate/ModDate."""
    return datetime.fromtimestamp(epoch, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class PdfDoc:
    """A PDF being drawn in memory: call page(w, h) (mm) for each page, then finish() for the bytes."""

    def __init__(self, epoch: int, title: str, sink: "CallbackSink | FileSink | None" = None):
        register_fontconfig()
        self.title = title
        self.sink = sink or (FileSink() if MEMORY_FILES else CallbackSink())
        self.surface = cairo.PDFSurface(self.sink.target, 100, 100)
        self.surface.restrict_to_version(cairo.PDF_VERSION_1_5)
        for key in (cairo.PDF_METADATA_CREATE_DATE, cairo.PDF_METADATA_MOD_DATE):
            self.surface.set_metadata(key, pdf_date(epoch))
        self.surface.set_metadata(cairo.PDF_METADATA_TITLE, title)
        self.surface.set_metadata(cairo.PDF_METADATA_CREATOR, "dojo-pnp")
        self.cr: Any = cairo.Context(self.surface)
        self.cr.set_font_options(unhinted())
        self.pages = 0
        self.wrappers: dict[tuple[Drawing, Any], list[Any]] = {}  # place(): wrappers shared between pages
        self.on_page: dict[tuple[Drawing, Any], int] = {}  # how often each was placed on the current page
        self.keys: list[Any] = []  # per page: what alone determines it (drawing_page), None: drawn freely
        self.serial = next(_DOCS)  # tells this document's drawings from another's (placed_keys)
        self.drawings: dict[Drawing, int] = {}  # each drawing placed, numbered in order of first use
        self.placed: list[list[tuple[int, int]]] = []  # per page: the drawing placed by each place(), in order

    def page(self, width_mm: float, height_mm: float) -> Any:
        """Start a new page of the given size; return the cairo context (units: pt, origin top left)."""
        checkpoint()
        if self.pages:
            try:
                self.surface.show_page()
            except Exception as exc:  # cairocffi turns a failed status into CairoError / OSError
                raise self._failed(exc) from None
        self.surface.set_size(mm(width_mm), mm(height_mm))
        self.pages += 1
        self.on_page = {}
        self.keys.append(None)
        self.placed.append([])
        return self.cr

    def drawing_page(self, drawing: Drawing, width_mm: float, height_mm: float) -> None:
        """A page showing only `drawing` at its top left corner (a print-shop card face): pages of one drawing and
        size are the same page, written with the same objects (same_as tells the page QA, which reads one)."""
        self.page(width_mm, height_mm)
        self.keys[-1] = (drawing, width_mm, height_mm)
        self.place(drawing, 0, 0)

    def same_as(self, start: int = 0, end: int | None = None) -> tuple[int, ...]:
        """For each page start+1..end: the number (counted from start) of an earlier page in that range it repeats
        exactly (drawing_page), 0 when it is the first of its kind or drawn freely (Artifact.same_as)."""
        first: dict[Any, int] = {}
        out = []
        for n, key in enumerate(self.keys[start:end], 1):
            out.append(0 if key is None or first.setdefault(key, n) == n else first[key])
        return tuple(out)

    def placed_keys(self, start: int = 0, end: int | None = None) -> tuple[tuple[tuple[int, int], ...], ...]:
        """For each page start+1..end: the drawings placed on it by place(), in paint order, each named by a key
        shared by every page of this document placing it (Artifact.placed: the page QA reads a drawing once)."""
        return tuple(tuple(keys) for keys in self.placed[start:end])

    def place(self, drawing: Drawing, x: float, y: float, scale: float = 1.0,
              region: tuple[float, float, float, float] | None = None) -> None:
        """Drawing.place on the current page, its wrapper surface shared with the other pages of this document
        (cairo writes a wrapper once, not once per page: a deck's backs, repeated cards). A drawing placed n times
        on one page takes n wrappers: one surface twice on a page would repeat a resource key."""
        key = (drawing, region)
        self.placed[-1].append((self.serial, self.drawings.setdefault(drawing, len(self.drawings))))
        n = self.on_page.get(key, 0)
        self.on_page[key] = n + 1
        pool = self.wrappers.setdefault(key, [])
        if n == len(pool):
            pool.append(drawing.wrapper(region))
        drawing.paint(self.cr, pool[n], x, y, scale, region)

    def finish(self) -> bytes:
        """Close the document and return its bytes; raise if cairo or the write callback failed on the way."""
        error: BaseException | None = None
        try:
            if self.pages:
                self.surface.show_page()
            self.surface.finish()
        except Exception as exc:  # cairocffi turns a failed status into CairoError / OSError
            error = exc
        status = cairo.cairo.cairo_surface_status(self.surface._pointer)  # cairocffi's documented cffi pointer
        if error is not None or self.sink.error is not None or status != cairo.STATUS_SUCCESS:
            raise self._failed(error or ffi_string(status))
        return self.sink.getvalue()

    def _failed(self, reason: object) -> BaseException:
        """The exception for a failed surface: the interrupt that caused it (cffi swallowed it), else an error."""
        checkpoint()  # an interrupt inside cairo's write callback never reaches us as an exception: it is seen here
        reason = self.sink.error or reason
        return CheckFailed([Problem("error", "render", f"cairo could not write the PDF {self.title!r}: {reason}",
                                    hint="nothing was installed; run the build again")])


_DOCS = itertools.count(1)  # PdfDoc.serial: documents drawn by this process
MEMORY_FILES = hasattr(os, "memfd_create") and os.path.isdir("/proc/self/fd")  # Linux


class FileSink:
    """The PDF surface's output: an anonymous memory file (Linux memfd) that cairo opens by its /proc path and
    writes through its own buffered stdio. A Python write callback would be called for every few dozen bytes
    (about 200 times a page), a sixth of the cost of drawing the pages."""

    error: BaseException | None = None  # nothing of ours runs while cairo writes

    def __init__(self) -> None:
        self.file = os.fdopen(os.memfd_create("dojo-pdf", os.MFD_CLOEXEC), "rb")
        self.target = f"/proc/self/fd/{self.file.fileno()}"

    def getvalue(self) -> bytes:
        """Everything cairo wrote (call after the surface is finished: cairo has closed its stream)."""
        with self.file:
            return self.file.read()


class CallbackSink:
    """The PDF surface's output where there are no memory files: bytes in memory through cairo's write callback,
    and the first exception raised while cairo wrote them."""

    def __init__(self) -> None:
        self.buf = io.BytesIO()
        self.error: BaseException | None = None
        self.target = self

    def write(self, data: Any) -> int:
        """cairo's write callback (via cairocffi): cffi would swallow an exception raised here, so keep it."""
        try:
            return self.buf.write(data)
        except BaseException as exc:
            self.error = self.error or exc
            raise

    def getvalue(self) -> bytes:
        """Everything written."""
        return self.buf.getvalue()


def ffi_string(status: int) -> str:
    """cairo's name for a status code."""
    return cairo.ffi.string(cairo.cairo.cairo_status_to_string(status)).decode()


def line(cr: Any, x1: float, y1: float, x2: float, y2: float, width_pt: float = 0.3,
         rgb: tuple[float, float, float] = (0, 0, 0), dash: tuple[float, ...] = ()) -> None:
    """A straight line between two points given in mm."""
    lines(cr, [(x1, y1, x2, y2, width_pt, rgb)], dash)


Segment = tuple[float, float, float, float, float, tuple[float, float, float]]  # x1, y1, x2, y2 (mm), width pt, rgb


def lines(cr: Any, segments: list[Segment], dash: tuple[float, ...] = ()) -> None:
    """Straight lines, each stroked on its own in the order given (the same strokes as line() one by one, with
    fewer cairo calls: cut marks are thousands of lines per build)."""
    cr.save()
    cr.set_dash([mm(d) for d in dash])
    for x1, y1, x2, y2, width_pt, rgb in segments:
        cr.set_source_rgb(*rgb)
        cr.set_line_width(width_pt)
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

    cairo writes no page boxes: qpdf (pikepdf) reads the document and writes it again with the boxes (cairo's
    %PDF-1.5 kept; a fixed /ID, so the bytes depend only on the input).
    """
    with pikepdf.open(io.BytesIO(data)) as doc:
        _boxes(doc.pages, trim_inset_mm)
        buf = io.BytesIO()
        doc.save(buf, static_id=True)
    return buf.getvalue()


def _boxes(pages: Any, trim_inset_mm: float) -> None:
    """set_boxes on pikepdf pages."""
    d = mm(trim_inset_mm)
    for page in pages:
        left, bottom, right, top = (float(v) for v in page.obj.MediaBox)
        page.obj.BleedBox = pikepdf.Array([left, bottom, right, top])
        page.obj.TrimBox = pikepdf.Array([left + d, bottom + d, right - d, top - d])


def split(data: bytes, ends: list[int], trim_insets: dict[int, float] | None = None) -> list[bytes]:
    """One PDF cut into consecutive parts, each ending after page ends[i]: qpdf (pikepdf) copies each part's pages
    with what they use (fonts, forms), so parts drawn in one document share identical font and form objects;
    the document's information (title, dates) and PDF version are kept, and a fixed /ID keeps the bytes a
    function of the input. trim_insets: part number -> the set_boxes inset (mm) of its pages (print-shop files,
    given their boxes here rather than read and written again)."""
    out = []
    with pikepdf.open(io.BytesIO(data)) as whole:
        start = 0
        for k, end in enumerate(ends):
            with pikepdf.new() as part:
                part.pages.extend(whole.pages[start:end])
                if trim_insets and k in trim_insets:
                    _boxes(part.pages, trim_insets[k])
                if "/Info" in whole.trailer:
                    part.trailer.Info = part.copy_foreign(whole.trailer.Info)
                buf = io.BytesIO()
                part.save(buf, static_id=True, min_version=whole.pdf_version)
            out.append(buf.getvalue())
            start = end
    return out


def draw_block(cr: Any, block: Any, x: float, y: float, rgb: tuple[float, float, float] = (0.1, 0.1, 0.1)) -> float:
    """Draw a laid-out layout.Block with cairo at (x, y) mm on a context in pt (draw.draw_block: the cards' own
    text drawing); returns the y below it."""
    cr.save()
    cr.scale(PT_PER_MM, PT_PER_MM)
    below = draw.draw_block(cr, block, x, y, rgb)
    cr.restore()
    return below
