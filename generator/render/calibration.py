"""The duplex calibration sheet: a cross on the front, scales on the back, to measure a printer's drift."""

from __future__ import annotations

from ..kit.model import Artifact, BuildContext
from . import pdf
from .cards import Imprint, imprint
from .layout import Slot, Where, fit
from .pdf import PAPERS_MM, PdfDoc

COMPONENT = "kit-calibration"


def _cross(cr, x: float, y: float, size: float, width: float = 0.4) -> None:
    pdf.line(cr, x - size, y, x + size, y, width)
    pdf.line(cr, x, y - size, x, y + size, width)


def _scales(cr, x: float, y: float) -> None:
    """Rulers through (x, y) from -5 to +5 mm, a tick each 0.5 mm, numbers each mm (right and down positive)."""
    for i in range(-10, 11):
        d = i / 2
        long = 3.0 if i % 2 == 0 else 1.5
        pdf.line(cr, x + d, y - 12, x + d, y - 12 + long, 0.25)
        pdf.line(cr, x - 12, y + d, x - 12 + long, y + d, 0.25)
        if i % 2 == 0:
            pdf.text(cr, f"{int(d):+d}" if d else "0", x + d, y - 13, 4, align="center")
            pdf.text(cr, f"{int(d):+d}" if d else "0", x - 13, y + d + 0.6, 4, align="right")
    pdf.line(cr, x - 5, y - 12, x + 5, y - 12, 0.25)
    pdf.line(cr, x - 12, y - 5, x - 12, y + 5, 0.25)


def _paragraph(cr, ctx: BuildContext, text: str, x: float, y: float, width: float) -> float:
    """Lay out a paragraph with the card engine's fitter and draw it with cairo; returns the y below it."""
    block = fit(text, Slot("instructions", width, 60, 10, 7), Where(COMPONENT, "calibration", ctx.lang))
    return pdf.draw_block(cr, block, x, y)


def calibration_pdf(ctx: BuildContext, paper: str, imp: Imprint) -> tuple[bytes, int]:
    """Two pages: front (cross and instructions) and back (cross with scales, back offset applied)."""
    w, h = PAPERS_MM[paper]
    doc = PdfDoc(imp.epoch, imp.title)
    cr = doc.page(w, h)
    pdf.text(cr, ctx._("Duplex calibration"), 20, 30, 16, bold=True, rgb=(0, 0, 0))
    y = 36.0
    for para in (
        ctx._("Print this sheet on both sides, flipping on the long edge, at actual size (100%, no scaling)."),
        ctx._("Hold it against the light and read, on the scales printed on the back, where the cross of the "
              "front falls (millimetres: right and down are positive)."),
        ctx._("Add the reading to the offset you built with, then rebuild with: dojo build --lang LANG "
              "--back-offset X,Y"),
    ):
        y = _paragraph(cr, ctx, para, 20, y, w - 40) + 3
    _cross(cr, w / 2, h / 2, 20)
    pdf.text(cr, imp.line(paper, ctx._("front")), w / 2, h - pdf.EDGE_MM - 2, 6, align="center")
    cr = doc.page(w, h)
    dx, dy = imp.back_offset
    cx, cy = w / 2 + dx, h / 2 + dy
    _cross(cr, cx, cy, 8, 0.25)
    _scales(cr, cx, cy)
    pdf.text(cr, ctx._("back") + f" ({dx:+.1f}, {dy:+.1f} mm)", cx, cy + 25, 8, align="center")
    pdf.text(cr, imp.line(paper, ctx._("back")), w / 2, h - pdf.EDGE_MM - 2, 6, align="center")
    return doc.finish(), doc.pages


def calibration(ctx: BuildContext) -> list[Artifact]:
    """The duplex calibration sheet for every paper of the build."""
    imp = imprint(ctx, ctx._("Duplex calibration"))
    out = []
    for paper in ctx.options.papers:
        data, pages = calibration_pdf(ctx, paper, imp)
        out.append(Artifact(f"duplex-calibration-{paper}.pdf", COMPONENT, "pdf", data, paper, "sheet", pages))
    return out
