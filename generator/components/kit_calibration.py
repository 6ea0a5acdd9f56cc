"""The duplex calibration sheet: three crosses on the front, scales under each on the back, to read a printer's
shift, rotation and scale."""

from __future__ import annotations

from ..plan.model import Artifact, BuildContext
from ..render import pdf
from ..render.cards import Imprint
from .common import imprint
from ..render.layout import Slot, Where, fit
from ..render.pdf import PAPERS_MM, SMALL_PT, PdfDoc

COMPONENT = "kit-calibration"
REACH = 10  # mm: each scale runs -REACH..+REACH


def _cross(cr, x: float, y: float, size: float, width: float = 0.4) -> None:
    pdf.line(cr, x - size, y, x + size, y, width)
    pdf.line(cr, x, y - size, x, y + size, width)


def crosses(w: float, h: float) -> list[tuple[str, float, float]]:
    """The three measuring places (mm): top left, centre, bottom right, far apart to show rotation and scale."""
    return [("A", 40.0, 110.0), ("B", w / 2, h / 2 + 30), ("C", w - 40.0, h - 45.0)]


def _scales(cr, x: float, y: float) -> None:
    """Rulers through (x, y): ticks every 0.5 mm, numbers every 5 mm; across-numbers above the horizontal ruler,
    down-numbers right of the vertical one, so no two labels meet (right and down are positive)."""
    pdf.line(cr, x - REACH, y, x + REACH, y, 0.25)
    pdf.line(cr, x, y - REACH, x, y + REACH, 0.25)
    for i in range(-2 * REACH, 2 * REACH + 1):
        d = i / 2
        long = 2.5 if i % 10 == 0 else 1.6 if i % 2 == 0 else 0.9
        pdf.line(cr, x + d, y, x + d, y + long, 0.2)
        pdf.line(cr, x, y + d, x + long, y + d, 0.2)
        if i % 10 == 0 and i:
            pdf.text(cr, f"{int(d):+d}", x + d, y - 1.2, SMALL_PT, align="center")
            pdf.text(cr, f"{int(d):+d}", x + 3.2, y + d + 0.8, SMALL_PT)


def _paragraph(cr, ctx: BuildContext, text: str, x: float, y: float, width: float) -> float:
    """Lay out a paragraph with the card engine's fitter and draw it with cairo; returns the y below it."""
    block = fit(text, Slot("instructions", width, 60, 9.5, 7), Where(COMPONENT, "calibration", ctx.lang))
    return pdf.draw_block(cr, block, x, y)


def instructions(ctx: BuildContext) -> tuple[str, ...]:
    """What a player does with the sheet, in words (no commands)."""
    return (
        ctx._("Print this sheet on both sides, flipping on the long edge, at actual size (100%, no scaling)."),
        ctx._("Hold it against a light. For each cross A, B and C, read on the scales printed on the back where "
              "the front's cross falls, in millimetres: right and down are positive."),
        ctx._("Same reading at A, B and C: the printer shifts the back by that much. Enter it in your printer's "
              "back-side (duplex) position setting if it has one; otherwise print the cards as gutterfolds, or give "
              "the reading to whoever made the kit: they can move every back by it."),
        ctx._("Readings that differ between A and C: the back is turned or scaled. Check the paper guides and that "
              "scaling is off; a shift cannot correct this."),
    )


def calibration_pdf(ctx: BuildContext, paper: str, imp: Imprint) -> tuple[bytes, int]:
    """Two pages: front (crosses A, B, C and instructions) and back (scales under each cross, offset applied)."""
    w, h = PAPERS_MM[paper]
    doc = PdfDoc(imp.epoch, imp.title)
    cr = doc.page(w, h)
    pdf.text(cr, ctx._("Duplex calibration"), 20, 25, 16, bold=True, rgb=(0, 0, 0))
    y = 31.0
    for para in instructions(ctx):
        y = _paragraph(cr, ctx, para, 20, y, w - 40) + 2
    for name, x, cy in crosses(w, h):
        _cross(cr, x, cy, 12)
        pdf.text(cr, name, x - 6, cy - 3, 12, bold=True, rgb=(0, 0, 0), align="center")
    pdf.text(cr, imp.line(paper, ctx._("front")), w / 2, h - pdf.EDGE_MM - 1.5, align="center")
    cr = doc.page(w, h)
    dx, dy = imp.back_offset
    for name, x, cy in crosses(w, h):
        bx, by = w - x + dx, cy + dy
        _scales(cr, bx, by)
        pdf.text(cr, name, bx - 6, by + 7, 12, bold=True, rgb=(0, 0, 0), align="center")
    offset = ctx._("back printed shifted by (%(dx)s, %(dy)s) mm") % {"dx": f"{dx:+.1f}", "dy": f"{dy:+.1f}"}
    pdf.text(cr, offset, w / 2, h / 2 + 30 + 16, 8, align="center")
    pdf.text(cr, imp.line(paper, ctx._("back")), w / 2, h - pdf.EDGE_MM - 1.5, align="center")
    return doc.finish(), doc.pages


def calibration(ctx: BuildContext) -> list[Artifact]:
    """The duplex calibration sheet for every paper of the build."""
    imp = imprint(ctx, ctx._("Duplex calibration"))
    out = []
    for paper in ctx.options.papers:
        data, pages = calibration_pdf(ctx, paper, imp)
        out.append(Artifact(f"duplex-calibration-{paper}.pdf", COMPONENT, "calibration", data, paper, "sheet", pages))
    return out
