"""Saddle-stitch imposition: A5 pages two-up on A4 landscape sheets, printed double-sided and folded."""

from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter, Transformation


def saddle_order(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) 0-based page numbers of each sheet side in print order; None is a blank page."""
    n = -(-pages // 4) * 4
    pick = lambda i: i if i < pages else None  # noqa: E731
    sides = []
    for s in range(n // 4):
        sides.append((pick(n - 1 - 2 * s), pick(2 * s)))          # front of sheet s
        sides.append((pick(2 * s + 1), pick(n - 2 - 2 * s)))      # back of sheet s
    return sides


def fold_marks(width: float, height: float, labels: list[str]) -> list[PageObject]:
    """Sheet-size overlays (one PDF, fonts once): fold marks at the centre of the top and bottom edges, a label."""
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from ..render.fonts import register_reportlab
    from ..render.pdf import SMALL_PT

    register_reportlab()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(width, height), invariant=1, initialFontName="PTSans", initialFontSize=6)
    for label in labels:
        c.setLineWidth(0.4)
        c.setDash(2, 1.5)
        c.setStrokeGray(0.45)
        for y0, y1 in ((height - 5 * mm, height - 11 * mm), (5 * mm, 11 * mm)):
            c.line(width / 2, y0, width / 2, y1)
        c.setFont("PTSans", SMALL_PT)
        c.setFillGray(0.45)
        c.drawRightString(width / 2 - 2 * mm, height - 9.5 * mm, label)  # beside the fold mark, 5 mm+ from the edge
        c.showPage()
    c.save()
    return list(PdfReader(io.BytesIO(buf.getvalue())).pages)


def impose(pdf: bytes, sheet: tuple[float, float], title: str) -> bytes:
    """Booklet PDF: the pages of pdf (half the sheet's width each) placed two-up in saddle-stitch order."""
    reader = PdfReader(io.BytesIO(pdf))
    pages = reader.pages
    sw, sh = max(sheet), min(sheet)  # landscape
    writer = PdfWriter()
    order = saddle_order(len(pages))
    marks = fold_marks(sw, sh, [f"{n // 2 + 1}/{len(order) // 2} {'AB'[n % 2]}" for n in range(len(order))])
    for n, (left, right) in enumerate(order):
        side = PageObject.create_blank_page(width=sw, height=sh)
        side.merge_page(marks[n])
        for slot, index in ((0, left), (1, right)):
            if index is None:
                continue
            page = pages[index]
            pw, ph = float(page.mediabox.width), float(page.mediabox.height)
            scale = min((sw / 2) / pw, sh / ph)
            dx = slot * sw / 2 + (sw / 2 - pw * scale) / 2
            dy = (sh - ph * scale) / 2
            side.merge_transformed_page(page, Transformation().scale(scale).translate(dx, dy))
        writer.add_page(side)
    writer.add_metadata({"/Title": title, "/Producer": "dojo-pnp", "/Creator": "dojo-pnp"})
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()
