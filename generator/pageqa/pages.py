"""Each page of a PDF read once for the whole page QA: pdfium opens the page, one walk of its objects gives the
reader's runs and marks (read.py) and the layer checks' texts and shapes (layers.py), and, for a home-print file,
the page is rendered for its ink coverage (ink.py) while it is open. A page placing drawings read before on
another page (faces.py) takes their reading and reads only what it draws itself."""

from __future__ import annotations

import ctypes
from functools import partial
from typing import Any, Callable, Iterator, NamedTuple

import pypdfium2.raw as raw

from .faces import Face, Key, Placements
from .ink import page_coverage
from .layers import Ink, page_inks, words
from .objects import TEXT, Layered, Reader, address, chain_scale, PdfiumPage, each_page, walk
from .read import Page, page_of, read_page
from .tunnels import page_links


class PageRead(NamedTuple):
    """One page read back: what the reader gives (Page), the layer checks' Ink items (their texts read on demand
    while the page is open), its ink coverage in percent (None when not asked for) and its tunnel links and the
    pieces over them (pageqa/tunnels.py; None when not asked for); a page composed from drawings read before
    (faces.py) gives `direct`, which reads it again from the page alone (while it is open)."""

    page: Page
    layers: list[Ink]
    ink: float | None
    layered: list[Layered]  # the layer checks' objects as the walk found them (their handles valid while open)
    links: list[Ink] | None = None
    direct: Callable[[], "PageRead"] | None = None


def read_pages(data: bytes, coverage: bool = False, skip: frozenset[int] = frozenset(), links: bool = False,
               placed: tuple[tuple[Key, ...], ...] = (), book: dict[Key, Face] | None = None) -> Iterator[PageRead]:
    """Every page of a PDF but those numbered in skip (1-based), each yielded while it is open (an Ink's text can
    be read until the next page); with links, each page's tunnel links read in the same walk. placed: per page the
    drawings the renderer placed on it (Artifact.placed), read once into book for every file of their document."""
    for n, page in each_page(data, skip):
        cover = page_coverage(page) if coverage else None
        keys = placed[n - 1] if len(placed) >= n and not links and book is not None else ()
        composed = _composed(page, n, keys, book) if keys else None
        if composed is not None:
            yield PageRead(composed[0], composed[1], cover, [], None, partial(_direct, page, n, cover, False))
            continue
        yield from _read(page, n, cover, links)


def _read(page: PdfiumPage, n: int, cover: float | None, links: bool) -> Iterator[PageRead]:
    """One page read directly, yielded while its text page is open."""
    textpage = page.get_textpage()
    try:
        layered: list[Layered] = []
        paths: list[Layered] | None = [] if links else None
        read = read_page(page, n, layered, textpage, paths)
        height = page.get_height()
        yield PageRead(read, page_inks(layered, height, textpage), cover, layered,
                       page_links(paths, height) if paths is not None else None)
    finally:
        textpage.close()


def _direct(page: PdfiumPage, n: int, cover: float | None, links: bool) -> PageRead:
    """A page read directly with every text of its layer items read (its text page closed after)."""
    reading = _read(page, n, cover, links)
    read = next(reading)
    try:
        layers = [i._replace(text=words(i), read=None) if i.kind == "text" else i for i in read.layers]
        return read._replace(layers=layers)
    finally:
        reading.close()


def _composed(page: PdfiumPage, n: int, keys: tuple[Key, ...], book: dict[Key, Face]
              ) -> tuple[Page, list[Ink]] | None:
    """A page read with the drawings it places taken from book (faces.py); None: read it directly."""
    hook = Placements(book, keys)
    layered: list[Layered] = []
    paints, texts = walk(page.raw, layered, None, hook)
    if hook.at != len(keys):
        return None  # not the forms the renderer placed: read from the page
    taken = _take_off(page.raw, hook.forms) if texts and hook.known() else None
    try:
        textpage = page.get_textpage() if texts else None
        try:
            made = hook.compose(paints, texts, layered, textpage, page.get_height(), alone=taken is not None)
        finally:
            if textpage is not None:
                textpage.close()
    finally:
        if taken:
            _put_back(page.raw, taken)
    if made is None:
        return None
    all_paints, all_words, joined, inks = made  # texts read as a stand-in: a finding reads the page again
    inks = [i._replace(text="?", read=None) if i.kind == "text" and (i.read is not None or i.text != "?") else i
            for i in inks]  # a placed drawing's texts are stand-ins already (faces.compose)
    return page_of(n, tuple(page.get_mediabox()), all_paints, all_words, joined, hook.before), inks


def _take_off(page: Any, forms: list[Any]) -> list[tuple[int, Any]] | None:
    """The placements' forms taken off the page (index, object), so that its text page holds the page's own text
    alone: pdfium makes a text page of every text on the page (a sheet's nine faces for its small print), while
    the faces' words were read before. None when a placement is not found on the page or pdfium refuses (the text
    page is then made of the whole page)."""
    wanted = {address(f) for f in forms}
    found = [(i, obj) for i in range(raw.FPDFPage_CountObjects(page))
             if address(obj := raw.FPDFPage_GetObject(page, i)) in wanted]
    if len(found) != len(wanted):
        return None  # not every placement is an object of the page itself: its text page is made whole
    taken: list[tuple[int, Any]] = []
    for i, obj in reversed(found):
        if not raw.FPDFPage_RemoveObject(page, obj):
            _put_back(page, taken)
            return None
        taken.insert(0, (i, obj))
    return taken


def _put_back(page: Any, taken: list[tuple[int, Any]]) -> None:
    """The forms _take_off took put back where they were (the page then reads, renders and closes as before)."""
    for i, obj in taken:
        if not raw.FPDFPage_InsertObjectAtIndex(page, obj, i):
            raise RuntimeError("pdfium could not put a placed form back on its page")


def inks(data: bytes) -> list[list[Ink]]:
    """Every page's text objects and the opaque shapes that could hide one, in paint order, boxes in mm from the top
    left (each text's words and point size read: the page QA itself reads the words only for a finding, and the
    size not at all)."""
    out = []
    reader = Reader()
    for read in read_pages(data):
        sizes = {o.z: _size(o, reader) for o in read.layered if o.kind == TEXT}
        out.append([i._replace(text=words(i), read=None, size=sizes[i.z]) if i.kind == "text" else i
                    for i in read.layers])
    return out


def _size(obj: Layered, reader: Reader) -> float:
    """A text object's point size: its font size times its matrix's and its forms' vertical scale."""
    size = ctypes.c_float()
    raw.FPDFTextObj_GetFontSize(obj.handle, size)
    return size.value * (abs(reader.matrix(obj.handle)[3]) * chain_scale(obj.chain))


def tunnel_inks(data: bytes) -> list[list[Ink]]:
    """Every page's tunnel links ('link' items with their points) and the pieces painted after the first link
    ('piece' boxes), boxes in mm from the top left (what the page QA reads of a file printing the board)."""
    return [read.links or [] for read in read_pages(data, links=True)]
