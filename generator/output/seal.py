"""The seal every cache entry under build/ carries: an HMAC-SHA256 with a per-user key that does not live in build/.

Anything under build/ may come from elsewhere (docs/SECURITY.md): a checksum anyone can recompute proves nothing
about who wrote an entry. The key is 32 random bytes in ``$DOJO_KEY_DIR/cache-key`` (default
``$XDG_CACHE_HOME/dojo-pnp/cache-key``, else ``~/.cache/dojo-pnp/cache-key``), created on first use with mode 0600
in a 0700 folder; only this user's own builds can seal an entry that this user's builds accept. An entry sealed
with another key (a colleague's build folder, a CI cache from another machine, an edited file) is rejected and made
again. Where no key can be kept (no home, a read-only one), the process uses a key of its own: correct, but
nothing cached survives the process.
"""

from __future__ import annotations

import errno
import hashlib
import hmac
import os
import secrets
import stat
from functools import lru_cache
from pathlib import Path

KEY_ENV = "DOJO_KEY_DIR"
KEY_FILE = "cache-key"
KEY_BYTES = 32
_DOMAIN = b"dojo-pnp cache seal 1\0"


def key_dir() -> Path | None:
    """Where the key lives: $DOJO_KEY_DIR, $XDG_CACHE_HOME/dojo-pnp or ~/.cache/dojo-pnp (None: no home)."""
    if os.environ.get(KEY_ENV):
        return Path(os.environ[KEY_ENV])
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "dojo-pnp"
    try:
        return Path.home() / ".cache" / "dojo-pnp"
    except (RuntimeError, KeyError):
        return None


def _read_key(path: Path) -> bytes | None:
    """The key in path when it is this user's regular file of the right size, readable by no one else."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if st.st_uid != os.getuid() or st.st_mode & 0o077 or not stat.S_ISREG(st.st_mode):
            return None
        data = os.read(fd, KEY_BYTES + 1)
    finally:
        os.close(fd)
    return data if len(data) == KEY_BYTES else None


def _create_key(folder: Path) -> bytes | None:
    """A new key written to folder/cache-key (0600, linked into place: two processes creating it agree on the
    first), or the one another process linked first; None when the folder cannot hold one."""
    path = folder / KEY_FILE
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp = folder / f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            os.write(fd, secrets.token_bytes(KEY_BYTES))
        finally:
            os.close(fd)
        try:
            os.link(tmp, path)
        except OSError as exc:
            if exc.errno != errno.EEXIST:
                raise
            if _read_key(path) is None:  # a damaged key file, or one others may read: replaced
                os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
    except OSError:
        return None
    return _read_key(path)


@lru_cache(maxsize=8)
def _key_in(folder: str | None) -> bytes:
    if folder is not None:
        found = _read_key(Path(folder) / KEY_FILE) or _create_key(Path(folder))
        if found is not None:
            return found
    return secrets.token_bytes(KEY_BYTES)  # nowhere to keep one: this process's own (nothing cached survives it)


def key() -> bytes:
    """This user's cache key (created on first use)."""
    folder = key_dir()
    return _key_in(None if folder is None else str(folder))


def seal(kind: str, data: bytes) -> str:
    """The seal of data as an entry of kind (a proof's seal never opens a designer page entry)."""
    return hmac.new(key(), _DOMAIN + kind.encode("utf-8") + b"\0" + data, hashlib.sha256).hexdigest()


def sealed(kind: str, data: bytes, claimed: object) -> bool:
    """Whether claimed is data's seal as an entry of kind (compared in constant time)."""
    return isinstance(claimed, str) and hmac.compare_digest(seal(kind, data), claimed)
