"""The Dojo board's tunnel links and the pieces painted over them, read back for links.link_crossings: a walk of
its own, made only for the files that print the board (links.prints_board), since it reads every path's pieces.
The page QA's one walk (pages.py) gives everything else."""

from __future__ import annotations

import ctypes
import math

from . import links
from .layers import Ink, _cut
from .read import PT_PER_MM, Box


def tunnel_inks(data: bytes) -> list[list[Ink]]:
    """Every page's tunnel links ('link' items with their points) and the pieces painted after the first link
    ('piece' boxes), boxes in mm from the top left."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(data)
    try:
        return [_page_links(doc[n], raw) for n in range(len(doc))]
    finally:
        doc.close()


def _page_links(page, raw) -> list[Ink]:
    height = page.get_height()
    forms: dict[int, object] = {}  # level -> the matrix of the form object last met at that level
    out: list[Ink] = []
    linked = False  # a tunnel link met: every path after it is read piece by piece
    for z, obj in enumerate(page.get_objects(max_depth=8)):
        kind = obj.type
        if kind == raw.FPDF_PAGEOBJ_FORM:
            forms[obj.level] = obj.get_matrix()
            continue
        if kind != raw.FPDF_PAGEOBJ_PATH:
            continue
        if links.stroke_rgb(raw, obj) == links.LINK_RGB:
            linked = True
            out.extend(_link_inks(raw, obj, forms, height, z))
        elif linked and links.fill_rgb(raw, obj) != links.LINK_RGB:  # a link's end dot is the link's own
            out.extend(_piece_inks(raw, obj, forms, height, z))
    return out


def _to_page(forms: dict, level: int, height: float, p: tuple[float, float]) -> tuple[float, float]:
    """A point of an object's container carried out through its forms to the page, mm from the top left."""
    x, y = p
    for n in range(level - 1, -1, -1):
        x, y = forms[n].on_point(x, y)
    return x / PT_PER_MM, (height - y) / PT_PER_MM


def _half(raw, obj) -> float:
    """Half a path's stroke width in its container's units."""
    a, b, c, d = obj.get_matrix().get()[:4]
    return links.half_width(raw, obj) * math.sqrt(abs(a * d - b * c))


def _link_inks(raw, obj, forms: dict, height: float, z: int) -> list[Ink]:
    """A tunnel link's pieces as 'link' items: the points its clip shows, on the page."""
    clip, half = _clip(raw, obj), _half(raw, obj) * _scale(forms, obj.level) / PT_PER_MM
    out = []
    for piece in links.pieces(raw, obj):
        pts = tuple(_to_page(forms, obj.level, height, p) for p in piece if links.inside(p, clip))
        if len(pts) > 1:
            out.append(Ink("link", links.bounds(pts), z, size=half, points=pts))
    return out


def _piece_inks(raw, obj, forms: dict, height: float, z: int) -> list[Ink]:
    """Every piece of a path painted over a link, as a 'piece' box (its stroke's width included)."""
    clip, half = _clip(raw, obj), _half(raw, obj) + 1e-3  # a line without width still has a box
    boxes = [(x0 - half, y0 - half, x1 + half, y1 + half)
             for x0, y0, x1, y1 in (links.bounds(piece) for piece in links.pieces(raw, obj) if links.mark(piece))]
    return [Ink("piece", box, z) for box in _boxes(forms, obj.level, height,
                                                    [_cut(b, clip) if clip else b for b in boxes])]


def _clip(raw, obj) -> Box | None:
    """The bounding box of an object's clip path (pdfium's bounds ignore the clip), or None."""
    clip = raw.FPDFPageObj_GetClipPath(obj)
    xs, ys = [], []
    for path in range(raw.FPDFClipPath_CountPaths(clip) if clip else 0):
        for n in range(raw.FPDFClipPath_CountPathSegments(clip, path)):
            x, y = ctypes.c_float(), ctypes.c_float()
            if raw.FPDFPathSegment_GetPoint(raw.FPDFClipPath_GetPathSegment(clip, path, n), x, y):
                xs.append(x.value)
                ys.append(y.value)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def _scale(forms: dict, level: int) -> float:
    scale = 1.0
    for n in range(level):
        scale *= abs(forms[n].get()[3]) or 1.0
    return scale


def _boxes(forms: dict, level: int, height: float, boxes: list[Box]) -> list[Box]:
    """Boxes in an object's space carried out through its forms to the page, in mm from the top left."""
    out = []
    for x0, y0, x1, y1 in boxes:
        if x1 <= x0 or y1 <= y0:
            continue
        for n in range(level - 1, -1, -1):  # innermost form first, out to the page
            x0, y0, x1, y1 = forms[n].on_rect(x0, y0, x1, y1)
        out.append((x0 / PT_PER_MM, (height - y1) / PT_PER_MM, x1 / PT_PER_MM, (height - y0) / PT_PER_MM))
    return out
