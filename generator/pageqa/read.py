"""Read a PDF back with pdfminer.six: every glyph's box and point size and every painted mark, in mm from top left."""

from __future__ import annotations

import hashlib
import io
import math
import re
from dataclasses import dataclass
from typing import Any

from pdfminer.pdfdevice import PDFTextDevice
from pdfminer.pdfinterp import PDFContentParser, PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import stream_value
from pdfminer.psparser import KWD, LIT, PSEOF, PSKeyword, keyword_name
from pdfminer.utils import apply_matrix_pt, mult_matrix

PT_PER_MM = 72 / 25.4
INK_DOWN, INK_UP = 0.16, 0.70  # a glyph's inked band around its baseline, in font sizes (below, above)

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm, origin top left


@dataclass(frozen=True)
class Glyph:
    """One printed character: its text, inked box (mm), point size and baseline direction."""

    text: str
    box: Box
    size: float
    line: tuple[int, int, int]  # (rotation in degrees, baseline position 0.1 mm, text object): same line, same key


@dataclass(frozen=True)
class Page:
    """One page read back: its size (mm), glyphs, the boxes of everything painted in a colour other than white, and
    of the inked paths that are only stroked (frames, rules, cut marks)."""

    number: int
    size: tuple[float, float]
    glyphs: tuple[Glyph, ...]
    marks: tuple[Box, ...]
    strokes: tuple[Box, ...] = ()


_PARSED: dict[bytes, list[Any]] = {}  # content stream digest -> its parsed operands and operators (cards repeat)


class _CachedInterpreter(PDFPageInterpreter):
    """pdfminer's interpreter with content streams parsed once per distinct stream (most time is tokenising)."""

    def subinterp(self) -> "_CachedInterpreter":
        return _CachedInterpreter(self.rsrcmgr, self.device)

    def execute(self, streams: Any) -> None:
        valid = [stream_value(s) for s in streams]
        key = hashlib.sha1(b"\0".join(s.get_data() for s in valid)).digest()
        ops = _PARSED.get(key)
        if ops is None:
            ops = _tokens(b"\n".join(s.get_data() for s in valid))
            if ops is None:  # syntax the fast tokenizer does not take: pdfminer's own parser
                ops = []
                try:
                    parser = PDFContentParser(valid)
                    while True:
                        ops.append(parser.nextobject()[1])
                except PSEOF:
                    pass
            _PARSED[key] = ops
        for obj in ops:
            if isinstance(obj, PSKeyword):
                name = keyword_name(obj)
                func = getattr(self, "do_" + name.replace("*", "_a").replace('"', "_w").replace("'", "_q"), None)
                if func is None:
                    continue
                nargs = func.__code__.co_argcount - 1
                if nargs:
                    args = self.pop(nargs)
                    if len(args) == nargs:
                        func(*args)
                else:
                    func()
            else:
                self.push(obj)


_TOKEN = re.compile(rb"""\s*(?:
    (?P<num>[+-]?(?:\d+\.?\d*|\.\d+))(?![\w.])
  | /(?P<name>[^\s/\[\]()<>{}%]*)
  | \((?P<str>(?:\\.|[^\\()])*)\)
  | <(?P<hex>[0-9A-Fa-f\s]*)>
  | (?P<open>\[) | (?P<close>\])
  | (?P<op>[A-Za-z'"*][A-Za-z0-9'"*]*)
  | %[^\r\n]*
)""", re.X)
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
    pos, end = 0, len(data.rstrip())
    while pos < end:
        m = _TOKEN.match(data, pos)
        if m is None or m.end() == pos:
            return None
        pos = m.end()
        kind = m.lastgroup
        if kind is None:
            continue
        value: Any
        if kind == "num":
            t = m.group("num")
            value = float(t) if b"." in t else int(t)
        elif kind == "name":
            value = LIT(m.group("name").decode("latin-1"))
        elif kind == "str":
            value = _ESCAPE.sub(_unescape, m.group("str"))
        elif kind == "hex":
            h = re.sub(rb"\s", b"", m.group("hex"))
            value = bytes.fromhex((h + b"0" * (len(h) % 2)).decode())
        elif kind == "open":
            stack.append([])
            continue
        elif kind == "close":
            if not stack:
                return None
            value = stack.pop()
        else:
            value = KWD(m.group("op"))
        (stack[-1] if stack else out).append(value)
    return None if stack else out


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
    """A pdfminer device keeping only glyph boxes and painted-mark boxes (PDF points, origin bottom left)."""

    def __init__(self, rsrcmgr: PDFResourceManager):
        super().__init__(rsrcmgr)
        self.glyphs: list[tuple[str, Box, float, tuple[int, float, int]]] = []
        self.marks: list[Box] = []
        self.strokes: list[Box] = []  # the marks that are stroked, unfilled paths
        self.clips: list[Box] = []  # figure stack: the clip on entering each form
        self.clip: Box | None = None  # the current clip box (form bounding boxes and W clip paths)
        self.text_object = 0

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
        pts = [apply_matrix_pt(self.ctm, (seg[i], seg[i + 1])) for seg in path for i in range(1, len(seg) - 1, 2)]
        if not pts:
            return
        a, b, c, d = self.ctm[:4]
        half = (gstate.linewidth * math.sqrt(abs(a * d - b * c)) / 2) if stroke else 0.0
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        hx = hy = half
        if len(pts) == 2 and not fill:  # a straight stroke with butt caps: width only across it
            hx, hy = (0.0, half) if abs(ys[0] - ys[1]) < 1e-6 else (half, 0.0) if abs(xs[0] - xs[1]) < 1e-6 else (half, half)
        outline = stroke and not _white(gstate.scolor) and not (fill and not _white(gstate.ncolor))
        self._add_mark((min(xs) - hx, min(ys) - hy, max(xs) + hx, max(ys) + hy), outline)

    def render_image(self, name: str, stream: Any) -> None:
        self._add_mark(_bounds(self.ctm, (0, 0, 1, 1)))

    def render_char(self, matrix: Any, font: Any, fontsize: float, scaling: float, rise: float, cid: int,
                    ncs: Any, graphicstate: Any) -> float:
        adv = font.char_width(cid) * fontsize * scaling
        try:
            text = font.to_unichr(cid)
        except Exception:  # noqa: BLE001 - a glyph without a Unicode mapping is still ink
            text = "\ufffd"
        if text.isspace():
            return adv
        a, b, c, d, e, f = matrix
        down, up = rise - INK_DOWN * fontsize, rise + INK_UP * fontsize
        # corners (0|adv, down|up) through the matrix: x = a*u + c*v + e, y = b*u + d*v + f
        x_lo, x_hi = c * down + e, c * up + e
        y_lo, y_hi = d * down + f, d * up + f
        xs = (x_lo, x_hi, x_lo + a * adv, x_hi + a * adv)
        ys = (y_lo, y_hi, y_lo + b * adv, y_hi + b * adv)
        box, clip = (min(xs), min(ys), max(xs), max(ys)), self.clip
        if clip is not None:  # only the visible part of a clipped glyph is ink
            box = (max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3]))
        if box[0] < box[2] and box[1] < box[3]:
            if b == 0 and c == 0:
                angle, across = (0 if a > 0 else 180), (d * rise + f) * (1 if a > 0 else -1)
            else:
                angle = round(math.degrees(math.atan2(b, a))) % 360
                bx, by = c * rise + e, d * rise + f
                across = -bx * math.sin(math.radians(angle)) + by * math.cos(math.radians(angle))
            size = fontsize * math.sqrt(abs(a * d - b * c))
            self.glyphs.append((text, box, size, (angle, across, self.text_object)))
        return adv if not font.is_vertical() else 0.0


class _Interp(_CachedInterpreter):
    """Counts text objects (BT) so glyphs of one text run can be told from a neighbour's."""

    def subinterp(self) -> "_Interp":
        return _Interp(self.rsrcmgr, self.device)

    def do_BT(self) -> None:
        self.device.text_object += 1
        super().do_BT()

    def do_q(self) -> None:
        self.clip_stack = getattr(self, "clip_stack", []) + [self.device.clip]
        super().do_q()

    def do_Q(self) -> None:
        if getattr(self, "clip_stack", None):
            self.device.clip = self.clip_stack.pop()
        super().do_Q()

    def do_W(self) -> None:
        pts = [(seg[i], seg[i + 1]) for seg in self.curpath for i in range(1, len(seg) - 1, 2)]
        if pts:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            self.device.clip_to(_bounds(self.ctm, (min(xs), min(ys), max(xs), max(ys))))

    do_W_a = do_W


def read_pdf(data: bytes) -> list[Page]:
    """Every page of a PDF with its glyphs and painted marks converted to mm from the top-left corner."""
    rsrc = PDFResourceManager(caching=True)
    out: list[Page] = []
    for n, page in enumerate(PDFPage.get_pages(io.BytesIO(data)), 1):
        dev = _Collector(rsrc)
        _Interp(rsrc, dev).process_page(page)
        x0, y0, x1, y1 = page.mediabox
        h = y1 - y0

        def conv(b: Box) -> Box:
            return ((b[0] - x0) / PT_PER_MM, (h - (b[3] - y0)) / PT_PER_MM,
                    (b[2] - x0) / PT_PER_MM, (h - (b[1] - y0)) / PT_PER_MM)

        glyphs = tuple(Glyph(t, conv(b), s, (ang, round(acc / PT_PER_MM * 10), obj))
                       for t, b, s, (ang, acc, obj) in dev.glyphs)
        out.append(Page(n, ((x1 - x0) / PT_PER_MM, h / PT_PER_MM), glyphs, tuple(conv(b) for b in dev.marks),
                        tuple(conv(b) for b in dev.strokes)))
    return out
