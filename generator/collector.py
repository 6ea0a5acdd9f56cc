"""Python's cycle collector held off for a stretch of work that makes many short-lived objects reference counting
frees (a booklet's typesetting, a kit's page QA, the designer page's games): the one way the generator does it."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

FEWER_FIRST = 100_000  # fewer()'s first threshold (CPython's: 700)


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """The cycle collector off for the block, then as it was."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@contextlib.contextmanager
def fewer() -> Iterator[None]:
    """The cycle collector run a hundred times less often in the block (never more often than the caller had it),
    its thresholds restored afterwards: for work whose memory must stay bounded where paused() would let cycles pile
    up."""
    before = gc.get_threshold()
    gc.set_threshold(max(FEWER_FIRST, before[0]), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
