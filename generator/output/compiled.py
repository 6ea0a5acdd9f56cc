"""Compiled SVG templates kept between processes: a jinja2 BytecodeCache in the user's key folder, every entry sealed.

Compiling the templates a deck draws costs each process about 0.06 s of CPU (7 templates for the stance deck of a
one-string rebuild, every template in a cold build's parent). Jinja's documented cache (``Environment(
bytecode_cache=...)``) keeps the compiled code of each template with its source's checksum and compiles again when
the source changed. Compiled code runs when loaded, so (docs/SECURITY.md) it is never kept in ``build/``: the
entries live in ``<key folder>/templates/`` beside the cache key (output/seal.py: ``$DOJO_KEY_DIR``,
``$XDG_CACHE_HOME/dojo-pnp`` or ``~/.cache/dojo-pnp``), where whoever can write can already run code as the user,
and each one carries the seal of its bytes under that key besides: a file planted or copied there from elsewhere is
never unmarshalled, only compiled over. An entry's name is a digest of the template's name and file, jinja's version
and the environment's options (an environment with other options compiles other code); the folder keeps the newest
``KEPT`` entries.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from functools import lru_cache
from pathlib import Path

import jinja2

from . import seal

KIND = "compiled-template"
FOLDER = "templates"
KEPT = 2000  # entries kept (a template folder holds ~40 templates; test projects in temporary folders add theirs)
SEAL_LEN = 64  # hex digits of a seal


class SealedTemplates(jinja2.BytecodeCache):
    """Jinja's bytecode cache over one folder: each entry is its seal (hex, a line) and the bytes jinja's bucket
    writes; an entry whose seal does not match its bytes under this user's key is ignored (compiled again and
    replaced)."""

    def __init__(self, folder: Path, options: str) -> None:
        self.folder, self.options = folder, options

    def _path(self, bucket: jinja2.bccache.Bucket) -> Path:
        name = hashlib.sha256(f"{bucket.key}\0{jinja2.__version__}\0{self.options}".encode()).hexdigest()
        return self.folder / f"{name}.jbc"

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:  # noqa: D102 - jinja's hook
        try:
            fd = os.open(self._path(bucket), os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            return
        with os.fdopen(fd, "rb") as f:
            data = f.read()
        claimed, body = data[:SEAL_LEN].decode("ascii", "replace"), data[SEAL_LEN + 1:]
        if data[SEAL_LEN:SEAL_LEN + 1] == b"\n" and seal.sealed(KIND, body, claimed):
            bucket.bytecode_from_string(body)  # jinja's bucket checks its magic and the source's checksum

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:  # noqa: D102 - jinja's hook
        body = bucket.bytecode_to_string()
        path = self._path(bucket)
        tmp = self.folder / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}"
        try:
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(seal.seal(KIND, body).encode("ascii") + b"\n" + body)
            os.replace(tmp, path)
            _prune(self.folder)
        except OSError:  # a read-only or full folder: the template stays compiled in memory
            tmp.unlink(missing_ok=True)

    def clear(self) -> None:  # noqa: D102 - jinja's hook
        for path in self.folder.glob("*.jbc"):
            path.unlink(missing_ok=True)


def _prune(folder: Path) -> None:
    """Remove the oldest entries beyond KEPT."""
    entries = list(os.scandir(folder))
    if len(entries) <= KEPT:
        return
    entries.sort(key=lambda e: e.stat(follow_symlinks=False).st_mtime_ns)
    for entry in entries[:len(entries) - KEPT]:
        Path(entry.path).unlink(missing_ok=True)


def template_cache(options: str) -> SealedTemplates | None:
    """This user's cache of templates compiled by an environment with these options (one cache object per folder
    and options); None where no key folder can be kept: templates compiled in memory."""
    folder = seal.key_dir()
    return None if folder is None else _cache_in(str(folder / FOLDER), options)


@lru_cache(maxsize=16)
def _cache_in(folder: str, options: str) -> SealedTemplates:
    return SealedTemplates(Path(folder), options)
