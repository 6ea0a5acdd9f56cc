"""The one writer of a file the user names on the command line (`--json OUT`, `--plot OUT.png`, `-o FILE`, a
sweep's report files): it behaves as a Unix tool's output redirection does.

- a regular file (or a path that does not exist yet) is replaced atomically: the bytes go to a temporary file
  beside it, which is renamed over it (an interrupted write leaves the previous file; its permissions are kept);
- a symbolic link is followed: its final target is replaced atomically, the link stays a link;
- a FIFO, a character device (/dev/null, /dev/stdout, a terminal), a socket or any other file that is not a
  regular file is opened and written in place, never replaced (renaming over /dev/null as root would put a
  regular file in its place for every later program);
- a folder is an error naming the option.

Every failure is an OutputError whose message names the option, the path and the fix; nothing is left behind.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from ..interrupts import checkpoint


class OutputError(Exception):
    """A user-named output could not be written; the message names the option, the path and what to do."""


# Paths that name a process's open files or the system's devices: written in place even when they resolve to a
# regular file (`--json /dev/stdout > report.json` must write into the shell's file, not beside it).
IN_PLACE_PREFIXES = ("/dev/", "/proc/")


def write_output(path: Path | str, data: bytes | str, option: str, *, interruptible: bool = True) -> str:
    """Write data (str: as UTF-8) to the path the user gave for `option`, as the module says; returns how it was
    written ("replaced" or "in place"). interruptible=False: written even after SIGINT/SIGTERM arrived (a report of
    what is complete, written on the way out)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    given = Path(path)
    try:
        st = os.stat(given)  # follows symbolic links: what the path names in the end
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise OutputError(_message(option, given, exc)) from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise OutputError(f"{option} {given}: cannot write: it is a folder; give a file name (for example "
                          f"{given / 'out'}{given.suffix or _suffix(option)})")
    if st is not None and (not stat.S_ISREG(st.st_mode) or str(given).startswith(IN_PLACE_PREFIXES)):
        _write_in_place(given, data, option)
        return "in place"
    target = Path(os.path.realpath(given))  # a link's final target (a dangling link: the file it names)
    if st is not None and not os.access(target, os.W_OK):
        raise OutputError(f"{option} {given}: permission denied (the file is read-only: make it writable or "
                          "name another file)")
    _replace(target, data, option, given, st, interruptible)
    return "replaced"


def _suffix(option: str) -> str:
    return ".png" if "plot" in option else ".json" if "json" in option else ""


def _message(option: str, given: Path, exc: OSError) -> str:
    reason = exc.strerror or str(exc)
    return f"{option} {given}: cannot write: {reason}"


def _write_in_place(given: Path, data: bytes, option: str) -> None:
    """Open the existing non-regular file for writing (a FIFO waits for its reader, as a shell's > does) and write
    every byte; truncating where the file supports it (a /dev/stdout that is a regular file)."""
    try:
        fd = os.open(given, os.O_WRONLY | os.O_TRUNC | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise OutputError(_message(option, given, exc)) from None
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except OSError as exc:
        raise OutputError(_message(option, given, exc)) from None
    finally:
        os.close(fd)


def _replace(target: Path, data: bytes, option: str, given: Path, st: os.stat_result | None,
             interruptible: bool) -> None:
    """Write a temporary file beside target (created with the usual 0666 less the umask, or the replaced file's
    permissions) and rename it over target."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(_message(option, given, exc)) from None
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if st is not None:
                os.fchmod(fd, stat.S_IMODE(st.st_mode))
        finally:
            os.close(fd)
        if interruptible:
            checkpoint()
        os.replace(tmp, target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise OutputError(_message(option, given, exc)) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
