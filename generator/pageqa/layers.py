"""Page checks that need what the page paints and in which order (issue 33): text hidden beneath later drawing,
mixed type families on one card, card text under 7 pt, text too close under a card's header band.

The checks are pure functions of plain data: Ink items (text or filled shape: box in mm from the top left, paint
order, and for text its family and point size) and the reader's Runs and marks (generator.pageqa.read). `inks()`
reads the Ink items of a PDF with pdfium (page objects in paint order, forms followed with their matrices).
"""

from __future__ import annotations

import ctypes
import math
import re
from typing import NamedTuple

from . import links
from .read import PT_PER_MM, Box, Run

CARD_MIN_PT = 7.0  # rules text on a card (the reader's small print elsewhere keeps check.MIN_PT)
BAND_GAP_MM = 1.5  # between a card's header band and the first text under it
FOOTER_MM = 7.5  # a card's imprint line (small print in the condensed face, every component) sits this close to the
# trim's bottom edge; the card rules (one family, CARD_MIN_PT) are about the text above it
COVERED = 0.5  # share of a text's box a later filled shape must cover to hide it
STYLE_WORDS = re.compile(r"(Regular|Bold|Italic|Oblique|Book|Medium|Light)", re.I)


class Ink(NamedTuple):
    """One painted object: 'text' (its words, family, point size), 'fill' (an opaque filled shape or image), and on a
    page with tunnel links (pageqa/links.py) 'link' (a link's points; size: half its stroke width, mm) and 'piece'
    (a piece of a path painted after the first link: an icon's, an arrow's, a wall's)."""

    kind: str
    box: Box
    z: int  # paint order on the page
    text: str = ""
    family: str = ""
    size: float = 0.0
    shown: float = 1.0  # share of a text's box inside its clip path (0: clipped away, never printed)
    points: tuple[tuple[float, float], ...] = ()  # a link's points, mm from the top left


def family(base_font: str) -> str:
    """The type family of a PDF base font name: 'ABCDEF+PTSans-NarrowBold' -> 'PTSans-Narrow', 'PTSans-Bold' ->
    'PTSans'."""
    name = base_font.split("+", 1)[-1]
    head, _, style = name.partition("-")
    rest = STYLE_WORDS.sub("", style)
    return f"{head}-{rest}" if rest else head


def _area(b: Box) -> float:
    return max(0.0, b[2] - b[0]) * max(0.0, b[3] - b[1])


def _cut(a: Box, b: Box) -> Box:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def _card_text(b: Box, slots: list[tuple[str, Box]]) -> str | None:
    """The card place whose text (the imprint line at its foot aside) holds box b, or None."""
    for name, t in slots:
        if _centre_in(b, t):
            return None if b[1] >= t[3] - FOOTER_MM else name
    return None


def _centre_in(b: Box, area: Box) -> bool:
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    return area[0] <= cx <= area[2] and area[1] <= cy <= area[3]


def hidden_text(inks: list[Ink]) -> list[str]:
    """Text that a shape painted after it covers (at least COVERED of its box), or that its clip cuts away:
    invisible on paper, yet found by text search and read by screen readers."""
    fills = [i for i in inks if i.kind == "fill"]
    out = []
    for t in inks:
        if t.kind != "text" or not t.text.strip() or _area(t.box) <= 0:
            continue
        where = f"at ({t.box[0]:.1f}, {t.box[1]:.1f}) mm"
        if t.shown < COVERED:
            out.append(f"text {t.text.strip()[:40]!r} lies outside its drawing's clip (cut away) {where}")
        elif any(f.z > t.z and _area(_cut(t.box, f.box)) >= COVERED * _area(t.box) for f in fills):
            out.append(f"text {t.text.strip()[:40]!r} is drawn beneath a shape painted after it {where}")
    return out


def mixed_families(inks: list[Ink], slots: list[tuple[str, Box]]) -> list[str]:
    """Cards whose text (the imprint line aside) is set in more than one type family (e.g. PT Sans Narrow beside PT
    Sans)."""
    out = []
    for name, _ in slots:
        used = sorted({i.family for i in inks if i.kind == "text" and i.text.strip() and _card_text(i.box, slots) == name})
        if len(used) > 1:
            out.append(f"{name}: text in {len(used)} type families ({', '.join(used)}); a card uses one")
    return out


def card_small_type(runs: tuple[Run, ...], slots: list[tuple[str, Box]]) -> list[str]:
    """Text on a card (the imprint line aside) set under CARD_MIN_PT."""
    out = []
    for text, box, _, size, *_ in runs:
        where = _card_text(box, slots)
        if where and size < CARD_MIN_PT - 0.05:
            out.append(f"{where}: text {text.strip()[:40]!r} is {size:.1f} pt (a card's text: at least "
                       f"{CARD_MIN_PT:g} pt)")
    return out


def band_gap(runs: tuple[Run, ...], marks: tuple[Box, ...], slots: list[tuple[str, Box]]) -> list[str]:
    """Text under a card's header band (a full-width painted band from the card's top edge, ending in its upper
    third) that starts less than BAND_GAP_MM below it."""
    out = []
    for name, t in slots:
        bottom = band_bottom(marks, t)
        if bottom is None:
            continue
        for text, b, *_ in runs:
            if _centre_in(b, t) and b[1] >= bottom - 0.05 and b[1] - bottom < BAND_GAP_MM - 0.01:
                out.append(f"{name}: text {text.strip()[:40]!r} starts {b[1] - bottom:.2f} mm under the header "
                           f"band (at least {BAND_GAP_MM:g} mm)")
    return out


def band_bottom(marks: tuple[Box, ...], t: Box) -> float | None:
    """The bottom (mm) of the header band of the card whose trim is t: a full-width painted band from the card's top
    edge, ending in its upper third; None when the card has none."""
    w, h = t[2] - t[0], t[3] - t[1]
    bands = [m for m in marks if m[0] <= t[0] + 0.5 and m[2] >= t[2] - 0.5 and m[1] <= t[1] + 0.5
             and t[1] < m[3] < t[1] + h / 3 and m[2] - m[0] < w + 20]
    return max(m[3] for m in bands) if bands else None


def inks(data: bytes, tunnels: bool = False) -> list[list[Ink]]:
    """Every page's text objects and opaque filled shapes, in paint order, boxes in mm from the top left; with
    tunnels, also the board's tunnel links and the pieces painted over them (pageqa/links.py)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(data)
    try:
        return [_page_inks(doc[n], raw, tunnels) for n in range(len(doc))]
    finally:
        doc.close()


def _page_inks(page, raw, tunnels: bool = False) -> list[Ink]:
    height = page.get_height()
    textpage = page.get_textpage()
    forms: dict[int, object] = {}  # level -> the matrix of the form object last met at that level
    out: list[Ink] = []
    linked = False  # a tunnel link met: every path after it is read piece by piece (links.link_crossings)
    for z, obj in enumerate(page.get_objects(max_depth=8)):
        kind = obj.type
        if kind == raw.FPDF_PAGEOBJ_FORM:
            forms[obj.level] = obj.get_matrix()
            continue
        if tunnels and kind == raw.FPDF_PAGEOBJ_PATH:
            if links.stroke_rgb(raw, obj) == links.LINK_RGB:
                linked = True
                out.extend(_link_inks(raw, obj, forms, height, z))
                continue
            if linked and links.fill_rgb(raw, obj) != links.LINK_RGB:  # a link's end dot is the link's own
                out.extend(_piece_inks(raw, obj, forms, height, z))
        if kind not in (raw.FPDF_PAGEOBJ_TEXT, raw.FPDF_PAGEOBJ_PATH, raw.FPDF_PAGEOBJ_IMAGE):
            continue
        if kind != raw.FPDF_PAGEOBJ_TEXT and (raw.FPDFPageObj_HasTransparency(obj) or
                                              kind == raw.FPDF_PAGEOBJ_PATH and not _opaque_fill(raw, obj)):
            continue  # see-through or unfilled: hides nothing
        if kind == raw.FPDF_PAGEOBJ_TEXT:
            size = ctypes.c_float()
            raw.FPDFTextObj_GetFontSize(obj, size)
            scale = abs(obj.get_matrix().get()[3]) * _scale(forms, obj.level)
            bounds, clip = obj.get_bounds(), _clip(raw, obj)
            shown = _area(_cut(bounds, clip)) / (_area(bounds) or 1.0) if clip else 1.0
            for box in _boxes(forms, obj.level, height, [bounds]):
                out.append(Ink("text", box, z, _text(raw, obj, textpage), family(_font(raw, obj)), size.value * scale,
                               shown))
            continue
        parts = _subpaths(raw, obj) if kind == raw.FPDF_PAGEOBJ_PATH else [obj.get_bounds()]
        clip = _clip(raw, obj)
        for box in _boxes(forms, obj.level, height, [_cut(b, clip) if clip else b for b in parts]):
            out.append(Ink("fill", box, z))
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


def _subpaths(raw, obj) -> list[Box]:
    """The bounding box of each closed piece of a filled path (a path of many squares hides only under them)."""
    m = obj.get_matrix()
    out: list[list[float]] = []  # per piece: x0, y0, x1, y1, points
    for n in range(raw.FPDFPath_CountSegments(obj)):
        seg = raw.FPDFPath_GetPathSegment(obj, n)
        x, y = ctypes.c_float(), ctypes.c_float()
        raw.FPDFPathSegment_GetPoint(seg, x, y)
        px, py = m.on_point(x.value, y.value)
        if raw.FPDFPathSegment_GetType(seg) == raw.FPDF_SEGMENT_MOVETO or not out:
            out.append([px, py, px, py, 0])
        b = out[-1]
        b[:] = [min(b[0], px), min(b[1], py), max(b[2], px), max(b[3], py), b[4] + 1]
    return [tuple(b[:4]) for b in out if b[4] >= 3]  # a lone line encloses nothing: its fill paints nothing


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


def _text(raw, obj, textpage) -> str:
    n = raw.FPDFTextObj_GetText(obj, textpage, None, 0)
    buf = (ctypes.c_ushort * max(n, 1))()
    raw.FPDFTextObj_GetText(obj, textpage, buf, n)
    return bytes(buf).decode("utf-16-le", "ignore").rstrip("\x00")


def _font(raw, obj) -> str:
    font = raw.FPDFTextObj_GetFont(obj)
    n = raw.FPDFFont_GetBaseFontName(font, None, 0)
    buf = ctypes.create_string_buffer(max(n, 1))
    raw.FPDFFont_GetBaseFontName(font, buf, n)
    return buf.value.decode("latin-1")


def _opaque_fill(raw, obj) -> bool:
    mode, stroke = ctypes.c_int(), ctypes.c_int()
    if not raw.FPDFPath_GetDrawMode(obj, mode, stroke) or mode.value == 0:
        return False
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    return bool(raw.FPDFPageObj_GetFillColor(obj, r, g, b, a)) and a.value == 255
