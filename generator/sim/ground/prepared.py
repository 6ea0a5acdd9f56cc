"""What every GROUND game of one dataset shares, computed once per dataset and process: Scenarios by id, each
Solution's suit, the rulings G1-G6, the seats and SUPPORT/ATTACK Selections of a player count, a Scenario's
Problems at a player count (surface and hidden, filtered by priority), the Solution deck in data order.

Everything here is immutable; a game copies what it changes (its Problem states, its deck).
"""

from __future__ import annotations

from functools import lru_cache

from ...content.ground import GroundData
from .state import ATTACK, SUPPORT, selection

_BY_DATA: dict[int, tuple[GroundData, "Prepared"]] = {}  # id(data) -> (data, its Prepared); data kept alive
_KEEP = 64  # datasets remembered (rule variants of a sweep, tests' datasets)


def prepared(data: GroundData) -> Prepared:
    """The Prepared of this dataset object (built on first use)."""
    hit = _BY_DATA.get(id(data))
    if hit is None or hit[0] is not data:
        if len(_BY_DATA) >= _KEEP:
            _BY_DATA.clear()
        hit = _BY_DATA[id(data)] = (data, Prepared(data))
    return hit[1]


class Prepared:
    """The immutable facts of one dataset the engine reads in every game."""

    def __init__(self, data: GroundData):
        self.data = data
        self.scenarios: dict = {}
        for s in data.scenarios:
            self.scenarios.setdefault(s.id, s)  # the first with an id, as a search would find it
        self.suit_of = {s.id: s.suit for s in data.solutions}
        self.g = tuple(data.ruled(f"G{i}") for i in range(1, 7))
        self.deck = tuple(s.id for s in data.solutions)
        self._problems: dict[tuple[str, int], tuple] = {}
        self._thresholds: dict[int, int] = {}

    def threshold(self, n: int) -> int:
        """data.threshold(n) (StopIteration for a player count no band covers, as data.threshold)."""
        hit = self._thresholds.get(n)
        if hit is None:
            hit = self._thresholds[n] = self.data.threshold(n)
        return hit

    @staticmethod
    @lru_cache(maxsize=None)
    def seats(n: int) -> tuple[tuple[tuple[int, ...], ...], tuple]:
        """(the other seats clockwise from each seat, each seat's SUPPORT and ATTACK Selections)."""
        after = tuple(tuple((p + i) % n for i in range(1, n)) for p in range(n))
        return after, tuple(tuple(selection(a, o) for a in (SUPPORT, ATTACK) for o in seats) for seats in after)

    @staticmethod
    @lru_cache(maxsize=None)
    def lead_orders(n: int) -> tuple[tuple[int, ...], ...]:
        """GR-R07: for each Lead seat, the seats from it clockwise."""
        return tuple(tuple((lead + i) % n for i in range(n)) for lead in range(n))

    def problems(self, scen, n: int) -> tuple[tuple, tuple[tuple, ...]]:
        """GR-S01/S02: (id, suit, value, priority) of the Scenario's surface Problem and of its hidden Problems
        up to the player count's priority cap, in the Scenario's order."""
        key = (scen.id, n)
        hit = self._problems.get(key)
        if hit is None:
            data = self.data
            cap = data.max_priority(n)
            surface = data.problem(scen.surface)
            hidden = [h for h in map(data.problem, scen.hidden) if h.priority <= cap]
            hit = self._problems[key] = ((surface.id, surface.suit, surface.value, surface.priority),
                                         tuple((h.id, h.suit, h.value, h.priority) for h in hidden))
        return hit
