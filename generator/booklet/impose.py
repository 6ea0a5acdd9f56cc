"""Saddle-stitch imposition: A5 pages two-up on A4 landscape sheets, printed double-sided and folded."""

from __future__ import annotations

import io
from functools import lru_cache

import pikepdf

from . import flate_only


def saddle_order(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) 0-based page numbers of each sheet side in print order; None is a blank page."""
    n = -(-pages // 4) * 4
    pick = lambda i: i if i < pages else None  # noqa: E731
    sides = []
    for s in range(n // 4):
        sides.append((pick(n - 1 - 2 * s), pick(2 * s)))          # front of sheet s
        sides.append((pick(2 * s + 1), pick(n - 2 - 2 * s)))      # back of sheet s
    return sides


EDGE = 6.0  # mm: fold ticks, sheet labels and the print note keep at least this far from every sheet edge


@lru_cache(maxsize=8)
def fold_marks(width: float, height: float, sides: int, note: str = "") -> bytes:
    """Sheet-size overlays (one PDF, a page per side, fonts once): fold ticks at the top and bottom centre, the
    side's label ('2/3 A': sheet 2 of 3, front), the print note. Kept per process: booklets with as many sheets
    share them.

    Everything stays EDGE mm inside the sheet (printers do not print at the edge); the note (how to print)
    goes on the first side only, in the top margin of its left page.
    """
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from ..render.fonts import register_reportlab
    from ..render.pdf import SMALL_PT

    register_reportlab()
    buf = io.BytesIO()
    with flate_only():
        c = Canvas(buf, pagesize=(width, height), invariant=1, initialFontName="PTSans", initialFontSize=6)
        for n in range(sides):
            label = f"{n // 2 + 1}/{sides // 2} {'AB'[n % 2]}"
            c.setLineWidth(0.4)
            c.setDash(2, 1.5)
            c.setStrokeGray(0.45)
            for y0, y1 in ((height - EDGE * mm, height - (EDGE + 5) * mm), (EDGE * mm, (EDGE + 5) * mm)):
                c.line(width / 2, y0, width / 2, y1)
            c.setFont("PTSans", SMALL_PT)
            c.setFillGray(0.45)
            c.drawString(width / 2 + 2 * mm, height - (EDGE + 2) * mm, label)
            if note and n == 0:
                c.setFont("PTSans-Bold", 6.5)
                c.setFillGray(0.2)
                c.drawCentredString(width / 4, height - (EDGE + 2.5) * mm, note)
            c.showPage()
        c.save()
    return buf.getvalue()


def _form(out: pikepdf.Pdf, src: pikepdf.Pdf, page: pikepdf.Page, box: list[float]) -> pikepdf.Stream:
    """A page of src as a form XObject of out showing box: its content stream copied as it is (never decoded or parsed),
    its resources copied once."""
    page.contents_coalesce()  # one content stream (reportlab writes one: nothing to do)
    form = out.copy_foreign(page.obj.Contents)
    form.Type, form.Subtype = pikepdf.Name.XObject, pikepdf.Name.Form
    form.BBox = pikepdf.Array(box)
    resources = page.obj.Resources
    form.Resources = out.copy_foreign(resources if resources.is_indirect else src.make_indirect(resources))
    return form


def impose(pdf: bytes, sheet: tuple[float, float], title: str, note: str = "",
           area: tuple[float, float, float, float] | None = None) -> bytes:
    """Booklet PDF: the pages of pdf (their area, default the whole page: left, bottom, right, top in pt; half
    the sheet's width each) placed two-up in saddle-stitch order, each centred on its half of the sheet.

    Each page (and each side's fold marks) is placed as a form XObject (qpdf): its content stream is copied as
    it is, never parsed and rewritten; the file has a fixed /ID, so its bytes depend only on the input.
    """
    sw, sh = max(sheet), min(sheet)  # landscape
    with pikepdf.open(io.BytesIO(pdf)) as src, pikepdf.new() as out:
        order = saddle_order(len(src.pages))
        with pikepdf.open(io.BytesIO(fold_marks(sw, sh, len(order), note))) as marks:
            for n, (left, right) in enumerate(order):
                side = out.add_blank_page(page_size=(sw, sh))
                forms = {"/M": _form(out, marks, marks.pages[n], [0, 0, sw, sh])}
                ops = [b"q /M Do Q"]
                for slot, index in ((0, left), (1, right)):
                    if index is None:
                        continue
                    page = src.pages[index]
                    x0, y0, x1, y1 = area or [float(v) for v in page.mediabox]
                    scale = min(1.0, (sw / 2) / (x1 - x0), sh / (y1 - y0))
                    dx = slot * sw / 2 + (sw / 2 - (x1 - x0) * scale) / 2 - x0 * scale
                    dy = (sh - (y1 - y0) * scale) / 2 - y0 * scale
                    name = f"/P{slot}"
                    forms[name] = _form(out, src, page, [x0, y0, x1, y1])
                    ops.append(f"q {scale:.6f} 0 0 {scale:.6f} {dx:.4f} {dy:.4f} cm {name} Do Q".encode())
                side.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(forms))
                side.obj.Contents = out.make_stream(b"\n".join(ops))
        out.docinfo = out.make_indirect(pikepdf.Dictionary(Title=title, Producer="dojo-pnp", Creator="dojo-pnp"))
        buf = io.BytesIO()
        out.save(buf, static_id=True, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return buf.getvalue()
