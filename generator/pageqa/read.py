"""Read a PDF back: every run of words (its box and point size) and every painted mark, in mm from top left.

qpdf (pikepdf) parses the file; pdfminer.six's interpreter runs the content streams (tokenised here) into a device
that keeps inked boxes only. Words are joined into runs where they are drawn; a form XObject or page content met
again is not read again (_FORMS): its runs and marks are moved to where it is used.
"""

from __future__ import annotations

import functools
import hashlib
import io
import math
import re
import weakref
from dataclasses import dataclass
from typing import Any, NamedTuple

import pikepdf
from pdfminer.pdfcolor import PREDEFINED_COLORSPACE, PDFColorSpace
from pdfminer.pdfdevice import PDFTextDevice
from pdfminer import pdffont
from pdfminer.pdffont import PDFFont
from pdfminer.pdfinterp import PDFContentParser, PDFPageInterpreter, PDFResourceManager
from pdfminer.pdftypes import PDFStream
from pdfminer.psparser import KWD, LIT, PSEOF, PSKeyword, PSLiteral, keyword_name, literal_name
from pdfminer.utils import MATRIX_IDENTITY, apply_matrix_pt, mult_matrix

PT_PER_MM = 72 / 25.4
INK_DOWN, INK_UP = 0.16, 0.70  # a glyph's inked band around its baseline, in font sizes (below, above)

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm, origin top left


RUN_GAP = 1.5  # words further apart than this many ems are separate runs (labels of neighbouring squares)
SPACE_GAP = 0.2  # words further apart than this many ems are read with a space between them
SAME_BASELINE = 0.05 * PT_PER_MM  # words of one text object whose baselines are this close (pt) share a line


class Run(NamedTuple):
    """Printed words read as one run (consecutive words of one text object on one baseline, at most RUN_GAP ems
    apart): its text, inked box (mm), baseline key and smallest point size."""

    text: str
    box: Box
    line: tuple[int, int, int]  # (rotation in degrees, baseline position 0.1 mm, text object): same line, same key
    size: float


@dataclass(frozen=True)
class Page:
    """One page read back: its size (mm), runs of words, the boxes of everything painted in a colour other than
    white, and of the inked paths that are only stroked (frames, rules, cut marks)."""

    number: int
    size: tuple[float, float]
    runs: tuple[Run, ...]
    marks: tuple[Box, ...]
    strokes: tuple[Box, ...] = ()


_PARSED: dict[bytes, list[Any]] = {}  # content stream digest -> its parsed operands and operators (cards repeat)


_CALLS: dict[Any, tuple[Any, int]] = {}  # operator -> (the interpreter's method, operand count)
_IGNORED = {"J": 1, "j": 1, "d": 2, "gs": 1, "M": 1, "ri": 1, "i": 1}  # operators that change no box: operands dropped


_TOKEN = re.compile(rb"""\s*(?:
    ([+-]?(?:\d+\.?\d*|\.\d+))(?![\w.])
  | (/[^\s/\[\]()<>{}%]*)
  | (\((?:\\.|[^\\()])*\))
  | (<[0-9A-Fa-f\s]*>)
  | ([A-Za-z'"*][A-Za-z0-9'"*]*)
  | ([\[\]])
  | %[^\r\n]*
  | (\S)
)""", re.X)  # number, /name, (string), <hex string>, operator, bracket (each group keeps its delimiters), comment,
# or a character no token starts with (then the stream goes to pdfminer's parser)
_ESCAPE = re.compile(rb"\\([0-7]{1,3}|.)", re.S)
_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}
_UNSUPPORTED = re.compile(rb"<<|\bBI\b|\\\r?\n")  # dictionaries, inline images, line continuations


def _unescape(m: re.Match) -> bytes:
    e = m.group(1)
    return bytes([int(e, 8) & 0xFF]) if e[:1].isdigit() else _ESCAPES.get(e, e)


def _tokens(data: bytes) -> list[Any] | None:
    """A content stream as pdfminer's objects (numbers, literals, strings, arrays, keywords) via one regex, ~10x
    faster than pdfminer's tokeniser; None when the stream holds syntax it does not take."""
    if _UNSUPPORTED.search(data):
        return None
    out: list[Any] = []
    stack: list[list[Any]] = []
    target = out
    keywords = _KEYWORDS
    for num, name, string, hexes, op, bracket, other in _TOKEN.findall(data):
        if other:  # something no token reads
            return None
        if num:
            target.append(float(num) if b"." in num else int(num))
        elif op:
            kwd = keywords.get(op)
            if kwd is None:
                kwd = keywords[op] = KWD(op)
            target.append(kwd)
        elif name:
            target.append(LIT(name[1:].decode("latin-1")))
        elif string:
            t = string[1:-1]
            target.append(_ESCAPE.sub(_unescape, t) if b"\\" in t else t)
        elif hexes:
            h = re.sub(rb"\s", b"", hexes[1:-1])
            target.append(bytes.fromhex((h + b"0" * (len(h) % 2)).decode()))
        elif bracket == b"[":
            stack.append(target)
            target = []
        elif bracket:
            if not stack:
                return None
            done, target = target, stack.pop()
            target.append(done)
    return None if stack else out


_KEYWORDS: dict[bytes, PSKeyword] = {}  # operator bytes -> pdfminer's keyword


def _white(color: Any) -> bool:
    if isinstance(color, (int, float)):
        return color >= 0.999
    if isinstance(color, (list, tuple)) and color and all(isinstance(c, (int, float)) for c in color):
        return all(c >= 0.999 for c in color) if len(color) != 4 else all(c <= 0.001 for c in color)
    return False


def _bounds(m: Any, box: Any) -> Box:
    x0, y0, x1, y1 = box
    pts = [apply_matrix_pt(m, p) for p in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


class _Collector(PDFTextDevice):
    """A pdfminer device keeping only word-segment boxes and painted-mark boxes (PDF points, origin bottom left)."""

    def __init__(self, rsrcmgr: PDFResourceManager):
        super().__init__(rsrcmgr)
        self.runs: list[tuple[str, Box, float, tuple[int, float, int]]] = []  # joined runs of words
        self.segments: list[tuple[str, Box, float, tuple[int, float, int]]] = []  # words not joined yet
        self.marks: list[Box] = []
        self.strokes: list[Box] = []  # the marks that are stroked, unfilled paths
        self.clips: list[Box] = []  # figure stack: the clip on entering each form
        self.clip: Box | None = None  # the current clip box (form bounding boxes and W clip paths)
        self.text_object = 0

    def join(self) -> list[tuple[str, Box, float, tuple[int, float, int]]]:
        """The runs drawn so far: the words met since the last call joined into runs (they never cross a form: a
        form's words are in its own text objects)."""
        if self.segments:
            self.runs += _join(self.segments)
            self.segments = []
        return self.runs

    def place(self, drawn: "Drawn", m: Any) -> None:
        """Add what a content stream drew (its own space) through matrix m (a turn by 90° steps and an even
        scale): boxes moved, clipped to the current clip; sizes scaled; text objects numbered on from here."""
        out = self.join()
        if self.clip is None and not self.text_object and tuple(m) == (1, 0, 0, 1, 0, 0):  # a page at the origin
            out += drawn.runs
            self.marks += drawn.marks
            self.strokes += [box for box in drawn.marks if box in drawn.stroked] if drawn.strokes else []
            self.text_object = drawn.objects
            return
        turn = _turn(m)
        assert turn is not None
        scale, sign = turn
        a, b, c, d, e, f = m
        clip, base = self.clip, self.text_object
        turned: dict[int, tuple[int, float]] = {}  # local angle -> (angle, across of the origin) on the page

        # the page box of a local box: x from local x (straight) or y (quarter turn), lower edge first
        if abs(b) <= abs(a):
            xi, xp, yi, yp = (0, 2) if a > 0 else (2, 0), a, (1, 3) if d > 0 else (3, 1), d
        else:
            xi, xp, yi, yp = (1, 3) if c > 0 else (3, 1), c, (0, 2) if b > 0 else (2, 0), b
        (i0, i1), (j0, j1) = xi, yi
        cx0, cy0, cx1, cy1 = clip if clip is not None else (-math.inf, -math.inf, math.inf, math.inf)
        for text, box, size, (angle, across, obj) in drawn.runs:  # each box moved and clipped (inline: hot)
            x0, x1, y0, y1 = xp * box[i0] + e, xp * box[i1] + e, yp * box[j0] + f, yp * box[j1] + f
            if x0 < cx0:
                x0 = cx0
            if y0 < cy0:
                y0 = cy0
            if x1 > cx1:
                x1 = cx1
            if y1 > cy1:
                y1 = cy1
            if not (x0 < x1 and y0 < y1):
                continue
            seen = turned.get(angle)
            if seen is None:
                cos, sin = _SIN_COS.get(angle, (math.cos(math.radians(angle)), math.sin(math.radians(angle))))
                new = round(math.degrees(math.atan2(b * cos + d * sin, a * cos + c * sin))) % 360
                cos, sin = _SIN_COS.get(new, (math.cos(math.radians(new)), math.sin(math.radians(new))))
                seen = turned[angle] = (new, -e * sin + f * cos)
            out.append((text, (x0, y0, x1, y1), size * scale, (seen[0], sign * scale * across + seen[1], base + obj)))
        strokes = drawn.stroked
        for box in drawn.marks:  # fewer than the words: moved and clipped with min/max
            x0, y0 = max(xp * box[i0] + e, cx0), max(yp * box[j0] + f, cy0)
            x1, y1 = min(xp * box[i1] + e, cx1), min(yp * box[j1] + f, cy1)
            if x0 < x1 and y0 < y1:
                self.marks.append((x0, y0, x1, y1))
                if box in strokes:
                    self.strokes.append((x0, y0, x1, y1))
        self.text_object = base + drawn.objects

    def clip_to(self, box: Box) -> None:
        """Narrow the current clip to box (device space)."""
        c = self.clip
        self.clip = box if c is None else (max(box[0], c[0]), max(box[1], c[1]), min(box[2], c[2]), min(box[3], c[3]))

    def begin_figure(self, name: str, bbox: Any, matrix: Any) -> None:
        self.clips.append(self.clip)
        self.clip_to(_bounds(mult_matrix(matrix, self.ctm), bbox))

    def end_figure(self, name: str) -> None:
        self.clip = self.clips.pop()

    def _add_mark(self, box: Box, stroke_only: bool = False) -> None:
        c = self.clip
        if c is not None:
            box = (max(box[0], c[0]), max(box[1], c[1]), min(box[2], c[2]), min(box[3], c[3]))
        if box[0] < box[2] and box[1] < box[3]:
            self.marks.append(box)
            if stroke_only:
                self.strokes.append(box)

    def paint_path(self, gstate: Any, stroke: bool, fill: bool, evenodd: bool, path: Any) -> None:
        inked = (stroke and not _white(gstate.scolor)) or (fill and not _white(gstate.ncolor))
        if not inked:
            return
        a, b, c, d, e, f = self.ctm
        if b == 0 and c == 0:  # axis-aligned: the box of the points is moved
            us = [seg[i] for seg in path for i in range(1, len(seg) - 1, 2)]
            if not us:
                return
            vs = [seg[i] for seg in path for i in range(2, len(seg), 2)]
            xs, ys = [a * min(us) + e, a * max(us) + e], [d * min(vs) + f, d * max(vs) + f]
            pts = us  # only their number counts below
        else:
            pts = [apply_matrix_pt(self.ctm, (seg[i], seg[i + 1])) for seg in path
                   for i in range(1, len(seg) - 1, 2)]
            if not pts:
                return
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        half = (gstate.linewidth * math.sqrt(abs(a * d - b * c)) / 2) if stroke else 0.0
        hx = hy = half
        if len(pts) == 2 and not fill:  # a straight stroke with butt caps: width only across it
            hx, hy = (0.0, half) if abs(ys[0] - ys[1]) < 1e-6 else (half, 0.0) if abs(xs[0] - xs[1]) < 1e-6 else (half, half)
        outline = stroke and not _white(gstate.scolor) and not (fill and not _white(gstate.ncolor))
        self._add_mark((min(xs) - hx, min(ys) - hy, max(xs) + hx, max(ys) + hy), outline)

    def render_image(self, name: str, stream: Any) -> None:
        self._add_mark(_bounds(self.ctm, (0, 0, 1, 1)))

    def render_string_horizontal(self, seq: Any, matrix: Any, pos: Any, font: Any, fontsize: float, scaling: float,
                                 charspace: float, wordspace: float, rise: float, dxscale: float, ncs: Any,
                                 graphicstate: Any) -> Any:
        """A shown string as word segments (the letters between spaces and wide shifts), each one inked box: the
        pen advances exactly as pdfminer's glyph-by-glyph loop does, at a fraction of its cost."""
        x, y = pos
        table = _GLYPHS.setdefault(font, {})
        need_space = False
        start: float | None = None
        letters: list[str] = []
        wide = 0.1 * fontsize  # a shift wider than this (a word space in a TJ array) ends a segment
        size = fontsize * scaling
        for obj in seq:
            if isinstance(obj, (int, float)):
                dx = -obj * dxscale
                if start is not None and abs(dx) > wide:
                    self._segment(matrix, start, x, y, rise, fontsize, "".join(letters))
                    start, letters = None, []
                x += dx
                need_space = True
            elif isinstance(obj, bytes):
                for cid in font.decode(obj):
                    if need_space:
                        x += charspace
                    known = table.get(cid)
                    if known is None:
                        try:
                            text = font.to_unichr(cid)
                        except Exception:  # noqa: BLE001 - a glyph without a Unicode mapping is still ink
                            text = "\ufffd"
                        known = table[cid] = (font.char_width(cid), text)
                    width, text = known
                    if text.isspace():
                        if start is not None:
                            self._segment(matrix, start, x, y, rise, fontsize, "".join(letters))
                            start, letters = None, []
                    else:
                        if start is None:
                            start = x
                        letters.append(text)
                    x += width * size
                    if cid == 32 and wordspace:
                        x += wordspace
                    need_space = True
        if start is not None:
            self._segment(matrix, start, x, y, rise, fontsize, "".join(letters))
        return (x, y)

    def _segment(self, matrix: Any, x0: float, x1: float, y: float, rise: float, fontsize: float, text: str) -> None:
        """One inked segment of a text line: text-space x0..x1 on baseline y, through the text matrix."""
        a, b, c, d, e, f = matrix
        e, f = a * x0 + c * y + e, b * x0 + d * y + f
        adv = x1 - x0
        down, up = rise - INK_DOWN * fontsize, rise + INK_UP * fontsize
        # corners (0|adv, down|up) through the matrix: x = a*u + c*v + e, y = b*u + d*v + f
        x_lo, x_hi = c * down + e, c * up + e
        y_lo, y_hi = d * down + f, d * up + f
        xs = (x_lo, x_hi, x_lo + a * adv, x_hi + a * adv)
        ys = (y_lo, y_hi, y_lo + b * adv, y_hi + b * adv)
        box, clip = (min(xs), min(ys), max(xs), max(ys)), self.clip
        if clip is not None:  # only the visible part of a clipped segment is ink
            box = (max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3]))
        if box[0] < box[2] and box[1] < box[3]:
            if b == 0 and c == 0:
                angle, across = (0 if a > 0 else 180), (d * rise + f) * (1 if a > 0 else -1)
            else:
                angle = round(math.degrees(math.atan2(b, a))) % 360
                bx, by = c * rise + e, d * rise + f
                across = -bx * math.sin(math.radians(angle)) + by * math.cos(math.radians(angle))
            size = fontsize * math.sqrt(abs(a * d - b * c))
            self.segments.append((text, box, size, (angle, across, self.text_object)))


class _Interp(PDFPageInterpreter):
    """pdfminer's interpreter running content given as bytes, each distinct stream tokenised once (_PARSED).

    Counts text objects (BT) so words of one text run can be told from a neighbour's; a form XObject (a card
    face, a back, an imposed booklet page) or page content met again, here or in an earlier file, is not read
    again: what it drew is kept in its own space (_FORMS) and placed where it is used."""

    def __init__(self, doc: "_Doc", device: "_Collector"):
        super().__init__(doc.rsrc, device)
        self.doc = doc

    def execute(self, data: Any) -> None:
        key = hashlib.sha1(data).digest()
        ops = _PARSED.get(key)
        if ops is None:
            ops = _tokens(data)
            if ops is None:  # syntax the fast tokenizer does not take: pdfminer's own parser
                ops = []
                try:
                    parser = PDFContentParser([PDFStream({}, data)])
                    while True:
                        ops.append(parser.nextobject()[1])
                except PSEOF:
                    pass
            if len(_PARSED) > 20000:
                _PARSED.clear()
            _PARSED[key] = ops
        stack: list[Any] = []
        calls = _CALLS
        for obj in ops:
            if not isinstance(obj, PSKeyword):
                stack.append(obj)
                continue
            call = calls.get(obj)
            if call is None:
                name = keyword_name(obj)
                func = getattr(_Interp, "do_" + name.replace("*", "_a").replace('"', "_w").replace("'", "_q"), None)
                call = calls[obj] = ((None, _IGNORED[name]) if name in _IGNORED else
                                     (func, func.__code__.co_argcount - 1) if func is not None else (None, 0))
            func, nargs = call
            if func is None:
                if nargs:
                    del stack[-nargs:]
                continue
            if nargs:
                args = stack[-nargs:]
                del stack[-nargs:]
                if len(args) == nargs:
                    func(self, *args)
            else:
                func(self)

    def init_resources(self, resources: Any) -> None:
        """Fonts, forms and colour spaces of a qpdf resource dictionary, by name."""
        self.resources = resources
        self.fontmap = self.doc.fonts(resources)
        self.xobjmap = self.doc.xobjects(resources)
        self.csmap = self.doc.colorspaces(resources)

    def render_contents(self, resources: Any, streams: Any, ctm: Any = MATRIX_IDENTITY) -> None:
        self.init_resources(resources)
        self.init_state(ctm)
        self.execute(streams)

    def do_BT(self) -> None:
        self.device.text_object += 1
        super().do_BT()

    def do_q(self) -> None:
        self.gstack.append((self.ctm, self.textstate.copy(), self.graphicstate.copy(), self.device.clip))

    def do_Q(self) -> None:
        if self.gstack:
            self.ctm, self.textstate, self.graphicstate, self.device.clip = self.gstack.pop()
            self.device.set_ctm(self.ctm)

    def do_cm(self, a: Any, b: Any, c: Any, d: Any, e: Any, f: Any) -> None:
        if _all_numbers(a, b, c, d, e, f):
            self.ctm = mult_matrix((a, b, c, d, e, f), self.ctm)
            self.device.set_ctm(self.ctm)

    def do_m(self, x: Any, y: Any) -> None:
        if _all_numbers(x, y):
            self.curpath.append(("m", x, y))

    def do_l(self, x: Any, y: Any) -> None:
        if _all_numbers(x, y):
            self.curpath.append(("l", x, y))

    def do_c(self, x1: Any, y1: Any, x2: Any, y2: Any, x3: Any, y3: Any) -> None:
        if _all_numbers(x1, y1, x2, y2, x3, y3):
            self.curpath.append(("c", x1, y1, x2, y2, x3, y3))

    def do_re(self, x: Any, y: Any, w: Any, h: Any) -> None:
        if _all_numbers(x, y, w, h):
            self.curpath += [("m", x, y), ("l", x + w, y), ("l", x + w, y + h), ("l", x, y + h), ("h",)]

    def do_rg(self, r: Any, g: Any, b: Any) -> None:
        if _all_numbers(r, g, b):
            self.graphicstate.ncolor, self.graphicstate.ncs = (r, g, b), _RGB

    def do_RG(self, r: Any, g: Any, b: Any) -> None:
        if _all_numbers(r, g, b):
            self.graphicstate.scolor, self.graphicstate.scs = (r, g, b), _RGB

    def do_W(self) -> None:
        pts = [(seg[i], seg[i + 1]) for seg in self.curpath for i in range(1, len(seg) - 1, 2)]
        if pts:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            self.device.clip_to(_bounds(self.ctm, (min(xs), min(ys), max(xs), max(ys))))

    do_W_a = do_W

    def do_w(self, linewidth: Any) -> None:
        """Line width in user space (pdfminer scales it by the matrix at `w`; paint_path scales it when painting)."""
        self.graphicstate.linewidth = float(linewidth) if isinstance(linewidth, (int, float)) else 1.0

    def do_Do(self, xobjid_arg: Any) -> None:
        xobj = self.xobjmap.get(literal_name(xobjid_arg)) if isinstance(xobjid_arg, PSLiteral) else None
        if xobj is None:
            return
        subtype, res, bbox, matrix = self.doc.form(xobj)
        if subtype == "/Image":
            self.device.render_image("", None)
        elif subtype == "/Form" and bbox:
            resources = res if res is not None else self.resources
            if _turn(self.ctm) is not None:
                self.device.place(self._drawn(resources, xobj, bbox, matrix), self.ctm)
            else:  # drawn where it is used
                self.device.begin_figure("", bbox, matrix)
                _Interp(self.doc, self.device).render_contents(resources, self.doc.data(xobj),
                                                               ctm=mult_matrix(matrix, self.ctm))
                self.device.end_figure("")

    def _drawn(self, resources: Any, stream: Any, bbox: Any, matrix: Any) -> "Drawn":
        """What a form or page draws in the space it is used in (before the user's matrix), read once."""
        key = self.doc.key(stream, resources, bbox, matrix)
        drawn = _FORMS.get(key)
        if drawn is None:
            dev = _Collector(self.rsrcmgr)
            dev.set_ctm(MATRIX_IDENTITY)
            if bbox is not None:
                dev.begin_figure("", bbox, matrix)
            _Interp(self.doc, dev).render_contents(resources, self.doc.data(stream), ctm=matrix)
            drawn = Drawn(tuple(dev.join()), tuple(dev.marks), tuple(dev.strokes), dev.text_object)
            if len(_FORMS) > 20000:
                _FORMS.clear()
            _FORMS[key] = drawn
        return drawn

    def process(self, page: Any, mediabox: tuple[float, ...]) -> None:
        """Read one page (its content as one stream) into the device."""
        x0, y0, x1, y1 = mediabox
        turns = {90: (0, -1, 1, 0, -y0, x1), 180: (-1, 0, 0, -1, x1, y1), 270: (0, 1, -1, 0, y1, -x0)}  # as pdfminer
        ctm = turns.get(int(page.obj.get("/Rotate", 0)) % 360, (1, 0, 0, 1, -x0, -y0))
        self.device.place(self._drawn(page.obj.get("/Resources"), page.obj, None, MATRIX_IDENTITY), ctm)


@dataclass(frozen=True)
class Drawn:
    """What a content stream drew in its own space: runs of words, marks, outline-only marks, text objects begun."""

    runs: tuple[tuple[str, Box, float, tuple[int, float, int]], ...]
    marks: tuple[Box, ...]
    strokes: tuple[Box, ...]
    objects: int

    @functools.cached_property
    def stroked(self) -> frozenset[Box]:
        """The outline-only marks, to tell them among the marks."""
        return frozenset(self.strokes)


_RGB = PREDEFINED_COLORSPACE["DeviceRGB"]


_NUMBER = (int, float)


def _all_numbers(*values: Any) -> bool:
    for v in values:
        if type(v) not in _NUMBER:
            return False
    return True


_FORMS: dict[bytes, Drawn] = {}  # content key (streams, fonts, nested forms, placement) -> what it draws
_FONTS: dict[bytes, PDFFont] = {}  # font content key -> pdfminer's font (widths, Unicode map), across files
_GLYPHS: "weakref.WeakKeyDictionary[PDFFont, dict[int, tuple[float, str]]]" = weakref.WeakKeyDictionary()
# font -> its glyphs met so far: cid -> (advance in text-space units per point, Unicode text)
_SIN_COS = {0: (1.0, 0.0), 90: (0.0, 1.0), 180: (-1.0, 0.0), 270: (0.0, -1.0)}  # degrees -> (cos, sin)
_FONT_FILES = frozenset({"/FontFile", "/FontFile2", "/FontFile3"})
_BF = re.compile(rb"begin(bfchar|bfrange)\s(.*?)\bend\1", re.S)
_BF_ITEM = re.compile(rb"\s*(?:<([0-9A-Fa-f]*)>|(\[)|(\]))")


def _hex_items(body: bytes) -> list[Any] | None:
    """The hex strings and arrays of hex strings of a bfchar/bfrange section; None for anything else."""
    out: list[Any] = []
    target, pos = out, 0
    for m in _BF_ITEM.finditer(body):
        if m.start() != pos:
            return None
        pos = m.end()
        if m.group(1) is not None:
            if not m.group(1):
                return None  # an empty destination: pdfminer's reading of it is its own
            target.append(bytes.fromhex(m.group(1).decode() + "0" * (len(m.group(1)) % 2)))
        elif m.group(2):
            if target is not out:
                return None
            target = []
        elif target is out:
            return None
        else:
            out.append(target)
            target = out
    return out if pos == len(body.rstrip()) and target is out else None


class _CMapParser:
    """pdfminer's ToUnicode reader for the maps cairo and reportlab write (bfchar and bfrange of hex strings), by
    regex: the same map, ~10x faster; any other CMap goes to pdfminer's PostScript parser."""

    def __init__(self, cmap: Any, fp: Any):
        self.cmap, self.fp = cmap, fp

    def run(self) -> None:
        data = self.fp.getvalue()
        sections = [(m.group(1), _hex_items(m.group(2))) for m in _BF.finditer(data)]
        if not sections or any(items is None for _kind, items in sections) or b"usecmap" in data:
            return _PdfminerCMapParser(self.cmap, io.BytesIO(data)).run()
        add = self.cmap.add_cid2unichr
        for kind, items in sections:
            if kind == b"bfchar":
                for cid, code in zip(items[0::2], items[1::2]):
                    if isinstance(cid, bytes) and isinstance(code, bytes):
                        add(int.from_bytes(cid, "big"), code)
                continue
            for lo, hi, code in zip(items[0::3], items[1::3], items[2::3]):  # as pdfminer's KEYWORD_ENDBFRANGE
                if not isinstance(lo, bytes) or not isinstance(hi, bytes) or len(lo) != len(hi):
                    continue
                start, end = int.from_bytes(lo, "big"), int.from_bytes(hi, "big")
                if isinstance(code, list):
                    for cid, value in zip(range(start, end + 1), code):
                        add(cid, value)
                    continue
                var, prefix = code[-4:], code[:-4]
                base = int.from_bytes(var, "big")
                for i in range(end - start + 1):
                    add(start + i, prefix + ((base + i) & ((1 << (8 * len(var))) - 1)).to_bytes(len(var), "big"))


_PdfminerCMapParser = pdffont.CMapParser
pdffont.CMapParser = _CMapParser  # the name pdfminer's fonts read their ToUnicode maps with


def _join(segments: list[tuple[str, Box, float, tuple[int, float, int]]]) -> list[tuple[str, Box, float, tuple]]:
    """Words (text, box, size, line) joined into runs: consecutive words of one text object on one baseline, at
    most RUN_GAP ems apart, read with a space where they are more than SPACE_GAP ems apart (word spaces are not
    read as words); a run keeps its first word's line and its smallest size. Any even scale or turn by 90° steps
    joins the same words."""
    runs = []
    parts: list[str] = []
    x0 = y0 = x1 = y1 = 0.0
    key: tuple | None = None
    size = 0.0
    last: Box | None = None
    for text, b, s, line in segments:
        if key is not None and line[2] == key[2] and line[0] == key[0] and abs(line[1] - key[1]) <= SAME_BASELINE:
            gap = max(b[0] - last[2], last[0] - b[2], b[1] - last[3], last[1] - b[3])
            if gap <= RUN_GAP * s:
                if gap > SPACE_GAP * s:
                    parts.append(" ")
                parts.append(text)
                x0, y0, x1, y1 = min(x0, b[0]), min(y0, b[1]), max(x1, b[2]), max(y1, b[3])
                size = min(size, s)
                last = b
                continue
        if key is not None:
            runs.append(("".join(parts), (x0, y0, x1, y1), size, key))
        parts, (x0, y0, x1, y1), key, size, last = [text], b, line, s, b
    if key is not None:
        runs.append(("".join(parts), (x0, y0, x1, y1), size, key))
    return runs


def _turn(m: Any) -> tuple[float, int] | None:
    """(scale, orientation ±1) when matrix m keeps boxes axis-aligned (turns by 90° steps, may mirror) and scales
    evenly; else None."""
    a, b, c, d = m[:4]
    det = a * d - b * c
    s = math.sqrt(abs(det))
    eps = 1e-9 * max(s, 1e-9)
    straight = abs(b) <= eps and abs(c) <= eps and abs(abs(a) - abs(d)) <= eps
    quarter = abs(a) <= eps and abs(d) <= eps and abs(abs(b) - abs(c)) <= eps
    return (s, 1 if det > 0 else -1) if s > 0 and (straight or quarter) else None


def _numbers(array: Any) -> list[float]:
    return [float(v) for v in array]


def _plain(obj: Any, skip: frozenset[str] = frozenset(), depth: int = 0) -> Any:
    """A qpdf object as pdfminer's: dicts keyed without the slash, names as literals, streams decoded."""
    if depth > 12:
        return None
    if isinstance(obj, pikepdf.Stream):
        return PDFStream(_plain(obj.stream_dict, skip, depth + 1) | {"Filter": None}, obj.read_bytes())
    if isinstance(obj, pikepdf.Dictionary):
        return {str(k)[1:]: _plain(v, skip, depth + 1) for k, v in obj.items() if str(k) not in skip}
    if isinstance(obj, pikepdf.Array):
        return [_plain(v, skip, depth + 1) for v in obj]
    if isinstance(obj, pikepdf.Name):
        return LIT(str(obj)[1:])
    if isinstance(obj, pikepdf.String):
        return bytes(obj)
    if isinstance(obj, bool) or isinstance(obj, int):
        return obj
    try:
        return float(obj)
    except (TypeError, ValueError):
        return None


def _digest(obj: Any, h: Any, skip: frozenset[str] = frozenset(), depth: int = 0) -> None:
    """Feed what a qpdf object holds into hash h: dictionaries by sorted key (skip left out), references followed,
    streams by their raw bytes; the same in every file (object numbers never enter it)."""
    if depth > 12:
        return
    if isinstance(obj, pikepdf.Stream):
        h.update(b"S" + hashlib.sha1(obj.read_raw_bytes()).digest())
        obj = obj.stream_dict
    if isinstance(obj, pikepdf.Dictionary):
        h.update(b"{")
        for k, v in sorted(obj.items()):
            if k not in skip:
                h.update(k.encode() + b":")
                _digest(v, h, skip, depth + 1)
        h.update(b"}")
    elif isinstance(obj, pikepdf.Array):
        text = obj.unparse()
        if b" R" in text:  # references inside: followed one by one
            h.update(b"[")
            for v in obj:
                _digest(v, h, skip, depth + 1)
            h.update(b"]")
        else:
            h.update(text)
    else:
        h.update(obj.unparse() if isinstance(obj, pikepdf.Object) else repr(obj).encode())


class _Doc:
    """One PDF opened with qpdf: its content bytes, fonts, forms and colour spaces, each looked up once."""

    def __init__(self, data: bytes):
        self.pdf = pikepdf.open(io.BytesIO(data))
        self.rsrc = PDFResourceManager(caching=False)
        self.memo: dict[tuple[str, Any], Any] = {}

    def _once(self, kind: Any, obj: Any, make: Any) -> Any:
        key = (kind, obj.objgen if obj.is_indirect else id(obj))
        if key not in self.memo:
            self.memo[key] = (make(obj), obj)  # the object is kept so that its id is not reused
        return self.memo[key][0]

    def data(self, obj: Any) -> bytes:
        """The decoded content of a form, or of a page (its content streams joined)."""
        def make(o: Any) -> bytes:
            if isinstance(o, pikepdf.Stream):
                return o.read_bytes()
            contents = o.get("/Contents")
            if contents is None:
                return b""
            if isinstance(contents, pikepdf.Stream):
                return contents.read_bytes()
            return b"\n".join(c.read_bytes() for c in contents)
        return self._once("data", obj, make)

    def _entries(self, resources: Any, kind: str) -> list[tuple[str, Any]]:
        """The (name, object) pairs of one kind of resource, sorted by name."""
        if resources is None:
            return []

        def make(res: Any) -> list[tuple[str, Any]]:
            group = res.get(kind)
            return sorted((str(k)[1:], v) for k, v in group.items()) if group is not None else []
        return self._once("entries" + kind, resources, make)

    def font_spec(self, spec: Any) -> Any:
        """A font as pdfminer reads it (its program left out when it maps its glyphs to Unicode itself)."""
        return self._once("font", spec, lambda o: _plain(o, _FONT_FILES if "/ToUnicode" in o else frozenset()))

    def font_key(self, spec: Any) -> bytes:
        """A digest of what pdfminer reads from a font (its program left out when it has a Unicode map)."""
        def make(o: Any) -> bytes:
            h = hashlib.sha1()
            _digest(o, h, _FONT_FILES if "/ToUnicode" in o else frozenset())
            return h.digest()
        return self._once("font-key", spec, make)

    def fonts(self, resources: Any) -> dict[str, PDFFont]:
        out = {}
        for name, spec in self._entries(resources, "/Font"):
            key = self.font_key(spec)
            font = _FONTS.get(key)
            if font is None:
                font = _FONTS[key] = self.rsrc.get_font(None, self.font_spec(spec))
            out[name] = font
        return out

    def xobjects(self, resources: Any) -> dict[str, Any]:
        return dict(self._entries(resources, "/XObject"))

    def colorspaces(self, resources: Any) -> dict[str, PDFColorSpace]:
        out = PREDEFINED_COLORSPACE.copy()
        for name, spec in self._entries(resources, "/ColorSpace"):
            family = str(spec[0] if isinstance(spec, pikepdf.Array) else spec)[1:]
            if family == "ICCBased" and isinstance(spec, pikepdf.Array) and len(spec) > 1:
                out[name] = PDFColorSpace(family, int(spec[1].get("/N", 3)))
            elif family == "DeviceN" and isinstance(spec, pikepdf.Array) and len(spec) > 1:
                out[name] = PDFColorSpace(family, len(spec[1]))
            elif family in PREDEFINED_COLORSPACE:
                out[name] = PREDEFINED_COLORSPACE[family]
        return out

    def key(self, stream: Any, resources: Any, bbox: Any, matrix: Any) -> bytes:
        """A digest of everything that decides what a form or page draws: its content, the fonts, the forms it
        uses (recursively), its colour spaces and its box and matrix; the same in any file."""
        def make(_o: Any) -> bytes:
            h = hashlib.sha1(repr((bbox, matrix)).encode())
            h.update(hashlib.sha1(self.data(stream)).digest())
            for name, spec in self._entries(resources, "/Font"):
                h.update(b"F" + name.encode() + self.font_key(spec))
            for name, xobj in self._entries(resources, "/XObject"):
                h.update(b"X" + name.encode())
                subtype, res, box, mat = self.form(xobj)
                if subtype == "/Form":
                    h.update(self.key(xobj, res if res is not None else resources, box, mat))
                else:
                    h.update(subtype.encode())
            if self._entries(resources, "/ColorSpace"):  # the predefined ones are the same everywhere
                h.update(self._once("cs-key", resources, lambda res: repr(
                    [(n, cs.name, cs.ncomponents) for n, cs in sorted(self.colorspaces(res).items())]).encode()))
            return h.digest()
        return self._once(("key", None if bbox is None else tuple(bbox), tuple(matrix)), stream, make)

    def form(self, xobj: Any) -> tuple[str, Any, list[float], list[float]]:
        """An XObject's subtype, resources, box and matrix (looked up once)."""
        return self._once("form", xobj, lambda o: (
            str(o.get("/Subtype")), o.get("/Resources"), _numbers(o.get("/BBox", [])),
            _numbers(o.get("/Matrix", pikepdf.Array([1, 0, 0, 1, 0, 0])))))


def read_pdf(data: bytes) -> list[Page]:
    """Every page of a PDF with its runs of words and painted marks converted to mm from the top-left corner."""
    doc = _Doc(data)
    out: list[Page] = []
    for n, page in enumerate(doc.pdf.pages, 1):
        x0, y0, x1, y1 = _numbers(page.mediabox)
        dev = _Collector(doc.rsrc)
        _Interp(doc, dev).process(page, (x0, y0, x1, y1))
        h = y1 - y0

        k, new = PT_PER_MM, tuple.__new__  # mm from the top left (the page was read with its media box's corner at
        # the origin: process); Runs made as tuples (a NamedTuple's own constructor is a Python call each)
        runs = tuple(new(Run, (t, (b[0] / k, (h - b[3]) / k, b[2] / k, (h - b[1]) / k),
                               (ang, round(acc / k * 10), obj), s))
                     for t, b, s, (ang, acc, obj) in dev.join())
        marks, strokes = ([(b[0] / k, (h - b[3]) / k, b[2] / k, (h - b[1]) / k) for b in boxes]
                          for boxes in (dev.marks, dev.strokes))
        out.append(Page(n, ((x1 - x0) / k, h / k), runs, tuple(marks), tuple(strokes)))
    doc.pdf.close()
    return out
