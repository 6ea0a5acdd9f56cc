"""Read a PDF back through pdfium (pypdfium2's public API): every run of words with its box, point size, font and
paint order, and every painted mark in paint order, in mm from the top-left corner.

pdfium opens the file and parses the pages; its text page gives the words (objects.py, words.py read them through
pdfium's C API). Words are joined into runs where they are drawn: consecutive words of one text block (text objects
drawn one after another) on one baseline, at most RUN_GAP ems apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple


from .objects import WHITE, Layered, Paint, PdfiumPage, PtBox, _new, each_page, walk
from .words import INK_DOWN, INK_UP, Word, add_repeats, read_words

PT_PER_MM = 72 / 25.4
__all__ = ["Box", "INK_DOWN", "INK_UP", "Ink", "Page", "Run", "read_pdf"]

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm, origin top left

RUN_GAP = 1.5  # words further apart than this many ems are separate runs (labels of neighbouring squares)
SPACE_GAP = 0.2  # words further apart than this many ems are read with a space between them
SAME_BASELINE = 0.05 * PT_PER_MM  # words of one text block whose baselines are this close (pt) share a line


class Run(NamedTuple):
    """Printed words read as one run (consecutive words of one text block on one baseline, at most RUN_GAP ems
    apart): its text, inked box (mm), baseline key and smallest point size; the font family of its first word and
    the paint order of its first word's text object (compare with Ink.z: a larger z is painted over)."""

    text: str
    box: Box
    line: tuple[int, int, int]  # (rotation in degrees, baseline position 0.1 mm, text block): same line, same key
    size: float
    family: str = ""
    z: int = 0
    font: str = ""  # the base font name (PTSans-Bold), subset tag left out


class Ink(NamedTuple):
    """One painted path, image or shading (mm, clipped), in paint order: z counts every object of the page, text
    objects included, in the order they are painted; fill and stroke are RGBA 0-255 (None: not filled, not
    stroked; images and shadings have neither)."""

    box: Box
    z: int
    kind: str  # "path", "image" or "shading"
    fill: tuple[int, int, int, int] | None
    stroke: tuple[int, int, int, int] | None

    @property
    def covers(self) -> bool:
        """Whether it hides what lies under it: a filled path, an image or a shading (white included)."""
        return self.kind != "path" or self.fill is not None


@dataclass(frozen=True)
class Page:
    """One page read back: its size (mm), runs of words, the boxes of everything painted in a colour other than
    white, of the inked paths that are only stroked (frames, rules, cut marks), and every painted object in paint
    order (white ones too: `paint`)."""

    number: int
    size: tuple[float, float]
    runs: tuple[Run, ...]
    marks: tuple[Box, ...]
    strokes: tuple[Box, ...] = ()
    paint: tuple[Ink, ...] = ()


Joined = tuple[str, PtBox, float, tuple[int, float, int], Word]  # a run as _join gives it (points)


def join(words: list[Word]) -> list[Joined]:
    """Words joined into runs (points), as a Page's runs are (pageqa/faces.py joins a drawing's words once)."""
    return _join(words)


def _join(words: list[Word]) -> list[Joined]:
    """Words joined into runs: consecutive words of one text block on one baseline, at most RUN_GAP ems apart,
    read with a space where they are more than SPACE_GAP ems apart; a run keeps its first word's line and word
    and its smallest size."""
    runs = []
    parts: list[str] = []
    x0 = y0 = x1 = y1 = 0.0
    first: Word | None = None
    block = angle = 0
    base = size = 0.0
    last: PtBox = (0.0, 0.0, 0.0, 0.0)
    for w in words:
        text, b, w_angle, w_across, s, _, _, _, w_block = w  # unpacked once (attribute reads cost more)
        if first is not None and w_block == block and w_angle == angle and abs(w_across - base) <= SAME_BASELINE:
            gap = max(b[0] - last[2], last[0] - b[2], b[1] - last[3], last[1] - b[3])
            if gap <= RUN_GAP * s:
                if gap > SPACE_GAP * s:
                    parts.append(" ")
                parts.append(text)
                x0, y0, x1, y1 = min(x0, b[0]), min(y0, b[1]), max(x1, b[2]), max(y1, b[3])
                size = min(size, s)
                last = b
                continue
        if first is not None:
            runs.append(("".join(parts), (x0, y0, x1, y1), size, (angle, base, block), first))
        parts, (x0, y0, x1, y1), first, size, last = [text], b, w, s, b
        angle, base, block = w_angle, w_across, w_block
    if first is not None:
        runs.append(("".join(parts), (x0, y0, x1, y1), size, (angle, base, block), first))
    return runs


def read_page(page: PdfiumPage, number: int, layered: list[Layered] | None = None, textpage: Any = None,
              paths: list[Layered] | None = None) -> Page:
    """One pdfium page read back (its /Rotate is not applied: the kit writes none); with `layered` (and `paths`),
    the objects the layer checks (and the tunnel links' reading) read are added to it in the same walk; textpage:
    the page's text page, left open (None: one is loaded and closed here)."""
    x0, y0, x1, y1 = page.get_mediabox()
    paints, texts = walk(getattr(page, "raw", page), layered, paths)
    tp = page.get_textpage() if textpage is None else textpage
    try:
        words = read_words(tp, texts)
        if len({w.z for w in words}) < len(texts):  # text objects the text page left out
            words = add_repeats(words, texts)
    finally:
        if textpage is None:
            tp.close()
    return page_of(number, (x0, y0, x1, y1), paints, words)


def page_of(number: int, media: PtBox, paints: list[Paint], words: list[Word], joined: list[Joined] | None = None,
            before: int = 0) -> Page:
    """A Page from what a page paints and its words in reading order (points; media: its media box); joined: runs
    of other text blocks joined before (pageqa/faces.py), placed among the words' runs by paint order (the runs
    painted before `before` first, in their order)."""
    x0, y0, x1, y1 = media
    h = y1 - y0
    k = PT_PER_MM
    runs = _join(words)
    if joined:  # stable: runs of one text object keep their order
        runs = sorted(runs + joined, key=lambda r: r[4].z if r[4].z >= before else 0)
    runs = tuple(_new(Run, (text, ((b[0] - x0) / k, (h - (b[3] - y0)) / k, (b[2] - x0) / k, (h - (b[1] - y0)) / k),
                            (angle, round(across / k * 10), block), size, w.family, w.z, w.font))
                 for text, b, size, (angle, across, block), w in runs)  # mm from the top left
    ink: list[Ink] = []
    marks: list[Box] = []
    strokes: list[Box] = []
    for p in paints:  # marks: inked (objects.white inline; images and shadings always); strokes: inked outlines
        b = p.box
        box = ((b[0] - x0) / k, (h - (b[3] - y0)) / k, (b[2] - x0) / k, (h - (b[1] - y0)) / k)
        kind, fill, stroke = p.kind, p.fill, p.stroke
        ink.append(_new(Ink, (box, p.z, kind, fill, stroke)))
        if kind != "path":
            marks.append(box)
            continue
        white_fill = fill is None or (fill[0] >= WHITE and fill[1] >= WHITE and fill[2] >= WHITE)
        if stroke is not None and not (stroke[0] >= WHITE and stroke[1] >= WHITE and stroke[2] >= WHITE):
            marks.append(box)
            if white_fill:
                strokes.append(box)
        elif not white_fill:
            marks.append(box)
    return Page(number, ((x1 - x0) / k, h / k), runs, tuple(marks), tuple(strokes), tuple(ink))


def read_pdf(data: bytes) -> list[Page]:
    """Every page of a PDF with its runs of words and painted marks in mm from the top-left corner."""
    return [read_page(page, n) for n, page in each_page(data)]
