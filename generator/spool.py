"""Worker processes (spool.pool: the one pool, for builds, checks and simulations), their results handed over
through files, so that stopping the workers can never hang the parent.

multiprocessing.Pool sends each result through one pipe, read by a thread of the parent. A worker killed while
it writes a large result (an interrupt: Pool.terminate ends the workers) leaves that thread waiting for the rest
of the message forever, and terminate() waits for the thread. Here a worker writes its result to a file of a
spool folder and sends only the file's name: a message far under PIPE_BUF, written to the pipe whole or not at
all. A spool folder left by a process killed outright is removed by the next one.

The spool is private: a new folder of the system's temporary folder made by mkdtemp (mode 700, this user's),
checked before use, holding only files the build's own workers write; nothing is ever loaded from build/ or
from a folder another user could write.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from .interrupts import worker_init

PREFIX = "dojo-results-"


class Spooled:
    """func(item) in a worker, its result pickled into a new file of the spool folder; returns the file's name."""

    def __init__(self, func: Callable[[Any], Any], folder: str):
        self.func, self.folder = func, folder

    def __call__(self, item: Any) -> str:
        result = self.func(item)
        fd, path = tempfile.mkstemp(dir=self.folder)
        with os.fdopen(fd, "wb") as f:
            pickle.dump(result, f, pickle.HIGHEST_PROTOCOL)
        return os.path.basename(path)


def take(folder: str, name: str) -> Any:
    """The result a worker spooled as `name`, its file removed."""
    if os.path.basename(name) != name or name.startswith("."):
        raise ValueError(f"not a spool file name: {name!r}")
    path = os.path.join(folder, name)
    with open(path, "rb") as f:
        result = pickle.load(f)
    os.unlink(path)
    return result


@contextlib.contextmanager
def folder() -> Iterator[str]:
    """A new spool folder (named after this process), removed afterwards with whatever a stopped worker left."""
    base = Path(tempfile.gettempdir())
    _remove_orphans(base)
    path = tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=base)
    st = os.lstat(path)
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.geteuid() or stat.S_IMODE(st.st_mode) != 0o700:
        raise OSError(f"the spool folder {path} is not a private folder of this user (mode 700)")
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


@contextlib.contextmanager
def pool(workers: int, start: str = "fork", init: Callable[[Any], None] | None = None,
         init_arg: Any = None) -> Iterator[Callable[[Callable[[Any], Any], Iterable[Any]], Iterator[Any]]]:
    """The one way work goes to worker processes: a pool of `workers` (signals as interrupts.worker_init sets them,
    then init(init_arg)), given as its imap(func, items) whose results, in order, come through the spool. Leaving
    the block normally lets the workers finish; an interrupt or a failure inside it terminates every one at once."""
    with folder() as where:
        workers_pool = multiprocessing.get_context(start).Pool(workers, initializer=_start,
                                                               initargs=(os.getpid(), init, init_arg))
        try:
            yield lambda func, items: (take(where, name) for name in workers_pool.imap(Spooled(func, where), items))
            workers_pool.close()
        except BaseException:
            workers_pool.terminate()
            workers_pool.join()
            raise
        workers_pool.join()


def _start(parent: int, init: Callable[[Any], None] | None, init_arg: Any) -> None:
    """A worker's set-up: the signals of every pool worker (SIGTERM ends it at once, so terminate() never waits
    on a worker caught by the command's interrupt handler), then the work's own."""
    worker_init(parent)
    if init is not None:
        init(init_arg)


def _remove_orphans(base: Path) -> None:
    """Remove the spool folders of processes that no longer run (killed outright: SIGKILL)."""
    for path in base.glob(f"{PREFIX}*-*"):
        pid = path.name[len(PREFIX):].split("-", 1)[0]
        try:
            mine = path.lstat().st_uid == os.geteuid() and path.is_dir() and not path.is_symlink()
        except OSError:
            continue
        if mine and pid.isdigit() and not _running(int(pid)):
            shutil.rmtree(path, ignore_errors=True)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True
