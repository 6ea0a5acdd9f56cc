"""Each page of a PDF read once for the whole page QA: pdfium opens the page, one walk of its objects gives the
reader's runs and marks (read.py) and the layer checks' texts and shapes (layers.py), and, for a home-print file,
the page is rendered for its ink coverage (ink.py) while it is open."""

from __future__ import annotations

import ctypes
from typing import Iterator, NamedTuple

import pypdfium2.raw as raw

from .ink import page_coverage
from .layers import Ink, page_inks, words
from .objects import TEXT, Layered, Reader, chain_scale, each_page
from .read import Page, read_page
from .tunnels import page_links


class PageRead(NamedTuple):
    """One page read back: what the reader gives (Page), the layer checks' Ink items (their texts read on demand
    while the page is open), its ink coverage in percent (None when not asked for) and its tunnel links and the
    pieces over them (pageqa/tunnels.py; None when not asked for)."""

    page: Page
    layers: list[Ink]
    ink: float | None
    layered: list[Layered]  # the layer checks' objects as the walk found them (their handles valid while open)
    links: list[Ink] | None = None


def read_pages(data: bytes, coverage: bool = False, skip: frozenset[int] = frozenset(), links: bool = False
               ) -> Iterator[PageRead]:
    """Every page of a PDF but those numbered in skip (1-based), each yielded while it is open (an Ink's text can
    be read until the next page); with links, each page's tunnel links read in the same walk."""
    for n, page in each_page(data, skip):
        textpage = page.get_textpage()
        try:
            layered: list[Layered] = []
            paths: list[Layered] | None = [] if links else None
            read = read_page(page, n, layered, textpage, paths)
            height = page.get_height()
            yield PageRead(read, page_inks(layered, height, textpage), page_coverage(page) if coverage else None,
                           layered, page_links(paths, height) if paths is not None else None)
        finally:
            textpage.close()


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
