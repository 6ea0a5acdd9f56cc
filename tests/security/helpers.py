"""What an attacker who can write build/ (but not the user's key) does to a cache entry: rewrite its header and
recompute every checksum anyone can compute."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from generator.output.cache import CACHE_DIR


def split_entry(data: bytes) -> tuple[bytes, dict, bytes]:
    """(seal line, header, the blobs' bytes) of an entry."""
    seal, header, rest = data.split(b"\n", 2)
    return seal, json.loads(header), rest


def forge_entry(path: Path, edit, blobs: list[bytes] | None = None, keep_seal: bool = True) -> None:
    """Rewrite an entry's header with edit(header) (and its blobs), every sha256 and size recomputed; the old seal
    line kept (keep_seal) or dropped (an entry of the earlier, unsealed format)."""
    seal, header, rest = split_entry(path.read_bytes())
    if blobs is None:
        blobs, at = [], 0
        for claim in header["blobs"]:
            blobs.append(rest[at:at + claim["size"]])
            at += claim["size"]
    edit(header)
    header["blobs"] = [{"size": len(b), "sha256": hashlib.sha256(b).hexdigest()} for b in blobs]
    line = json.dumps(header, ensure_ascii=False, sort_keys=True).encode("utf-8")
    path.write_bytes(b"".join([seal + b"\n" if keep_seal else b"", line, b"\n", *blobs]))


def copy_project(pristine: Path, to: Path) -> Path:
    """A copy of a built project whose kit folder is gone: the next build assembles it from the cache."""
    shutil.copytree(pristine, to, symlinks=True)
    shutil.rmtree(to / "build" / "pnp")
    return to


def entry(root: Path, lang: str, component: str) -> Path:
    return root / CACHE_DIR / lang / f"{component}.entry"


def hashes(kit: Path) -> dict[str, str]:
    return {e["path"]: e["sha256"] for e in json.loads((kit / "manifest.json").read_text(encoding="utf-8"))["files"]}


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under folder (links not followed), by relative path."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.is_symlink()}
