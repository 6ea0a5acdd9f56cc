"""Helpers to inspect generated PDFs with pypdf: sizes in mm, placements, fonts, text."""

from __future__ import annotations

import io

from pypdf import PdfReader
from pypdf.generic import ContentStream

PT = 72 / 25.4


def reader(data: bytes) -> PdfReader:
    """A pypdf reader over PDF bytes."""
    return PdfReader(io.BytesIO(data))


def size_mm(box) -> tuple[float, float]:
    """Width and height of a pypdf box in mm (rounded to 0.1)."""
    return round(float(box.width) / PT, 1), round(float(box.height) / PT, 1)


def placements(page, r: PdfReader) -> list[tuple[float, float]]:
    """Translations (pt) of every form XObject painted on a page, in painting order, but for a form as large as the
    page (its cut marks, drawn once per document: render/cards.marks_drawing)."""
    forms = page["/Resources"].get_object().get("/XObject") or {}
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    out, last = [], (0.0, 0.0)
    for operands, op in ContentStream(page.get_contents(), r).operations:
        if op == b"cm":
            last = (float(operands[4]), float(operands[5]))
        elif op == b"Do":
            x0, y0, x1, y1 = (float(v) for v in forms[operands[0]].get_object()["/BBox"])
            if abs(x1 - x0 - width) > 1 or abs(y1 - y0 - height) > 1:
                out.append(last)
    return out


def fonts(r: PdfReader) -> list[tuple[str, bool]]:
    """(BaseFont, embedded?) of every font of every page, forms included."""
    found: dict[str, bool] = {}

    def visit(res):
        if not res:
            return
        res = res.get_object()
        for f in (res.get("/Font") or {}).values():
            f = f.get_object()
            desc = f.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in f:
                desc = f["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            found[str(f.get("/BaseFont"))] = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        for x in (res.get("/XObject") or {}).values():
            x = x.get_object()
            if x.get("/Subtype") == "/Form":
                visit(x.get("/Resources"))

    for page in r.pages:
        visit(page.get("/Resources"))
    return sorted(found.items())
