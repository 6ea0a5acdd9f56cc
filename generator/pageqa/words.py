"""A page's printed words read through pdfium's text page (public C API, pypdfium2.raw): one entry per word with
its inked box, baseline, point size, font and the paint order of its text object. PDF points, origin bottom left.

The page's text comes in one call; a word (the characters between spaces, pdfium's own spaces for wide gaps
included) costs four calls: its first character's text object and origin, its last character's advance box. A
text object's size, turn and font are read once.
"""

from __future__ import annotations

import ctypes
import math
import re
from typing import Any, NamedTuple

import pypdfium2.raw as pdfium_c

from .objects import PtBox, Reader, TextObject, _new, address, meet

INK_DOWN, INK_UP = 0.16, 0.70  # a glyph's inked band around its baseline, in font sizes (below, above)
WORD = re.compile("[^\\s\ufffe]+\ufffe?|\ufffe")  # pdfium marks a hyphen that ends a line \ufffe (and joins the lines)
_SUBSET = re.compile(r"^[A-Z]{6}\+")  # a subset font's tag (ABCDEF+PTSans-Regular)


class Word(NamedTuple):
    """One printed word: text, inked box (points), turn (degrees), baseline offset across it (points), point
    size, font name, family, paint order and text block of its text object."""

    text: str
    box: PtBox
    angle: int
    across: float
    size: float
    font: str
    family: str
    z: int
    block: int


class _Style(NamedTuple):
    size: float
    angle: int
    cos: float
    sin: float
    font: str
    family: str
    z: int
    block: int
    clip: PtBox | None
    down: float  # INK_DOWN and INK_UP times the size: the inked band below and above the baseline
    up: float


_BUF = ctypes.create_string_buffer(1 << 14)  # _text's buffer for a page's characters


def _text(tp: Any, count: int) -> str:
    """The page's characters, one per index (pdfium's generated spaces and line ends included)."""
    global _BUF
    if len(_BUF) < 2 * (count + 1):  # grown, never made anew per page (ctypes makes a type for every new length)
        _BUF = ctypes.create_string_buffer(max(2 * (count + 1), 2 * len(_BUF)))
    pdfium_c.FPDFText_GetText(tp, 0, count, ctypes.cast(_BUF, ctypes.POINTER(ctypes.c_ushort)))
    text = ctypes.string_at(_BUF, 2 * count).decode("utf-16-le", "replace")
    if len(text) != count:  # characters beyond the BMP: one by one
        text = "".join(chr(pdfium_c.FPDFText_GetUnicode(tp, i) or 0xFFFD) for i in range(count))
    return text


def _font_names(obj: Any, fonts: dict[int, tuple[str, str]]) -> tuple[str, str]:
    """(base font name without its subset tag, family) of a text object's font, looked up once per font: the family
    is the base name up to its style (PTSans-Bold: PTSans; Arial,Bold: Arial), the same for every face of it."""
    font = pdfium_c.FPDFTextObj_GetFont(obj)
    key = address(font)
    known = fonts.get(key)
    if known is None:
        buf = ctypes.create_string_buffer(256)
        base = _SUBSET.sub("", buf.value.decode("utf-8", "replace")) \
            if pdfium_c.FPDFFont_GetBaseFontName(font, buf, 256) else ""
        known = fonts[key] = (base, re.split(r"[-,]", base)[0])
    return known


_SKIP = object()  # a line of text objects read_words leaves out (only=True)


def read_words(tp: Any, texts: dict[int, TextObject], only: bool = False) -> list[Word]:
    """Every word of a pdfium text page in reading order (texts: the page's text objects by address); with only,
    the words of those text objects alone (pageqa/faces.py: the others are a placed drawing read before)."""
    tp = getattr(tp, "raw", tp)  # a pypdfium2 helper's ctypes handle: each call then skips its _as_parameter_
    count = pdfium_c.FPDFText_CountChars(tp)
    if count <= 0:
        return []
    text = _text(tp, count)
    if only:
        text = _theirs(tp, text, texts)
    x, y = ctypes.c_double(), ctypes.c_double()
    px, py = ctypes.byref(x), ctypes.byref(y)
    rect = pdfium_c.FS_RECTF()
    prect = ctypes.byref(rect)
    m = pdfium_c.FS_MATRIX()
    pm = ctypes.byref(m)
    styles: dict[int, _Style] = {}
    fonts: dict[int, tuple[str, str]] = {}
    out: list[Word] = []
    get_object, origin, loose = (pdfium_c.FPDFText_GetTextObject, pdfium_c.FPDFText_GetCharOrigin,
                                 pdfium_c.FPDFText_GetLooseCharBox)
    def style_of(obj: Any, index: int) -> _Style:
        key = address(obj)
        style = styles.get(key)
        if style is None:
            style = styles[key] = _style(tp, index, obj, texts.get(key, TextObject(0, 0, None)), fonts, m, pm)
        return style

    def add(start: int, stop: int, style: _Style) -> None:
        box = _ink(style, x.value, y.value, rect)
        if style.clip is not None:
            box = meet(box, style.clip)
            if not (box[0] < box[2] and box[1] < box[3]):
                return
        word = text[start:stop]
        out.append(Word(word.replace("\ufffe", "-") if "\ufffe" in word else word, box, style.angle,
                        -x.value * style.sin + y.value * style.cos, style.size, style.font, style.family, style.z,
                        style.block))

    line_end, shared_style = -1, None  # the current line's end, its one text object's style (None: several)
    level = False  # the shared style is level (the common case): its fields below, read once per line
    down = up = size = 0.0
    font = family = ""
    z = block = 0
    clip: PtBox | None = None
    count_rects = pdfium_c.FPDFText_CountRects
    append = out.append
    for found in WORD.finditer(text):
        first, end = found.span()
        if first > line_end:  # a new line: when all of it is one text object, that object is asked for once
            line_end = text.find("\n", first)
            line_end = count if line_end < 0 else line_end
            shared_style = None
            if count_rects(tp, first, line_end - first) == 1:
                obj = get_object(tp, first)
                shared_style = _SKIP if only and address(obj) not in texts else style_of(obj, first)
            level = shared_style is not None and shared_style is not _SKIP and shared_style.angle == 0
            if level:
                size, _a, _c, _s, font, family, z, block, clip, down, up = shared_style  # type: ignore[misc]
        if shared_style is _SKIP:
            continue
        if shared_style is not None:  # the common case: two calls for the word
            origin(tp, first, px, py)
            loose(tp, end - 1, prect)
            if level:  # level (the common case): _ink, meet and add inline
                ox, oy = x.value, y.value
                right = rect.right
                x0, y0, x1, y1 = ox, oy - down, right if right > ox else ox, oy + up
                if clip is not None:  # meet(box, clip), as max and min give it
                    c0, c1, c2, c3 = clip
                    x0, y0 = (c0 if c0 > x0 else x0), (c1 if c1 > y0 else y0)
                    x1, y1 = (c2 if c2 < x1 else x1), (c3 if c3 < y1 else y1)
                    if not (x0 < x1 and y0 < y1):
                        continue
                word = found.group()
                append(_new(Word, (word.replace("\ufffe", "-") if "\ufffe" in word else word, (x0, y0, x1, y1), 0,
                                   oy, size, font, family, z, block)))
            else:
                add(first, end, shared_style)
            continue
        if count_rects(tp, first, end - first) <= 1:
            parts = [(first, end, get_object(tp, first))]
        else:  # letters of several text objects with no space between them: a word for each object
            parts = _by_object(tp, first, end)
        for start, stop, obj in parts:
            if only and address(obj) not in texts:
                continue
            style = style_of(obj, start)
            origin(tp, start, px, py)
            loose(tp, stop - 1, prect)
            add(start, stop, style)
    return out


def _theirs(tp: Any, text: str, texts: dict[int, TextObject]) -> str:
    """The page's characters with every line drawn by one text object not in texts blanked (read_words, only)."""
    parts = []
    at, count = 0, len(text)
    while at < count:
        end = text.find("\n", at)
        end = count if end < 0 else end  # the line as read_words takes it: up to its line end
        first = WORD.search(text, at, end)
        if first is not None and pdfium_c.FPDFText_CountRects(tp, first.start(), end - first.start()) == 1 and \
                address(pdfium_c.FPDFText_GetTextObject(tp, first.start())) not in texts:
            parts.append(" " * (end - at))
        else:
            parts.append(text[at:end])
        parts.append(text[end:end + 1])
        at = end + 1
    return "".join(parts)


def _by_object(tp: Any, first: int, end: int) -> list[tuple[int, int, Any]]:
    """Characters first..end-1 split where the text object drawing them changes: (start, stop, object)."""
    parts: list[tuple[int, int, Any]] = []
    last = None
    for i in range(first, end):
        obj = pdfium_c.FPDFText_GetTextObject(tp, i)
        key = address(obj)
        if parts and key == last:
            parts[-1] = (parts[-1][0], i + 1, parts[-1][2])
        else:
            parts.append((i, i + 1, obj))
            last = key
    return parts


def add_repeats(words: list[Word], texts: dict[int, TextObject]) -> list[Word]:
    """words with those of the text objects pdfium's text page leaves out: a text object showing what one of the
    few before it in the same object list shows, close to it, is taken for a shadow or fake bold and dropped. Here
    it is that earlier object's words moved by the distance between the two (the same text printed twice is what
    the page checks must see)."""
    by_z: dict[int, list[Word]] = {}
    for w in words:
        by_z.setdefault(w.z, []).append(w)
    reader = Reader()
    out = list(words)
    earlier: dict[int, list[TextObject]] = {}  # container -> its text objects so far, in paint order
    for obj in sorted(texts.values()):
        before = earlier.setdefault(obj.container, [])
        if obj.z not in by_z:
            size = reader.bounds(obj.handle)
            for twin in reversed(before[-5:]):
                other = reader.bounds(twin.handle)
                if size and other and twin.z in by_z and abs((size[2] - size[0]) - (other[2] - other[0])) < 1e-3 \
                        and abs((size[3] - size[1]) - (other[3] - other[1])) < 1e-3:
                    dx, dy = size[0] - other[0], size[1] - other[1]
                    if obj.matrix is not None:
                        a, b, c, d = obj.matrix[:4]
                        dx, dy = a * dx + c * dy, b * dx + d * dy
                    moved = [w._replace(box=meet((w.box[0] + dx, w.box[1] + dy, w.box[2] + dx, w.box[3] + dy),
                                                 obj.clip), across=w.across + _across(w.angle, dx, dy), z=obj.z, block=obj.block)
                             for w in by_z[twin.z]]
                    moved = [w for w in moved if w.box[0] < w.box[2] and w.box[1] < w.box[3]]
                    by_z[obj.z] = moved
                    out.extend(moved)
                    break
        before.append(obj)
    return out


def add_repeats_needed(words: list[Word], texts: dict[int, TextObject]) -> bool:
    """Whether the text page left out text objects (their words are then added by add_repeats)."""
    return len({w.z for w in words}) < len(texts)


def across(angle: int, dx: float, dy: float) -> float:
    """How far a move (dx, dy) shifts a baseline turned by angle degrees across itself."""
    return _across(angle, dx, dy)


def _across(angle: int, dx: float, dy: float) -> float:
    """How far a move (dx, dy) shifts a baseline turned by angle degrees across itself."""
    return -dx * math.sin(math.radians(angle)) + dy * math.cos(math.radians(angle))


def _style(tp: Any, index: int, obj: Any, place: TextObject, fonts: dict[int, tuple[str, str]], m: Any, pm: Any
           ) -> _Style:
    """The size, turn and font of the text object drawing character index, with its place in the paint order."""
    pdfium_c.FPDFText_GetMatrix(tp, index, pm)
    scale = math.sqrt(abs(m.a * m.d - m.b * m.c))
    angle = round(math.degrees(math.atan2(m.b, m.a))) % 360
    font, family = _font_names(obj, fonts) if obj else ("", "")
    size = pdfium_c.FPDFText_GetFontSize(tp, index) * scale
    return _Style(size, angle, math.cos(math.radians(angle)), math.sin(math.radians(angle)), font, family, place.z,
                  place.block, place.clip, INK_DOWN * size, INK_UP * size)


def _ink(style: _Style, x: float, y: float, rect: Any) -> PtBox:
    """A word's inked box: from its first character's origin to its last character's advance along the baseline,
    INK_DOWN below to INK_UP above it (font sizes) across."""
    down, up = style.down, style.up
    angle = style.angle
    if angle == 0:
        return (x, y - down, max(rect.right, x), y + up)
    if angle == 180:
        return (min(rect.left, x), y - up, x, y + down)
    if angle == 90:
        return (x - up, y, x + down, max(rect.top, y))
    if angle == 270:
        return (x - down, min(rect.bottom, y), x + up, y)
    ex, ey = (rect.left + rect.right) / 2 - x, (rect.top + rect.bottom) / 2 - y  # any other turn: the band swept
    length = max(0.0, ex * style.cos + ey * style.sin) * 2
    pts = [(x + u * style.cos - v * style.sin, y + u * style.sin + v * style.cos)
           for u in (0.0, length) for v in (-down, up)]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))
