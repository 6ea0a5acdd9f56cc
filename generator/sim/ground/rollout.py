"""A stronger GROUND player than the heuristic: rollouts to the end of the game (policy name `rollout`).

For each legal Select choice the player plays the rest of the game on a copy (this round with that choice, then
every later round, every player's choices and GROUND modes, its own included, as the heuristic would make them;
the copy draws from a copy of the game's RNG, so the game itself is untouched) and keeps the choice whose game ends
best for it: its claimed points against the best other player's (personal Mode), its coalition's against the best
other coalition (coalitions), the group's total less Denied Problems (cooperative), less its Stress (the first
tie-break) and its Blames. Ties keep the first choice in the engine's order of legal choices. GROUND modes, Bonds
and the DARVO choices are the heuristic's. Playing one round ahead only (`horizon = 1`) is barely stronger than the
heuristic; to the end of the game it wins about two thirds of four-player personal games against three heuristic
players (benchmarks and the designer's page measure it).
"""

from __future__ import annotations

import random

from .engine import Game
from .policy import Heuristic
from .state import ROUNDS, ProblemState, Stats

STRESS_COST = 0.4  # points a Stress level is worth to the player (5: DARVO, 4-5: the gate)
FREEDOM_VALUE = 0.3  # a READY Freedom token


class _Forced(Heuristic):
    """The heuristic, with one Select choice fixed (the choice the rollout tries)."""

    def __init__(self, choice):
        self.choice = choice

    def select(self, g: Game, p: int):
        """The choice being tried."""
        return self.choice


def _copy(g: Game, policies: list) -> Game:
    """A copy of the game a simulated round can change without touching the game (its own RNG, counters)."""
    c = Game.__new__(Game)
    c.__dict__.update(g.__dict__)
    c.policies = policies
    c.rng = random.Random()
    c.rng.setstate(g.rng.getstate())
    c.fired, c.stats = set(), Stats()
    c.stress, c.ready, c.darvo, c.token = list(g.stress), list(g.ready), list(g.darvo), list(g.token)
    c.protection, c.deck, c.discard = list(g.protection), list(g.deck), list(g.discard)
    c.hands = [list(h) for h in g.hands]
    c.rel = dict(g.rel)
    c.selected, c.grounds = list(g.selected), dict(g.grounds)
    problems = []
    for x in g.problems:
        y = ProblemState(x.id, x.suit, x.value, x.priority, x.up)
        y.denied, y.claimed_by, y.protected = x.denied, x.claimed_by, x.protected
        problems.append(y)
    c.problems = problems
    return c


class Rollout(Heuristic):
    """Rollouts: the Select choice whose simulated game ends best (module docstring)."""

    name = "rollout"
    stress_cost = STRESS_COST
    rival_weight = 0.5  # the best other player's (or coalition's) points count against the player's own
    total_weight = 0.25  # the group's total up to the threshold (below it nobody wins)
    horizon = ROUNDS  # rounds played ahead on the copy (the rest of the game)
    forced = _Forced  # who plays the tried choice in the copy's first round

    def later(self, others: Heuristic):
        """Who plays this seat on the copy after its first round."""
        return others

    def select(self, g: Game, p: int):
        """GR-R02: every legal choice tried on a copy of the game, played on; the best, the first of equals."""
        others = Heuristic()
        best, choice = None, None
        for s in g.legal_selections(p):
            sim = _copy(g, [self.forced(s) if q == p else others for q in range(g.n)])
            sim.play_round()
            for _ in range(self.horizon - 1):
                if sim.round > ROUNDS:
                    break
                sim.policies[p] = self.later(others)
                sim.play_round()
            v = self.value(sim, p)
            if best is None or v > best:
                best, choice = v, s
        return choice

    def value(self, g: Game, p: int) -> float:
        """How good the position is for p at the end of a round."""
        claimed = [0] * g.n
        for x in g.problems:
            if x.claimed_by is not None:
                claimed[x.claimed_by] += x.value
        total = sum(claimed)
        blames = sum(1 for t in g.token if t is not None and t[0] == "blame" and t[1] == p)
        own = -self.stress_cost * g.stress[p] + FREEDOM_VALUE * g.ready[p] - blames
        if g.kind == "coop":
            denied = sum(1 for x in g.problems if x.denied)
            return own + total - denied - self.stress_cost * sum(g.stress) / g.n
        if g.kind == "coalitions":
            team = next((grp for grp in g.coalitions() if p in grp), (p,))
            mine = sum(claimed[q] for q in team)
            rest = max((sum(claimed[q] for q in grp) for grp in g.coalitions() if p not in grp), default=0)
            return own + mine - self.rival_weight * rest + self.total_weight * min(total, g.prep.threshold(g.n))
        rest = max(claimed[q] for q in range(g.n) if q != p)
        return own + claimed[p] - self.rival_weight * rest + self.total_weight * min(total, g.prep.threshold(g.n))
