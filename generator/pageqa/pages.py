"""Each page of a PDF read once for the whole page QA: pdfium opens the page, one walk of its objects gives the
reader's runs and marks (read.py) and the layer checks' texts and shapes (layers.py), and, for a home-print file,
the page is rendered for its ink coverage (ink.py) while it is open."""

from __future__ import annotations

from typing import Iterator, NamedTuple

import pypdfium2 as pdfium

from .ink import page_coverage
from .layers import Ink, page_inks
from .objects import Layered
from .read import Page, read_page


class PageRead(NamedTuple):
    """One page read back: what the reader gives (Page), the layer checks' Ink items (their texts read on demand
    while the page is open) and its ink coverage in percent (None when not asked for)."""

    page: Page
    layers: list[Ink]
    ink: float | None
    layered: list[Layered]  # the layer checks' objects as the walk found them (their handles valid while open)


def read_pages(data: bytes, coverage: bool = False) -> Iterator[PageRead]:
    """Every page of a PDF, each yielded while it is open (an Ink's text can be read until the next page)."""
    doc = pdfium.PdfDocument(data)
    try:
        for n in range(len(doc)):
            page = doc[n]
            try:
                textpage = page.get_textpage()
                try:
                    layered: list[Layered] = []
                    read = read_page(page, n + 1, layered, textpage)
                    yield PageRead(read, page_inks(layered, page.get_height(), textpage),
                                   page_coverage(page) if coverage else None, layered)
                finally:
                    textpage.close()
            finally:
                page.close()
    finally:
        doc.close()
