"""Page checks that need what the page paints and in which order (issue 33): text hidden beneath later drawing,
mixed type families on one card, card text under 7 pt, text too close under a card's header band.

The checks are pure functions of plain data: Ink items (text or filled shape: box in mm from the top left, paint
order, and for text its family and point size) and the reader's Runs and marks (generator.pageqa.read). `inks()`
reads the Ink items of a PDF with pdfium (page objects in paint order, forms followed with their matrices).
"""

from __future__ import annotations

import bisect
import ctypes
import re
from functools import partial
from typing import Any, Callable, NamedTuple

import pypdfium2.raw as raw

from .objects import TEXT, Layered, Reader, _new
from .read import PT_PER_MM, Box, Run

CARD_MIN_PT = 7.5  # rules text on a card (issue 47: readable reference cards; the reader's small print elsewhere keeps check.MIN_PT)
BAND_GAP_MM = 1.5  # between a card's header band and the first text under it
FOOTER_MM = 7.5  # a card's imprint line (small print in the condensed face, every component) sits this close to the
# trim's bottom edge; the card rules (one family, CARD_MIN_PT) are about the text above it
COVERED = 0.5  # share of a text's box a later filled shape must cover to hide it
STYLE_WORDS = re.compile(r"(Regular|Bold|Italic|Oblique|Book|Medium|Light)", re.I)


class Ink(NamedTuple):
    """One painted object: 'text' (its words, family, point size) or 'fill' (an opaque filled shape or image)."""

    kind: str
    box: Box
    z: int  # paint order on the page
    text: str = ""
    family: str = ""
    size: float = 0.0
    shown: float = 1.0  # share of a text's box inside its clip path (0: clipped away, never printed)
    read: Callable[[], str] | None = None  # reads `text` from the page on demand (a page being checked: words())
    points: tuple[tuple[float, float], ...] = ()  # a tunnel link's points, mm from the top left (pageqa/tunnels.py)


def words(ink: Ink) -> str:
    """An Ink's text, read from its page when it was left to be read on demand."""
    return ink.text if ink.read is None else ink.read()


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
    fills = sorted((i.z, i.box) for i in inks if i.kind == "fill")
    out = []
    for t in inks:
        if t.kind != "text":
            continue
        x0, y0, x1, y1 = t.box
        area = max(0.0, x1 - x0) * max(0.0, y1 - y0)
        if area <= 0:
            continue
        if t.shown < COVERED:
            found = "lies outside its drawing's clip (cut away)"
        else:
            need, found = COVERED * area, ""
            for z, (u0, v0, u1, v1) in reversed(fills):  # latest first: only those painted after the text count
                if z <= t.z:
                    break
                w, h = min(x1, u1) - max(x0, u0), min(y1, v1) - max(y0, v0)
                if w > 0 and h > 0 and w * h >= need:
                    found = "is drawn beneath a shape painted after it"
                    break
            if not found:
                continue
        text = words(t)
        if text.strip():
            out.append(f"text {text.strip()[:40]!r} {found} at ({x0:.1f}, {y0:.1f}) mm")
    return out


def mixed_families(inks: list[Ink], slots: list[tuple[str, Box]]) -> list[str]:
    """Cards whose text (the imprint line aside) is set in more than one type family (e.g. PT Sans Narrow beside PT
    Sans)."""
    by_card: dict[str, list[Ink]] = {}
    for i in inks:
        if i.kind == "text":
            name = _card_text(i.box, slots)
            if name is not None:
                by_card.setdefault(name, []).append(i)
    out = []
    for name, _ in slots:
        texts = by_card.get(name, [])
        if len({i.family for i in texts}) < 2:
            continue  # one family at most, whatever the texts say
        used = sorted({i.family for i in texts if words(i).strip()})
        if len(used) > 1:
            out.append(f"{name}: text in {len(used)} type families ({', '.join(used)}); a card uses one")
    return out


def card_small_type(runs: tuple[Run, ...], slots: list[tuple[str, Box]], index: "CardRuns | None" = None
                    ) -> list[str]:
    """Text on a card (the imprint line aside) set under CARD_MIN_PT (index: the runs sorted into the card places,
    made here when not given)."""
    out = []
    if not slots:
        return out
    index = index or CardRuns(runs, slots)
    for (text, box, _, size, *_), k in zip(runs, index.first):
        if k is None:
            continue
        name, t = slots[k]  # the first card place holding the run's centre (_card_text)
        where = None if box[1] >= t[3] - FOOTER_MM else name
        if where and size < CARD_MIN_PT - 0.05:
            out.append(f"{where}: text {text.strip()[:40]!r} is {size:.1f} pt (a card's text: at least "
                       f"{CARD_MIN_PT:g} pt)")
    return out


def band_gap(runs: tuple[Run, ...], marks: tuple[Box, ...], slots: list[tuple[str, Box]],
             index: "CardRuns | None" = None) -> list[str]:
    """Text under a card's header band (a full-width painted band from the card's top edge, ending in its upper
    third) that starts less than BAND_GAP_MM below it (index: the runs sorted into the card places)."""
    out: list[str] = []
    if not slots:
        return out
    index = index or CardRuns(runs, slots)
    for k, (name, t) in enumerate(slots):
        bottom = index.band(k, marks, t)
        if bottom is None:
            continue
        for text, b, *_ in index.inside[k]:  # the runs whose centre the card holds, in the page's order
            if b[1] >= bottom - 0.05 and b[1] - bottom < BAND_GAP_MM - 0.01:
                out.append(f"{name}: text {text.strip()[:40]!r} starts {b[1] - bottom:.2f} mm under the header "
                           f"band (at least {BAND_GAP_MM:g} mm)")
    return out


class CardRuns:
    """A page's runs sorted into its card places once for every card rule: per place the runs whose centre lies in
    its trim (edges included), in the page's order (`inside`), and per run the first place holding its centre
    (`first`; None: no card's)."""

    def __init__(self, runs: tuple[Run, ...], slots: list[tuple[str, Box]]) -> None:
        self.inside: list[list[Run]] = [[] for _ in slots]
        self.first: list[int | None] = []
        trims = [(k, t[0], t[1], t[2], t[3]) for k, (_, t) in enumerate(slots)]
        for r in runs:
            b = r[1]
            cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
            first = None
            for k, x0, y0, x1, y1 in trims:
                if x0 <= cx <= x1 and y0 <= cy <= y1:
                    self.inside[k].append(r)
                    if first is None:
                        first = k
            self.first.append(first)
        self.bands: dict[int, float | None] = {}

    def band(self, k: int, marks: tuple[Box, ...], t: Box) -> float | None:
        """band_bottom of card place k (trim t) among the page's marks, found once for the card rules."""
        if k not in self.bands:
            self.bands[k] = band_bottom(marks, t)
        return self.bands[k]


def band_bottom(marks: tuple[Box, ...], t: Box) -> float | None:
    """The bottom (mm) of the header band of the card whose trim is t: a full-width painted band from the card's top
    edge, ending in its upper third; None when the card has none."""
    w, h = t[2] - t[0], t[3] - t[1]
    bands = [m for m in marks if m[0] <= t[0] + 0.5 and m[2] >= t[2] - 0.5 and m[1] <= t[1] + 0.5
             and t[1] < m[3] < t[1] + h / 3 and m[2] - m[0] < w + 20]
    return max(m[3] for m in bands) if bands else None


def page_inks(layered: list[Layered], height: float, textpage: Any) -> list[Ink]:
    """The Ink items of one page's layered objects (objects.walk; the page and its text page open while they are
    used: a text's words are read on demand; its size is left 0: inks() reads it). A shape that covers too little of every text painted before it to hide
    one is left out (it hides nothing: only hidden_text reads shapes)."""
    reader = Reader()
    fonts: dict[int, str] = {}
    out: list[Ink] = []
    earlier = _Texts()  # the texts so far
    for obj in layered:
        chain = obj.chain
        if obj.kind != TEXT and not earlier:
            continue  # nothing painted before it to hide
        bounds = reader.bounds(obj.handle)
        if bounds is None:
            raise ValueError("pdfium gives no bounds for a page object")
        outer = _boxes((), height, [obj.outer])[0] if obj.outer else None  # the forms' clip, mm from the top left
        if obj.kind == TEXT:
            shown = _area(_cut(bounds, obj.clip)) / (_area(bounds) or 1.0) if obj.clip else 1.0
            for box in _boxes(chain, height, [bounds]):
                seen = shown * (_area(_cut(box, outer)) / (_area(box) or 1.0) if outer else 1.0)
                out.append(Ink("text", box, obj.z, "", _family(obj.handle, fonts), 0.0, seen,
                               partial(_text, obj.handle, textpage)))
                earlier.add(box)
            continue
        if obj.kind == raw.FPDF_PAGEOBJ_PATH:
            whole = _boxes(chain, height, [_cut(bounds, obj.clip) if obj.clip else bounds])
            if not whole or not earlier.may_hide(whole[0]):
                continue
            parts = _subpaths(reader, obj.handle)
        else:
            parts = [bounds]
        for box in _boxes(chain, height, [_cut(b, obj.clip) if obj.clip else b for b in parts]):
            box = _cut(box, outer) if outer else box
            if box[0] < box[2] and box[1] < box[3]:
                out.append(Ink("fill", box, obj.z))
    return out


class Layer(NamedTuple):
    """A layered object read for composing pages (pageqa/faces.py): 'text' or 'fill', its boxes in page points
    (through its forms, before their clip: outer), paint order, and for text its family and the share of its box
    inside its own clip path."""

    kind: str
    boxes: tuple[Box, ...]
    z: int
    family: str = ""
    shown: float = 1.0
    outer: Box | None = None  # the clip of the forms holding it (page points; None: none)
    read: Callable[[], str] | None = None


def layer_reads(layered: list[Layered], textpage: Any) -> list[Layer]:
    """page_inks' reading of layered objects in page points, every shape kept (page_inks leaves out shapes that
    cannot hide a text painted before them on the page: they change no finding)."""
    reader = Reader()
    fonts: dict[int, str] = {}
    out = []
    for obj in layered:
        bounds = reader.bounds(obj.handle)
        if bounds is None:
            raise ValueError("pdfium gives no bounds for a page object")
        if obj.kind == TEXT:
            shown = _area(_cut(bounds, obj.clip)) / (_area(bounds) or 1.0) if obj.clip else 1.0
            out.append(Layer("text", tuple(_carried(obj.chain, [bounds])), obj.z, _family(obj.handle, fonts), shown,
                             obj.outer, partial(_text, obj.handle, textpage)))
            continue
        parts = _subpaths(reader, obj.handle) if obj.kind == raw.FPDF_PAGEOBJ_PATH else [bounds]
        out.append(Layer("fill", tuple(_carried(obj.chain, [_cut(b, obj.clip) if obj.clip else b for b in parts])),
                         obj.z, outer=obj.outer))
    return out


def placed_inks(layers: Any, height: float, dx: float = 0.0, dy: float = 0.0, clip: Box | None = None, z: int = 0,
                text: str = "") -> list[Ink]:
    """The Ink items of layer_reads moved by (dx, dy) points and paint order z, under one more clip (page points;
    a drawing placed again: its texts then read as `text`, a stand-in, as their words are not at hand)."""
    out = []
    k = PT_PER_MM
    for layer in layers:
        outer = layer.outer
        if dx or dy:
            outer = (outer[0] + dx, outer[1] + dy, outer[2] + dx, outer[3] + dy) if outer else None
        outer = (_cut(outer, clip) if outer else clip) if clip else outer
        cut = _boxes((), height, [outer])[0] if outer else None
        at = layer.z + z
        if layer.kind == "text":
            for b in layer.boxes:
                if dx or dy:
                    b = (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
                box = (b[0] / k, (height - b[3]) / k, b[2] / k, (height - b[1]) / k)  # _mm
                seen = layer.shown * (_area(_cut(box, cut)) / (_area(box) or 1.0) if cut else 1.0)
                out.append(_new(Ink, ("text", box, at, text, layer.family, 0.0, seen, None if text else layer.read,
                                      ())))
            continue
        for b in layer.boxes:
            if dx or dy:
                b = (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
            x0, y0, x1, y1 = b[0] / k, (height - b[3]) / k, b[2] / k, (height - b[1]) / k  # _mm
            if cut:  # _cut
                x0, y0, x1, y1 = max(x0, cut[0]), max(y0, cut[1]), min(x1, cut[2]), min(y1, cut[3])
            if x0 < x1 and y0 < y1:
                out.append(_new(Ink, ("fill", (x0, y0, x1, y1), at, "", "", 0.0, 1.0, None, ())))
    return out


def hiding(inks: list[Ink]) -> list[Ink]:
    """Ink items in paint order less the shapes that cannot cover COVERED of a text painted before them (page_inks
    leaves them out as it reads: they change no finding of hidden_text, the only rule reading shapes)."""
    earlier = _Texts()
    out = []
    for i in inks:
        if i.kind == "text":
            earlier.add(i.box)
        elif not earlier or not earlier.may_hide(i.box):
            continue
        out.append(i)
    return out


class _Texts:
    """The boxes of the texts painted so far on a page, by their top edge: which of them a shape could hide."""

    def __init__(self) -> None:
        self.tops: list[float] = []
        self.boxes: list[tuple[Box, float]] = []  # box and COVERED share of its area, in the order of tops
        self.tallest = 0.0

    def __bool__(self) -> bool:
        return bool(self.tops)

    def add(self, box: Box) -> None:
        at = bisect.bisect_right(self.tops, box[1])
        self.tops.insert(at, box[1])
        self.boxes.insert(at, (box, COVERED * _area(box)))
        self.tallest = max(self.tallest, box[3] - box[1])

    def may_hide(self, box: Box) -> bool:
        """Whether a shape within box (give or take pdfium's rounding) could cover COVERED of one of the texts."""
        e = 0.001  # mm: pdfium's bounds are single floats
        x0, y0, x1, y1 = box[0] - e, box[1] - e, box[2] + e, box[3] + e
        first = bisect.bisect_left(self.tops, y0 - self.tallest)  # a text above that cannot reach down to y0
        last = bisect.bisect_right(self.tops, y1)
        for (u0, v0, u1, v1), need in self.boxes[first:last]:
            w, h = min(x1, u1) - max(x0, u0), min(y1, v1) - max(y0, v0)
            if w > 0 and h > 0 and w * h >= need * (1 - 1e-6):
                return True
        return False


def _subpaths(reader: Reader, obj: Any) -> list[Box]:
    """The bounding box of each closed piece of a filled path (a path of many squares hides only under them)."""
    a, b, c, d, e, f = reader.matrix(obj)
    x, y = ctypes.c_float(), ctypes.c_float()
    px_, py_ = ctypes.byref(x), ctypes.byref(y)
    out: list[Box] = []
    get, point, kind, moveto = (raw.FPDFPath_GetPathSegment, raw.FPDFPathSegment_GetPoint,
                                raw.FPDFPathSegment_GetType, raw.FPDF_SEGMENT_MOVETO)
    x0 = y0 = x1 = y1 = 0.0
    points = -1  # the current piece's points so far (-1: none begun)
    for n in range(raw.FPDFPath_CountSegments(obj)):
        seg = get(obj, n)
        point(seg, px_, py_)
        xv, yv = x.value, y.value
        px, py = a * xv + c * yv + e, b * xv + d * yv + f
        if points < 0 or kind(seg) == moveto:
            if points >= 3:  # a lone line encloses nothing: its fill paints nothing
                out.append((x0, y0, x1, y1))
            x0, y0, x1, y1, points = px, py, px, py, 0
        # min and max as the builtins give them (the first of equals kept)
        x0, y0 = (px if px < x0 else x0), (py if py < y0 else y0)
        x1, y1 = (px if px > x1 else x1), (py if py > y1 else y1)
        points += 1
    if points >= 3:
        out.append((x0, y0, x1, y1))
    return out


def _boxes(chain: tuple[tuple[float, ...], ...], height: float, boxes: list[Box]) -> list[Box]:
    """Boxes in an object's space carried out through its forms to the page, in mm from the top left."""
    return [_mm(b, height) for b in _carried(chain, boxes)]


def _carried(chain: tuple[tuple[float, ...], ...], boxes: list[Box]) -> list[Box]:
    """Boxes in an object's space carried out through its forms to the page (points; empty ones left out)."""
    out = []
    for x0, y0, x1, y1 in boxes:
        if x1 <= x0 or y1 <= y0:
            continue
        for a, b, c, d, e, f in reversed(chain):  # innermost form first, out to the page (the bounds of
            # the box's corners: pypdfium2's PdfMatrix.on_rect, the same arithmetic)
            xs = (a * x0 + c * y1 + e, a * x0 + c * y0 + e, a * x1 + c * y1 + e, a * x1 + c * y0 + e)
            ys = (b * x0 + d * y1 + f, b * x0 + d * y0 + f, b * x1 + d * y1 + f, b * x1 + d * y0 + f)
            x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
        out.append((x0, y0, x1, y1))
    return out


def _mm(b: Box, height: float) -> Box:
    """A box in page points in mm from the top left."""
    return (b[0] / PT_PER_MM, (height - b[3]) / PT_PER_MM, b[2] / PT_PER_MM, (height - b[1]) / PT_PER_MM)


def _family(obj: Any, fonts: dict[int, str]) -> str:
    """The type family of a text object's font, looked up once per font."""
    font = raw.FPDFTextObj_GetFont(obj)
    key = ctypes.addressof(font.contents) if font else 0
    known = fonts.get(key)
    if known is None:
        known = fonts[key] = family(_font(font))
    return known


def _text(obj: Any, textpage: Any) -> str:
    n = raw.FPDFTextObj_GetText(obj, textpage, None, 0)
    buf = (ctypes.c_ushort * max(n, 1))()
    raw.FPDFTextObj_GetText(obj, textpage, buf, n)
    return bytes(buf).decode("utf-16-le", "ignore").rstrip("\x00")


def _font(font: Any) -> str:
    n = raw.FPDFFont_GetBaseFontName(font, None, 0)
    buf = ctypes.create_string_buffer(max(n, 1))
    raw.FPDFFont_GetBaseFontName(font, buf, n)
    return buf.value.decode("latin-1")
