"""A stronger Dojo player than P0: one movement of lookahead (policy name `lookahead`).

P0 (U01) ranks a movement's walks by Fatica, then by a fixed order of end squares, and never looks at the board
beyond that. The lookahead player scores each candidate walk by what it is expected to bring, over the dice and the
Nebbia deck: the ladder notches it gains or loses on the way (Fatica; a Kumite against each opponent it walks onto,
its expected notches over the dice as U24 counts them: P0 never seeks one), the end square's effect
(Allenamento +1; Nebbia: the mean of the deck's cards, Sensei Osserva and Peso della Cintura counted for where the
player stands; Sfida: the best expected Kumite; a Tunnel: the exit's head start; Passo Falso: the movement lost),
and, from the Blue belt on, how far the end square is from a Dojo entrance (a Brown player must walk in to take the
Final Exam). The weights were chosen by playing one lookahead player against P0 players (seeded games, the
lookahead seat rotating): counting a lost Kumite's walk back from the Start as a cost, or weighing the distance
more, made it weaker. The candidates are the best walks of the board's ranked table (one per end square); the
rest of the movement (after a Kumite or a Fatica belt change), the Dojo entries and every other choice are P0's.
"""

from __future__ import annotations

from .cards import (IRIMI, INTENSIVO, KAESHI, KIAI, MEDITAZIONE, PASSO, PESO, PROIBITO, SEGRETO, SENSEI, SFIDA, TSUGI,
                    UKE)
from .policy import BROWN, P0, expected_gain
from .tables import K_CHALLENGE, K_MISSTEP, K_MIST, K_TRAINING, K_TUNNEL

CANDIDATES = 96  # walks of the ranked table looked at, the best by Fatica and end square (one lookahead
# player among three P0 players won 36% of 1,000 games with 48, 40% with 96, 42% with 192)
CARD_VALUE = {KIAI: 0.6, UKE: 0.5, KAESHI: 0.4, TSUGI: 0.8, SEGRETO: 0.5, IRIMI: 0.3, SFIDA: 0.3, INTENSIVO: 1.0,
              PROIBITO: -1.0, PASSO: -0.3, MEDITAZIONE: -0.6}  # Sensei and Peso: counted for the drawer's place


class Lookahead(P0):
    """One movement ahead: the walk with the best expected value (module docstring); P0 otherwise."""

    name = "lookahead"
    distance_weight = 0.1  # notches per step of distance to a Dojo entrance, at Brown (less below)
    candidates = CANDIDATES

    def path(self, g, p: int, cur: int, left: int, visited: set[int]) -> tuple[int, ...]:
        """The candidate walk with the best expected value; P0's choice when not a fresh full movement."""
        t = g.t
        pos = g.pos[p]
        if pos >= BROWN or not (len(visited) == 1 and cur in visited):
            return super().path(g, p, cur, left, visited)
        cands = self._candidates(t, cur, left)
        if not cands:
            return super().path(g, p, cur, left, visited)
        sq, kinds, dist = g.sq, t.kind, t.dist
        fights = [] if g.turn < g.n else [(sq[j], _gain(pos, g.pos[j])) for j in g.order[p]
                                          if not g.med[j] and not t.is_safe[sq[j]]]
        far = self.distance_weight * (pos - 11) / 4 if pos >= 12 else 0.0
        ends: dict[int, float] = {}  # kind -> expected notches of ending there (Nebbia, Sfida: worked out once)
        best, choice = None, cands[0][1]
        for static, path in cands:
            x = path[-1]
            k = kinds[x]
            end = ends.get(k)
            if end is None:
                end = ends[k] = self._end_value(g, p, k)
            v = static + end
            if k == K_TUNNEL and far:
                exit_ = t.links[x]
                if exit_ is not None and exit_ not in sq and t.closer[x]:
                    v += self.distance_weight * (dist[x] - dist[exit_])
            if far:
                v -= far * dist[x]
            for y, gain in fights:
                if y in path:
                    v += gain
            if best is None or v > best:
                best, choice = v, path
        return choice

    def _candidates(self, t, cur: int, left: int) -> list[tuple[float, tuple[int, ...]]]:
        """(static value: -Fatica, path) of the best ranked walk to each end square (remembered on the tables)."""
        memo = t.policy_memo
        key = ("lookahead", self.candidates, cur, left)
        hit = memo.get(key)
        if hit is None:
            ranked, _ = t.ranked(cur, left, self.candidates)
            seen: set[int] = set()
            hit = []
            for f, _r, path in ranked[:self.candidates]:  # (the table may hold more: what P0 asked for before)
                if path[-1] not in seen:
                    seen.add(path[-1])
                    hit.append((-float(f), path))
            memo[key] = hit
        return hit

    def _end_value(self, g, p: int, kind: int) -> float:
        """The expected notches of ending a movement on a square of this kind (a Tunnel's head start apart)."""
        if kind == K_TRAINING:
            return 1.0
        if kind == K_MIST:
            return _nebbia(g, p)
        if kind == K_CHALLENGE:
            return max((_gain(g.pos[p], g.pos[j]) for j in g.order[p] if g.faceable(p, j)), default=0.0)
        if kind == K_MISSTEP:
            return -0.3
        return 0.0  # Tatami, Safe Room, Fatica (counted with the walk's Fatica), a Tunnel (its exit: in path())


_GAINS: dict[tuple[int, int], float] = {}


def _gain(att: int, dfn: int) -> float:
    """expected_gain(att, dfn) (U24), remembered by belts (all it depends on)."""
    key = (att // 3, dfn // 3)
    hit = _GAINS.get(key)
    if hit is None:
        hit = _GAINS[key] = expected_gain(att, dfn)
    return hit


_DECKS: dict[tuple[int, ...], tuple[float, int, int]] = {}


def _nebbia(g, p: int) -> float:
    """The mean value of a card drawn from the deck (its composition, not the pile's order): Sensei Osserva +2 for
    the lowest player, Peso della Cintura -1 for the highest, the other cards CARD_VALUE."""
    deck = g.config.deck or ()
    if not deck:
        return 0.0
    hit = _DECKS.get(deck)
    if hit is None:
        hit = _DECKS[deck] = (sum(CARD_VALUE.get(c, 0.0) for c in deck), deck.count(SENSEI), deck.count(PESO))
    rest, sensei, peso = hit
    pos = g.pos
    return (rest + (2.0 * sensei if pos[p] == min(pos) else 0.0) - (peso if pos[p] == max(pos) else 0.0)) / len(deck)
