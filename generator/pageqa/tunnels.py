"""The Dojo board's tunnel links and the pieces painted over them, read back for links.link_crossings from the page
QA's one walk of a page (objects.walk gives every path object with its forms' matrices and clip), only for the
files that print the board (links.prints_board), since it reads every path's pieces."""

from __future__ import annotations

import math

import pypdfium2.raw as raw

from . import links
from .layers import Ink, _boxes, _cut
from .objects import Layered, Matrix, Reader
from .read import PT_PER_MM


def page_links(paths: list[Layered], height: float) -> list[Ink]:
    """A page's tunnel links ('link' items with their points) and the pieces painted after the first link ('piece'
    boxes), boxes in mm from the top left; paths: the page's path objects in paint order (objects.walk), height:
    the page's in points."""
    reader = Reader()
    out: list[Ink] = []
    linked = False  # a tunnel link met: every path after it is read piece by piece
    for obj in paths:
        if links.stroke_rgb(raw, obj.handle) == links.LINK_RGB:
            linked = True
            out.extend(_link_inks(reader, obj, height))
        elif linked and links.fill_rgb(raw, obj.handle) != links.LINK_RGB:  # a link's end dot is the link's own
            out.extend(_piece_inks(reader, obj, height))
    return out


def _to_page(chain: tuple[Matrix, ...], height: float, p: tuple[float, float]) -> tuple[float, float]:
    """A point of an object's container carried out through its forms to the page, mm from the top left."""
    x, y = p
    for a, b, c, d, e, f in reversed(chain):  # innermost form first (pypdfium2's PdfMatrix.on_point arithmetic)
        x, y = a * x + c * y + e, b * x + d * y + f
    return x / PT_PER_MM, (height - y) / PT_PER_MM


def _half(reader: Reader, obj: Layered) -> float:
    """Half a path's stroke width in its container's units."""
    a, b, c, d = reader.matrix(obj.handle)[:4]
    return links.half_width(raw, obj.handle) * math.sqrt(abs(a * d - b * c))


def _link_inks(reader: Reader, obj: Layered, height: float) -> list[Ink]:
    """A tunnel link's pieces as 'link' items: the points its clip shows, on the page."""
    scale = 1.0
    for m in obj.chain:
        scale *= abs(m[3]) or 1.0
    half = _half(reader, obj) * scale / PT_PER_MM
    out = []
    for piece in links.pieces(raw, obj.handle, reader.matrix(obj.handle)):
        pts = tuple(_to_page(obj.chain, height, p) for p in piece if links.inside(p, obj.clip))
        if len(pts) > 1:
            out.append(Ink("link", links.bounds(pts), obj.z, size=half, points=pts))
    return out


def _piece_inks(reader: Reader, obj: Layered, height: float) -> list[Ink]:
    """Every piece of a path painted over a link, as a 'piece' box (its stroke's width included)."""
    half = _half(reader, obj) + 1e-3  # a line without width still has a box
    boxes = [(x0 - half, y0 - half, x1 + half, y1 + half)
             for x0, y0, x1, y1 in (links.bounds(piece) for piece in links.pieces(raw, obj.handle,
                                                                                reader.matrix(obj.handle))
                                    if links.mark(piece))]
    return [Ink("piece", box, obj.z) for box in _boxes(obj.chain, height, [_cut(b, obj.clip) if obj.clip else b
                                                                           for b in boxes])]
