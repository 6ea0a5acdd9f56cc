"""Work on both cores: a function over items in worker processes, results in item order.

Forked workers inherit everything the parent loaded (the build context, fonts, imported modules), so nothing
but the items and the results crosses between processes (the results through files: generator/spool.py). Where
fork is not the way (macOS, Windows, or DOJO_START_METHOD=spawn) workers are spawned: each starts a fresh
interpreter and runs the caller's `adopt` set-up first (a build rebuilds its contexts from their cached inputs),
with the same output. An interrupt or a failure stops every worker at once.
Inside a worker (a release building one language per process) the work runs in that process.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from typing import Any, Callable, Iterable, TypeVar

from .. import spool
from ..interrupts import checkpoint

T = TypeVar("T")
R = TypeVar("R")


def cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def worker_count(requested: int, chunks: int) -> int:
    """Processes to use: what was asked (0: every core), never more than the cores or the pieces of work."""
    return max(1, min(requested or cores(), cores(), chunks))


START_METHODS = ("fork", "spawn")


def start_method() -> str:
    """How workers start: DOJO_START_METHOD (fork or spawn) when set, else fork on Linux and spawn elsewhere
    (macOS's and Windows' default: fork is unsafe or missing there)."""
    asked = os.environ.get("DOJO_START_METHOD", "")
    if asked in START_METHODS:
        return asked
    return "fork" if sys.platform.startswith("linux") else "spawn"


def forking() -> bool:
    """Whether workers inherit this process's state (fork) rather than start afresh (spawn)."""
    return start_method() == "fork"


def run_ordered(func: Callable[[T], R], items: Iterable[T], workers: int,
                on_result: Callable[[R], None] = lambda _r: None,
                adopt: tuple[Callable[[Any], None], Callable[[], Any]] | None = None) -> list[R]:
    """[func(item) for item in items] on up to `workers` processes; each result passed to on_result in order.

    adopt = (set_up, state): with spawned workers, each runs set_up(state()) first (state() is computed in this
    process, once, and pickled); forked workers inherit the state and skip it."""
    items = list(items)
    workers = worker_count(workers, len(items))
    if workers <= 1 or multiprocessing.current_process().daemon:  # a pool's worker cannot start another pool
        results = []
        for item in items:
            checkpoint()
            results.append(func(item))
            on_result(results[-1])
        return results
    start = start_method()
    init, init_arg = (adopt[0], adopt[1]()) if adopt and start != "fork" else (None, None)
    with spool.pool(workers, start, init, init_arg) as imap:
        results = []
        for result in imap(func, items):
            checkpoint()
            results.append(result)
            on_result(result)
    return results
