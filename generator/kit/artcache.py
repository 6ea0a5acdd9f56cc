"""Drawn SVG art kept between builds: the cairo calls cairosvg made for an SVG (render/artrec.py), in the component
cache (build/cache/components/art/<key>.entry, pruned with the components' entries, least recently used first).

A one-string rebuild draws its deck's faces again, but their art (frames, bands, the backs' patterns, the bled
borders of the print-shop faces) is the same SVG as before: drawn from its kept calls, the same calls cairosvg made,
the pages hold the same bytes, without cairosvg parsing and walking the SVG again (about 0.07 s of CPU for the stance
deck). The key is the sha256 of the generator's code and libraries (sources.generator_digest) and of what the art is
made of (the SVG and, for a bled border, its placement). An entry is data only: a sealed JSON header (output/cache.py,
output/seal.py) and the calls and their numbers as two arrays, each checked against its sha256, then call by call
against artrec's table before anything is drawn; a damaged, foreign or unsealed entry is discarded with one `cache:`
line and the art drawn again.
"""

from __future__ import annotations

import hashlib
import json
import sys
from array import array
from pathlib import Path

from ..output.cache import CACHE_DIR, check_entry, write_entry
from ..sources import generator_digest

FOLDER = "art"


def _pack(values: list, code: str) -> bytes:
    out = array(code, values)
    if sys.byteorder == "big":  # kept little-endian: one layout wherever the folder is read
        out.byteswap()
    return out.tobytes()


def _unpack(data: bytes, code: str) -> list | None:
    out = array(code)
    if len(data) % out.itemsize:
        return None
    out.frombytes(data)
    if sys.byteorder == "big":
        out.byteswap()
    return out.tolist()


class ArtCache:
    """render/svg.py's ArtStore over one project's component cache. An entry's header holds the listing's names and
    other arguments (artrec.py), its two blobs the calls (unsigned 16-bit indexes) and the numbers (64-bit floats,
    exactly the numbers drawn: no decimal text to write and read back)."""

    def __init__(self, root: Path) -> None:
        self.folder = root / CACHE_DIR / FOLDER

    def _path(self, made_of: list) -> tuple[str, Path]:
        text = json.dumps([generator_digest(), made_of], ensure_ascii=False, separators=(",", ":"))
        key = hashlib.sha256(text.encode("utf-8")).hexdigest()
        return key, self.folder / f"{key}.entry"

    def get(self, made_of: list) -> tuple[dict, dict] | None:
        """(meta, listing) kept for made_of, or None (no entry, or a damaged or foreign one: told and removed)."""
        key, path = self._path(made_of)
        found, wrong = check_entry(path)
        if found is not None:
            header, blobs = found
            listing = None
            if header.get("key") == key and len(blobs) == 2 and isinstance(header.get("meta"), dict):
                ops, nums = _unpack(blobs[0], "H"), _unpack(blobs[1], "d")
                if ops is not None and nums is not None:
                    listing = {"names": header.get("names"), "ops": ops, "nums": nums, "extra": header.get("extra")}
            if listing is not None:
                try:
                    path.touch()  # its last use: pruning removes the least recently used first
                except OSError:
                    pass
                return header["meta"], listing
            wrong = "foreign: not the art its name says"
        if wrong:  # one line (from the worker that met it), then the art is drawn again and the entry replaced
            print(f"cache: {CACHE_DIR / FOLDER / path.name} ({wrong}) discarded and made again", file=sys.stderr)
            path.unlink(missing_ok=True)
        return None

    def put(self, made_of: list, meta: dict, listing: dict) -> None:
        """Keep the calls drawing made_of (a full or read-only disk, or more than 65,536 kinds of call: not kept)."""
        key, path = self._path(made_of)
        try:
            blobs = [_pack(listing["ops"], "H"), _pack(listing["nums"], "d")]
            write_entry(path, {"key": key, "meta": meta, "names": listing["names"], "extra": listing["extra"]}, blobs)
        except (OSError, OverflowError, TypeError):
            pass
