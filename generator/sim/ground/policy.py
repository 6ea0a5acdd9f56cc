"""GROUND player policies: a heuristic player and a random legal player; both only pick among legal options."""

from __future__ import annotations

from ..rand import choice
from .engine import (ATTACK, BOND, DENY, GROUND, INVESTIGATE, OFF, SOLVE, SUPPORT, Game, GroundChoice, Selection,
                     selection)


class Heuristic:
    """A sensible player: solves what it can, grounds itself under Stress, supports the stressed, investigates."""

    name = "heuristic"

    def select(self, g: Game, p: int) -> Selection:
        """GR-R02: Solve the best Problem, else calm down, help, or look for Problems."""
        stress = g.stress[p]
        solvable = g.solvable(p)
        if stress >= 4:
            if solvable and g.ready[p]:
                return selection(SOLVE, max(solvable, key=lambda x: x.value).id, True)
            return selection(GROUND)
        if solvable:
            return selection(SOLVE, max(solvable, key=lambda x: (x.value, x.priority)).id)
        rival = self._rival_target(g, p)
        if rival is not None:
            return selection(ATTACK, rival)
        if stress >= 3 or (g.darvo[p] != OFF and stress >= 2):
            return selection(GROUND)
        needy = [o for o in g.others(p) if g.stress[o] >= 4 or g.darvo[o] != OFF]
        if needy:
            bonded = [o for o in needy if g.relation(p, o) == BOND]
            return selection(SUPPORT, (bonded or sorted(needy, key=lambda o: -g.stress[o]))[0])
        hidden = g.hidden()
        if hidden:
            return selection(INVESTIGATE, hidden[0].id)
        return selection(INVESTIGATE)

    def _rival_target(self, g: Game, p: int) -> int | None:
        """In the competitive Modes, once the group total is safe, Attack the leading other player."""
        if g.kind == "coop" or g.round < 4:
            return None
        total = 0
        for x in g.problems:
            if x.claimed_by is not None:
                total += x.value
        if total < g.prep.threshold(g.n):
            return None
        scores = g.personals()
        best = max(g.others(p), key=lambda o: scores[o])
        return best if scores[best] > scores[p] and g.stress[best] < 4 else None

    def ground(self, g: Game, p: int) -> GroundChoice:
        """GR-R05: reject a Reverse, cancel an Attack, restore a Denied Problem, protect, remove Blame, else GR."""
        legal = g.legal_grounds(p)
        for option in ("reject", "cancel", "restore"):
            hit = [c for c in legal if c.option == option]
            if hit:
                return hit[0]
        deny_coming = any(g.darvo[o] == DENY for o in range(g.n))
        if deny_coming and g.stress[p] < 3:
            protect = [c for c in legal if c.option == "protect"]
            if protect:
                return max(protect, key=lambda c: g.problem(c.target).value)
        blame = [c for c in legal if c.option == "blame"]
        if blame and g.stress[p] < 3:
            return blame[0]
        return GroundChoice("GR")

    def accept_bond(self, g: Game, p: int, other: int) -> bool:
        """U1: accept every Bond offered."""
        return True

    def rivalry_support(self, g: Game, p: int, other: int) -> str:
        """GR-A05: turn the Rivalry into a Bond."""
        return "bond"

    def deny_target(self, g: Game, p: int, options: list[str]) -> str:
        """GR-D03: deny the least valuable Problem."""
        return min(options, key=lambda pid: (g.problem(pid).value, pid))

    def darvo_attack_target(self, g: Game, p: int, options: tuple[int, ...]) -> int:
        """GR-D04: the calmest other player (least likely to be pushed into DARVO)."""
        return min(options, key=lambda o: (g.stress[o], g.relation(p, o) == BOND, o))


class RandomLegal:
    """A player choosing uniformly among the legal options, from the game's one seeded RNG."""

    name = "random"

    def select(self, g: Game, p: int) -> Selection:
        """Any legal Select choice (GROUND when there is none: the engine then names the deadlock)."""
        legal = g.legal_selections(p)
        return choice(g.rng, legal) if legal else selection(GROUND)

    def ground(self, g: Game, p: int) -> GroundChoice:
        """Any legal GROUND mode and target."""
        return choice(g.rng, g.legal_grounds(p))

    def accept_bond(self, g: Game, p: int, other: int) -> bool:
        """Accept or refuse at random."""
        return g.rng.random() < 0.5

    def rivalry_support(self, g: Game, p: int, other: int) -> str:
        """Flip or break at random."""
        return "bond" if g.rng.random() < 0.5 else "break"

    def deny_target(self, g: Game, p: int, options: list[str]) -> str:
        """Any Problem DENY may take."""
        return choice(g.rng, options)

    def darvo_attack_target(self, g: Game, p: int, options: tuple[int, ...]) -> int:
        """Any other player."""
        return choice(g.rng, options)


class Rival(Heuristic):
    """A competitor: claims what it can, Attacks the player ahead (or its Rival) and spends Freedom to act under
    Stress; the table it makes reaches Stress 5, so the DARVO stages, Blame and Freedom come into play."""

    name = "rival"

    def select(self, g: Game, p: int) -> Selection:
        """GR-R02: Solve; under Stress spend Freedom to Solve or Investigate, else Attack; else Attack the leader."""
        solvable = g.solvable(p)
        best = max(solvable, key=lambda x: (x.value, x.priority)).id if solvable else None
        if g.stress[p] >= 4:
            if g.ready[p]:
                return selection(SOLVE, best, True) if best else selection(INVESTIGATE, _hidden_id(g), True)
            return selection(ATTACK, self._target(g, p)) if g.stress[p] == 4 else selection(GROUND)
        if best:
            return selection(SOLVE, best)
        if g.blames_on(p):  # a Blame costs a point at the end: GROUND-ND returns it
            return selection(GROUND)
        return selection(ATTACK, self._target(g, p))

    def _target(self, g: Game, p: int) -> int:
        """The other player with the most claimed points (a Rival first, then the least Stress, then the lowest seat:
        a table of Rivals gangs up on one player)."""
        claimed = _claimed(g)
        return max(g.others(p), key=lambda o: (claimed[o], g.relation(p, o) != BOND, -g.stress[o], -o))

    def ground(self, g: Game, p: int) -> GroundChoice:
        """GR-R05: reject a Reverse, return a Blame in front of it, else as the heuristic."""
        legal = g.legal_grounds(p)
        for option in ("reject", "blame"):
            hit = [c for c in legal if c.option == option]
            if hit:
                return hit[0]
        return super().ground(g, p)

    def accept_bond(self, g: Game, p: int, other: int) -> bool:
        """Accept a Bond with a player not ahead."""
        claimed = _claimed(g)
        return claimed[other] <= claimed[p]


class NoFreedom(Heuristic):
    """The heuristic player that never spends its Freedom token (what Freedom is worth)."""

    name = "heuristic-no-freedom"

    def select(self, g: Game, p: int) -> Selection:
        """As the heuristic, but GROUND instead of spending Freedom."""
        s = super().select(g, p)
        return selection(GROUND) if s.spend else s


class Solver(Heuristic):
    """Restricted: solves what it can, else investigates, grounds itself under Stress; never Supports or Attacks
    (what relations are worth). A table of them draws the Solution deck dry (U4)."""

    name = "solver"

    def select(self, g: Game, p: int) -> Selection:
        """GR-R02: Solve, else GROUND under Stress, else Investigate."""
        solvable = g.solvable(p)
        if g.stress[p] >= 4:
            return selection(GROUND)
        if solvable:
            return selection(SOLVE, max(solvable, key=lambda x: (x.value, x.priority)).id)
        return selection(INVESTIGATE, _hidden_id(g))


def _claimed(g: Game) -> list[int]:
    """Each player's claimed Problem value."""
    out = [0] * g.n
    for x in g.problems:
        if x.claimed_by is not None:
            out[x.claimed_by] += x.value
    return out


def _hidden_id(g: Game) -> str | None:
    """The first hidden Problem (None when every Problem is face up)."""
    hidden = g.hidden()
    return hidden[0].id if hidden else None
