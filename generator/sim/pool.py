"""Slices of a simulation run played in this process or over a process pool, results in slice order."""

from __future__ import annotations

import multiprocessing
import os
from dataclasses import dataclass
from typing import Any, Callable

from .. import spool
from ..interrupts import worker_init


@dataclass(frozen=True)
class Job:
    """A slice of a run for one worker: games start..stop of one configuration, policy and run seed."""

    config: Any
    policy: str
    seed: int
    start: int
    stop: int


def run_slices(slices: list, local: Callable[[Any], list], remote: Callable[[Any], list], init: Callable[[Any], None],
               init_arg: Any, jobs: int, progress: Callable[[int], None] | None = None) -> list:
    """local(slice) for each slice with one job, else remote(slice) in `jobs` workers set up by init(init_arg)."""
    out: list = []
    if jobs <= 1 or len(slices) <= 1:
        parts = map(local, slices)
        for part in parts:
            out.extend(part)
            if progress:
                progress(len(part))
        return out
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with spool.folder() as where, ctx.Pool(jobs, initializer=_start, initargs=(os.getpid(), init, init_arg)) as pool:
        for part in spool.imap(pool, remote, slices, where):  # through files: an interrupt never hangs terminate()
            out.extend(part)
            if progress:
                progress(len(part))
    return out


def _start(parent: int, init: Callable[[Any], None], init_arg: Any) -> None:
    """A worker's set-up: the signals of every pool worker (interrupts.worker_init: SIGTERM ends it at once, so the
    pool's terminate never waits on a worker caught by the command's interrupt handler), then the run's own."""
    worker_init(parent)
    init(init_arg)
