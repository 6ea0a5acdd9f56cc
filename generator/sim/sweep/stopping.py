"""`--until-halfwidth H`: each cell stops when its answer is known to +/- H. A cell's games are read slice by slice
from the start; after each slice, the widest 95% interval of its seat win rates (a cooperative cell: the share of
the games won together) is measured, and the cell stops at the first slice after which its half-width is at most
H (or at --games). The decision reads only finished slices in game order, so it is the same however many workers,
machines or resumptions played them; slices played ahead of the stopping point are kept for an extension but not
reported.
"""

from __future__ import annotations

from ..lab import lab
from ..stats import wilson
from .tally import Tally


def halfwidth(t: Tally, coop: bool) -> float:
    """The half-width of the cell's widest 95% interval (1.0 before any game decides)."""
    if coop:
        lo, hi = wilson(t.shared, t.games)
        return (hi - lo) / 2 if t.games else 1.0
    decided = sum(t.sole)
    if not decided:
        return 1.0
    return max((hi - lo) / 2 for lo, hi in (wilson(k, decided) for k in t.sole))


def is_coop(cell: dict) -> bool:
    """Whether the cell's seats win or lose together (its game's lab's `coop`)."""
    return lab(cell["game"]).coop(cell)


def prefix(spec: dict, have: dict, c: int, size: int) -> tuple[list[tuple[int, int, int]], bool, float]:
    """Cell c's slices that count (from game 0, in order, up to the stopping point or the first missing slice),
    whether the cell is finished (stopped or every game played) and its half-width there."""
    target, games = spec["options"].get("until_halfwidth"), spec["games"]
    cell = spec["cells"][c]
    t = Tally(cell["players"])
    used: list[tuple[int, int, int]] = []
    width = 1.0
    for a in range(0, games, size):
        sl = (c, a, min(a + size, games))
        if sl not in have:
            return used, False, width
        used.append(sl)
        t.merge(have[sl])
        width = halfwidth(t, is_coop(cell))
        if target is not None and width <= target:
            return used, True, width
    return used, True, width
