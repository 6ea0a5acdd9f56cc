"""Running a sweep: its slices (cell, games start..stop), each written to its own file as it finishes, so an
interrupted sweep keeps what is complete and `--resume` plays only what is missing.

Slices run in this process, on local worker processes (spool.pool, the project's one pool) or on a Dask
cluster. Each slice's games are seeded by (seed, game index) alone, and the report merges the slice files in
slice order, so the report is the same byte for byte whichever way, order or number of runs played them.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import re
import time
from pathlib import Path
from typing import Callable, Iterator

from ... import spool
from ...output.files import write_text_atomic
from .games import play, slice_size
from .tally import Tally

SPEC = "sweep.json"


def slices(spec: dict) -> Iterator[tuple[int, int, int]]:
    """Every (cell index, start, stop) of a sweep, in order (produced one by one: no list of them is built)."""
    size, games = slice_size(spec["game"]), spec["games"]
    return ((c, a, min(a + size, games)) for c in range(len(spec["cells"])) for a in range(0, games, size))


def count(spec: dict) -> int:
    """How many slices a sweep has."""
    return len(spec["cells"]) * -(-spec["games"] // slice_size(spec["game"]))


def slice_path(out: Path, sl: tuple[int, int, int]) -> Path:
    """The file a finished slice is written to."""
    return out / "slices" / f"cell{sl[0]:04d}-{sl[1]:07d}.json"


def write_spec(out: Path, spec: dict) -> None:
    """The sweep's definition, so `--resume` continues exactly this sweep."""
    write_text_atomic(out / SPEC, json.dumps(spec, indent=1, sort_keys=True) + "\n")


def read_spec(out: Path) -> dict:
    """The definition of a sweep started in `out` (ValueError when there is none or it is damaged)."""
    try:
        return json.loads((out / SPEC).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"{out / SPEC}: no sweep to resume there ({exc}); start one with dojo sweep --out {out}")


_NAME = re.compile(r"cell(\d{4,})-(\d{7,})\.json")


def done(out: Path, spec: dict) -> dict[tuple[int, int, int], Tally]:
    """The slices already written, in slice order: files of the slices folder named as this sweep's slices, holding
    exactly that slice's games of the right seats (a damaged or foreign file is played again; a sweep extended to
    more games keeps its full slices and plays its last short one again)."""
    size, games, cells = slice_size(spec["game"]), spec["games"], spec["cells"]
    have = {}
    try:
        names = sorted(p.name for p in (out / "slices").iterdir())
    except OSError:
        return have
    for name in names:
        m = _NAME.fullmatch(name)
        if not m:
            continue
        c, a = int(m[1]), int(m[2])
        if c >= len(cells) or a >= games or a % size:
            continue
        sl = (c, a, min(a + size, games))
        try:
            t = Tally.from_json(json.loads((out / "slices" / name).read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            continue
        if t.games == sl[2] - sl[1] and t.seats == cells[c]["players"]:
            have[sl] = t
    return dict(sorted(have.items()))


_CTX: list = []  # a worker's context, set once by the pool initializer


def _init(ctx: object) -> None:
    _CTX[:] = [ctx]


def _remote(job: tuple[dict, int, tuple[int, int, int]]) -> dict:
    cell, seed, sl = job
    return play(_CTX[0], cell, seed, sl[1], sl[2]).to_json()


def play_slice(ctx: object, cell: dict, seed: int, sl: tuple[int, int, int]) -> dict:
    """One slice's Tally as JSON (the Dask task)."""
    return play(ctx, cell, seed, sl[1], sl[2]).to_json()


def execute(spec: dict, ctx: object, out: Path, jobs: int, cluster: str | None, scheduler: str | None,
            progress: Callable[[int], None] | None = None) -> None:
    """Play every slice not yet written, writing each as it finishes; an interrupt stops every worker. With
    --until-halfwidth, in rounds: the next slices of every cell not yet stopped (stopping.prefix), up to `jobs`
    slices a cell ahead, until every cell has stopped or played --games."""
    (out / "slices").mkdir(parents=True, exist_ok=True)
    runner = _dask(spec, ctx, scheduler) if cluster == "dask" else _local(spec, ctx, jobs)
    with runner as run:
        while True:
            todo = _todo(spec, done(out, spec), jobs)
            if not todo:
                return
            for sl, tally in run(todo):
                write_text_atomic(slice_path(out, sl), json.dumps(tally, sort_keys=True) + "\n")
                if progress:
                    progress(sl[2] - sl[1])
            if spec["options"].get("until_halfwidth") is None:
                return


def _todo(spec: dict, have: dict, jobs: int) -> list[tuple[int, int, int]]:
    if spec["options"].get("until_halfwidth") is None:
        return [sl for sl in slices(spec) if sl not in have]
    from .stopping import prefix

    size, games, out = slice_size(spec["game"]), spec["games"], []
    for c in range(len(spec["cells"])):
        used, finished, _ = prefix(spec, have, c, size)
        if finished:
            continue
        start = used[-1][2] if used else 0
        ahead = [(c, a, min(a + size, games)) for a in range(start, games, size)]
        out += [sl for sl in ahead if sl not in have][:max(1, jobs)]
    return out


@contextlib.contextmanager
def _local(spec: dict, ctx: object, jobs: int) -> Iterator[Callable[[list], Iterator[tuple[tuple, dict]]]]:
    """A function playing a list of slices here (one job) or on one pool of worker processes kept for every round."""
    cells, seed = spec["cells"], spec["seed"]
    if jobs <= 1:
        yield lambda todo: ((sl, play_slice(ctx, cells[sl[0]], seed, sl)) for sl in todo)
        return
    start = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with spool.pool(jobs, start, _init, ctx) as imap:
        yield lambda todo: zip(todo, imap(_remote, [(cells[sl[0]], seed, sl) for sl in todo]))


@contextlib.contextmanager
def _dask(spec: dict, ctx: object, scheduler: str | None) -> Iterator[Callable[[list], Iterator[tuple[tuple, dict]]]]:
    """The slices as Dask tasks: on the scheduler at `scheduler`, or a local cluster of this machine's cores."""
    from dask.distributed import Client, LocalCluster, as_completed

    # No dashboard; the scheduler's own HTTP server (health, metrics) on a free loopback port, not on 8787, which a
    # second sweep or the user's own Dask would hold ("Port 8787 is already in use").
    cluster = None if scheduler else LocalCluster(n_workers=min(2, os.cpu_count() or 1), threads_per_worker=1,
                                                  processes=True, dashboard_address=None,
                                                  scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
    client = Client(scheduler or cluster)
    futures: dict = {}
    try:
        shared = client.scatter(ctx, broadcast=True)

        def run(todo: list) -> Iterator[tuple[tuple, dict]]:
            futures.clear()
            futures.update({client.submit(play_slice, shared, spec["cells"][sl[0]], spec["seed"], sl, pure=False): sl
                            for sl in todo})
            for future in as_completed(futures):
                yield futures[future], future.result()

        yield run
    finally:
        client.cancel(list(futures))  # an interrupt: nothing left running on the cluster
        client.close()
        if cluster is not None:
            cluster.close()


class Rate:
    """Games per second and time left, for the progress bar."""

    def __init__(self, total: int):
        self.total, self.count, self.t0 = total, 0, time.monotonic()

    def add(self, k: int) -> str:
        """Count k games; the text the bar shows."""
        self.count += k
        speed = self.count / max(1e-9, time.monotonic() - self.t0)
        left = (self.total - self.count) / speed if speed else 0
        return f"{speed:,.0f} games/s, {int(left) // 60}:{int(left) % 60:02d} left"
