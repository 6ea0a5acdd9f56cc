"""Where a build's time goes (`dojo build --timings`): its phases in this process, and each component's render
and page QA in the process that drew it."""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass, field
from typing import Iterator


@dataclass
class Timings:
    """Phases (name, wall s, CPU s of this process) and components (id, process, start s, wall s, render CPU s,
    page QA CPU s, the CPU s its process had used when it was done); starts count from the beginning of the build."""

    start: float = field(default_factory=time.perf_counter)
    phases: list[tuple[str, float, float]] = field(default_factory=list)
    components: list[tuple[str, int, float, float, float, float, float]] = field(default_factory=list)

    def table(self) -> str:
        """The figures as a plain-text table."""
        lines = [f"{'phase':<34}{'wall s':>8}{'CPU s':>8}"]
        lines += [f"{name:<34}{wall:8.2f}{cpu:8.2f}" for name, wall, cpu in self.phases]
        lines.append(f"{'component':<26}{'process':>8}{'start':>7}{'wall s':>8}{'render':>8}{'QA':>7}")
        pids = {pid: n for n, pid in enumerate(dict.fromkeys(c[1] for c in self.components), 1)}
        for cid, pid, at, wall, render, qa, _used in sorted(self.components, key=lambda c: c[2]):
            lines.append(f"{cid:<26}{pids[pid]:>8}{at:7.2f}{wall:8.2f}{render:8.2f}{qa:7.2f}")
        render = sum(c[4] for c in self.components)
        qa = sum(c[5] for c in self.components)
        lines.append(f"{'components, CPU in all processes':<34}{'':>8}{render + qa:8.2f}  (render {render:.2f}, "
                     f"page QA {qa:.2f})")
        lines += self._processes(pids)
        lines.append(f"{'build, wall':<34}{time.perf_counter() - self.start:8.2f}")
        return "\n".join(lines)

    def _processes(self, pids: dict[int, int]) -> list[str]:
        """Each worker's CPU (user + system) when its last component was done, and the part of it outside its
        components (its start: the fork's copied pages, its first-use caches; the hand-over of its results)."""
        lines, here = [], os.getpid()
        for pid, n in pids.items():
            if pid == here:
                continue  # the building process: its phases above
            mine = [c for c in self.components if c[1] == pid]
            used = max(c[6] for c in mine)
            outside = used - sum(c[4] + c[5] for c in mine)
            lines.append(f"{f'process {n}, CPU s':<34}{'':>8}{used:8.2f}  ({outside:.2f} outside its components)")
        lines.append(f"{'the building process, CPU s':<34}{'':>8}{time.process_time():8.2f}"
                     + (f"  (process {pids[here]} above)" if here in pids else "")
                     + "  (start-up included)")
        return lines


_ACTIVE: Timings | None = None


@contextlib.contextmanager
def collecting() -> Iterator[Timings]:
    """Record the phases and components of what runs inside (one build)."""
    global _ACTIVE
    _ACTIVE = Timings()
    try:
        yield _ACTIVE
    finally:
        _ACTIVE = None


@contextlib.contextmanager
def phase(name: str) -> Iterator[None]:
    """Time one phase of the build in this process (nothing is kept unless collecting)."""
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        yield
    finally:
        if _ACTIVE is not None:
            _ACTIVE.phases.append((name, time.perf_counter() - wall, time.process_time() - cpu))


def now() -> float:
    """A clock shared by forked workers and their parent (seconds)."""
    return time.perf_counter()


Cost = tuple[int, float, float, float, float, float]  # process, start clock, wall s, render CPU s, QA CPU s, its
# process's CPU s so far (user + system: a forked worker counts from its fork)


def component(cid: str, cost: Cost | None) -> None:
    """Record a component's cost (Cost) while collecting."""
    if _ACTIVE is not None and cost is not None:
        pid, start, wall, render, qa, used = cost
        _ACTIVE.components.append((cid, pid, start - _ACTIVE.start, wall, render, qa, used))


def cost(start: float, cpu: float, qa: float) -> Cost:
    """A component's cost measured in the process drawing it, begun at `start` (clock) with `cpu` CPU seconds used:
    qa of them went to its page QA, the rest to drawing, previews and reading back."""
    used = time.process_time()
    return os.getpid(), start, now() - start, used - cpu - qa, qa, used
