"""Player policies: the spec's reference policy P0 (U01, U09, U10, U16, U23, U24) and a seeded random policy R."""

from __future__ import annotations

from .cards import CARD_IDS, KAESHI, KIAI, UKE
from ..rand import choice
from .tables import GROW, RANK_PLAIN, RANK_TUNNEL_USED

BROWN = 15
_OUTCOMES = tuple((a, d) for a in range(1, 7) for d in range(1, 7))


def _lower_belt_squares(g, p: int) -> dict[int, int]:
    """Squares of faceable opponents of a lower belt than p's (U01 step 4 counts Kumite with nothing to gain)."""
    if g.first_round:
        return {}
    mine = g.pos[p] // 3
    out: dict[int, int] = {}
    for j in g.order[p]:
        if not g.med[j] and g.pos[j] // 3 < mine and not g.t.is_safe[g.sq[j]]:
            out[g.sq[j]] = out.get(g.sq[j], 0) + 1
    return out


def _higher(path: tuple[int, ...], lower: dict[int, int]) -> int:
    """Kumite with nothing to gain on a path (no square twice): its squares' counts in lower."""
    return sum(n for x, n in lower.items() if x in path) if lower else 0


def expected_gain(att: int, dfn: int) -> float:
    """U24: the attacker's expected position change over the 36 dice outcomes, cards ignored."""
    ba, bd = att // 3, dfn // 3
    bonus_a, bonus_d = (min(ba - bd, 2), 0) if ba > bd else (0, min(bd - ba, 2))
    wins = sum(a + bonus_a >= d + bonus_d for a, d in _OUTCOMES)
    gain = 0 if ba > bd else 3
    loss = 0 if bd > ba else -3
    return (wins * gain + (36 - wins) * loss) / 36


class P0:
    """The spec's reference policy P0 (non-normative; scenarios pin choices explicitly)."""

    name = "p0"

    def start_square(self, g, p: int) -> int:
        """U10: the room square with the shortest walk to a Dojo entrance, then reading order (U32: may share)."""
        if g.rulings.u10_start_nearest_dojo and g.rulings.u32_roommates_share_start:
            return g.t.best_start[g.room[p]]
        room = g.t.rooms[g.room[p]]
        order = sorted(room, key=lambda x: (g.t.dist[x], x)) if g.rulings.u10_start_nearest_dojo else sorted(room)
        if g.rulings.u32_roommates_share_start:
            return order[0]
        taken = {g.sq[j] for j in g.order[p]}
        return next((x for x in order if x not in taken), order[0])

    def path(self, g, p: int, cur: int, left: int, visited: set[int]) -> tuple[int, ...]:
        """U01/U02: Dojo entry first when Brown, else the best full walk, else the best longest walk."""
        t = g.t
        pos = g.pos[p]
        fresh = len(visited) == 1 and cur in visited
        if fresh and pos < BROWN:  # the common case, as _scan would settle it on the best walk of the table
            hit = t.ranked_memo.get((cur, left))
            if hit is not None and hit[0]:
                f, r, path = hit[0][0]
                sq = g.sq
                if r != RANK_TUNNEL_USED or t.links[path[-1]] not in sq:
                    if g.turn < g.n or set(sq).isdisjoint(path):
                        return path  # the first round (no Kumite), or no pawn on the way: nothing to avoid
                    mine, belts, med, safe = pos // 3, g.pos, g.med, t.is_safe
                    for j in g.order[p]:  # _higher(path, _lower_belt_squares(g, p)) == 0
                        if sq[j] in path and not med[j] and belts[j] // 3 < mine and not safe[sq[j]]:
                            break
                    else:
                        return path
        lower = _lower_belt_squares(g, p)
        if pos >= BROWN:
            ents = t.fresh_entries(cur) if fresh else sorted(t.entries(cur, left, visited), key=lambda e: e[0])
            best = None
            for f, path in ents:
                if len(path) > left or pos - f < BROWN:
                    continue
                if best is not None and f > best[0]:
                    break
                key = (f, _higher(path, lower))
                if best is None or key < best:
                    best, choice = key, path
            if best is not None:
                return choice
        # the best walks first (a fresh movement's from the board's table), more while they do not settle it
        ranked, cut = t.ranked(cur, left) if fresh else t.best_walks(cur, left, 1, visited)
        while ranked:
            choice, done = self._scan(g, ranked, lower)
            if done or not cut:
                return choice
            more = GROW * len(ranked)
            ranked, cut = t.ranked(cur, left, more) if fresh else t.best_walks(cur, left, more, visited)
        longest = t.longest(cur, left, set(visited))
        return self._scan(g, self._rank(g, t.walks(cur, longest, set(visited))), lower)[0] if longest else ()

    @staticmethod
    def _rank(g, walks: list) -> list:
        rank = g.t.rank
        out = [(f, rank[path[-1]], path) for f, path in walks]
        out.sort(key=lambda w: (w[0], w[1]))
        return out

    @staticmethod
    def _scan(g, ranked: list, lower: dict[int, int]) -> tuple[tuple[int, ...], bool]:
        """Best (Fatica, end rank, Kumite with nothing to gain, N<E<S<W); True when provably the best overall."""
        links, sq = g.t.links, g.sq
        best = None
        choice: tuple[int, ...] = ()
        for f, r, path in ranked:
            if best is not None and (f, r) > best[:2]:
                return choice, True
            dyn = r
            if r == RANK_TUNNEL_USED and links[path[-1]] in sq:
                dyn = RANK_PLAIN  # U24: an occupied exit is not used
            key = (f, dyn, _higher(path, lower))
            if best is None or key < best:
                best, choice = key, path
                if key == (f, r, 0):
                    return choice, True
        return choice, False

    def extra_step(self, g, p: int, cur: int, options: list[int]) -> int:
        """U21 with U01 ranking: a Dojo entry, then fewest Fatica, end rank, N<E<S<W."""
        t = g.t
        for x in options:
            if t.is_dojo[x]:
                return x
        lower = _lower_belt_squares(g, p)
        return min(options, key=lambda x: (t.fatigue[x], t.rank[x], lower.get(x, 0), options.index(x)))

    def use_tunnel(self, g, p: int, x: int, exit_: int) -> bool:
        """U24: only when the exit is strictly closer to a Dojo entrance and unoccupied."""
        return exit_ not in g.sq and (g.t.closer[x] or not g.rulings.u24_tunnel_only_if_closer)

    def keep(self, g, p: int, held: int, drawn: int) -> int:
        """U09: keep Kiai > Uke > Kaeshi."""
        order = g.rulings.u09_keep_order
        return min((held, drawn), key=lambda c: order.index(CARD_IDS[c]) if CARD_IDS[c] in order else len(order))

    def technique(self, g, p: int, card: int, mine: int, theirs: int, attacker: bool) -> bool:
        """U16: play only to change the outcome: Kiai if it turns the loss, else Kaeshi, else Uke, while losing."""
        losing = mine < theirs if attacker else mine <= theirs
        if not g.rulings.u16_play_only_to_change_outcome:
            return True
        if not losing:
            return False
        if card == KIAI:
            return mine + 2 >= theirs if attacker else mine + 2 > theirs
        return card in (KAESHI, UKE)

    def sfida_target(self, g, p: int, targets: list[int]) -> int:
        """U24: the target maximising the expected position change; ties in seating order (U04)."""
        return max(targets, key=lambda j: (expected_gain(g.pos[p], g.pos[j]), -targets.index(j)))

    def irimi_target(self, g, p: int, targets: list[int]) -> int:
        """U24: the opponent whose square is nearest a Dojo entrance."""
        return min(targets, key=lambda j: (g.t.dist[g.sq[j]], targets.index(j)))

    def segreto_square(self, g, p: int, options: list[int]) -> int:
        """U24: the free Tunnel nearest a Dojo entrance, then reading order."""
        free = [x for x in options if x not in g.sq] or options
        return min(free, key=lambda x: (g.t.dist[x], x))

    def exam_defender(self, g, p: int, tied: list[int]) -> int:
        """U23: a tied opponent not holding a Technique, then seating order."""
        return min(tied, key=lambda j: (g.tech[j] is not None, tied.index(j)))


class RandomPolicy(P0):
    """Policy R: uniform among every legal choice, drawn from the game's seeded RNG."""

    name = "random"

    def start_square(self, g, p: int) -> int:
        """Any square of the own room."""
        return choice(g.rng, g.t.rooms[g.room[p]])

    def path(self, g, p: int, cur: int, left: int, visited: set[int]) -> tuple[int, ...]:
        """Uniform among full walks and feasible Dojo entries; else among the longest walks."""
        t = g.t
        options = [path for _f, path in t.walks(cur, left, visited)]
        if g.pos[p] >= BROWN:
            options += [path for f, path in t.entries(cur, left, visited) if g.pos[p] - f >= BROWN]
        if not options:
            longest = t.longest(cur, left, set(visited))
            options = [path for _f, path in t.walks(cur, longest, visited)] if longest else [()]
        return options[int(g.rng.random() * len(options))]

    def extra_step(self, g, p: int, cur: int, options: list[int]) -> int:
        """Any legal step."""
        return choice(g.rng, options)

    def use_tunnel(self, g, p: int, x: int, exit_: int) -> bool:
        """Heads or tails."""
        return g.rng.random() < 0.5

    def keep(self, g, p: int, held: int, drawn: int) -> int:
        """Either card."""
        return choice(g.rng, (held, drawn))

    def technique(self, g, p: int, card: int, mine: int, theirs: int, attacker: bool) -> bool:
        """Play half the time."""
        return g.rng.random() < 0.5

    def sfida_target(self, g, p: int, targets: list[int]) -> int:
        """Any eligible target."""
        return choice(g.rng, targets)

    def irimi_target(self, g, p: int, targets: list[int]) -> int:
        """Any eligible target."""
        return choice(g.rng, targets)

    def segreto_square(self, g, p: int, options: list[int]) -> int:
        """Any legal Tunnel."""
        return choice(g.rng, options)

    def exam_defender(self, g, p: int, tied: list[int]) -> int:
        """Any tied opponent."""
        return choice(g.rng, tied)


class NoTechnique(P0):
    """P0 that never plays a Technique (what the Kiai, Uke and Kaeshi cards are worth)."""

    name = "p0-no-technique"

    def technique(self, g, p: int, card: int, mine: int, theirs: int, attacker: bool) -> bool:
        """Never."""
        return False


class NoTunnel(P0):
    """P0 that never takes a Tunnel (what the Tunnels are worth)."""

    name = "p0-no-tunnel"

    def use_tunnel(self, g, p: int, x: int, exit_: int) -> bool:
        """Never."""
        return False
