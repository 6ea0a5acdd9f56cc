"""Atomic file and folder writes: a failed, interrupted or killed write leaves what was there before.

A folder (a kit, a release) is written into a staging folder beside it, read back and compared with the
expected sha256 of every file, then swapped in with one renameat2(RENAME_EXCHANGE) call (Linux 3.15+, glibc
2.28+): there is no moment when the folder is missing. Where the exchange is not available (other systems,
file systems without it) the fallback is two renames (old away, new in); a process killed between them
leaves the old folder as `.<name>.old.*`, and the next write of that folder puts it back first.
Leftover staging and old folders of killed writes are removed at the next write of the same folder.
Writers of one parent folder take turns with an exclusive flock on the parent, so cleaning up never removes
a folder another build is still writing.

Every file written under build/ is named by a folder and a path inside it (``inside``): a path that is absolute,
holds `..`, a backslash, a drive or a control character, or leads through a symbolic link out of its folder is
refused (UnsafePath) before anything is written. Names read from build/ (cache entries) are data, never a way out.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import hashlib
import os
import shutil
import stat
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterator

from ..interrupts import checkpoint, deferred, installed

RENAME_EXCHANGE = 2
AT_FDCWD = -100
STAGING, OLD = "staging", "old"


class UnsafePath(OSError):
    """A path that would write outside its folder (an OSError: commands report it in one line, never a traceback)."""


def safe_relpath(rel: str) -> bool:
    """Whether rel names a file inside a folder: relative, '/'-separated, every part a plain name (not empty,
    '.', '..'), no backslash, drive colon or control character."""
    if not isinstance(rel, str) or not rel or rel.startswith("/") or "\\" in rel or ":" in rel:
        return False
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in rel):
        return False
    return all(part not in ("", ".", "..") for part in rel.split("/"))


def inside(folder: Path, rel: str, resolved: dict[Path, Path] | None = None) -> Path:
    """folder/rel, refused (UnsafePath) unless it stays inside folder: rel is safe_relpath and no symbolic link on
    the way leads out of it. The one check every write under build/ goes through. resolved: the folders resolved so
    far by one writer of many files into folder (each resolved once: resolving stats every part of its path)."""
    if not safe_relpath(rel):
        raise UnsafePath(f"refused to write {rel!r}: not a plain path inside {folder}")
    target = Path(folder) / rel
    resolved = {} if resolved is None else resolved
    for path in (Path(folder), target.parent):
        if path not in resolved:
            resolved[path] = path.resolve()
    if not resolved[target.parent].is_relative_to(resolved[Path(folder)]) or target.is_symlink():
        raise UnsafePath(f"refused to write {rel!r}: it leads out of {folder}")
    return target


def write_into(folder: Path, rel: str, data: bytes) -> Path:
    """write_bytes_atomic of folder/rel after ``inside`` accepted it; the path written."""
    target = inside(folder, rel)
    write_bytes_atomic(target, data)
    return target


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write data to a temporary file beside path, then rename it into place."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o644)
        checkpoint()
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text_atomic(path: Path, text: str) -> None:
    """UTF-8 text version of write_bytes_atomic."""
    write_bytes_atomic(path, text.encode("utf-8"))


def _renameat2() -> Callable[..., int] | None:
    try:
        func = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return None
    func.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
    return func


_RENAMEAT2 = _renameat2()


def exchange(a: Path, b: Path) -> bool:
    """Atomically swap two existing paths; False when the system or file system cannot (nothing changed)."""
    if _RENAMEAT2 is None:
        return False
    if _RENAMEAT2(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """An exclusive flock on a folder, waited for while checking for interrupts."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                checkpoint()
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def leftovers(target: Path, kind: str) -> list[Path]:
    """Staging or old folders of earlier writes of target, oldest first."""
    found = target.parent.glob(f".{target.name}.{kind}.*")
    return sorted((p for p in found if p.is_dir() and not p.is_symlink()), key=lambda p: p.stat().st_mtime_ns)


def recover(target: Path) -> None:
    """Undo what killed writes left (call with the parent locked): restore a kit moved away, remove the rest."""
    olds = leftovers(target, OLD)
    if olds and not os.path.lexists(target):
        os.replace(olds.pop(), target)  # killed between the fallback's two renames: the old kit comes back
    for p in olds + leftovers(target, STAGING):
        shutil.rmtree(p, ignore_errors=True)


WRITERS = 2  # threads writing and reading back a folder's files (writes, reads and sha256 release the GIL)


def _write_verified(folder: Path, files: dict[str, bytes], sha256: dict[str, str], previous: Path | None = None) -> None:
    """Write every file, then read each back and compare its sha256 with the bytes meant to be written (sha256:
    the hex digests already known, by path; the others are computed); files go on WRITERS threads, and the first
    failure in the files' order is raised. previous: the folder being replaced, whose files holding exactly the
    bytes meant are linked rather than written again (_reused)."""
    resolved: dict[Path, Path] = {}
    targets = {rel: inside(folder, rel, resolved) for rel in files}  # every path checked before anything is written
    for parent in dict.fromkeys(target.parent for target in targets.values()):
        parent.mkdir(parents=True, exist_ok=True)
    fresh, seen = _fresh_owner(folder) if previous is not None else None, {}
    import concurrent.futures  # here: a no-op build (kit/installed.py imports this module) writes nothing (0.01 s)

    with concurrent.futures.ThreadPoolExecutor(WRITERS) as pool:
        for done in [pool.submit(_write_one, targets[rel], data, sha256.get(rel),
                                 _old_file(previous, rel, seen) if fresh else None, fresh)
                     for rel, data in files.items()]:
            done.result()


def _fresh_owner(folder: Path) -> tuple[int, int, int]:
    """(uid, gid, permission bits) a file newly written into folder gets (a probe file made and removed)."""
    probe = folder / ".owner-probe"
    with open(probe, "xb"):
        pass
    try:
        made = os.lstat(probe)
    finally:
        probe.unlink()
    return made.st_uid, made.st_gid, stat.S_IMODE(made.st_mode)


def _old_file(previous: Path, rel: str, resolved: dict[Path, Path]) -> Path | None:
    """previous/rel when it is a path inside previous (no link on the way leading out), else None."""
    try:
        return inside(previous, rel, resolved)
    except OSError:
        return None


def _write_one(dest: Path, data: bytes, meant: str | None, old: Path | None = None,
               fresh: tuple[int, int, int] | None = None) -> None:
    """Write one file and read it back: its sha256 must be `meant` (computed from data when None). old: the same
    file in the folder being replaced, linked instead when it holds these bytes (_reused)."""
    meant = meant or hashlib.sha256(data).hexdigest()
    if old is not None and fresh is not None and _reused(old, dest, data, meant, fresh):
        return
    dest.write_bytes(data)  # no fsync per file (about 10 ms each): a killed process loses nothing written
    if hashlib.sha256(dest.read_bytes()).hexdigest() != meant:
        raise OSError(errno.EIO, "a written file does not read back as written", str(dest))


def _reused(old: Path, dest: Path, data: bytes, meant: str, fresh: tuple[int, int, int]) -> bool:
    """Link old (a file of the folder being replaced) as dest when it holds exactly data: an incremental build
    rewrites only the files that changed. Only a plain file of this user's, with the permissions a new file gets
    and no other link (nothing outside the folder can change it), is linked; dest is then read back as a written
    file is (its bytes data, its sha256 meant), else unlinked and written. A file planted or edited under build/
    is never taken: its bytes differ, and it is written anew."""
    try:
        before = os.lstat(old)
        if (not stat.S_ISREG(before.st_mode) or before.st_nlink != 1 or before.st_size != len(data)
                or (before.st_uid, before.st_gid, stat.S_IMODE(before.st_mode)) != fresh):
            return False
        os.link(old, dest, follow_symlinks=False)
    except OSError:
        return False
    try:
        fd = os.open(dest, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, "rb") as fh:
            linked = os.fstat(fh.fileno())
            held = fh.read() if (linked.st_ino, linked.st_dev) == (before.st_ino, before.st_dev) else None
    except OSError:
        held = None
    if held == data and hashlib.sha256(held).hexdigest() == meant:
        return True
    dest.unlink(missing_ok=True)
    return False


def replace_tree(target: Path, files: dict[str, bytes], sha256: dict[str, str] | None = None) -> None:
    """Write every file into a fresh staging folder, verify it (against the sha256 hex digests given by path, when
    the caller has them), then swap it in for target in one step.

    Once the lock is held, SIGINT/SIGTERM wait until the folder is swapped in and the staging folder removed
    (a few hundredths of a second): an interrupt never leaves a temporary folder behind.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    with locked(target.parent), deferred():
        checkpoint()  # the last moment an interrupt stops the build: after this the new folder goes in
        recover(target)
        staging = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.{STAGING}."))
        try:
            staging.chmod(0o755)
            _write_verified(staging, files, sha256 or {}, target if target.is_dir() and not target.is_symlink() else None)
            swap_in(staging, target)
            installed(target)
        finally:
            shutil.rmtree(staging, ignore_errors=True)  # after a swap: the previous folder


def swap_in(staging: Path, target: Path) -> None:
    """Put staging at target; afterwards staging holds the previous folder (or nothing)."""
    if not os.path.lexists(target):
        os.replace(staging, target)
    elif not exchange(staging, target):
        old = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.{OLD}."))
        os.replace(target, old)  # fallback: a kill right here leaves the kit in `old`; recover() restores it
        os.replace(staging, target)
        os.replace(old, staging)


def remove_leftovers(target: Path) -> None:
    """At the start of a build: clean up after killed builds of target (if its parent exists)."""
    target = Path(target)
    if target.parent.is_dir():
        with locked(target.parent):
            recover(target)
