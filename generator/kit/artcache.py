"""Drawn SVG art kept between builds: the cairo calls cairosvg made for an SVG (render/artrec.py), in the component
cache (build/cache/components/art/<key>.entry, pruned with the components' entries, least recently used first).

A one-string rebuild draws its deck's faces again, but their art (frames, bands, the backs' patterns, the bled
borders of the print-shop faces) is the same SVG as before: drawn from its kept calls, the same calls cairosvg made,
the pages hold the same bytes, without cairosvg parsing and walking the SVG again (about 0.07 s of CPU for the stance
deck). The key is the sha256 of the generator's code and libraries (sources.generator_digest) and of what the art is
made of (the SVG and, for a bled border, its placement). An entry is data only: a sealed JSON header (output/cache.py,
output/seal.py) and the calls as JSON, checked against its sha256 and then call by call against artrec's table before
anything is drawn; a damaged, foreign or unsealed entry is discarded with one `cache:` line and the art drawn again.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from ..output.cache import CACHE_DIR, check_entry, write_entry
from ..sources import generator_digest

FOLDER = "art"


class ArtCache:
    """render/svg.py's ArtStore over one project's component cache."""

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
            try:
                listing = json.loads(blobs[0]) if header.get("key") == key and len(blobs) == 1 else None
            except ValueError:
                listing = None
            if isinstance(listing, dict) and isinstance(header.get("meta"), dict):
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
        """Keep the calls drawing made_of (a full or read-only disk: not kept)."""
        key, path = self._path(made_of)
        try:
            write_entry(path, {"key": key, "meta": meta}, [json.dumps(listing, separators=(",", ":")).encode()])
        except OSError:
            pass
