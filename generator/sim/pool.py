"""Slices of a simulation run played in this process or over a process pool, results in slice order."""

from __future__ import annotations

import multiprocessing
from dataclasses import dataclass
from typing import Any, Callable

from .. import spool


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
    start = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with spool.pool(jobs, start, init, init_arg) as imap:
        for part in imap(remote, slices):
            out.extend(part)
            if progress:
                progress(len(part))
    return out

