"""The digital-table export's picture cache: what the export makes from one PDF of a built kit (a deck's card
pictures and face sheets, a piece sheet's cut pieces, a page's picture) kept in the component cache
(build/cache/components/tts-pictures/<key>.entry, pruned with the components' entries, least recently used first),
so an export reuses it while that PDF's bytes and the generator are unchanged: a kit rebuilt with one card string
edited renders and encodes that deck again and nothing else, and an export folder removed is written again from
the cache.

The key is the sha256 of the generator's code (sources.generator_digest), what is made (its kind and settings) and
the PDF's bytes. An entry is data only (a JSON header and PNG bytes, each checked against its sha256, the header
sealed with this user's key: output/cache.py, output/seal.py); a damaged, foreign or unsealed one (planted: poisoned
pictures or texts) is discarded with one warning line on stderr and the pictures made again. Entries are written by the
worker that made them, and only for a game whose export passed every check (tts.export_game): what comes from
the cache was read back and compared when it was made."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from ..output.cache import CACHE_DIR, check_entry, write_entry
from ..sources import generator_digest

FOLDER = "tts-pictures"


class PictureCache:
    """Entries of one export task: looked up by key, new ones kept until the task's checks pass (save())."""

    def __init__(self, root: Path | None):
        self.folder = root / CACHE_DIR / FOLDER if root is not None else None
        self.pending: list[tuple[Path, dict, list[bytes]]] = []
        self.hits = 0

    def key(self, kind: str, data: bytes, *settings: Any) -> str:
        """The key of what `kind` makes from a PDF's bytes with these settings."""
        made_of = json.dumps([kind, generator_digest(), hashlib.sha256(data).hexdigest(), list(settings)])
        return hashlib.sha256(made_of.encode("utf-8")).hexdigest()

    def get(self, key: str) -> tuple[Any, list[bytes]] | None:
        """(meta, blobs) kept under key, or None (no cache, no entry, or one that is damaged or not this key's)."""
        if self.folder is None:
            return None
        path = self.folder / f"{key}.entry"
        found, wrong = check_entry(path)
        if found is not None and (found[0].get("key") != key or "meta" not in found[0]):
            found, wrong = None, "foreign: it holds another key than its name says"
        if found is None:
            if wrong:  # one line, then the pictures are made again and the entry replaced
                print(f"cache: {CACHE_DIR / FOLDER / path.name} ({wrong}) discarded and made again", file=sys.stderr)
                path.unlink(missing_ok=True)
            return None
        self.hits += 1
        try:
            (self.folder / f"{key}.entry").touch()  # its last use: pruning removes the least recently used first
        except OSError:
            pass
        return found[0]["meta"], found[1]

    def put(self, key: str, meta: Any, blobs: list[bytes]) -> None:
        """Keep (meta, blobs) under key once the task's checks pass."""
        if self.folder is not None:
            self.pending.append((self.folder / f"{key}.entry", {"key": key, "meta": meta}, blobs))

    def save(self) -> None:
        """Write the entries made by a task whose export passed its checks (a full or read-only disk: skipped)."""
        for path, header, blobs in self.pending:
            try:
                write_entry(path, header, blobs)
            except OSError:
                pass
        self.pending.clear()
