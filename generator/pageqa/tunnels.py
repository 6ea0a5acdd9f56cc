"""The Dojo board's tunnel links and the pieces painted over them, read back for links.link_crossings from the page
QA's one walk of a page (objects.walk gives every path object with its forms' matrices and clip), only for the
files that print the board (links.prints_board), since it reads every path's pieces."""

from __future__ import annotations

import math
from typing import Any

import pypdfium2.raw as raw

from . import links
from .layers import Ink, _boxes, _cut
from .links import Point
from .objects import Layered, Matrix, Reader, chain_scale
from .read import PT_PER_MM

BEZIER_STEPS = 8  # a curve of a path read as this many straight steps


def page_links(paths: list[Layered], height: float) -> list[Ink]:
    """A page's tunnel links ('link' items with their points) and the pieces painted after the first link ('piece'
    boxes), boxes in mm from the top left; paths: the page's path objects in paint order (objects.walk), height:
    the page's in points."""
    reader = Reader()
    out: list[Ink] = []
    linked = False  # a tunnel link met: every path after it is read piece by piece
    for obj in paths:
        if _rgb(reader, obj.handle, stroke=True) == links.LINK_RGB:
            linked = True
            out.extend(_link_inks(reader, obj, height))
        elif linked and _rgb(reader, obj.handle, stroke=False) != links.LINK_RGB:  # a link's end dot is its own
            out.extend(_piece_inks(reader, obj, height))
    return out


def _rgb(reader: Reader, handle: Any, stroke: bool) -> tuple[int, int, int] | None:
    """The RGB of a path's stroke (or fill); None when it is not stroked (filled)."""
    if not raw.FPDFPath_GetDrawMode(handle, reader.pmode, reader.pstroked) or \
            not (reader.stroked if stroke else reader.mode).value:
        return None
    rgba = reader.color(handle, raw.FPDFPageObj_GetStrokeColor if stroke else raw.FPDFPageObj_GetFillColor)
    return rgba[:3] if rgba else None


def _half(reader: Reader, obj: Layered) -> float:
    """Half a path's stroke width in its container's units (0 when it is not stroked)."""
    if _rgb(reader, obj.handle, stroke=True) is None:
        return 0.0
    a, b, c, d = reader.matrix(obj.handle)[:4]
    return reader.width(obj.handle) / 2 * math.sqrt(abs(a * d - b * c))


def _pieces(reader: Reader, handle: Any) -> list[list[Point]]:
    """Each piece of a path (from one move-to to the next) as points in the object's container space, Bézier
    curves flattened."""
    a, b, c, d, e, f = reader.matrix(handle)
    out: list[list[Point]] = []
    curve: list[Point] = []
    for n in range(raw.FPDFPath_CountSegments(handle)):
        seg = raw.FPDFPath_GetPathSegment(handle, n)
        x, y = reader.point(seg)
        p = (a * x + c * y + e, b * x + d * y + f)  # (pypdfium2's PdfMatrix.on_point)
        kind = raw.FPDFPathSegment_GetType(seg)
        if kind == raw.FPDF_SEGMENT_MOVETO or not out:
            out.append([p])
            curve = []
        elif kind == raw.FPDF_SEGMENT_BEZIERTO:
            curve.append(p)
            if len(curve) == 3:
                out[-1].extend(_bezier(out[-1][-1], *curve))
                curve = []
        else:
            out[-1].append(p)
        if raw.FPDFPathSegment_GetClose(seg) and len(out[-1]) > 1:
            out[-1].append(out[-1][0])
    return out


def _weights(t: float) -> tuple[float, float, float, float]:
    return (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3


_WEIGHTS = tuple(_weights(k / BEZIER_STEPS) for k in range(1, BEZIER_STEPS + 1))  # the steps' Bernstein weights


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point) -> list[Point]:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = p0, p1, p2, p3
    return [(a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3) for a, b, c, d in _WEIGHTS]


def _to_page(chain: tuple[Matrix, ...], height: float, p: Point) -> Point:
    """A point of an object's container carried out through its forms to the page, mm from the top left."""
    x, y = p
    for a, b, c, d, e, f in reversed(chain):  # innermost form first (pypdfium2's PdfMatrix.on_point arithmetic)
        x, y = a * x + c * y + e, b * x + d * y + f
    return x / PT_PER_MM, (height - y) / PT_PER_MM


def _link_inks(reader: Reader, obj: Layered, height: float) -> list[Ink]:
    """A tunnel link's pieces as 'link' items: the points its clip shows, on the page."""
    half = _half(reader, obj) * chain_scale(obj.chain) / PT_PER_MM
    out = []
    for piece in _pieces(reader, obj.handle):
        pts = tuple(_to_page(obj.chain, height, p) for p in piece if links.inside(p, obj.clip))
        if len(pts) > 1:
            out.append(Ink("link", links.bounds(pts), obj.z, size=half, points=pts))
    return out


def _piece_inks(reader: Reader, obj: Layered, height: float) -> list[Ink]:
    """Every piece of a path painted over a link, as a 'piece' box (its stroke's width included)."""
    half = _half(reader, obj) + 1e-3  # a line without width still has a box
    boxes = [(x0 - half, y0 - half, x1 + half, y1 + half)
             for x0, y0, x1, y1 in (links.bounds(piece) for piece in _pieces(reader, obj.handle) if links.mark(piece))]
    return [Ink("piece", box, obj.z) for box in _boxes(obj.chain, height, [_cut(b, obj.clip) if obj.clip else b
                                                                           for b in boxes])]
