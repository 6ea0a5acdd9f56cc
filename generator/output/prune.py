"""Cache hygiene: the component cache (build/cache/components) kept under a size bound, least recently used entries
removed first; the entries a failed build wrote removed again; `dojo clean` (outputs) and `dojo clean --cache`.

An entry's modification time is its last use: a build touches every entry it takes from the cache.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from .cache import CACHE_DIR

DEFAULT_LIMIT_MB = 256  # one language's kit keeps about 9 MB of entries
LIMIT_ENV = "DOJO_CACHE_MB"
OUTPUTS = ("build/pnp", "build/release", "build/preview")
CACHE = Path("build/cache")
ORPHAN_AGE_S = 3600  # a temporary file of an entry write this old belongs to no running build (a killed worker)


def limit_bytes() -> int:
    """The cache's size bound: DOJO_CACHE_MB (megabytes) when set to a number, else DEFAULT_LIMIT_MB."""
    try:
        mb = float(os.environ.get(LIMIT_ENV, DEFAULT_LIMIT_MB))
    except ValueError:
        mb = DEFAULT_LIMIT_MB
    return max(0, int(mb * 1024 * 1024))


def _entries(root: Path) -> list[tuple[float, int, Path]]:
    """(last use, size, path) of every component cache entry (files vanishing meanwhile skipped)."""
    out = []
    for path in (root / CACHE_DIR).glob("*/*.entry"):
        try:
            st = path.lstat()
        except OSError:
            continue
        out.append((st.st_mtime, st.st_size, path))
    return out


def prune(root: Path, limit: int | None = None) -> list[Path]:
    """Remove the least recently used entries until the component cache holds at most `limit` bytes (default
    limit_bytes()); the removed paths."""
    limit = limit_bytes() if limit is None else limit
    _remove_orphans(root)
    entries = sorted(_entries(root), key=lambda e: (e[0], str(e[2])))
    total = sum(size for _t, size, _p in entries)
    removed = []
    for _t, size, path in entries:
        if total <= limit:
            break
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError:
            continue
        total -= size
        removed.append(path)
    return removed


def _remove_orphans(root: Path) -> None:
    """Remove the temporary files of entry writes whose worker was killed (an interrupt) and the journals of builds
    killed outright, once they are old enough to belong to no build still running."""
    now = time.time()
    for path in [*(root / CACHE_DIR).glob("*/.*.tmp"), *(root / CACHE_DIR).glob("*/.written-*")]:
        try:
            if now - path.lstat().st_mtime > ORPHAN_AGE_S:
                path.unlink()
        except OSError:
            continue


def journal_path(root: Path, lang: str, token: str) -> Path:
    """The list of entries one build wrote (their component ids, a line each), removed when the build is done."""
    return root / CACHE_DIR / lang / f".written-{token}"


def note_written(root: Path, lang: str, token: str, component: str) -> None:
    """Add an entry to a build's journal (one short append: whole even when several workers append at once)."""
    path = journal_path(root, lang, token)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, f"{component}\n".encode("utf-8"))
    finally:
        os.close(fd)


def remove_written(root: Path, lang: str, token: str, entries: bool = True) -> list[Path]:
    """Remove the entries a build wrote (entries=False: only its journal: the build succeeded, they stay)."""
    journal = journal_path(root, lang, token)
    removed = []
    if entries:
        try:
            names = journal.read_text(encoding="utf-8").split()
        except (OSError, UnicodeDecodeError):
            names = []
        for name in dict.fromkeys(names):
            path = root / CACHE_DIR / lang / f"{Path(name).name}.entry"
            if path.exists():
                path.unlink(missing_ok=True)
                removed.append(path)
    journal.unlink(missing_ok=True)
    return removed


def clean(root: Path, cache: bool) -> list[Path]:
    """Remove the built outputs (build/pnp, build/release, build/preview) and, with cache, every cache
    (build/cache: components, catalogs, proofs); the folders removed."""
    removed = []
    for rel in (*OUTPUTS, *((CACHE,) if cache else ())):
        path = root / rel
        if path.is_symlink() or path.is_file():
            path.unlink()
        elif path.is_dir():
            shutil.rmtree(path)
        else:
            continue
        removed.append(path)
    return removed
