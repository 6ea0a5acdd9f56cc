"""Previews a person can read: a PDF page rendered with pdfium (the real fonts, at thumbnail resolution)."""

from __future__ import annotations

import io

from ..artifact import Artifact

THUMB_PX = 480  # preview width in pixels: twice the contact sheet's tile width, sharp on high-density screens
PREFERRED_LAYOUTS = ("single", "pages", "sheet", "plain", "duplex-long-edge", "gutterfold", "saddle-stitch")


def pdf_preview(data: bytes, width_px: int = THUMB_PX, page: int = 0) -> bytes:
    """PNG of one page of a PDF cut to its printed part, width_px wide, on white (same PDF, same bytes)."""
    import pypdfium2 as pdfium
    from PIL import Image, ImageChops

    doc = pdfium.PdfDocument(data)
    try:
        p = doc[page]
        image = p.render(scale=2 * width_px / p.get_width(), fill_color=(255, 255, 255, 255)).to_pil().convert("RGB")
    finally:
        doc.close()
    ink = ImageChops.difference(image, Image.new("RGB", image.size, "white")).getbbox()
    if ink:  # the printed part only (sheets are mostly paper)
        pad = width_px // 20
        image = image.crop((max(0, ink[0] - pad), max(0, ink[1] - pad), min(image.width, ink[2] + pad),
                            min(image.height, ink[3] + pad)))
    if image.width > width_px:
        image = image.resize((width_px, max(1, round(image.height * width_px / image.width))), Image.LANCZOS)
    buf = io.BytesIO()
    image.save(buf, "PNG", optimize=False, compress_level=9)
    return buf.getvalue()


def _rank(a: Artifact) -> tuple[int, int]:
    layout = PREFERRED_LAYOUTS.index(a.layout) if a.layout in PREFERRED_LAYOUTS else len(PREFERRED_LAYOUTS)
    return layout, 0 if a.paper in ("A4", "card", "A5") else 1


def missing_previews(artifacts: list[Artifact]) -> list[Artifact]:
    """A preview for every component that has PDFs but no preview yet: the first page of its most telling PDF."""
    shown = {a.component for a in artifacts if a.kind == "preview"}
    pdfs: dict[str, list[Artifact]] = {}
    for a in artifacts:
        if a.path.endswith(".pdf") and a.component not in shown:
            pdfs.setdefault(a.component, []).append(a)
    return [Artifact(f"previews/{component}.png", component, "preview", pdf_preview(min(group, key=_rank).data))
            for component, group in pdfs.items()]
