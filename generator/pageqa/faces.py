"""A drawing placed on many pages read once (issue 46): a card face is placed on the print-shop page, both home
sheets and both gutterfolds, each time as the same form XObject behind a wrapper form that moves and clips it
(render/pdf.PdfDoc.place). The renderer names each placement (Artifact.placed); the page QA reads a face in full
the first time it meets it, in page points without the placement's clip, and on a later page takes that reading
moved by the difference between the two placements' matrices (read from the page itself) and cut to the new
placement's clip (read from the page too). What the sheet draws itself (cut and fold lines, small print, bleed
under the backs) is read from the page every time, and every sheet rule runs on the page so composed.

A placement is taken from a reading only when the page shows it as the renderer draws it: a wrapper form holding
one form, the same number of objects in it, moved and flipped but neither turned nor scaled against the reading;
anything else is read from the page. A booklet page is typeset once as one form (booklet/typeset.on_paper) that the
files of both papers place as it is, on the page itself, and the imposed sheets in a wrapper form beside the fold
marks the sheet draws itself (booklet/impose.py; a key None: read from the page): it is read once the same way.
A page whose composed reading has a finding is read again directly and its
findings told from that reading (pageqa/check.py), so a message quotes what the page itself holds.
"""

from __future__ import annotations

import bisect
from typing import Any, NamedTuple

import pypdfium2.raw as raw

from .layers import Ink, Layer, hiding, layer_reads, placed_inks
from .read import Joined, join
from .objects import FORM, Layered, Matrix, Paint, PtBox, Reader, TextObject, _new, meet, mult, transform
from .words import Word, across, add_repeats, add_repeats_needed, read_words

Key = tuple  # (document serial, drawing number) of a cairo drawing (render/pdf.PdfDoc.placed_keys); (PAGE_FORM,
# typesetting serial, format, page index) of a typeset booklet page (booklet/builders.py)
PAGE_FORM = "page"  # a key naming a typeset page: placed as the form itself on its paper, or in a wrapper (imposed)


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

    def __init__(self, book: dict[Key, Face], keys: tuple[Key | None, ...]) -> None:
        self.book, self.keys = book, keys
        self.at = 0
        self.uses: list[_Use] = []
        self.reader = Reader()
        self.forms: list[Any] = []  # the page's forms taken as placements, in paint order
        self.before = 0  # compose(): the paint order before which the page's own words keep the text page's order

    def __call__(self, obj: Any, fm: Matrix, here: PtBox | None, state: list, visit: Any, paints: list[Paint],
                 texts: dict[int, TextObject], layered: list[Layered]) -> bool:
        at, self.at = self.at, self.at + 1
        key = self.keys[at] if at < len(self.keys) else None
        if key is None:
            return False  # the page's own drawing (an imposed sheet's fold marks), or not a placement
        if raw.FPDFFormObj_CountObjects(obj) == 1 and \
                raw.FPDFPageObj_GetType(inner := raw.FPDFFormObj_GetObject(obj, 0)) == FORM:
            im = self.reader.matrix(inner)  # a wrapper form placing the drawing
            m, chain, z = mult(im, fm), (fm, im), state[0] + 1
        elif key[0] == PAGE_FORM:
            inner, m, chain, z = obj, fm, (fm,), state[0]  # a typeset page: the form on the page is the drawing
        else:
            return False
        if m[1] != 0 or m[2] != 0:
            return False
        count = raw.FPDFFormObj_CountObjects(inner)
        clip = here
        cp = raw.FPDFPageObj_GetClipPath(inner) if inner is not obj else None
        if cp and raw.FPDFClipPath_CountPaths(cp) > 0:
            own = self.reader.clip(inner)[0]
            clip = meet(transform(fm, own), here) if own is not None else here
        blocks = state[1]
        state[2] = False
        face = self.book.get(key)
        if face is not None and face.matrix[:4] == m[:4] and face.count == count:
            self.uses.append(_Use(key, face, z, blocks, m[4] - face.matrix[4], m[5] - face.matrix[5], clip))
            state[0], state[1], state[2] = z + face.span, blocks + face.blocks, face.last_text
            self.forms.append(obj)
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
            self.forms.append(obj)
            return True
        first_paint, first_layer = len(paints), len(layered)
        state[0] = z
        visit(inner, raw.FPDFFormObj_CountObjects, raw.FPDFFormObj_GetObject, m, None, chain)
        self.uses.append(_Use(key, None, z, blocks, 0.0, 0.0, clip, m, count, state[0] - z, state[1] - blocks,
                              bool(state[2]), tuple(paints[first_paint:]), tuple(layered[first_layer:])))
        del paints[first_paint:], layered[first_layer:]
        self.forms.append(obj)
        return True

    def known(self) -> bool:
        """Whether every drawing placed on the page was read before (on an earlier page) or holds no text (a sheet's
        cut lines): the page's own text is then all its text page must read (pages.py makes it without the
        placements, see compose's alone)."""
        return all(u.face is not None or not u.new_blocks for u in self.uses)

    def compose(self, paints: list[Paint], texts: dict[int, TextObject], layered: list[Layered], textpage: Any,
                height: float, alone: bool = False) -> tuple[list[Paint], list[Word], list[Joined], list[Ink]] | None:
        """The page's paint, words, runs joined before (of drawings placed whole: read.page_of) and layer items: its own objects' (paints, layered, and the words of texts, read
        from textpage; None when it has no text of its own to read) and each placement's; the drawings read here
        kept in the book. None when a text object the text page leaves out repeats another (pageqa/words.add_repeats:
        its words come last when read directly: read the page directly). alone: the text page was made of the
        page's own objects only (every placement read before and taken off the page while it was made), so all
        its words are the page's own."""
        words = read_words(textpage, texts, only=not alone) if texts else []
        if add_repeats_needed(words, texts) and len(add_repeats(words, texts)) != len(words):
            return None  # a text printed twice (pageqa/words.add_repeats): its words come last, as read directly
        first = min((u.z for u in self.uses), default=0)
        ahead = sum(w.z < first for w in words)
        if not _in_paint_order(words[ahead:]) or any(w.z < first for w in words[ahead:]):
            return None  # the text page put texts out of paint order (on one line, by their place): as read directly
        self.before = first if ahead and not _in_paint_order(words[:ahead]) else 0
        new = [u for u in self.uses if u.face is None and not u.again]
        owner = _Spans(new)  # which drawing read here paints each word (paint order z in u.z < z <= u.z + u.span)
        held: list[list[Word]] = [[] for _ in new]
        words_own: list[Word] = []
        if owner.apart:
            for w in words:
                n = owner.of(w.z)
                (words_own if n is None else held[n]).append(w)
        else:  # spans that overlap: a word may belong to several
            held = [[w for w in words if u.z < w.z <= u.z + u.span] for u in new]
            words_own = [w for w in words if owner.of(w.z) is None]
        for u, inside in zip(new, held):
            mine = [_new(Word, (w.text, w.box, w.angle, w.across, w.size, w.font, w.family, w.z - u.z, w.block - u.blocks))
                    for w in inside]
            inked = (min(w.box[0] for w in mine), min(w.box[1] for w in mine), max(w.box[2] for w in mine),
                     max(w.box[3] for w in mine)) if mine else None
            face = Face(u.matrix, u.count, u.span, u.new_blocks, u.last_text,
                        tuple(_new(Paint, (p.box, p.z - u.z, p.kind, p.fill, p.stroke)) for p in u.paints), tuple(mine),
                        tuple(_new(Layer, (r.kind, r.boxes, r.z - u.z, r.family, r.shown, r.outer, None))
                              for r in layer_reads(list(u.layered), textpage)),
                        tuple(join(mine)), inked)
            self.book[u.key] = face
        if new:
            words = words_own
        if not _apart(words, self.uses, self.book, self.before):
            return None
        inks = placed_inks(layer_reads(layered, textpage), height)
        all_paints = list(paints)
        joined: list[Joined] = []
        own = {t.block for t in texts.values() if owner.of(t.z) is None}
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
        before = self.before  # the page's own words before every placement, kept in the text page's order
        words.sort(key=(lambda w: w.z if w.z >= before else 0) if before else (lambda w: w.z))
        inks.sort(key=lambda i: i.z)
        return all_paints, words, joined, hiding(inks)


class _Spans:
    """The paint order spans of the drawings read on a page (u.z < z <= u.z + u.span each): which one paints z,
    found by bisection (they follow each other; spans that overlap are searched one by one)."""

    def __init__(self, uses: list[_Use]) -> None:
        self.uses = uses
        order = sorted(range(len(uses)), key=lambda n: uses[n].z)
        self.starts = [uses[n].z for n in order]
        self.ends = [uses[n].z + uses[n].span for n in order]
        self.order = order
        self.apart = all(a <= b for a, b in zip(self.ends, self.starts[1:]))

    def of(self, z: int) -> int | None:
        """The index (in uses) of the first drawing whose span holds z; None: the page's own."""
        if not self.apart:
            return next((n for n, u in enumerate(self.uses) if u.z < z <= u.z + u.span), None)
        at = bisect.bisect_left(self.starts, z) - 1  # the last span starting below z
        return self.order[at] if at >= 0 and z <= self.ends[at] else None


def _in_paint_order(words: list[Word]) -> bool:
    """Whether words read from a text page come in paint order: pdfium's text page puts consecutive text objects on
    one line in the order of their places (left to right), which then is not the order they are painted in."""
    return all(a.z <= b.z for a, b in zip(words, words[1:]))


def _apart(own: list[Word], uses: list[_Use], book: dict[Key, Face], before: int) -> bool:
    """Whether the text page of the composed page puts its texts in paint order as its parts' readings do: no text
    object that starts a part (the page's own words, a placement) or ends one follows another text object on about
    its line (within the larger point size) starting left of it, or near it (2 pt; pdfium compares the objects'
    origins, which the words' boxes stand for), nor is any on the line of the page's own words painted before every
    placement (before: they come out of paint order, the text page's order kept): such texts are read from the
    page."""
    ends: list[tuple[int, int, Word]] = [(w.z, -1, w) for w in own]
    ahead = [w for w in own if w.z < before]  # the page's own words before every placement, out of paint order
    for n, u in enumerate(uses):
        face = u.face or book[u.key]
        if not face.words:
            continue
        first, last = face.words[0], face.words[-1]
        last = next(w for w in face.words if w.z == last.z)  # the last text object's first word
        for w in (first, last) if last is not first else (first,):
            b = w.box
            b = (b[0] + u.dx, b[1] + u.dy, b[2] + u.dx, b[3] + u.dy)
            if any(_near(a, w._replace(box=b)) for a in ahead):
                return False  # on the line of the page's own words (in whatever order the text page gave them)
            ends.append((w.z + u.z, n, w._replace(box=b)))
    ends.sort(key=lambda e: e[0])
    prev: tuple[int, int, Word] | None = None
    for e in ends:
        if prev is not None and prev[0] != e[0] and prev[1] != e[1]:
            if _near(prev[2], e[2]):
                return False
        if prev is None or prev[0] != e[0]:
            prev = e
    return True


def _near(a: Word, b: Word) -> bool:
    """Whether b, a text object's first word painted after a's, is about on a's line (within the larger point size)
    and starts left of a's start or near it (2 pt): pdfium's text page could put it first."""
    size = max(a.size, b.size)
    return b.box[1] - size <= a.box[3] and a.box[1] - size <= b.box[3] and b.box[0] < a.box[0] + 2


def _moved_paints(paints: tuple[Paint, ...], u: _Use) -> list[Paint]:
    """A drawing's paint as placed (_placed_box inline: a face paints hundreds of objects)."""
    out = []
    dx, dy, clip, z = u.dx, u.dy, u.clip, u.z
    moved = bool(dx or dy)
    if clip is not None:
        c0, c1, c2, c3 = clip
    for b, pz, kind, fill, stroke in paints:
        if moved:
            b = (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
        if clip is not None:  # meet(b, clip)
            b = (max(b[0], c0), max(b[1], c1), min(b[2], c2), min(b[3], c3))
            if not (b[0] < b[2] and b[1] < b[3]):
                continue
        out.append(_new(Paint, (b, pz + z, kind, fill, stroke)))
    return out


def _placed_box(b: PtBox, u: _Use) -> PtBox | None:
    """A drawing's box as placed: moved, cut to the placement's clip (None: nothing of it is left)."""
    dx, dy, clip = u.dx, u.dy, u.clip
    if dx or dy:
        b = (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
    if clip is not None:
        b = meet(b, clip)
        if not (b[0] < b[2] and b[1] < b[3]):
            return None
    return b


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
                    _new(Word, (w.text, w.box, w.angle, w.across, w.size, w.font, w.family, w.z + z, w.block + blocks))))
    return out


def _moved_words(words: tuple[Word, ...], u: _Use) -> list[Word]:
    out = []
    dx, dy, z, blocks = u.dx, u.dy, u.z, u.blocks
    for w in words:
        b = _placed_box(w.box, u)
        if b is None:
            continue
        base = w.across if not (dx or dy) else w.across + dy if w.angle == 0 else w.across + across(w.angle, dx, dy)
        out.append(Word(w.text, b, w.angle, base, w.size,
                        w.font, w.family, w.z + z, w.block + blocks))
    return out
