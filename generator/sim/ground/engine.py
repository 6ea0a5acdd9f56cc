"""The GROUND rules engine: one game's state, the round (Select, Reveal, Resolve, End), DARVO and scoring (no I/O).

Every rule id of the seed (GR-*) and every ruling (U1-U10, G1-G6 of content/ground/rulings.toml) the engine
applies is added to `Game.fired`, so a scenario can prove that the rules it claims to cover were exercised.
Every choice a policy returns is checked against the legal options computed here; an illegal one raises
IllegalChoice naming the rule it breaks.
"""

from __future__ import annotations

import random

from ...content.ground import GroundData
from ..rand import below, shuffle
from .actions import Actions
from .prepared import prepared
from .scoring import Scoring
from .state import (ACTIONS, ATTACK, BOND, DENY, GATE, GROUND, HAND, INVESTIGATE, MODES, NEXT_STAGE, OFF,  # noqa: F401
                    REVERSE, RIVALRY, ROUNDS, SLOTS, SOLVE, START_STRESS, STAGE_ATTACK, STRESS_MAX, SUPPORT, Deadlock,
                    GameConfig, GroundChoice, IllegalChoice, Outcome, ProblemState, Selection, Stats, selection)


class Game(Actions, Scoring):
    """The mutable state of one GROUND game and the rules that change it; policies make every choice."""

    def __init__(self, data: GroundData, config: GameConfig, rng: random.Random, policies: list,
                 setup: bool = True, lead: int | None = None):
        n = config.players
        if not 2 <= n <= 6:
            raise IllegalChoice("GR-O01", f"{n} players: a game has 2 to 6 players")
        if config.mode not in MODES:
            raise IllegalChoice("GR-O01", f"unknown Mode card {config.mode!r}; the Modes are {', '.join(MODES)}")
        prep = prepared(data)
        scen = prep.scenarios.get(config.scenario)
        if scen is None:
            raise IllegalChoice("GR-O01", f"unknown Scenario card {config.scenario!r}")
        self.data, self.config, self.rng, self.n, self.scen, self.prep = data, config, rng, n, scen, prep
        self.kind = MODES[config.mode]
        self.policies = list(policies) if len(policies) == n else [policies[0]] * n
        self.seats_after, self.moves = prep.seats(n)  # others(p); each seat's SUPPORT and ATTACK Selections (GR-A13)
        self.suit_of = prep.suit_of
        self.g1, self.g2, self.g3, self.g4, self.g5, self.g6 = prep.g
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
        self.fired.add("GR-O05")

    def add_stress(self, p: int, delta: int) -> None:
        """GR-F01, U2: Stress changes clamped to 0-5 as they are applied."""
        v = self.stress[p] + delta
        if v > STRESS_MAX or v < 0:
            self.fired.update(("GR-F01", "U2"))
        self.stress[p] = STRESS_MAX if v > STRESS_MAX else 0 if v < 0 else v

    def problem(self, pid: str) -> ProblemState | None:
        """The Problem in play with this id."""
        for x in self.problems:
            if x.id == pid:
                return x
        return None

    def hidden(self) -> list[ProblemState]:
        """GR-P02: face-down, non-Denied Problems (only Investigate reveals them)."""
        return [x for x in self.problems if not x.up and not x.denied]

    def solvable(self, p: int) -> list[ProblemState]:
        """GR-P01, GR-P05: face-up, non-Denied, unclaimed Problems of a suit p holds."""
        suit_of = self.suit_of
        suits = [suit_of[c] for c in self.hands[p]]
        return [x for x in self.problems if x.up and not x.denied and x.claimed_by is None and x.suit in suits]

    def others(self, p: int) -> tuple[int, ...]:
        """GR-A13: the other players, clockwise from p."""
        return self.seats_after[p]

    def lead_order(self) -> tuple[int, ...]:
        """GR-R07: seats from the Lead player clockwise."""
        return self.prep.lead_orders(self.n)[self.lead]

    def blames_on(self, p: int) -> list[int]:
        """Owners of the Blame tokens in front of p (GR-T02)."""
        return [o for o, t in enumerate(self.token) if t is not None and t[0] == "blame" and t[1] == p]

    def bonds(self, p: int) -> int:
        """Bonds of p."""
        return sum(1 for k, v in self.rel.items() if v == BOND and p in k)

    # ---- setup -----------------------------------------------------------------------------------
    def setup(self, lead: int | None = None) -> None:
        """GR-S01..S04 (and GR-O01..O03): Problems filtered and hidden ones shuffled, stats, hands, deck, Lead."""
        n = self.n
        surface, hidden = self.prep.problems(self.scen, n)
        self.problems = [ProblemState(*surface, True)]
        hidden = list(hidden)
        shuffle(self.rng, hidden)  # the face-down cards are shuffled after filtering: nobody knows which is which
        self.problems += [ProblemState(*h, False) for h in hidden]
        self.deck = list(self.prep.deck)
        shuffle(self.rng, self.deck)  # GR-S04: shuffled from the game seed
        for p in range(n):
            for _ in range(HAND):
                self.hands[p].append(self.deck.pop())
        self.lead = below(self.rng, n) if lead is None else lead
        self.round = 1
        self.fired.update(("GR-O01", "GR-O02", "GR-O03", "GR-O04", "GR-S01", "GR-S02", "GR-S03", "GR-S04", "U7", "U10"))

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
        self.fired.add("GR-R01")

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

    def is_legal(self, p: int, s: object) -> bool:
        """True only when s is one of legal_selections(p) (found without listing them); False when it is not or
        when s is not a plain Selection of plain values (check_selection then decides on the full list)."""
        if type(s) is not Selection:
            return False
        spend, action, target = s.spend, s.action, s.target
        if spend is True:
            if self.stress[p] < GATE or not self.ready[p]:
                return False
        elif spend is not False or self.stress[p] >= GATE and action != ATTACK and action != GROUND:
            return False
        if action == GROUND:
            return target is None
        if action == SUPPORT or action == ATTACK:
            return type(target) is int and 0 <= target < self.n and target != p
        if action == INVESTIGATE:
            hidden = [x.id for x in self.problems if not x.up and not x.denied]
            return target in hidden if type(target) is str and hidden else target is None and not hidden
        if action == SOLVE and type(target) is str:
            suit_of = self.suit_of
            for x in self.problems:
                if x.id == target and x.up and not x.denied and x.claimed_by is None:
                    if any(suit_of[c] == x.suit for c in self.hands[p]):
                        return True
        return False

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
            s = self.policies[p].select(self, p)
            if not self.is_legal(p, s):
                legal = self.legal_selections(p)
                if not legal:  # (never: GROUND is open in every state)
                    raise Deadlock("GR-R02", f"seat {p + 1} has no legal Action (round {self.round})")
                self.check_selection(p, s, legal)
            chosen.append(s)
        self.fired.add("GR-R02")
        fired = []
        stress, actions = self.stress, self.stats.actions
        for p, s in enumerate(chosen):
            fired.append("GR-R03" if stress[p] >= GATE else "GR-F02")
            if s.spend:
                self.ready[p] = False
                self.stats.freedom_spent += 1
                fired.append("GR-F03")
            action = s.action
            actions[action] += 1
            if action == SOLVE:
                fired.append("GR-P05")
            elif action != GROUND:
                fired.append("GR-A13")
        self.fired.update(fired)
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
        self.fired.add("GR-R04")
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
            self.fired.add("GR-R05")
        if chooser:
            self.fired.add("G4")
        self.grounds.update(pending)

    # ---- Resolve ---------------------------------------------------------------------------------
    def resolve(self) -> None:
        """GR-R06/R07: GROUND, Support, DARVO stages, Investigate, Attack, Solve; each step in Lead order."""
        order = self.lead_order()
        self.fired.update(("GR-R06", "GR-R07"))
        self.ou_cancel: dict[int, int] = {}  # target -> attacker whose next Attack on target OU cancels
        self.nd_reject: set[tuple[int, int]] = set()  # (target, owner): Reverse rejected
        self.end_after_stage: set[int] = set()
        self.stage_cancelled: set[int] = set()
        self.claimed_now: set[str] = set()
        self.denied_now: set[str] = set()
        self.revealed_now: set[str] = set()
        pre_bonds = {k for k, v in self.rel.items() if v == BOND}  # GR-L05: Bonds that existed before Support
        grounds = self.grounds
        by_action: dict[str, list] = {SUPPORT: [], INVESTIGATE: [], ATTACK: [], SOLVE: [], GROUND: []}
        for p in order:  # Selections do not change while they resolve: each step's players in Lead order
            s = self.selected[p]
            by_action[s.action].append((p, s.target))
            if p in grounds:
                self.resolve_ground(p, grounds[p])
        for p, t in by_action[SUPPORT]:
            self.support(p, t, pre_bonds)
        staged = [p for p in order if self.darvo[p] != OFF]
        if len(staged) > 1:
            self.fired.add("U9")  # several sequences: their stages resolve in Lead order
        for p in staged:
            if self.darvo[p] != OFF:
                self.stage(p)
        for p, t in by_action[INVESTIGATE]:
            self.investigate(p, t)
        for p, t in by_action[ATTACK]:
            self.attack(p, t)
        for p, t in by_action[SOLVE]:
            self.solve(p, t)

    # ---- End and scoring -------------------------------------------------------------------------
    def end(self) -> None:
        """GR-R08, GR-D01, U9: clamp, arm DARVO at Stress 5, rotate Lead, advance the Round marker."""
        stress = self.stress = [STRESS_MAX if s > STRESS_MAX else 0 if s < 0 else s for s in self.stress]
        armed = 0
        for p in self.lead_order():
            if stress[p] == STRESS_MAX:
                self.stats.stress5_ends += 1
                if self.darvo[p] == OFF:
                    self.darvo[p] = DENY
                    self.stats.darvo_triggers += 1
                    armed += 1
                    self.fired.add("GR-D01")
                else:
                    self.fired.add("GR-D07")
        if armed > 1:
            self.fired.add("U9")
        self.lead = (self.lead + 1) % self.n
        self.round += 1
        self.fired.add("GR-R08")
        if self.round > ROUNDS:
            self.fired.add("GR-R09")

def _ground_rule(c: object) -> str:
    """The rule an illegal GROUND choice breaks."""
    mode = getattr(c, "mode", None)
    return {"GR": "GR-A10", "OU": "GR-A11", "ND": "GR-A12"}.get(mode, "GR-R05")
