"""Saddle-stitch imposition: A5 pages two-up on A4 landscape sheets, printed double-sided and folded."""

from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject


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


def fold_marks(width: float, height: float, labels: list[str], note: str = "") -> list[PageObject]:
    """Sheet-size overlays (one PDF, fonts once): fold ticks at the top and bottom centre, a label, the print note.

    Everything stays EDGE mm inside the sheet (printers do not print at the edge); the note (how to print)
    goes on the first side only, in the top margin of its left page.
    """
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from ..render.fonts import register_reportlab
    from ..render.pdf import SMALL_PT

    register_reportlab()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(width, height), invariant=1, initialFontName="PTSans", initialFontSize=6)
    for n, label in enumerate(labels):
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
    return list(PdfReader(io.BytesIO(buf.getvalue())).pages)


def _content(page: PageObject) -> bytes:
    """A page's content stream bytes, decoded (an array of streams joined)."""
    contents = page["/Contents"].get_object()
    parts = contents if isinstance(contents, ArrayObject) else [contents]
    return b"\n".join(c.get_object().get_data() for c in parts)


def _form(writer: PdfWriter, page: PageObject) -> object:
    """A page as a form XObject of writer (its content untouched, its resources copied once), by reference."""
    form = DecodedStreamObject()
    form.set_data(_content(page))
    form.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Form"),
                 NameObject("/BBox"): ArrayObject(FloatObject(v) for v in page.mediabox),
                 NameObject("/Resources"): page["/Resources"].get_object().clone(writer)})
    return writer._add_object(form.flate_encode())


def impose(pdf: bytes, sheet: tuple[float, float], title: str, note: str = "") -> bytes:
    """Booklet PDF: the pages of pdf (half the sheet's width each) placed two-up in saddle-stitch order.

    Each page (and each side's fold marks) is placed as a form XObject: its content stream is copied, never
    parsed and rewritten.
    """
    reader = PdfReader(io.BytesIO(pdf))
    pages = reader.pages
    sw, sh = max(sheet), min(sheet)  # landscape
    writer = PdfWriter()
    order = saddle_order(len(pages))
    marks = fold_marks(sw, sh, [f"{n // 2 + 1}/{len(order) // 2} {'AB'[n % 2]}" for n in range(len(order))], note)
    for n, (left, right) in enumerate(order):
        side = PageObject.create_blank_page(width=sw, height=sh)
        forms = {"/M": _form(writer, marks[n])}
        ops = [b"q /M Do Q"]
        for slot, index in ((0, left), (1, right)):
            if index is None:
                continue
            page = pages[index]
            pw, ph = float(page.mediabox.width), float(page.mediabox.height)
            scale = min((sw / 2) / pw, sh / ph)
            dx = slot * sw / 2 + (sw / 2 - pw * scale) / 2
            dy = (sh - ph * scale) / 2
            name = f"/P{slot}"
            forms[name] = _form(writer, page)
            ops.append(f"q {scale:.6f} 0 0 {scale:.6f} {dx:.4f} {dy:.4f} cm {name} Do Q".encode())
        content = DecodedStreamObject()
        content.set_data(b"\n".join(ops))
        side[NameObject("/Resources")] = DictionaryObject(
            {NameObject("/XObject"): DictionaryObject({NameObject(k): v for k, v in forms.items()})})
        side[NameObject("/Contents")] = writer._add_object(content.flate_encode())
        writer.add_page(side)
    writer.add_metadata({"/Title": title, "/Producer": "dojo-pnp", "/Creator": "dojo-pnp"})
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()
