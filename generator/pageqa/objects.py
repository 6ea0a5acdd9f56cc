"""A page's painted objects in paint order, read through pdfium's public C API (pypdfium2.raw).

Every object of the page is visited once, form XObjects descended into: paths, images and shadings become
`Paint` records (page-space box, clipped; fill and stroke colours; what is painted), text objects are numbered in
the same paint order and grouped into text blocks (text objects drawn one after another, with nothing else drawn
between them: what a content stream's BT ... ET holds). Coordinates here are PDF points, origin bottom left.
"""

from __future__ import annotations

import ctypes
import math
from typing import Any, Iterator, NamedTuple

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

PtBox = tuple[float, float, float, float]  # x0, y0, x1, y1 in PDF points, origin bottom left
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
WHITE = 255

TEXT, PATH, IMAGE, SHADING, FORM = (pdfium_c.FPDF_PAGEOBJ_TEXT, pdfium_c.FPDF_PAGEOBJ_PATH,
                                    pdfium_c.FPDF_PAGEOBJ_IMAGE, pdfium_c.FPDF_PAGEOBJ_SHADING,
                                    pdfium_c.FPDF_PAGEOBJ_FORM)
_new = tuple.__new__  # a NamedTuple made as tuple.__new__(Cls, fields) makes the same tuple without the class's
# Python-level __new__ (pages make hundreds of thousands; the page QA's modules share this one)
KINDS = {PATH: "path", IMAGE: "image", SHADING: "shading"}


class Paint(NamedTuple):
    """One painted object (path, image or shading) in points: box (clipped), paint order, what it paints."""

    box: PtBox
    z: int
    kind: str  # "path", "image" or "shading"
    fill: tuple[int, int, int, int] | None  # RGBA 0-255 of a filled path (None: not filled, or not a path)
    stroke: tuple[int, int, int, int] | None  # RGBA of a stroked path (None: not stroked)


class TextObject(NamedTuple):
    """A text object's place in the paint order, its text block and its clip (page space, None: unclipped); its
    pdfium handle, the object list holding it (a number) and that list's matrix to the page (None: the page's)."""

    z: int
    block: int
    clip: PtBox | None
    handle: Any = None
    container: int = 0
    matrix: Matrix | None = None


def mult(m: Matrix, n: Matrix) -> Matrix:
    """m then n (row vectors, as PDF writes matrices)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2, e * a2 + f * c2 + e2,
            e * b2 + f * d2 + f2)


def transform(m: Matrix, box: PtBox) -> PtBox:
    """The page box of a box through matrix m (the bounds of its four corners)."""
    a, b, c, d, e, f = m
    if b == 0 and c == 0:
        xs, ys = (a * box[0] + e, a * box[2] + e), (d * box[1] + f, d * box[3] + f)
    else:
        pts = [(a * x + c * y + e, b * x + d * y + f) for x in (box[0], box[2]) for y in (box[1], box[3])]
        xs, ys = tuple(p[0] for p in pts), tuple(p[1] for p in pts)
    return (min(xs), min(ys), max(xs), max(ys))


def meet(box: PtBox, clip: PtBox | None) -> PtBox:
    """box cut to clip (possibly empty: x0 >= x1 or y0 >= y1)."""
    if clip is None:
        return box
    return (max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3]))


class Reader:
    """ctypes out-parameters made once, and the calls that fill them."""

    def __init__(self) -> None:
        self.f = [ctypes.c_float() for _ in range(4)]
        self.pf = [ctypes.byref(v) for v in self.f]
        self.u = [ctypes.c_uint() for _ in range(4)]
        self.pu = [ctypes.byref(v) for v in self.u]
        self.mode, self.stroked = ctypes.c_int(), ctypes.c_int()
        self.pmode, self.pstroked = ctypes.byref(self.mode), ctypes.byref(self.stroked)
        self.m = pdfium_c.FS_MATRIX()
        self.pm = ctypes.byref(self.m)

    def bounds(self, obj: Any) -> PtBox | None:
        if not pdfium_c.FPDFPageObj_GetBounds(obj, *self.pf):
            return None
        f = self.f
        return (f[0].value, f[1].value, f[2].value, f[3].value)

    def matrix(self, obj: Any) -> Matrix:
        if not pdfium_c.FPDFPageObj_GetMatrix(obj, self.pm):
            return IDENTITY
        m = self.m
        return (m.a, m.b, m.c, m.d, m.e, m.f)

    def color(self, obj: Any, getter: Any) -> tuple[int, int, int, int] | None:
        """An object's fill or stroke colour (None: pdfium has none to give, as for a pattern)."""
        if not getter(obj, *self.pu):
            return None
        u = self.u
        return (u[0].value, u[1].value, u[2].value, u[3].value)

    def width(self, obj: Any) -> float:
        return self.f[0].value if pdfium_c.FPDFPageObj_GetStrokeWidth(obj, self.pf[0]) else 1.0

    def point(self, segment: Any) -> tuple[float, float]:
        pdfium_c.FPDFPathSegment_GetPoint(segment, self.pf[0], self.pf[1])
        return (self.f[0].value, self.f[1].value)

    def clip(self, obj: Any) -> tuple[PtBox | None, PtBox | None]:
        """The box of an object's clip paths in its container's space (the meet of each path's box) and the box of
        all their points (the layer checks' reading); (None, None) when it has none (pdfium keeps a clip only on
        objects reaching beyond it)."""
        clip = pdfium_c.FPDFPageObj_GetClipPath(obj)
        paths = pdfium_c.FPDFClipPath_CountPaths(clip) if clip else 0
        box: PtBox | None = None
        whole: PtBox | None = None
        get, at, fx, fy = pdfium_c.FPDFClipPath_GetPathSegment, pdfium_c.FPDFPathSegment_GetPoint, *self.pf[:2]
        vx, vy = self.f[0], self.f[1]
        for i in range(max(paths, 0)):
            xs, ys = [], []
            for j in range(max(pdfium_c.FPDFClipPath_CountPathSegments(clip, i), 0)):  # self.point, inline
                at(get(clip, i, j), fx, fy)
                xs.append(vx.value)
                ys.append(vy.value)
            if xs:
                own = (min(xs), min(ys), max(xs), max(ys))
                box = meet(own, box)
                whole = own if whole is None else (min(whole[0], own[0]), min(whole[1], own[1]),
                                                   max(whole[2], own[2]), max(whole[3], own[3]))
        return box, whole

    def outline(self, obj: Any, m: Matrix | None) -> PtBox | None:
        """The page box of a stroked path: its points (control points included) widened by half its stroke width
        every way, across only for one straight segment (butt caps); None for a path without points. (pdfium's
        bounds of a stroke reach a full width beyond the points: taken back by half a width.)"""
        n = pdfium_c.FPDFPath_CountSegments(obj)
        own = self.matrix(obj)
        if m is not None:
            own = mult(own, m)
        a, b, c, d = own[:4]
        half = self.width(obj) * math.sqrt(abs(a * d - b * c)) / 2
        if n == 2:
            (x0, y0), (x1, y1) = (_apply(own, self.point(pdfium_c.FPDFPath_GetPathSegment(obj, i))) for i in (0, 1))
            hx, hy = (0.0, half) if abs(y0 - y1) < 1e-6 else (half, 0.0) if abs(x0 - x1) < 1e-6 else (half, half)
            return (min(x0, x1) - hx, min(y0, y1) - hy, max(x0, x1) + hx, max(y0, y1) + hy)
        box = self.bounds(obj)
        if box is None or n < 2:
            return None
        if m is not None:
            box = transform(m, box)
        return (box[0] + half, box[1] + half, box[2] - half, box[3] - half)


def chain_scale(chain: tuple[Matrix, ...]) -> float:
    """The vertical scale of the forms holding an object (a form that does not scale counts 1)."""
    scale = 1.0
    for m in chain:
        scale *= abs(m[3]) or 1.0
    return scale


def _apply(m: Matrix, p: tuple[float, float]) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * p[0] + c * p[1] + e, b * p[0] + d * p[1] + f)


def address(handle: Any) -> int:
    """A pdfium object handle as a number (the same object, the same number)."""
    return ctypes.addressof(handle.contents) if handle else 0


class Layered(NamedTuple):
    """An object the layer checks read (pageqa/layers.py): a text object, or a path or image that paints opaque
    (no transparency; a path filled with an opaque colour). chain: the matrices of the forms holding it, outermost
    first; clip: the box of all its own clip path's points in its container's space (None: unclipped); outer: the
    clip of the forms holding it (page space, pt; None: none), which pdfium does not put on the objects inside a
    form (a figure cropped from a larger drawing: its shapes reach past the crop only where nothing shows them)."""

    kind: int  # TEXT, PATH or IMAGE
    z: int
    handle: Any
    chain: tuple[Matrix, ...]
    clip: PtBox | None
    outer: PtBox | None = None


LAYER_DEPTH = 8  # the layer checks read objects at most this many forms deep (as pypdfium2's get_objects(max_depth=8))


def walk(page: Any, layered: list[Layered] | None = None, paths: list[Layered] | None = None, placed: Any = None
         ) -> tuple[list[Paint], dict[int, TextObject]]:
    """Every painted object of a pdfium page in paint order, and its text objects by address; with `layered`, the
    objects the layer checks read are added to it in the same walk, in paint order; with `paths`, every path object
    (the tunnel links' reading, pageqa/tunnels.py), in paint order. placed: called for each form on the page itself
    (pageqa/faces.py: a drawing placed there) as placed(form, its matrix, its clip, state, visit, paints, texts,
    layered); when it returns True it has read the form (or taken its reading) itself and the walk goes on after
    it."""
    reader = Reader()
    paints: list[Paint] = []
    texts: dict[int, TextObject] = {}
    state = [0, 0, False]  # objects met (the paint order), text blocks begun, whether the last object was text
    transparent = pdfium_c.FPDFPageObj_HasTransparency
    get_type, get_clip, count_paths = (pdfium_c.FPDFPageObj_GetType, pdfium_c.FPDFPageObj_GetClipPath,
                                       pdfium_c.FPDFClipPath_CountPaths)
    addressof = ctypes.addressof
    new = _new
    add_layer = layered.append if layered is not None else None
    add_path = paths.append if paths is not None else None

    paint = _paint
    form_count, form_get, get_matrix = (pdfium_c.FPDFFormObj_CountObjects, pdfium_c.FPDFFormObj_GetObject,
                                        reader.matrix)

    def visit(parent: Any, count: Any, get: Any, m: Matrix | None, clip: PtBox | None,
              chain: tuple[Matrix, ...]) -> None:
        container = state[0]
        layer = add_layer is not None and len(chain) < LAYER_DEPTH
        outer = clip if chain else None
        z = container
        for i in range(count(parent)):
            obj = get(parent, i)
            kind = get_type(obj)
            z += 1
            cp = get_clip(obj)
            if cp and count_paths(cp) > 0:  # most objects have none (-1)
                own, whole = reader.clip(obj)
                here = meet(own if m is None else transform(m, own), clip) if own is not None else clip
            else:
                whole, here = None, clip
            if kind == TEXT:
                state[0] = z
                if not state[2]:
                    state[1] += 1
                    state[2] = True
                texts[addressof(obj.contents)] = new(TextObject, (z, state[1], here, obj, container, m))
                if layer:
                    add_layer(new(Layered, (kind, z, obj, chain, whole, outer)))  # type: ignore[misc]
                continue
            state[2] = False
            if kind == FORM:
                state[0] = z
                fm = get_matrix(obj)
                if placed is None or chain or not placed(obj, fm, here, state, visit, paints, texts, layered):
                    visit(obj, form_count, form_get, fm if m is None else mult(fm, m), here, chain + (fm,))
                z = state[0]
            elif kind in KINDS:
                if add_path is not None and kind == PATH:
                    add_path(new(Layered, (kind, z, obj, chain, whole, None)))
                if paint(reader, obj, kind, m, here, z, paints) and layer and kind != SHADING and not transparent(obj):
                    add_layer(new(Layered, (kind, z, obj, chain, whole, outer)))  # type: ignore[misc]
        state[0] = z

    try:
        visit(page, pdfium_c.FPDFPage_CountObjects, pdfium_c.FPDFPage_GetObject, None, None, ())
    finally:
        visit = None  # type: ignore[assignment]  # it calls itself through its closure: a reference cycle that would
        # keep the whole walk (every handle, paint and text) alive until the cycle collector came round
    return paints, texts


_DRAW_MODE, _FILL, _STROKE, _BOUNDS = (pdfium_c.FPDFPath_GetDrawMode, pdfium_c.FPDFPageObj_GetFillColor,
                                      pdfium_c.FPDFPageObj_GetStrokeColor, pdfium_c.FPDFPageObj_GetBounds)


def _paint(reader: Reader, obj: Any, kind: int, m: Matrix | None, clip: PtBox | None, z: int,
           out: list[Paint]) -> bool:
    """The Paint of one path, image or shading added to out (nothing when nothing of it shows); whether it paints
    opaque for the layer checks (an image or shading, or a path filled with a colour pdfium gives, alpha 255)."""
    fill = stroke = None
    box = None
    opaque = True
    if kind == PATH:
        _DRAW_MODE(obj, reader.pmode, reader.pstroked)
        if reader.mode.value:
            u = reader.u
            if _FILL(obj, *reader.pu):
                fill = (u[0].value, u[1].value, u[2].value, u[3].value)
                opaque = fill[3] == 255
            else:
                opaque = False
                fill = (0, 0, 0, 255)
        else:
            opaque = False
        if reader.stroked.value:
            u = reader.u
            stroke = (u[0].value, u[1].value, u[2].value, u[3].value) if _STROKE(obj, *reader.pu) else (0, 0, 0, 255)
            box = reader.outline(obj, m)
        if fill is None and stroke is None:
            return opaque
    if box is None:
        f = reader.f
        if not _BOUNDS(obj, *reader.pf):
            return opaque
        box = (f[0].value, f[1].value, f[2].value, f[3].value)
        if m is not None:
            box = transform(m, box)
    if clip is not None:
        box = (max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3]))
    if box[0] < box[2] and box[1] < box[3]:
        out.append(_new(Paint, (box, z, KINDS[kind], fill, stroke)))
    return opaque


def white(color: tuple[int, int, int, int] | None) -> bool:
    """Paper white (any alpha)."""
    return color is not None and color[0] >= WHITE and color[1] >= WHITE and color[2] >= WHITE


def each_page(data: bytes, skip: frozenset[int] = frozenset()) -> Iterator[tuple[int, "PdfiumPage"]]:
    """Every page of a PDF but those numbered in skip, with its number (from 1), each open until the next one is
    asked for; the document is closed at the end (or when the caller stops)."""
    doc = pdfium.PdfDocument(data)
    try:
        for n in range(1, len(doc) + 1):
            if n in skip:
                continue
            handle = pdfium_c.FPDF_LoadPage(doc.raw, n - 1)  # as PdfDocument.get_page, without its helper object
            if not handle:
                raise pdfium.PdfiumError("Failed to load page.")
            page = PdfiumPage(handle)
            try:
                yield n, page
            finally:
                page.close()
    finally:
        doc.close()


class PdfiumPage:
    """A page opened through pdfium's C API, with the calls of pypdfium2's PdfPage the page QA makes (the same C
    calls; a PdfPage serves as well): without the helper's finalizer and weak references for the page and its text page (about 3 % of the
    QA). Its text pages are closed by their users before the page (pages.py, read.py)."""

    __slots__ = ("raw", "_as_parameter_")

    def __init__(self, handle: Any) -> None:
        self.raw = self._as_parameter_ = handle

    def get_width(self) -> float:
        return pdfium_c.FPDF_GetPageWidthF(self.raw)

    def get_height(self) -> float:
        return pdfium_c.FPDF_GetPageHeightF(self.raw)

    def get_mediabox(self) -> tuple[float, float, float, float]:
        """The media box (PdfPage.get_mediabox: US Letter when the page has none)."""
        box = [ctypes.c_float() for _ in range(4)]
        if not pdfium_c.FPDFPage_GetMediaBox(self.raw, *box):
            return (0, 0, 612, 792)
        return (box[0].value, box[1].value, box[2].value, box[3].value)

    def get_textpage(self) -> "PdfiumTextPage":
        handle = pdfium_c.FPDFText_LoadPage(self.raw)
        if not handle:
            raise pdfium.PdfiumError("Failed to load text page.")
        return PdfiumTextPage(handle)

    def close(self) -> None:
        if self.raw is not None:
            pdfium_c.FPDF_ClosePage(self.raw)
            self.raw = self._as_parameter_ = None


class PdfiumTextPage:
    """A text page opened through pdfium's C API (PdfiumPage.get_textpage); closed, its handle is None (a text read after
    reads nothing, as from a closed PdfTextPage)."""

    __slots__ = ("raw", "_as_parameter_")

    def __init__(self, handle: Any) -> None:
        self.raw = self._as_parameter_ = handle

    def close(self) -> None:
        if self.raw is not None:
            pdfium_c.FPDFText_ClosePage(self.raw)
            self.raw = self._as_parameter_ = None
