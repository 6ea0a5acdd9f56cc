"""The duplex calibration sheet: a cross on the front, scales on the back, to measure a printer's drift."""

from __future__ import annotations

from ..kit.model import Artifact, BuildContext
from ..render import pdf
from ..render.cards import Imprint, imprint
from ..render.layout import Slot, Where, fit
from ..render.pdf import PAPERS_MM, PdfDoc

COMPONENT = "kit-calibration"


def _cross(cr, x: float, y: float, size: float, width: float = 0.4) -> None:
    pdf.line(cr, x - size, y, x + size, y, width)
    pdf.line(cr, x, y - size, x, y + size, width)


def _scales(cr, x: float, y: float) -> None:
    """Rulers along both axes through (x, y): -10..+10 mm, ticks each 0.5 mm (right and down are positive)."""
    pdf.line(cr, x - 10, y, x + 10, y, 0.25)
    pdf.line(cr, x, y - 10, x, y + 10, 0.25)
    for i in range(-20, 21):
        d = i / 2
        long = 2.5 if i % 10 == 0 else 1.6 if i % 2 == 0 else 0.9
        pdf.line(cr, x + d, y, x + d, y + long, 0.2)
        pdf.line(cr, x, y + d, x + long, y + d, 0.2)
        if i % 8 == 0 and i:  # numbers at ±4, ±8 across and ±2, ±6, ±10 down: they never collide
            pdf.text(cr, f"{int(d):+d}", x + d, y + 4.6, 5, align="center")
        if i % 8 == 4:
            pdf.text(cr, f"{int(d):+d}", x + 3.2, y + d + 0.7, 5)


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
        out.append(Artifact(f"duplex-calibration-{paper}.pdf", COMPONENT, "calibration", data, paper, "sheet", pages))
    return out
