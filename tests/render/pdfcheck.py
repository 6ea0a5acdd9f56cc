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
    """Translations (pt) of every form XObject painted on a page, in painting order, except forms as wide as the
    page (a sheet's cut and fold lines, drawn once and shown on every page)."""
    out, last = [], (0.0, 0.0)
    forms = page["/Resources"].get("/XObject", {})
    for operands, op in ContentStream(page.get_contents(), r).operations:
        if op == b"cm":
            last = (float(operands[4]), float(operands[5]))
        elif op == b"Do":
            box = forms[operands[0]].get_object().get("/BBox")
            if box is None or float(box[2]) - float(box[0]) < float(page.mediabox.width) - 1:
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
