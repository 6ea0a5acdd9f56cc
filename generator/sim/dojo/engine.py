"""The Dojo rules engine: one game's state, turns, movement, Kumite, squares, cards and the Final Exam (no I/O)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .cards import IRIMI, KAESHI, KIAI, MEDITAZIONE, PASSO, PESO, PROIBITO, SEGRETO, SENSEI, SFIDA, TSUGI, INTENSIVO
from .defaults import RULINGS, Rulings
from .dice import Dice, RandomDice, ScriptedDice  # noqa: F401 (ScriptedDice: the scenarios' dice, imported from here)
from .legal import check_bool, check_member, check_path, check_target
from ..rand import below, shuffle
from .tables import K_CHALLENGE, K_MISSTEP, K_MIST, K_TRAINING, K_TUNNEL, Tables

BROWN = 15  # DR-X01: Brown from position 15
LADDER_ROUNDS = 120  # rounds of ladder history kept per game
CHECKED_MAX = 100_000  # legal first paths remembered per board (Tables.checked_paths)
# Where ladder changes come from (Stats.progress, the design report): index -> name.
PROGRESS = ("allenamento", "fatica", "kumite-won", "kumite-lost", "sensei-osserva", "peso-della-cintura",
            "allenamento-intensivo", "colpo-proibito", "exam-lost")
P_TRAINING, P_FATIGUE, P_KWON, P_KLOST, P_SENSEI, P_PESO, P_INTENSIVO, P_PROIBITO, P_EXAM = range(len(PROGRESS))
END, LOST, EXAM = 0, 1, 2


def belt(position: int) -> int:
    """DR-O07/O09: belt index 0 Bianca .. 5 Marrone, a pure function of the position."""
    return position // 3


def start_position(players: int, start: int | None) -> int:
    """DR-S05/S06: 0, or 3 with 6+ players; an explicit start (0 or 3) overrides (3 = the shorter game)."""
    if start is None:
        return 3 if players >= 6 else 0
    return start


@dataclass(frozen=True)
class GameConfig:
    """One game's settings: player count, start position (None = the rules), turn cap, rulings, Nebbia deck.

    `deck` is built from the loaded content (cards.deck_from_nebbia / cards.load_deck); a game set up without
    one is an error: the simulator never plays a deck of its own.
    """

    players: int = 4
    start: int | None = None
    max_turns: int | None = None
    rulings: Rulings = RULINGS
    deck: tuple[int, ...] | None = None

    def cap(self) -> int:
        """The turn cap (U31)."""
        return self.max_turns if self.max_turns is not None else self.rulings.u31_max_turns


@dataclass
class Stats:
    """Counters of one game."""

    stuck: int = 0  # DR-T05 fallbacks
    stays: int = 0  # DR-M04 extra step impossible
    closures: int = 0  # Dojo closed under a planned entry
    extra_steps: int = 0
    kumite: int = 0
    attacker_wins: int = 0
    exams: int = 0
    exam_wins: int = 0
    exam_no_defender: int = 0
    uke_saves: int = 0
    teleports: int = 0
    skipped: int = 0
    drawn: list[int] = field(default_factory=lambda: [0] * 13)
    progress: list[int] = field(default_factory=lambda: [0] * len(PROGRESS))  # notches applied, by source
    ends: list[int] = field(default_factory=lambda: [0] * 9)  # movements ended, by square kind (tables.K_*)
    played: list[int] = field(default_factory=lambda: [0] * 3)


class Game:
    """The mutable state of one game and the rules that change it; policies make every choice."""

    def __init__(self, tables: Tables, config: GameConfig, rng: random.Random, policies: list, dice: Dice | None = None,
                 log: bool = False, setup: bool = True):
        n = config.players
        lo, hi = config.rulings.u15_players
        if not lo <= n <= hi:
            raise ValueError(f"{n} players: the simulator plays {lo} to {hi} (U15)")
        self.t, self.config, self.rulings, self.rng, self.n = tables, config, config.rulings, rng, n
        self.dice = dice if dice is not None else RandomDice(rng)
        self.policies = list(policies) if len(policies) == n else [policies[0]] * n
        self.order = tuple(tuple((p + i) % n for i in range(1, n)) for p in range(n))  # opponents, seating order (U04)
        self.room = list(self.rulings.rooms(n))
        self.pos = [start_position(n, config.start)] * n
        self.sq = [-1] * n
        self.med = [False] * n
        self.skip = [False] * n
        self.tech: list[int | None] = [None] * n
        self.pile: list[int] = []
        self.discards: list[int] = []
        self.turn = 0
        self.current = 0
        self.first_player = 0
        self.winner: int | None = None
        self.stats = Stats()
        self.ladder: list[tuple[int, ...]] = []
        self.log: list[tuple] | None = [] if log else None
        self._fresh_start = self.rulings.u03_start_visited  # (read at every movement)
        self._clamp = self.rulings.u14_clamp
        if setup:
            self.setup()

    # ---- setup and bookkeeping -------------------------------------------------------------
    def setup(self) -> None:
        """DR-S07-S09: first player from the RNG, deck shuffled, pawns on squares of their own rooms."""
        self.first_player = below(self.rng, self.n)
        if not self.config.deck:
            raise ValueError("GameConfig.deck is empty: build it from the loaded content (sim.dojo.cards.load_deck)")
        self.pile = list(self.config.deck)
        shuffle(self.rng, self.pile)
        for p in range(self.n):
            self.to_start(p, "DR-S07")
        self.event("setup", self.first_player, tuple(self.sq), tuple(self.pile))

    def event(self, *item) -> None:
        """Append to the game log when logging."""
        if self.log is not None:
            self.log.append(item)

    @property
    def first_round(self) -> bool:
        """DR-K01/U27: until every seat has completed its first turn."""
        return self.turn < self.n

    @property
    def finished(self) -> bool:
        """True once someone passed the Final Exam (DR-E01)."""
        return self.winner is not None

    def change(self, p: int, delta: int, source: int) -> None:
        """DR-O08/U14: a position change clamped to the ladder as it is applied; counted by its source."""
        lo, hi = self.rulings.u14_clamp
        v = self.pos[p] + delta
        v = lo if v < lo else hi if v > hi else v
        self.stats.progress[source] += v - self.pos[p]
        self.pos[p] = v

    def faceable(self, p: int, j: int) -> bool:
        """An opponent not in a Safe Room, not meditating, outside the first round."""
        return j != p and not self.first_round and not self.med[j] and not self.t.is_safe[self.sq[j]]

    def to_start(self, p: int, rule: str = "DR-Z06") -> None:
        """DR-Z06 (DR-S07 at setup): placed on a square of its own Safe Room chosen by its owner."""
        x = self.policies[p].start_square(self, p)
        check_member(rule, p, "start square", x, self.t.rooms[self.room[p]])
        self.sq[p] = x

    def held(self) -> int:
        """Techniques held by players."""
        return sum(c is not None for c in self.tech)

    def play(self) -> None:
        """Play turns until a winner or the turn cap (play_turn's movements inlined for speed)."""
        cap = self.config.cap()
        skip, movement, n, ladder = self.skip, self.movement, self.n, self.ladder
        unlimited = self.rulings.u30_tsugi_chain_limit is None
        while self.winner is None and self.turn < cap:
            p = self.current
            if skip[p] or not unlimited:
                self.play_turn()
                continue
            while movement(p) and self.winner is None:
                pass
            turn = self.turn = self.turn + 1
            if turn % n == 0 and len(ladder) < LADDER_ROUNDS:
                ladder.append(tuple(self.pos))
            self.current = (p + 1) % n

    def play_turn(self) -> None:
        """DR-T01 for the current seat: a skipped turn (DR-M05) or a movement and any Tsugi-ashi movements."""
        p = self.current
        if self.skip[p]:
            self.skip[p] = False
            self.med[p] = False  # U26: meditation ends with the skipped turn
            self.stats.skipped += 1
            self.event("skip", p)
        else:
            limit = self.rulings.u30_tsugi_chain_limit
            chain = 0
            while self.movement(p) and self.winner is None:
                chain += 1
                if limit is not None and chain > limit:
                    break
        self.turn += 1
        if self.turn % self.n == 0 and len(self.ladder) < LADDER_ROUNDS:
            self.ladder.append(tuple(self.pos))
        self.current = (p + 1) % self.n

    # ---- movement ---------------------------------------------------------------------------
    def movement(self, p: int) -> bool:
        """DR-T01/T12: roll 2d6, walk the chosen path step by step (DR-T02-T11), apply the end square (DR-Q01-Q09);
        True when a Tsugi-ashi asks for another movement."""
        start = self.sq[p]
        dice = self.dice
        if type(dice) is RandomDice:  # dice.d6() + dice.d6(), without the calls
            r = dice.rng_random
            steps = int(r() * 6) + int(r() * 6) + 2
        else:
            steps = dice.d6() + dice.d6()
        visited = {start} if self._fresh_start else set()
        t = self.t
        is_dojo, fatigue, is_safe, sq = t.is_dojo, t.fatigue, t.is_safe, self.sq
        first = self.turn < self.n  # the first round (DR-K01): no turn ends during a movement
        cur, left = start, steps
        path = self.policies[p].path(self, p, cur, left, visited)  # choose(), its check remembered below
        if self._fresh_start and type(path) is tuple:  # (visited is {start}: U03)
            # a movement's first path is legal or not by (start, roll, path, Brown or not) alone: the path objects
            # found legal are remembered (P0 plays the table's own path objects: checked once per board)
            key = (id(path), cur, left, self.pos[p] >= BROWN)
            hit = t.checked_paths.get(key)
            if hit is None or hit[0] is not path:
                check_path(self, p, cur, left, visited, path)
                if len(t.checked_paths) >= CHECKED_MAX:
                    t.checked_paths.clear()  # (a random player's paths are new objects every time)
                hit = t.checked_paths[key] = (path, t.plain(path))  # (the memo keeps path: its id stays its own)
            k = hit[1]  # how many leading squares are neither the Dojo nor Fatica
        else:
            check_path(self, p, cur, left, visited, path)
            k = t.plain(path)
        self.noted(p, cur, left, path)
        # the path's leading squares with no Dojo, Fatica or pawn to face are walked at once, then step by step
        if not first and not set(sq).isdisjoint(path):
            for y in sq:
                if y in path and not is_safe[y]:
                    k = min(k, path.index(y))
        if k > left:
            k = left
        if k:
            visited.update(path if k == len(path) else path[:k])
            left -= k
            cur = sq[p] = path[k - 1]
        i = k
        while left > 0 and i < len(path):
            x = path[i]
            i += 1
            if is_dojo[x]:
                if self.pos[p] >= BROWN:
                    self.exam(p, cur)
                    return False
                self.stats.closures += 1
                path, i = self.choose(p, cur, left, visited), 0
                continue
            visited.add(x)
            left -= 1
            if not fatigue[x] and (first or is_safe[x] or x not in sq):  # enter() with no Fatica and no Kumite
                sq[p] = x
                cur = x
                continue
            status, replan = self.enter(p, cur, x)
            if status == LOST:
                return False
            cur = x
            if replan and left > 0:
                path, i = self.choose(p, cur, left, visited), 0
        if not (is_safe[cur] or sq.count(cur) <= (sq[p] == cur)):  # an opponent where it ends: extra steps
            status, cur, came_from = self.extra_steps(p, cur, visited)
            if status == LOST or self.winner is not None:
                return False
            if status == EXAM:
                self.exam(p, came_from)
                return False
        elif self.winner is not None:
            return False
        if t.kind[cur] == K_TRAINING:  # square_effect's Allenamento (most movements end there), when not clamped
            v = self.pos[p] + 1
            lo, hi = self._clamp
            if lo <= v <= hi:
                self.stats.ends[K_TRAINING] += 1
                self.pos[p] = v
                self.stats.progress[P_TRAINING] += 1
                return False
        return self.square_effect(p, cur, start)

    def choose(self, p: int, cur: int, left: int, visited: set[int]) -> tuple[int, ...]:
        """The policy's path (U01); counts the DR-T05 fallback when no full movement exists."""
        path = self.policies[p].path(self, p, cur, left, visited)
        check_path(self, p, cur, left, visited, path)
        return self.noted(p, cur, left, path)

    def noted(self, p: int, cur: int, left: int, path: tuple[int, ...]) -> tuple[int, ...]:
        """A checked path logged, and counted as a DR-T05 fallback when it is shorter than the roll and stops short
        of the Dojo."""
        if self.log is not None:
            self.log.append(("path", p, cur, left, path))
        if len(path) < left and not (path and self.t.is_dojo[path[-1]]):
            self.stats.stuck += 1
            self.event("stuck", p, cur, left, len(path))
        return path

    def enter(self, p: int, prev: int, x: int) -> tuple[int, bool]:
        """Walk onto x: Fatica first (DR-T10), then one Kumite per faceable opponent (DR-T06, U06)."""
        t = self.t
        self.sq[p] = x
        replan = False
        if t.fatigue[x]:
            before = self.pos[p] // 3
            self.change(p, -1, P_FATIGUE)
            replan = self.pos[p] // 3 != before
        if self.sq.count(x) > 1 and not t.is_safe[x] and not self.first_round:  # an opponent stands on x
            sq, med = self.sq, self.med
            for j in self.order[p]:
                if sq[j] == x and not med[j]:
                    if not self.kumite(p, j, prev):
                        return LOST, True
                    replan = True
        return END, replan

    def extra_steps(self, p: int, cur: int, visited: set[int]) -> tuple[int, int, int]:
        """DR-M03/M04, U21: ending on a pawn the mover cannot face, take more steps while that stays true."""
        t, sq = self.t, self.sq
        prev = cur
        while not t.is_safe[cur] and sq.count(cur) > (sq[p] == cur):  # an opponent stands on cur
            brown = self.pos[p] >= BROWN
            options = [b for b in t.nbrs[cur] if (b == t.entry[cur] and brown) or (not t.is_dojo[b] and b not in visited)]
            if not options:
                self.stats.stays += 1
                self.event("stay", p, cur)
                break
            x = self.policies[p].extra_step(self, p, cur, options)
            check_member("DR-M03", p, "extra step", x, options)
            self.stats.extra_steps += 1
            self.event("extra", p, x)
            if t.is_dojo[x]:
                return EXAM, x, cur
            visited.add(x)
            status, _ = self.enter(p, cur, x)
            if status == LOST:
                return LOST, self.sq[p], cur
            prev, cur = cur, x
            if not self.rulings.u21_extra_step_repeats:
                break
        return END, cur, prev

    # ---- Kumite ----------------------------------------------------------------------------
    def kumite(self, a: int, d: int, came_from: int, exam: bool = False) -> bool:
        """DR-K03-K09 (DR-X06-X08 when exam): dice, Techniques, Senshu, consequences; True when the attacker wins."""
        pos, tech = self.pos, self.tech
        ba, bd = pos[a] // 3, pos[d] // 3
        if exam:
            bonus_a, bonus_d = 0, 1
        else:
            bonus_a, bonus_d = (min(ba - bd, 2), 0) if ba > bd else (0, min(bd - ba, 2))
        da, dd = self.dice.d6(), self.dice.d6()
        ka = kd = 0
        uke_a = uke_d = False
        card = tech[a]
        if card is not None and self._plays(a, card, da + bonus_a, dd + bonus_d, True):
            self.played(a, card)
            if card == KIAI:
                ka = 2
            elif card == KAESHI:
                da = self.dice.d6()
            else:
                uke_a = True
        card = tech[d]
        if card is not None and self._plays(d, card, dd + bonus_d, da + bonus_a + ka, False):
            self.played(d, card)
            if card == KIAI:
                kd = 2
            elif card == KAESHI:
                dd = self.dice.d6()
            else:
                uke_d = True
        won = da + bonus_a + ka >= dd + bonus_d + kd  # DR-K08 Senshu
        self.event("kumite", a, d, da, dd, bonus_a + ka, bonus_d + kd, won, exam)
        if exam:
            self.exam_result(a, won, uke_a, came_from)
            return won
        self.stats.kumite += 1
        self.stats.attacker_wins += won
        winner, loser, uke = (a, d, uke_d) if won else (d, a, uke_a)
        if not (ba > bd if won else bd > ba):  # DR-K09: a higher-belt winner gains nothing, the loser keeps its notches
            self.change(winner, 3, P_KWON)
            self.change(loser, -3, P_KLOST)
        if uke:
            self.stats.uke_saves += 1
            if loser == a:
                self.sq[a] = came_from  # U19
        else:
            self.to_start(loser)
        return won

    def _plays(self, p: int, card: int, mine: int, theirs: int, attacker: bool) -> bool:
        """DR-K05/K06: whether the player plays its Technique (a yes/no choice)."""
        play = self.policies[p].technique(self, p, card, mine, theirs, attacker)
        check_bool("DR-K05", p, "playing a Technique", play)
        return play

    def played(self, p: int, card: int) -> None:
        """DR-N08: a played Technique is revealed and discarded."""
        self.tech[p] = None
        self.discards.append(card)
        self.stats.played[card] += 1
        self.event("technique", p, card)

    # ---- squares ---------------------------------------------------------------------------
    def square_effect(self, p: int, x: int, start: int) -> bool:
        """DR-Q01-Q09 for the square where the movement ended; True when a Tsugi-ashi was drawn."""
        k = self.t.kind[x]
        self.stats.ends[k] += 1
        if k == K_TRAINING:
            v = self.pos[p] + 1
            lo, hi = self._clamp
            if lo <= v <= hi:  # self.change(p, 1, P_TRAINING) when the clamp leaves it alone
                self.pos[p] = v
                self.stats.progress[P_TRAINING] += 1
            else:
                self.change(p, 1, P_TRAINING)
        elif k == K_MIST:
            return self.draw(p, start)
        elif k == K_TUNNEL:
            self.tunnel(p, x)
        elif k == K_MISSTEP:
            self.sq[p] = start  # DR-Q08, U05, U28
            self.event("passo-falso", p, start)
        elif k == K_CHALLENGE:
            self.sfida(p)
        return False

    def tunnel(self, p: int, x: int) -> None:
        """DR-Q05-Q07, U12: an optional teleport to the linked exit, blocked by a meditating pawn there."""
        exit_ = self.t.links[x]
        if exit_ is None:
            return
        others = [j for j in self.order[p] if self.sq[j] == exit_]
        meditating = [self.first_round or self.med[j] for j in others]
        if others and (any(meditating) if self.rulings.u12_meditating_blocks_exit else all(meditating)):
            return
        use = self.policies[p].use_tunnel(self, p, x, exit_)
        check_bool("DR-Q05", p, "using the tunnel", use)
        if not use:
            return
        self.stats.teleports += 1
        self.event("teleport", p, x, exit_)
        self.sq[p] = exit_
        self.arrive(p, exit_, x)

    def arrive(self, p: int, x: int, back: int) -> None:
        """DR-Q06/N10, U12: a tunnel arrival fights each faceable opponent there, in seating order."""
        for j in self.order[p]:
            if self.sq[j] == x and self.faceable(p, j):
                if not self.kumite(p, j, back):
                    return

    def sfida(self, p: int) -> None:
        """DR-Q09/N12: a Kumite against an eligible target of the player's choice; none eligible, nothing."""
        targets = [j for j in self.order[p] if self.faceable(p, j)]
        if targets:
            j = self.policies[p].sfida_target(self, p, targets)
            check_target(self, "DR-Q09", p, "Sfida target", j, targets)
            self.event("sfida", p, j)
            self.kumite(p, j, self.sq[p])

    # ---- cards -----------------------------------------------------------------------------
    def draw(self, p: int, start: int) -> bool:
        """DR-N02-N19: draw one Nebbia card and apply it; True for Tsugi-ashi."""
        if not self.pile:
            if not self.discards:
                return False  # U08: both piles empty
            self.pile, self.discards = self.discards, []
            shuffle(self.rng, self.pile)
            self.event("reshuffle", len(self.pile))
        c = self.pile.pop()
        self.stats.drawn[c] += 1
        self.event("draw", p, c)
        if c <= KAESHI:
            held = self.tech[p]
            if held is None:
                self.tech[p] = c
            else:
                keep = self.policies[p].keep(self, p, held, c)
                check_member("DR-N04", p, "Technique kept", keep, (held, c))
                self.tech[p] = keep
                self.discards.append(c if keep == held else held)
            return False
        self.discards.append(c)
        return self.apply_card(p, c, start)

    def apply_card(self, p: int, c: int, start: int) -> bool:
        """Apply a revealed non-Technique card (DR-N09-N18); True for Tsugi-ashi."""
        pos = self.pos
        if c == TSUGI:
            return True
        if c == SEGRETO:
            self.segreto(p)
        elif c == IRIMI:
            targets = [j for j in self.order[p] if not self.med[j] and not self.t.is_safe[self.sq[j]]]
            if targets:
                j = self.policies[p].irimi_target(self, p, targets)
                check_target(self, "DR-N11", p, "Irimi target", j, targets)
                self.sq[p], self.sq[j] = self.sq[j], self.sq[p]
        elif c == SFIDA:
            self.sfida(p)
        elif c in (SENSEI, PESO):
            counted = range(self.n) if self.rulings.u22_sensei_peso_everyone else \
                [p] + [j for j in self.order[p] if self.faceable(p, j)]
            edge = min(pos[j] for j in counted) if c == SENSEI else max(pos[j] for j in counted)
            for j in counted:
                if pos[j] == edge:
                    self.change(j, 2 if c == SENSEI else -1, P_SENSEI if c == SENSEI else P_PESO)
        elif c == INTENSIVO:
            self.change(p, 1, P_INTENSIVO)
        elif c == PROIBITO:
            self.change(p, -1, P_PROIBITO)
        elif c == PASSO:
            self.sq[p] = start  # DR-F09: this movement's start
        elif c == MEDITAZIONE:
            self.med[p] = True
            self.skip[p] = True
        return False

    def segreto(self, p: int) -> None:
        """DR-N10: placed on a Tunnel not holding a meditating pawn (any opponent in the first round)."""
        here = self.sq[p]
        first = self.first_round
        options = [x for x in self.t.tunnels if x != here
                   and not any(self.sq[j] == x and (first or self.med[j]) for j in self.order[p])]
        if not options:
            return
        x = self.policies[p].segreto_square(self, p, options)
        check_member("DR-N10", p, "Tunnel Segreto square", x, options)
        self.event("segreto", p, x)
        self.sq[p] = x
        self.arrive(p, x, here)

    # ---- the Central Dojo ------------------------------------------------------------------
    def exam(self, p: int, entered_from: int) -> None:
        """DR-X04-X05, U23, U25: pick the defender and fight the Final Exam, or step back out."""
        self.stats.exams += 1
        opponents = self.order[p]
        if self.first_round:
            cands: list[int] = []  # DR-K01: every opponent counts as meditating, and none can defend (DR-X05)
        elif self.rulings.u23_exam_skip_meditating:
            cands = [j for j in opponents if not self.med[j]]
        else:
            top = max(self.pos[j] for j in opponents)
            tops = [j for j in opponents if self.pos[j] == top]
            cands = [] if any(self.med[j] for j in tops) else tops
        if not cands:
            self.stats.exam_no_defender += 1
            self.sq[p] = entered_from
            self.event("no-exam", p)
            return
        top = max(self.pos[j] for j in cands)
        tied = [j for j in cands if self.pos[j] == top]
        d = tied[0] if len(tied) == 1 else self.policies[p].exam_defender(self, p, tied)
        check_member("DR-X04", p, "Final Exam defender", d, tied)
        self.sq[p] = self.t.entry[entered_from] if self.t.entry[entered_from] >= 0 else self.sq[p]
        self.kumite(p, d, entered_from, exam=True)

    def exam_result(self, p: int, won: bool, uke: bool, entered_from: int) -> None:
        """DR-X07/X08/X09: the winner wears the Cintura Nera; a loser drops 3 and leaves the Dojo."""
        if won:
            self.stats.exam_wins += 1
            self.winner = p
            return
        self.change(p, -3, P_EXAM)
        if uke:
            self.stats.uke_saves += 1
            self.sq[p] = entered_from
        else:
            self.to_start(p)
