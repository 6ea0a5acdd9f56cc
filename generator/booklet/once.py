"""reportlab work a booklet repeats, done once per process: font subsets and Flate streams, keyed by their content.

The A5 and A4 typesettings of a booklet embed the same font subsets (the same text), which reportlab builds and
compresses for each document; the same bytes in give the same bytes out, so each is made once here.
"""

from __future__ import annotations

import zlib
from functools import lru_cache

from reportlab.pdfbase import pdfdoc, ttfonts

_make_subset = ttfonts.TTFontFile.makeSubset


@lru_cache(maxsize=64)
def _subset(face: ttfonts.TTFontFile, chars: tuple[int, ...]) -> bytes:
    """reportlab's TrueType subset of a registered face with these characters (in this order)."""
    return _make_subset(face, list(chars))


@lru_cache(maxsize=128)
def _deflate(data: bytes) -> bytes:
    """reportlab's Flate compression of a stream."""
    return zlib.compress(data)


class _Flate(pdfdoc.PDFStreamFilterZCompress):
    """reportlab's FlateDecode filter, compressing each distinct stream once."""

    def encode(self, text: str | bytes) -> bytes:
        """The stream compressed (text as UTF-8, as reportlab does)."""
        return _deflate(text.encode("utf8") if isinstance(text, str) else bytes(text))


def install() -> None:
    """Route reportlab's font subsetting and stream compression through the caches (once per process)."""
    if not isinstance(pdfdoc.PDFZCompress, _Flate):
        ttfonts.TTFontFile.makeSubset = lambda face, subset: _subset(face, tuple(subset))
        pdfdoc.PDFZCompress = _Flate()
