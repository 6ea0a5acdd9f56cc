"""Workers started with spawn (macOS's and Windows' default) render the same bytes as forked ones: each spawned
worker makes its build context again from the cached inputs (kit/build.py _adopt)."""

from __future__ import annotations

from generator import spool
from generator.plan import registry
from generator.kit.build import render_all
from generator.kit.workers import start_method
from tests.conftest import kit_context

POOL = spool.pool  # the real one
SMALL = ("dojo-pawns", "kit-calibration", "duel-reference")  # one sheet, one calibration page, one card


def _render(monkeypatch, method: str) -> tuple[dict[str, bytes], list[str]]:
    monkeypatch.setenv("DOJO_START_METHOD", method)
    started = []

    def recorded(workers, start="fork", *args):
        started.append(start)
        return POOL(workers, start, *args)

    monkeypatch.setattr(spool, "pool", recorded)  # our own pool, called for real: only which start it was given
    components = tuple(registry.by_id(c) for c in SMALL)
    artifacts = render_all(kit_context("ru"), components, jobs=2)
    return {a.path: a.data for a in artifacts}, started


def test_spawned_workers_write_the_same_bytes_as_forked_ones(monkeypatch):
    forked, fork_starts = _render(monkeypatch, "fork")
    spawned, spawn_starts = _render(monkeypatch, "spawn")
    assert start_method() == "spawn" and fork_starts == ["fork"] and spawn_starts == ["spawn"]
    assert len(forked) >= 6 and any(p.endswith(".pdf") for p in forked)
    assert spawned.keys() == forked.keys()
    assert [p for p in forked if spawned[p] != forked[p]] == []
