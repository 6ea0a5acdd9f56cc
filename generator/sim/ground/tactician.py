"""A GROUND player that plays to win and uses the DARVO stages and Freedom when they help (policy `tactician`).

Each Select choice is the best of every legal choice scored by a short lookahead (three rounds on a copy of the
game, as the rollout does, every other player choosing as the heuristic): its claimed points against the best
other player's, less its Blames and an unspent Freedom token, plus the other players' mean Stress (a player at the
gate Solves only by spending Freedom). Unlike the rollout it does not fear its own Stress 5 (which arms DARVO,
GR-D01), it spends Freedom to Solve past the gate (GR-F03) rather than keep it, and it keeps Attacking the leader,
which pushes players to Stress 5. Its own DARVO stages are aimed at the leader: DENY takes the most valuable
Problem another player holds a Solution for and it does not (GR-D03), the extra Attack and the Focus go to the
leader (GR-D04), so the Reverse leaves a Blame in front of the leader (GR-D05); it does not end its own sequence
early with GROUND-GR before the Reverse. Every choice is one of the engine's legal options (the referee checks it).
"""

from __future__ import annotations

from .engine import OFF, REVERSE, Game, GroundChoice
from .policy import Heuristic
from .rollout import FREEDOM_VALUE, Rollout, _Forced


def _leader(g: Game, p: int, among) -> int:
    """The other player with the highest personal score (fewest Stress, then lowest seat, on ties)."""
    scores = g.personals()
    return max(among, key=lambda o: (scores[o], -g.stress[o], -o))


class _DarvoChoices:
    """The tactician's DARVO and GROUND choices (mixed into the player it plays on the lookahead's copies)."""

    def deny_target(self, g: Game, p: int, options: list[str]) -> str:
        """GR-D03: the most valuable Problem another player holds a Solution for (else the most valuable)."""
        suit_of = g.suit_of
        held = {suit_of[c] for o in g.others(p) for c in g.hands[o]}
        own = {suit_of[c] for c in g.hands[p]}

        def key(pid: str):
            x = g.problem(pid)
            return (x.suit in held and x.suit not in own, x.value, pid)
        return max(options, key=key)

    def darvo_attack_target(self, g: Game, p: int, options: tuple[int, ...]) -> int:
        """GR-D04: the leader (the Focus then puts the Reverse's Blame in front of them)."""
        return _leader(g, p, options)

    def ground(self, g: Game, p: int) -> GroundChoice:
        """GR-R05: as the heuristic, but with a Reverse still to come it keeps its sequence (no GROUND-GR)."""
        c = Heuristic.ground(self, g, p)
        if c.mode == "GR" and g.darvo[p] != OFF and g.darvo[p] != REVERSE:
            legal = [x for x in g.legal_grounds(p) if x.mode != "GR" and x.option != "break"]
            if legal:
                return legal[0]
        return c


class _Continue(_DarvoChoices, Heuristic):
    """The tactician on the lookahead's later rounds: the heuristic's Selections, its own DARVO choices."""


class _ForcedTactician(_DarvoChoices, _Forced):
    """The tactician's first round on a copy: the choice tried, its own DARVO and GROUND choices."""


class Tactician(_DarvoChoices, Rollout):
    """The lookahead player that uses DARVO and Freedom (module docstring)."""

    name = "tactician"
    horizon = 3  # three rounds: a DARVO sequence armed at this round's End plays its DENY and ATTACK stages
    stress_cost = 0.0  # its own Stress (and the Stress 5 that arms DARVO) costs nothing in itself
    pressure = 0.6  # the other players' mean Stress, worth this much: players at the gate Solve only with Freedom
    freedom_value = -0.3  # a READY Freedom token kept counts against it: it is spent to act past the gate

    forced = _ForcedTactician  # the tried choice, then its own DARVO and GROUND choices on the copy

    def later(self, others):
        """On the copy after the first round: its own pieces as they stand (_Continue)."""
        return _Continue()

    def value(self, g: Game, p: int) -> float:
        """The rollout's value with this player's Stress and Freedom weights."""
        v = Rollout.value(self, g, p) + (self.freedom_value - FREEDOM_VALUE) * g.ready[p]
        if self.pressure and g.kind != "coop":
            v += self.pressure * sum(g.stress[o] for o in g.others(p)) / (g.n - 1)
        return v

