"""GROUND's scoring (GR-E01..E04, GR-T02, G5): exactly one outcome per game for its Mode (no I/O).

A mixin of engine.Game: these methods read the game's state through `self`.
"""

from __future__ import annotations

from .state import BOND, Outcome


class Scoring:
    """The end-of-game scoring of engine.Game."""

    def personal(self, p: int) -> int:
        """GR-E03/T02: claimed value minus 1 per Blame in front of p."""
        blames = len(self.blames_on(p))
        if blames:
            self.fired.add("GR-T02")
        return sum(x.value for x in self.problems if x.claimed_by == p) - blames

    def personals(self) -> list[int]:
        """personal(p) of every seat, in seat order (GR-T02 fired when a Blame is out in front of anyone)."""
        out = [0] * self.n
        for x in self.problems:
            if x.claimed_by is not None:
                out[x.claimed_by] += x.value
        blamed = False
        for t in self.token:
            if t is not None and t[0] == "blame":
                out[t[1]] -= 1
                blamed = True
        if blamed:
            self.fired.add("GR-T02")
        return out

    def score(self) -> Outcome:
        """GR-E01..E04: exactly one outcome for the game's Mode."""
        if self.outcome is not None:
            return self.outcome
        total = sum(x.value for x in self.problems if x.claimed_by is not None)
        threshold = self.prep.threshold(self.n)
        ok = total >= threshold
        scores = tuple(self.personals())
        self.fired.add("GR-E01")
        if self.kind == "coop":
            claimed = sum(1 for x in self.problems if x.claimed_by is not None)
            successes = claimed if self.g5 == "claimed-problems" else total
            blames = sum(1 for t in self.token if t is not None and t[0] == "blame")
            mastery = successes - blames - sum(1 for x in self.problems if x.denied)
            self.fired.update(("GR-E02", "G5"))
            self.outcome = Outcome(self.config.mode, total, threshold, ok, scores,
                                   tuple(range(self.n)) if ok else (), None, mastery)
        elif self.kind == "personal":
            self.fired.add("GR-E03")
            winners, how = (), None
            if ok:
                keys = [(scores[p], -self.stress[p], self.bonds(p)) for p in range(self.n)]
                winners, how = _best(list(range(self.n)), keys, ("score", "lower stress", "more bonds"))
            self.outcome = Outcome(self.config.mode, total, threshold, ok, scores, winners, how)
        else:
            self.fired.add("GR-E04")
            groups = self.coalitions()
            winners, how = (), None
            if ok:
                keys = [(sum(scores[p] for p in g), -sum(self.stress[p] for p in g),
                         -sum(len(self.blames_on(p)) for p in g)) for g in groups]
                best, how = _best(list(range(len(groups))), keys, ("score", "lower combined stress", "fewer blame"))
                winners = tuple(sorted(p for i in best for p in groups[i]))
            self.outcome = Outcome(self.config.mode, total, threshold, ok, scores, winners, how, None, groups)
        return self.outcome

    def coalitions(self) -> tuple[tuple[int, ...], ...]:
        """GR-E04: connected Bond networks (Rivalries do not connect); unbonded players alone."""
        parent = list(range(self.n))

        def find(x: int) -> int:
            while parent[x] != x:
                x = parent[x]
            return x

        for (a, b), kind in self.rel.items():
            if kind == BOND:
                parent[find(a)] = find(b)
        groups: dict[int, list[int]] = {}
        for p in range(self.n):
            groups.setdefault(find(p), []).append(p)
        return tuple(sorted(tuple(g) for g in groups.values()))


def _best(items: list[int], keys: list[tuple], names: tuple[str, ...]) -> tuple[tuple[int, ...], str | None]:
    """Items with the best key (compared in order); the name of the last key that broke a tie, 'shared' if none."""
    alive = items
    how = None
    for level, name in enumerate(names):
        top = max(keys[i][level] for i in alive)
        narrowed = [i for i in alive if keys[i][level] == top]
        if level and len(narrowed) < len(alive):
            how = name
        alive = narrowed
        if len(alive) == 1:
            return tuple(alive), how
    return tuple(alive), "shared"
