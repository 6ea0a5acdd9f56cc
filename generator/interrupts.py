"""SIGINT/SIGTERM during a build: remembered, raised as Interrupted, and checked again before anything is installed.

A signal raises Interrupted at once (like Ctrl-C's KeyboardInterrupt), but it is also recorded: an exception
raised inside a C callback (cairocffi's write callback) is swallowed by cffi, so the build checks the record
at every checkpoint and right before it installs a kit, and the command reports the interrupt whatever
exception (or none) came out of the build.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
from typing import Iterator

SIGNALS = (signal.SIGINT, signal.SIGTERM)
_received: list[int] = []
_installed: list[str] = []  # folders swapped in since watch() started
_active: list[bool] = []  # non-empty while watch() is in force


class Interrupted(BaseException):
    """The build was stopped by a signal (a BaseException, so no `except Exception` swallows it)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        """The shell's convention: 128 + signal number (130 for SIGINT, 143 for SIGTERM)."""
        return 128 + self.signum

    @property
    def name(self) -> str:
        """SIGINT / SIGTERM."""
        return signal.Signals(self.signum).name


def _handler(signum: int, _frame: object) -> None:
    _received.append(signum)
    raise Interrupted(signum)


def received() -> Interrupted | None:
    """The first signal received since watch() started, as an Interrupted, or None."""
    return Interrupted(_received[0]) if _received else None


def checkpoint() -> None:
    """Raise Interrupted if a signal arrived (even one whose exception was swallowed)."""
    if _received:
        raise Interrupted(_received[0])


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Hold SIGINT/SIGTERM back for a few system calls that must not be cut in two (delivered afterwards)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def installed(path: object) -> None:
    """Record that a folder was swapped in (so an interrupt after it is reported truthfully)."""
    _installed.append(str(path))


def report(what: str) -> int | None:
    """If a signal arrived: print one line saying what is installed and return 128 + signal, else None."""
    if not _received:
        return None
    stop = Interrupted(_received[0])
    if _installed:
        where = f"the new {what} was already complete and installed: {', '.join(_installed)}"
    else:
        where = f"nothing was installed, the previous {what} is unchanged"
    print(f"interrupted by {stop.name}: {where}", file=sys.stderr)
    return stop.exit_code


@contextlib.contextmanager
def watch() -> Iterator[None]:
    """Turn SIGINT and SIGTERM into Interrupted for the duration (main thread only; elsewhere a no-op)."""
    if threading.current_thread() is not threading.main_thread() or _active:
        yield  # elsewhere than the main thread signals cannot be handled; nested: the outer watch() decides
        return
    _active.append(True)
    _received.clear()
    _installed.clear()
    previous = {s: signal.signal(s, _handler) for s in SIGNALS}
    hook = sys.unraisablehook
    sys.unraisablehook = lambda u: None if isinstance(u.exc_value, Interrupted) else hook(u)  # cffi's report
    try:
        yield
    finally:
        sys.unraisablehook = hook
        for s, h in previous.items():
            signal.signal(s, h)
        _received.clear()
        _installed.clear()
        _active.clear()


PR_SET_PDEATHSIG = 1


def worker_init(parent: int) -> None:
    """Pool workers: Ctrl-C goes to the whole process group, the parent decides; SIGTERM ends a worker at once;
    a parent killed outright (SIGKILL) takes its workers with it (Linux), so no orphan renders on."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _received.clear()
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (AttributeError, OSError):
        pass  # not Linux: an orphaned worker finishes its piece of work and exits
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)
