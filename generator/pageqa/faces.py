"""A drawing placed on many pages read once (issue 46): a card face is placed on the print-shop page, both home
sheets and both gutterfolds, each time as the same form XObject behind a wrapper form that moves and clips it
(render/pdf.PdfDoc.place). The renderer names each placement (Artifact.placed); the page QA reads a face in full
the first time it meets it, in page points without the placement's clip, and on a later page takes that reading
moved by the difference between the two placements' matrices (read from the page itself) and cut to the new
placement's clip (read from the page too). What the sheet draws itself (cut and fold lines, small print, bleed
under the backs) is read from the page every time, and every sheet rule runs on the page so composed.

A placement is taken from a reading only when the page shows it as the renderer draws it: a wrapper form holding
one form, the same number of objects in it, moved and flipped but neither turned nor scaled against the reading;
anything else is read from the page. A page whose composed reading has a finding is read again directly and its
findings told from that reading (pageqa/check.py), so a message quotes what the page itself holds.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pypdfium2.raw as raw

from .layers import Ink, Layer, hiding, layer_reads, placed_inks
from .read import Joined, join
from .objects import FORM, Layered, Matrix, Paint, PtBox, Reader, TextObject, meet, mult, transform
from .words import Word, across, add_repeats, add_repeats_needed, read_words

Key = tuple[int, int]


class Face(NamedTuple):
    """A placed drawing's reading, in page points where it was first read (its form's matrix there: `matrix`),
    without its placement's clip; paint order (z) and text blocks counted from its form."""

    matrix: Matrix
    count: int  # objects in its form
    span: int  # page objects it holds (forms in it and theirs included): its paint order's extent
    blocks: int  # text blocks begun in it
    last_text: bool  # whether the last object it paints is text (a text block after it continues it)
    paints: tuple[Paint, ...]
    words: tuple[Word, ...]
    layers: tuple[Layer, ...]
    runs: tuple[Joined, ...] = ()  # its words joined into runs (read.join)
    inked: PtBox | None = None  # the box round its words (None: it has none)


class _Use(NamedTuple):
    """A placement on the page being read: its reading (a Face; None: being read on this page), the paint order of
    its form, the text blocks before it, the move from its reading to here (points) and its clip here."""

    key: Key
    face: Face | None
    z: int
    blocks: int
    dx: float
    dy: float
    clip: PtBox | None
    matrix: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    count: int = 0
    span: int = 0
    new_blocks: int = 0
    last_text: bool = False
    paints: tuple[Paint, ...] = ()
    layered: tuple[Layered, ...] = ()
    again: bool = False  # a drawing read on this page placed once more on it (its reading: the first use's)


class Placements:
    """objects.walk's `placed` hook for one page: each form on the page itself is the next drawing the renderer
    placed (keys, in paint order); a drawing read before is taken from `book`, one met for the first time is read
    here and kept in `book` by compose()."""

    def __init__(self, book: dict[Key, Face], keys: tuple[Key, ...]) -> None:
        self.book, self.keys = book, keys
        self.at = 0
        self.uses: list[_Use] = []
        self.reader = Reader()

    def __call__(self, obj: Any, fm: Matrix, here: PtBox | None, state: list, visit: Any, paints: list[Paint],
                 texts: dict[int, TextObject], layered: list[Layered]) -> bool:
        at, self.at = self.at, self.at + 1
        if at >= len(self.keys) or raw.FPDFFormObj_CountObjects(obj) != 1:
            return False
        inner = raw.FPDFFormObj_GetObject(obj, 0)
        if raw.FPDFPageObj_GetType(inner) != FORM:
            return False
        im = self.reader.matrix(inner)
        m = mult(im, fm)
        if m[1] != 0 or m[2] != 0:
            return False
        key, count = self.keys[at], raw.FPDFFormObj_CountObjects(inner)
        clip = here
        cp = raw.FPDFPageObj_GetClipPath(inner)
        if cp and raw.FPDFClipPath_CountPaths(cp) > 0:
            own = self.reader.clip(inner)[0]
            clip = meet(transform(fm, own), here) if own is not None else here
        z, blocks = state[0] + 1, state[1]
        state[2] = False
        face = self.book.get(key)
        if face is not None and face.matrix[:4] == m[:4] and face.count == count:
            self.uses.append(_Use(key, face, z, blocks, m[4] - face.matrix[4], m[5] - face.matrix[5], clip))
            state[0], state[1], state[2] = z + face.span, blocks + face.blocks, face.last_text
            return True
        if face is not None:
            return False  # drawn otherwise than where it was read: read from the page
        read = next((u for u in self.uses if u.key == key and u.face is None and not u.again), None)
        if read is not None:  # read on this page already: its reading, moved
            if read.matrix[:4] != m[:4] or read.count != count:
                return False
            self.uses.append(read._replace(z=z, blocks=blocks, dx=m[4] - read.matrix[4], dy=m[5] - read.matrix[5],
                                           clip=clip, again=True))
            state[0], state[1], state[2] = z + read.span, blocks + read.new_blocks, read.last_text
            return True
        first_paint, first_layer = len(paints), len(layered)
        state[0] = z
        visit(inner, raw.FPDFFormObj_CountObjects, raw.FPDFFormObj_GetObject, m, None, (fm, im))
        self.uses.append(_Use(key, None, z, blocks, 0.0, 0.0, clip, m, count, state[0] - z, state[1] - blocks,
                              bool(state[2]), tuple(paints[first_paint:]), tuple(layered[first_layer:])))
        del paints[first_paint:], layered[first_layer:]
        return True

    def compose(self, paints: list[Paint], texts: dict[int, TextObject], layered: list[Layered], textpage: Any,
                height: float) -> tuple[list[Paint], list[Word], list[Joined], list[Ink]] | None:
        """The page's paint, words, runs joined before (of drawings placed whole: read.page_of) and layer items: its own objects' (paints, layered, and the words of texts, read
        from textpage; None when it has no text of its own to read) and each placement's; the drawings read here
        kept in the book. None when a text object the text page leaves out repeats another (pageqa/words.add_repeats:
        its words come last when read directly: read the page directly)."""
        words = read_words(textpage, texts, only=True) if texts else []
        if add_repeats_needed(words, texts) and len(add_repeats(words, texts)) != len(words):
            return None  # a text printed twice (pageqa/words.add_repeats): its words come last, as read directly
        new = [u for u in self.uses if u.face is None and not u.again]
        for u in new:
            inside = [w for w in words if u.z < w.z <= u.z + u.span]
            mine = [w._replace(z=w.z - u.z, block=w.block - u.blocks) for w in inside]
            inked = (min(w.box[0] for w in mine), min(w.box[1] for w in mine), max(w.box[2] for w in mine),
                     max(w.box[3] for w in mine)) if mine else None
            face = Face(u.matrix, u.count, u.span, u.new_blocks, u.last_text,
                        tuple(p._replace(z=p.z - u.z) for p in u.paints), tuple(mine),
                        tuple(r._replace(z=r.z - u.z, read=None) for r in layer_reads(list(u.layered), textpage)),
                        tuple(join(mine)), inked)
            self.book[u.key] = face
        if new:
            words = [w for w in words if not any(u.z < w.z <= u.z + u.span for u in new)]
        inks = placed_inks(layer_reads(layered, textpage), height)
        all_paints = list(paints)
        joined: list[Joined] = []
        own = {t.block for t in texts.values() if not any(u.z < t.z <= u.z + u.span for u in new)}
        for u in self.uses:
            face = u.face or self.book[u.key]
            all_paints += _moved_paints(face.paints, u)
            continued = face.last_text and u.blocks + face.blocks in own  # a text of the page's own continues
            # the drawing's last text block: their words are joined together
            if not continued and _uncut(face.inked, u):
                joined += _moved_runs(face.runs, u)
            else:
                words += _moved_words(face.words, u)
            inks += placed_inks(face.layers, height, u.dx, u.dy, u.clip, u.z, "?")
        all_paints.sort(key=lambda p: p.z)
        words.sort(key=lambda w: w.z)
        inks.sort(key=lambda i: i.z)
        return all_paints, words, joined, hiding(inks)


def _moved_paints(paints: tuple[Paint, ...], u: _Use) -> list[Paint]:
    out = []
    dx, dy, clip, z = u.dx, u.dy, u.clip, u.z
    for p in paints:
        b = p.box
        if dx or dy:
            b = (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
        if clip is not None:
            b = meet(b, clip)
            if not (b[0] < b[2] and b[1] < b[3]):
                continue
        out.append(Paint(b, p.z + z, p.kind, p.fill, p.stroke))
    return out


def _uncut(box: PtBox | None, u: _Use) -> bool:
    """Whether a drawing's words, moved as placed, lie inside the placement's clip (or it has no words)."""
    if box is None or u.clip is None:
        return True
    c = u.clip
    return c[0] <= box[0] + u.dx and c[1] <= box[1] + u.dy and box[2] + u.dx <= c[2] and box[3] + u.dy <= c[3]


def _moved_runs(runs: tuple[Joined, ...], u: _Use) -> list[Joined]:
    """A drawing's runs as placed: moved, their paint order and text blocks counted on the page."""
    dx, dy, z, blocks = u.dx, u.dy, u.z, u.blocks
    out = []
    for text, b, size, (angle, base, block), w in runs:
        if dx or dy:
            b = (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
            base += dy if angle == 0 else across(angle, dx, dy)
        out.append((text, b, size, (angle, base, block + blocks),
                    Word(w.text, w.box, w.angle, w.across, w.size, w.font, w.family, w.z + z, w.block + blocks)))
    return out


def _moved_words(words: tuple[Word, ...], u: _Use) -> list[Word]:
    out = []
    dx, dy, clip, z, blocks = u.dx, u.dy, u.clip, u.z, u.blocks
    for w in words:
        b = w.box
        if dx or dy:
            b = (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
        if clip is not None:
            b = meet(b, clip)
            if not (b[0] < b[2] and b[1] < b[3]):
                continue
        base = w.across if not (dx or dy) else w.across + dy if w.angle == 0 else w.across + across(w.angle, dx, dy)
        out.append(Word(w.text, b, w.angle, base, w.size,
                        w.font, w.family, w.z + z, w.block + blocks))
    return out
