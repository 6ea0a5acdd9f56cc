"""Work on both cores: a function over items in forked worker processes, results in item order.

Forked workers inherit everything the parent loaded (the build context, fonts, imported modules), so nothing
but the items and the results crosses between processes (the results through files: generator/spool.py). An
interrupt or a failure stops every worker at once.
Inside a worker (a release building one language per process) the work runs in that process.
"""

from __future__ import annotations

import multiprocessing
import os
from typing import Callable, Iterable, TypeVar

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


def run_ordered(func: Callable[[T], R], items: Iterable[T], workers: int,
                on_result: Callable[[R], None] = lambda _r: None) -> list[R]:
    """[func(item) for item in items] on up to `workers` processes; each result passed to on_result in order."""
    items = list(items)
    workers = worker_count(workers, len(items))
    if workers <= 1 or multiprocessing.current_process().daemon:  # a pool's worker cannot start another pool
        results = []
        for item in items:
            checkpoint()
            results.append(func(item))
            on_result(results[-1])
        return results
    with spool.pool(workers) as imap:
        results = []
        for result in imap(func, items):
            checkpoint()
            results.append(result)
            on_result(result)
    return results
