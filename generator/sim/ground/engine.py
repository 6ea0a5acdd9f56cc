"""The GROUND rules engine: one game's state, the round (Select, Reveal, Resolve, End), DARVO and scoring (no I/O).

Every rule id of the seed (GR-*) and every ruling (U1-U10, G1-G6 of content/ground/rulings.toml) the engine
applies is added to `Game.fired`, so a scenario can prove that the rules it claims to cover were exercised.
Every choice a policy returns is checked against the legal options computed here; an illegal one raises
IllegalChoice naming the rule it breaks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from ...content.ground import GroundData

ACTIONS = ("investigate", "solve", "support", "attack", "ground")
INVESTIGATE, SOLVE, SUPPORT, ATTACK, GROUND = ACTIONS
OFF, DENY, STAGE_ATTACK, REVERSE = "OFF", "DENY", "ATTACK", "REVERSE"
NEXT_STAGE = {DENY: STAGE_ATTACK, STAGE_ATTACK: REVERSE, REVERSE: OFF}
BOND, RIVALRY = "bond", "rivalry"
STRESS_MAX, START_STRESS, HAND, SLOTS, ROUNDS = 5, 2, 2, 2, 5
GATE = 4  # GR-R03: from Stress 4 only ATTACK or GROUND
MODES = {"mode-shared-ground": "coop", "mode-common-problem": "personal", "mode-bonded-coalitions": "coalitions"}


class IllegalChoice(ValueError):
    """A policy returned a choice the rules forbid; the message names the GR rule."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule


class Deadlock(IllegalChoice):
    """A player with no legal choice at all (never expected: GROUND is always selectable); fails the export gate."""


@dataclass(frozen=True)
class Selection:
    """GR-R02: one Action chosen face down, its target (seat or Problem id) and whether Freedom is spent (GR-R03)."""

    action: str
    target: int | str | None = None
    spend: bool = False


@lru_cache(maxsize=None)
def selection(action: str, target: int | str | None = None, spend: bool = False) -> Selection:
    """The one shared Selection with these fields (immutable, so every list of legal options reuses it)."""
    return Selection(action, target, spend)


@dataclass(frozen=True)
class GroundChoice:
    """GR-R05: the mode of a revealed GROUND and its option and target (GR-A10..A12).

    GR: option "self". OU: "restore" (Denied Problem id), "cancel" (attacker seat), "protect" (Problem id).
    ND: "blame" (owner seat of a Blame token in front of the player), "break" (other seat), "reject" (seat
    whose Reverse targets the player).
    """

    mode: str
    option: str = "self"
    target: int | str | None = None


class ProblemState:
    """A Problem in play (GR-O04): suit, value, priority, face up or down, Denied, claimed by."""

    __slots__ = ("id", "suit", "value", "priority", "up", "denied", "claimed_by", "protected")

    def __init__(self, pid: str, suit: str, value: int, priority: int, up: bool):
        self.id, self.suit, self.value, self.priority = pid, suit, value, priority
        self.up, self.denied, self.claimed_by, self.protected = up, False, None, False


@dataclass(frozen=True)
class GameConfig:
    """One game's settings: Scenario card id, Mode card id and player count (GR-O01)."""

    scenario: str
    mode: str
    players: int = 4


@dataclass(frozen=True)
class Outcome:
    """Exactly one per game (GR-E01..E04): group total and success, winners (seats) and how ties were broken."""

    mode: str
    total: int
    threshold: int
    group_success: bool
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: str | None = None
    mastery: int | None = None
    coalitions: tuple[tuple[int, ...], ...] = ()


@dataclass
class Stats:
    """Counters of one game for the report."""

    solved: list[tuple[str, int]] = field(default_factory=list)  # (suit, priority) of each claimed Problem
    denied: list[tuple[str, int]] = field(default_factory=list)
    actions: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ACTIONS, 0))
    darvo_triggers: int = 0
    stages: dict[str, int] = field(default_factory=lambda: {DENY: 0, STAGE_ATTACK: 0, REVERSE: 0})
    darvo_cancelled: int = 0
    reverses_rejected: int = 0
    attacks_cancelled: int = 0
    stress5_ends: int = 0
    freedom_spent: int = 0
    bonds_formed: int = 0
    rivalries_formed: int = 0
    blames: int = 0


class Game:
    """The mutable state of one GROUND game and the rules that change it; policies make every choice."""

    def __init__(self, data: GroundData, config: GameConfig, rng: random.Random, policies: list,
                 setup: bool = True, lead: int | None = None):
        n = config.players
        if not 2 <= n <= 6:
            raise IllegalChoice("GR-O01", f"{n} players: a game has 2 to 6 players")
        if config.mode not in MODES:
            raise IllegalChoice("GR-O01", f"unknown Mode card {config.mode!r}; the Modes are {', '.join(MODES)}")
        scen = next((s for s in data.scenarios if s.id == config.scenario), None)
        if scen is None:
            raise IllegalChoice("GR-O01", f"unknown Scenario card {config.scenario!r}")
        self.data, self.config, self.rng, self.n, self.scen = data, config, rng, n, scen
        self.kind = MODES[config.mode]
        self.policies = list(policies) if len(policies) == n else [policies[0]] * n
        self.seats_after = tuple(tuple((p + i) % n for i in range(1, n)) for p in range(n))  # others(p)
        self.moves = tuple(tuple(selection(a, o) for a in (SUPPORT, ATTACK) for o in seats)
                           for seats in self.seats_after)  # each seat's SUPPORT and ATTACK Selections (GR-A13)
        self.suit_of = {s.id: s.suit for s in data.solutions}
        self.g1, self.g2, self.g3, self.g4, self.g5, self.g6 = (data.ruled(f"G{i}") for i in range(1, 7))
        self.fired: set[str] = set()
        self.stats = Stats()
        self.stress = [START_STRESS] * n
        self.ready = [True] * n
        self.darvo = [OFF] * n
        self.token: list[tuple[str, int] | None] = [None] * n  # GR-T03: None unplaced, ("focus"|"blame", seat)
        self.rel: dict[tuple[int, int], str] = {}
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.protection = [0] * n
        self.problems: list[ProblemState] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.lead = 0
        self.round = 1
        self.outcome: Outcome | None = None
        self.selected: list[Selection | None] = [None] * n
        self.grounds: dict[int, GroundChoice] = {}
        if setup:
            self.setup(lead)

    # ---- small helpers -------------------------------------------------------------------------
    def fire(self, *rules: str) -> None:
        """Record that these rules (GR ids, ruling ids) were applied."""
        self.fired.update(rules)

    def key(self, a: int, b: int) -> tuple[int, int]:
        """GR-O05: one relation per pair, keyed by the ordered pair."""
        return (a, b) if a < b else (b, a)

    def relation(self, a: int, b: int) -> str | None:
        """Bond, Rivalry or None between two players."""
        return self.rel.get((a, b) if a < b else (b, a))

    def free_slots(self, p: int) -> int:
        """GR-L01: relation slots of p not in use."""
        return SLOTS - sum(p in k for k in self.rel)

    def set_relation(self, a: int, b: int, kind: str | None) -> None:
        """GR-O05: replace the one relation between a and b (None breaks it)."""
        k = self.key(a, b)
        if kind is None:
            self.rel.pop(k, None)
        else:
            self.rel[k] = kind
        self.fire("GR-O05")

    def add_stress(self, p: int, delta: int) -> None:
        """GR-F01, U2: Stress changes clamped to 0-5 as they are applied."""
        v = self.stress[p] + delta
        if v > STRESS_MAX or v < 0:
            self.fire("GR-F01", "U2")
        self.stress[p] = STRESS_MAX if v > STRESS_MAX else 0 if v < 0 else v

    def problem(self, pid: str) -> ProblemState | None:
        """The Problem in play with this id."""
        return next((x for x in self.problems if x.id == pid), None)

    def hidden(self) -> list[ProblemState]:
        """GR-P02: face-down, non-Denied Problems (only Investigate reveals them)."""
        return [x for x in self.problems if not x.up and not x.denied]

    def solvable(self, p: int) -> list[ProblemState]:
        """GR-P01, GR-P05: face-up, non-Denied, unclaimed Problems of a suit p holds."""
        suits = {self.suit_of[c] for c in self.hands[p]}
        return [x for x in self.problems if x.up and not x.denied and x.claimed_by is None and x.suit in suits]

    def others(self, p: int) -> tuple[int, ...]:
        """GR-A13: the other players, clockwise from p."""
        return self.seats_after[p]

    def lead_order(self) -> list[int]:
        """GR-R07: seats from the Lead player clockwise."""
        return [(self.lead + i) % self.n for i in range(self.n)]

    def blames_on(self, p: int) -> list[int]:
        """Owners of the Blame tokens in front of p (GR-T02)."""
        return [o for o, t in enumerate(self.token) if t is not None and t[0] == "blame" and t[1] == p]

    def bonds(self, p: int) -> int:
        """Bonds of p."""
        return sum(1 for k, v in self.rel.items() if v == BOND and p in k)

    # ---- setup -----------------------------------------------------------------------------------
    def setup(self, lead: int | None = None) -> None:
        """GR-S01..S04 (and GR-O01..O03): Problems filtered and hidden ones shuffled, stats, hands, deck, Lead."""
        data, n = self.data, self.n
        cap = data.max_priority(n)
        surface = data.problem(self.scen.surface)
        self.problems = [ProblemState(surface.id, surface.suit, surface.value, surface.priority, True)]
        hidden = [h for h in map(data.problem, self.scen.hidden) if h.priority <= cap]
        self.rng.shuffle(hidden)  # the face-down cards are shuffled after filtering: nobody knows which is which
        self.problems += [ProblemState(h.id, h.suit, h.value, h.priority, False) for h in hidden]
        self.deck = [s.id for s in data.solutions]
        self.rng.shuffle(self.deck)  # GR-S04: shuffled from the game seed
        for p in range(n):
            for _ in range(HAND):
                self.hands[p].append(self.deck.pop())
        self.lead = self.rng.randrange(n) if lead is None else lead
        self.round = 1
        self.fire("GR-O01", "GR-O02", "GR-O03", "GR-O04", "GR-S01", "GR-S02", "GR-S03", "GR-S04", "U7", "U10")

    # ---- the game --------------------------------------------------------------------------------
    def play(self) -> Outcome:
        """Play the remaining rounds and score (GR-R09)."""
        while self.round <= ROUNDS:
            self.play_round()
        return self.score()

    def play_round(self) -> None:
        """GR-R01: Select, Reveal, Resolve, End."""
        self.select()
        self.reveal()
        self.resolve()
        self.end()
        self.fire("GR-R01")

    # ---- Select and Reveal -----------------------------------------------------------------------
    def legal_selections(self, p: int) -> list[Selection]:
        """Every legal Select choice of p (GR-R02, GR-R03, GR-F02, GR-F03, GR-A13, GR-P05)."""
        base = [selection(INVESTIGATE, x.id) for x in self.hidden()] or [selection(INVESTIGATE)]
        base += [selection(SOLVE, x.id) for x in self.solvable(p)]
        base += self.moves[p]
        base.append(selection(GROUND))
        if self.stress[p] < GATE:
            return base
        gated = [s for s in base if s.action in (ATTACK, GROUND)]
        if self.ready[p]:
            gated += [selection(s.action, s.target, True) for s in base]
        return gated

    def check_selection(self, p: int, s: Selection, legal: list[Selection]) -> None:
        """Raise IllegalChoice naming the rule a Select choice breaks unless it is one of legal (legal_selections(p))."""
        if s in legal:
            return
        if not isinstance(s, Selection) or s.action not in ACTIONS:
            raise IllegalChoice("GR-R02", f"seat {p + 1}: {s!r} is not one of the five Actions")
        if s.spend and not self.ready[p]:
            raise IllegalChoice("GR-F03", f"seat {p + 1}: the Freedom token is SPENT and cannot be spent again")
        if s.spend:
            raise IllegalChoice("GR-R03", f"seat {p + 1}: Freedom is spent only to pass the Stress gate (Stress 4-5)")
        if self.stress[p] >= GATE and s.action not in (ATTACK, GROUND):
            raise IllegalChoice("GR-R03", f"seat {p + 1} at Stress {self.stress[p]} may select only ATTACK or "
                                          f"GROUND unless it spends a READY Freedom token")
        if s.action == SOLVE:
            x = self.problem(s.target) if isinstance(s.target, str) else None
            if x is not None and (not x.up or x.denied):
                raise IllegalChoice("GR-P01", f"seat {p + 1}: SOLVE {s.target!r}: only face-up, non-Denied Problems "
                                              f"can be solved")
            raise IllegalChoice("GR-P05", f"seat {p + 1}: SOLVE {s.target!r} needs a face-up, non-Denied, unclaimed "
                                          f"Problem of a suit the player holds")
        if s.action in (SUPPORT, ATTACK):
            raise IllegalChoice("GR-A13", f"seat {p + 1}: {s.action.upper()} targets one other player, not {s.target!r}")
        if s.action == INVESTIGATE:
            raise IllegalChoice("GR-A13", f"seat {p + 1}: INVESTIGATE targets a hidden, non-Denied Problem, "
                                          f"not {s.target!r}")
        raise IllegalChoice("GR-R02", f"seat {p + 1}: {s!r} is not a legal Select choice")

    def select(self) -> None:
        """GR-R02/R03: every player chooses at once (none sees another's choice), then Freedom is spent."""
        chosen = []
        for p in range(self.n):
            legal = self.legal_selections(p)
            if not legal:
                raise Deadlock("GR-R02", f"seat {p + 1} has no legal Action (round {self.round})")
            s = self.policies[p].select(self, p)
            self.check_selection(p, s, legal)
            chosen.append(s)
        self.fire("GR-R02")
        for p, s in enumerate(chosen):
            if self.stress[p] >= GATE:
                self.fire("GR-R03")
            else:
                self.fire("GR-F02")
            if s.spend:
                self.ready[p] = False
                self.stats.freedom_spent += 1
                self.fire("GR-F03")
            self.stats.actions[s.action] += 1
            if s.action == SOLVE:
                self.fire("GR-P05")
            elif s.action != GROUND:
                self.fire("GR-A13")
        self.selected = chosen

    def legal_grounds(self, p: int) -> list[GroundChoice]:
        """GR-A10..A12: the modes and targets open to p's GROUND after Reveal."""
        out = [GroundChoice("GR")]
        out += [GroundChoice("OU", "restore", x.id) for x in self.problems if x.denied]
        attackers = [a for a in self.others(p) if (self.selected[a].action == ATTACK and self.selected[a].target == p)
                     or self.darvo[a] == STAGE_ATTACK]
        out += [GroundChoice("OU", "cancel", a) for a in attackers]
        out += [GroundChoice("OU", "protect", x.id) for x in self.problems if x.up and x.claimed_by is None]
        out += [GroundChoice("ND", "blame", o) for o in self.blames_on(p)]
        out += [GroundChoice("ND", "break", o) for o in self.others(p) if self.relation(p, o)]
        out += [GroundChoice("ND", "reject", o) for o in self.others(p)
                if self.darvo[o] == REVERSE and self.token[o] == ("focus", p)]
        return out

    def reveal(self) -> None:
        """GR-R04/R05, G4: Actions revealed at once; GROUND players then choose mode and target."""
        self.fire("GR-R04")
        self.grounds = {}
        for x in self.problems:
            x.protected = False
        chooser = [p for p in self.lead_order() if self.selected[p].action == GROUND]
        simultaneous = self.g4 == "simultaneous"
        pending: dict[int, GroundChoice] = {}
        for p in chooser:
            c = self.policies[p].ground(self, p)
            if c not in self.legal_grounds(p):
                raise IllegalChoice(_ground_rule(c), f"seat {p + 1}: GROUND {c!r} is not open to this player now")
            (pending if simultaneous else self.grounds)[p] = c
            self.fire("GR-R05")
        if chooser:
            self.fire("G4")
        self.grounds.update(pending)

    # ---- Resolve ---------------------------------------------------------------------------------
    def resolve(self) -> None:
        """GR-R06/R07: GROUND, Support, DARVO stages, Investigate, Attack, Solve; each step in Lead order."""
        order = self.lead_order()
        self.fire("GR-R06", "GR-R07")
        self.ou_cancel: dict[int, int] = {}  # target -> attacker whose next Attack on target OU cancels
        self.nd_reject: set[tuple[int, int]] = set()  # (target, owner): Reverse rejected
        self.end_after_stage: set[int] = set()
        self.stage_cancelled: set[int] = set()
        self.claimed_now: set[str] = set()
        self.denied_now: set[str] = set()
        self.revealed_now: set[str] = set()
        pre_bonds = {k for k, v in self.rel.items() if v == BOND}  # GR-L05: Bonds that existed before Support
        for p in order:
            if p in self.grounds:
                self.resolve_ground(p, self.grounds[p])
        for p in order:
            s = self.selected[p]
            if s.action == SUPPORT:
                self.support(p, s.target, pre_bonds)
        staged = [p for p in order if self.darvo[p] != OFF]
        if len(staged) > 1:
            self.fire("U9")  # several sequences: their stages resolve in Lead order
        for p in staged:
            if self.darvo[p] != OFF:
                self.stage(p)
        for p in order:
            s = self.selected[p]
            if s.action == INVESTIGATE:
                self.investigate(p, s.target)
        for p in order:
            s = self.selected[p]
            if s.action == ATTACK:
                self.attack(p, s.target)
        for p in order:
            s = self.selected[p]
            if s.action == SOLVE:
                self.solve(p, s.target)

    def resolve_ground(self, p: int, c: GroundChoice) -> None:
        """GR-A10..A12 at step 1."""
        if c.mode == "GR":
            self.add_stress(p, -2)
            self.ready[p] = True
            self.fire("GR-A10", "GR-F04")
            if self.darvo[p] != OFF:
                self.end_after_stage.add(p)
        elif c.mode == "OU":
            self.fire("GR-A11")
            if c.option == "restore":
                x = self.problem(c.target)
                if x is not None and x.denied:
                    x.denied, x.up = False, True
                    self.fire("GR-P02")
            elif c.option == "cancel":
                self.ou_cancel[p] = c.target
            else:
                self.problem(c.target).protected = True
        else:
            self.fire("GR-A12")
            if c.option == "blame":
                if self.token[c.target] == ("blame", p):
                    self.token[c.target] = None if self.g3 == "back-to-owner" else ("box", -1)
                    self.fire("GR-T02", "G3")
            elif c.option == "break":
                if self.relation(p, c.target):
                    self.set_relation(p, c.target, None)
                    self.fire("GR-L04")
            else:
                self.nd_reject.add((p, c.target))

    def support(self, s: int, t: int, pre_bonds: set[tuple[int, int]]) -> None:
        """GR-A03..A05, GR-L01/L02/L04/L05, U1, U6."""
        r = self.relation(s, t)
        if r is None:
            self.add_stress(t, -1)
            self.fire("GR-A03")
            if self.free_slots(s) and self.free_slots(t):
                self.fire("GR-L02", "U1")
                accept = self.policies[t].accept_bond(self, t, s)
                if not isinstance(accept, bool):
                    raise IllegalChoice("GR-L02", f"seat {t + 1}: a Bond is accepted (True) or refused (False), "
                                                  f"not {accept!r}")
                if accept:
                    self.set_relation(s, t, BOND)
                    self.stats.bonds_formed += 1
            else:
                self.fire("GR-L01")
        elif r == BOND:
            self.add_stress(t, -2)
            self.ready[t] = True
            self.fire("GR-A04", "GR-F04")
            if self.darvo[t] != OFF:
                if self.key(s, t) in pre_bonds:
                    self.stage_cancelled.add(t)
                    self.end_sequence(t)
                    self.stats.darvo_cancelled += 1
                    self.fire("GR-D06", "U6")
                else:
                    self.fire("GR-L05")
        else:
            self.add_stress(t, -1)
            choice = self.policies[t].rivalry_support(self, t, s)
            if choice not in ("bond", "break"):
                raise IllegalChoice("GR-A05", f"seat {t + 1}: a Support through a Rivalry is answered with "
                                              f"'bond' or 'break', not {choice!r}")
            self.set_relation(s, t, BOND if choice == "bond" else None)
            self.fire("GR-A05", "GR-L04")

    def end_sequence(self, p: int) -> None:
        """GR-D06/D07: marker OFF; a Focus placed before Reverse is removed."""
        self.darvo[p] = OFF
        if self.token[p] is not None and self.token[p][0] == "focus":
            self.token[p] = None
        self.fire("GR-D07")

    def stage(self, p: int) -> None:
        """GR-D02..D05: the player's current DARVO stage, then advance (or end per GR-A10)."""
        if p in self.stage_cancelled:
            return
        st = self.darvo[p]
        self.stats.stages[st] += 1
        self.fire("GR-D02")
        if st == DENY:
            options = [x for x in self.problems if x.up and not x.denied and x.claimed_by is None and not x.protected]
            if any(x.up and not x.denied and x.claimed_by is None and x.protected for x in self.problems):
                self.fire("GR-A11")
            if options:
                pid = self.policies[p].deny_target(self, p, [x.id for x in options])
                x = next((o for o in options if o.id == pid), None)
                if x is None:
                    raise IllegalChoice("GR-D03", f"seat {p + 1}: DENY must choose a face-up, unclaimed Problem not "
                                                  f"protected this round, not {pid!r}")
                x.up, x.denied = False, True
                self.denied_now.add(x.id)
                self.stats.denied.append((x.suit, x.priority))
            else:
                self.fire("U3")
            self.fire("GR-D03")
        elif st == STAGE_ATTACK:
            options = self.others(p)
            t = self.policies[p].darvo_attack_target(self, p, options)
            if t not in options:
                raise IllegalChoice("GR-D04", f"seat {p + 1}: the DARVO extra Attack targets another player, not {t!r}")
            self.attack(p, t)  # the extra Attack: normal relation rules
            self.place_focus(p, t)
            self.fire("GR-D04", "GR-T03")
        else:
            self.reverse(p)
            return
        self.darvo[p] = NEXT_STAGE[st]
        if p in self.end_after_stage:
            self.end_sequence(p)
            self.fire("GR-D06")

    def place_focus(self, p: int, t: int) -> None:
        """GR-D04, G6: the Focus goes beside t; a token still out as a Blame stays there (or moves, per G6)."""
        tok = self.token[p]
        if tok is not None and tok[0] == "blame":
            self.fire("G6")
            if self.g6 == "blame-stays":
                return
        elif tok is not None:  # G3 "to-box": the token left the game
            return
        self.token[p] = ("focus", t)

    def reverse(self, p: int) -> None:
        """GR-D05, U5: Blame, +1 Stress and Protection unless rejected by GROUND-ND; owner -2, sequence ends."""
        tok = self.token[p]
        if tok is not None and tok[0] == "focus":
            t = tok[1]
            if (t, p) in self.nd_reject:
                self.token[p] = None
                self.stats.reverses_rejected += 1
                self.fire("GR-A12", "U5")
            else:
                self.token[p] = ("blame", t)
                self.add_stress(t, 1)
                self.protection[p] += 1
                self.stats.blames += 1
                self.fire("GR-T03")
        self.add_stress(p, -2)
        self.fire("GR-D05")
        self.end_sequence(p)

    def draw(self, p: int) -> None:
        """One Solution to p; U4: an empty deck is the discard reshuffled, both empty skip the draw."""
        if not self.deck:
            if not self.discard:
                self.fire("U4")
                return
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self.fire("U4")
        self.hands[p].append(self.deck.pop())

    def investigate(self, p: int, pid: str | None) -> None:
        """GR-A01, GR-P02, G1: reveal the chosen hidden Problem (if still hidden), then draw."""
        x = self.problem(pid) if pid is not None else None
        if x is not None and not x.up and not x.denied:
            x.up = True
            self.revealed_now.add(x.id)
            self.fire("GR-P02")
        elif x is not None and x.id in self.revealed_now:
            self.fire("G1")
            if self.g1 == "later-reveals-another":
                rest = self.hidden()
                if rest:
                    rest[0].up = True
        self.draw(p)
        self.fire("GR-A01")

    def attack(self, a: int, t: int) -> None:
        """GR-A06..A09, GR-T01, U8, GR-L03/L04: cancellation first, then Stress and relations."""
        if self.ou_cancel.get(t) == a:
            del self.ou_cancel[t]
            self.stats.attacks_cancelled += 1
            if self.protection[t]:
                self.fire("U8")
            self.fire("GR-A09", "GR-A11")
            return
        if self.protection[t]:
            self.protection[t] -= 1
            self.stats.attacks_cancelled += 1
            self.fire("GR-A09", "GR-T01")
            return
        r = self.relation(a, t)
        if r is None:
            self.add_stress(t, 1)
            self.fire("GR-A06")
            if self.free_slots(a) and self.free_slots(t):
                self.set_relation(a, t, RIVALRY)
                self.stats.rivalries_formed += 1
                self.fire("GR-L03")
            else:
                self.fire("GR-L01")
        elif r == BOND:
            self.add_stress(t, 2)
            self.set_relation(a, t, RIVALRY)
            self.fire("GR-A07", "GR-L04")
        else:
            self.add_stress(t, 2)
            self.set_relation(a, t, None)
            self.fire("GR-A08", "GR-L04")

    def solve(self, p: int, pid: str) -> None:
        """GR-A02, GR-P01, GR-P03, GR-P04, G2: discard a matching Solution and claim, unless claimed or Denied."""
        x = self.problem(pid)
        if x.claimed_by is not None:
            self.fire("GR-P04", "GR-A02")
            return
        if x.denied:
            self.fire("G2", "GR-P01")
            if self.g2 == "discard-solution":
                self._discard_suit(p, x.suit)
            return
        self._discard_suit(p, x.suit)
        x.claimed_by = p
        self.claimed_now.add(x.id)
        self.stats.solved.append((x.suit, x.priority))
        self.fire("GR-A02", "GR-P01", "GR-P03")

    def _discard_suit(self, p: int, suit: str) -> None:
        hand = self.hands[p]
        card = next(c for c in hand if self.suit_of[c] == suit)
        hand.remove(card)
        self.discard.append(card)

    # ---- End and scoring -------------------------------------------------------------------------
    def end(self) -> None:
        """GR-R08, GR-D01, U9: clamp, arm DARVO at Stress 5, rotate Lead, advance the Round marker."""
        self.stress = [min(STRESS_MAX, max(0, s)) for s in self.stress]
        armed = 0
        for p in self.lead_order():
            if self.stress[p] == STRESS_MAX:
                self.stats.stress5_ends += 1
                if self.darvo[p] == OFF:
                    self.darvo[p] = DENY
                    self.stats.darvo_triggers += 1
                    armed += 1
                    self.fire("GR-D01")
                else:
                    self.fire("GR-D07")
        if armed > 1:
            self.fire("U9")
        self.lead = (self.lead + 1) % self.n
        self.round += 1
        self.fire("GR-R08")
        if self.round > ROUNDS:
            self.fire("GR-R09")

    def personal(self, p: int) -> int:
        """GR-E03/T02: claimed value minus 1 per Blame in front of p."""
        blames = len(self.blames_on(p))
        if blames:
            self.fire("GR-T02")
        return sum(x.value for x in self.problems if x.claimed_by == p) - blames

    def score(self) -> Outcome:
        """GR-E01..E04: exactly one outcome for the game's Mode."""
        if self.outcome is not None:
            return self.outcome
        total = sum(x.value for x in self.problems if x.claimed_by is not None)
        threshold = self.data.threshold(self.n)
        ok = total >= threshold
        scores = tuple(self.personal(p) for p in range(self.n))
        self.fire("GR-E01")
        if self.kind == "coop":
            claimed = sum(1 for x in self.problems if x.claimed_by is not None)
            successes = claimed if self.g5 == "claimed-problems" else total
            blames = sum(1 for t in self.token if t is not None and t[0] == "blame")
            mastery = successes - blames - sum(1 for x in self.problems if x.denied)
            self.fire("GR-E02", "G5")
            self.outcome = Outcome(self.config.mode, total, threshold, ok, scores,
                                   tuple(range(self.n)) if ok else (), None, mastery)
        elif self.kind == "personal":
            self.fire("GR-E03")
            winners, how = (), None
            if ok:
                keys = [(scores[p], -self.stress[p], self.bonds(p)) for p in range(self.n)]
                winners, how = _best(list(range(self.n)), keys, ("score", "lower stress", "more bonds"))
            self.outcome = Outcome(self.config.mode, total, threshold, ok, scores, winners, how)
        else:
            self.fire("GR-E04")
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


def _ground_rule(c: object) -> str:
    """The rule an illegal GROUND choice breaks."""
    mode = getattr(c, "mode", None)
    return {"GR": "GR-A10", "OU": "GR-A11", "ND": "GR-A12"}.get(mode, "GR-R05")
