"""The duel resolver: seed 003's combat order on the loaded rule data (content/duel/*.toml), no I/O.

A turn: both players write an Order in secret (movement + action); resolve() checks both against the rules,
applies both movements, then both actions, then the hits (precedence when both hit). Every refusal is an
IllegalOrder naming the rule: a seed rule (DS-*) or a kit ruling of content/duel/rulings.toml (D01-D16).
At the table an order the rules refuse is void (D16): table() plays it as staying put with no action.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations_with_replacement

from ...content.duel import DuelData

# Seed rules a refusal can name (sections of the Russian combat order); D01-D16 are the kit's rulings.
SEED_RULES = {
    "DS-MOVE": "Kamae: a stance allows only its own movement",
    "DS-STRIKE": "Удар: a strike only from the stance that allows it, held since last turn",
    "DS-CHANGE": "Смена стойки: change to one of the other stances",
    "DS-AFTER": "Последствия удара: the turn after a strike, strike again, turn keeping the stance or change stance; "
                "no movement",
    "DS-COMBINE": "Движение и Разворот: steps or a turn, then a strike or a stance change, never steps and a turn",
    "DS-CONTROL": "Правило контроля дистанции: not onto the Seigan player's cell or beyond it",
    "DS-CROSSED": "Правило скрещенных мечей: under crossed swords, no stance change without a step back",
}
ACTIONS = ("none", "strike", "change", "deflect", "technique")


class IllegalOrder(ValueError):
    """An order the rules refuse; `rule` is the DS-* or D** id broken."""

    def __init__(self, rule: str, player: str, message: str):
        super().__init__(f"{rule}: player {player}: {message}")
        self.rule = rule


@dataclass(frozen=True)
class Fighter:
    """One player at the start of a turn: cell 1..12, facing +1 (right) or -1 (left), stance, struck last turn."""

    cell: int
    facing: int
    stance: str
    struck: bool = False


@dataclass(frozen=True)
class Order:
    """A secret order: step (cells, + forward / - back as faced), turn round, action, new stance for 'change'."""

    step: int = 0
    turn: bool = False
    action: str = "none"
    stance: str | None = None

    def text(self) -> str:
        """Short form for logs and errors, e.g. '+2 strike' or 'turn change:jodan'."""
        move = "turn" if self.turn else f"{self.step:+d}" if self.step else "stay"
        act = f"change:{self.stance}" if self.action == "change" else self.action
        return f"{move} {act}"


@dataclass(frozen=True)
class State:
    """Both players (A, B) at the start of a turn, and the turn number (1 = the first)."""

    fighters: tuple[Fighter, Fighter]
    turn: int = 1


@dataclass(frozen=True)
class Outcome:
    """One resolved turn: the next state, who was hit, the result ('A', 'B', 'draw' or None: go on), and whose
    movement distance control cancelled (D07)."""

    state: State
    hit: tuple[bool, bool]
    result: str | None
    held: tuple[bool, bool] = (False, False)


NAMES = ("A", "B")


class Duel:
    """The rules of the duel, read from the loaded data and its rulings (optionally overridden)."""

    def __init__(self, data: DuelData):
        assert data.rulings is not None, "the duel data carries its rulings (content/duel/rulings.toml)"
        self.data, self.r = data, data.rulings
        self.cells = data.track_cells
        self.stances = {s.id: s for s in data.stances}
        self.strikes = {s.id: s for s in data.strikes}
        up_to = self.r.value("seigan_forward") == "up-to"
        self.forward = {s.id: tuple(range(1, max(s.forward) + 1)) if up_to and s.forward else s.forward
                        for s in data.stances}
        self.turn_limit = self.r.value("turn_limit")
        self.memo: dict = {}  # pure functions of a position (fighters, first turn or not): legal orders, resolutions

    # ---- setup ---------------------------------------------------------------------------------
    def start(self) -> State:
        """D01: A and B on their start cells facing each other, both in the start stance (Seigan)."""
        a, b = self.r.value("start")
        s = self.data.start_stance
        return State((Fighter(a, 1, s), Fighter(b, -1, s)))

    # ---- the rules -----------------------------------------------------------------------------
    def crossed(self, state: State) -> bool:
        """Crossed swords: both in Seigan, on the same or adjacent cells, facing each other; D15: judged on the
        state at the start of the turn (before the moves), so crossing by this turn's moves binds from the next."""
        a, b = state.fighters
        if a.stance != self.data.start_stance or b.stance != self.data.start_stance or abs(a.cell - b.cell) > 1:
            return False
        if a.cell == b.cell:
            return a.facing == -b.facing
        left, right = (a, b) if a.cell < b.cell else (b, a)
        return left.facing == 1 and right.facing == -1

    def controlled(self, state: State, p: int) -> frozenset[int]:
        """D05/D06: the cells player p may not enter this turn (the Seigan opponent's cell and beyond it)."""
        me, q = state.fighters[p], state.fighters[1 - p]
        if q.stance != self.data.start_stance or (state.turn == 1 and not self.r.value("control_first_turn")):
            return frozenset()
        if me.cell == q.cell:
            return frozenset()
        away = 1 if q.cell > me.cell else -1
        return frozenset(range(q.cell, self.cells + 1) if away == 1 else range(1, q.cell + 1))

    def violation(self, state: State, p: int, order: Order, other: Order | None = None) -> tuple[str, str] | None:
        """The (rule, reason) an order breaks, or None; without the other order, distance control is strict."""
        bad = self._violation(state, p, order)
        if bad is None and order.action == "none" and not self.r.value("may_pass") \
                and not (state.fighters[p].struck and order.turn) and self.can_act(state, p):
            return "D04", ("every turn carries an action (a strike or a stance change), with or without a movement;"
                           " the turn after a strike, a turn keeping the stance")
        return bad

    def _violation(self, state: State, p: int, order: Order) -> tuple[str, str] | None:
        """Every check of violation() but D04's (whether a No action is allowed)."""
        me = state.fighters[p]
        stance = self.stances[me.stance]
        if order.action not in ACTIONS:
            return "DS-COMBINE", f"unknown action {order.action!r}; use one of {', '.join(ACTIONS[:3])}"
        if order.action == "deflect":
            return "D11", "this kit has no deflection («Отклонение удара» is never defined)"
        if order.action == "technique":
            return "D13", "this kit has no techniques"
        if order.turn and order.step:
            return "DS-COMBINE", "steps and a turn in one order"
        if me.struck and (order.step or (order.turn and order.action != "none")):
            return "DS-AFTER", "after a strike: no movement; a turn keeps the stance and allows no other action"
        if order.step > 0 and order.step not in self.forward[me.stance]:
            return "DS-MOVE", f"{me.stance} moves forward {_counts(self.forward[me.stance])}, not {order.step}"
        if order.step < 0 and -order.step not in stance.back:
            return "DS-MOVE", f"{me.stance} moves back {_counts(stance.back)}, not {-order.step}"
        end = me.cell + me.facing * order.step
        if not 1 <= end <= self.cells:
            return "D08", f"cell {end} is off the track (cells 1 to {self.cells})"
        if order.action == "strike" and not stance.strike:
            return "DS-STRIKE", f"{me.stance} allows no strike"
        if order.action == "change":
            if order.stance not in self.stances or order.stance == me.stance:
                return "DS-CHANGE", f"{order.stance!r} is not another stance ({', '.join(self.stances)})"
            if self.crossed(state) and not (self.r.value("step_back") == "same-turn" and order.step == -1):
                return "DS-CROSSED", "crossed swords: change stance only with a step back this turn (D10)"
        if end in self.controlled(state, p) and self.r.value("control_lifted_by") == "never":
            return "DS-CONTROL", f"cell {end} is under the Seigan player's distance control (D06/D07)"
        return None

    def can_act(self, state: State, p: int) -> bool:
        """D04: p has a legal order with an action (a strike or a stance change); if not, p lays No action."""
        return any(self.violation(state, p, o) is None for o in self._written(state, p) if o.action != "none")

    def held_back(self, state: State, p: int, orders: tuple[Order, Order]) -> bool:
        """D07: p's move ends on a controlled cell and the seed's exception does not lift the rule: no movement."""
        me, q = state.fighters[p], state.fighters[1 - p]
        controlled = self.controlled(state, p)
        if me.cell + me.facing * orders[p].step not in controlled:
            return False
        q_end = q.cell + q.facing * orders[1 - p].step
        return not (q_end != q.cell and q_end in controlled)

    def check(self, state: State, p: int, order: Order, other: Order | None = None) -> None:
        """Raise IllegalOrder naming the rule when the order is not allowed."""
        bad = self.violation(state, p, order, other)
        if bad:
            raise IllegalOrder(bad[0], NAMES[p], f"{order.text()}: {bad[1]}")

    def remembered(self, what: tuple, state: State, p: int, make):
        """make() for a pure function of the position (the fighters, whether it is the first turn: distance control,
        D05) and player p, computed once per Duel."""
        key = (*what, state.fighters, state.turn == 1, p)
        hit = self.memo.get(key)
        if hit is None:
            hit = self.memo[key] = make()
        return hit

    def orders(self, state: State, p: int) -> tuple[Order, ...]:
        """Every order p may write (under D07 'seigan-player' a move onto a controlled cell may be written)."""
        return self.remembered(("orders",), state, p, lambda: tuple(self._orders(state, p)))

    def legal(self, state: State, p: int) -> frozenset[Order]:
        """orders(state, p) as a set."""
        return self.remembered(("legal",), state, p, lambda: frozenset(self.orders(state, p)))

    def _orders(self, state: State, p: int) -> list[Order]:
        """The written orders with an action that break no rule, and the No actions D04 allows (when passing is
        allowed, when no action is possible, or a turn after a strike) that break no other rule."""
        written = self._written(state, p)
        acting = {i for i, o in enumerate(written) if o.action != "none" and self._violation(state, p, o) is None}
        rest = self.r.value("may_pass") or not acting
        struck = state.fighters[p].struck
        return [o for i, o in enumerate(written) if i in acting or o.action == "none" and (
            rest or o.turn and struck) and self._violation(state, p, o) is None]

    def _written(self, state: State, p: int) -> list[Order]:
        """Every order p could write on the slip (steps the stance allows or a turn, then one action)."""
        me = state.fighters[p]
        steps = [0, *self.forward[me.stance], *(-b for b in self.stances[me.stance].back)]
        acts = [("none", None), ("strike", None), *(("change", s) for s in self.stances if s != me.stance)]
        return [Order(step, turn, act, to) for step in steps for turn in ((False, True) if step == 0 else (False,))
                for act, to in acts]

    # ---- resolution ----------------------------------------------------------------------------
    def hit_cells(self, f: Fighter, strike: str) -> frozenset[int]:
        """The cells a strike hits from a fighter's cell and facing (relative cells of the rule data)."""
        return frozenset(f.cell + f.facing * h for h in self.strikes[strike].hits)

    def resolve(self, state: State, orders: tuple[Order, Order]) -> Outcome:
        """Check both orders, then movement, then actions, then hits and precedence (seed phases 2-4).

        An order among orders(state, p) is legal by construction (violation() is None for each); any other order
        is checked and refused with its rule. The resolution of legal orders is remembered per position."""
        first = state.turn == 1
        key = ("resolve", state.fighters, first, orders)
        hit = self.memo.get(key)
        if hit is None:
            for p in (0, 1):
                if orders[p] not in self.legal(state, p):
                    self.check(state, p, orders[p], orders[1 - p])
            hit = self._resolve(state, orders)
            if orders[0] in self.legal(state, 0) and orders[1] in self.legal(state, 1):
                self.memo[key] = hit
        after, hits, result, held = hit
        limit = self.turn_limit
        if result is None and limit and state.turn >= limit:
            result = "draw"  # D14: the order slip's last row played without a hit
        return Outcome(State(after, state.turn + 1), hits, result, held)

    def table(self, state: State, orders: tuple[Order, Order]) -> tuple[Outcome, tuple[bool, bool]]:
        """D16: the turn as players resolve it from paper: an order the rules refuse is void (that player stays on
        their cell in their stance and facing, with no action); the other order is carried out as written.
        Returns the outcome and which orders were void."""
        void = tuple(orders[p] not in self.legal(state, p) for p in (0, 1))
        played = tuple(Order() if v else o for o, v in zip(orders, void))
        after, hits, result, held = self._resolve(state, played)
        if result is None and self.turn_limit and state.turn >= self.turn_limit:
            result = "draw"  # D14
        return Outcome(State(after, state.turn + 1), hits, result, held), void

    def _resolve(self, state: State, orders: tuple[Order, Order]) -> tuple:
        """(fighters after, hit, result before the turn limit, held back) of checked orders."""
        held = (self.held_back(state, 0, orders), self.held_back(state, 1, orders))
        moved = []
        for f, o, stay in zip(state.fighters, orders, held):  # phase 2: both movements at once
            moved.append(replace(f, cell=f.cell + f.facing * (0 if stay else o.step),
                                 facing=-f.facing if o.turn else f.facing))
        after, strikes = [], []
        for f, o in zip(moved, orders):  # phase 3: stance changes and strikes
            strike = self.stances[f.stance].strike if o.action == "strike" else None
            strikes.append(strike)
            stance = self.strikes[strike].leads_to if strike else o.stance if o.action == "change" else f.stance
            after.append(replace(f, stance=stance, struck=bool(strike)))
        hit = tuple(bool(strikes[1 - p]) and moved[p].cell in self.hit_cells(moved[1 - p], strikes[1 - p])
                    for p in (0, 1))
        return (after[0], after[1]), hit, self.result(hit, strikes), held

    def result(self, hit: tuple[bool, bool], strikes: list[str | None]) -> str | None:
        """D12: the player hit loses; both hit: precedence, otherwise both lose (a draw)."""
        if hit == (False, False):
            return None
        if hit == (True, True):
            win = self.data.outcome(strikes[0], strikes[1])
            return {"a": "A", "b": "B"}.get(win, "draw")
        return "B" if hit[0] else "A"

    def precedence(self) -> list[tuple[str, str, str | None]]:
        """Every pair of strikes that both hit (each pair once, same strike too) -> the winning strike or None."""
        out = []
        for a, b in combinations_with_replacement([s.id for s in self.data.strikes], 2):
            win = self.data.outcome(a, b)
            out.append((a, b, a if win == "a" else b if win == "b" else None))
        return out


def never_both_hit(duel: Duel) -> list[tuple[str, str]]:
    """Pairs of strikes that cannot hit each other in the same turn from any two cells and facings."""
    out = []
    cells = range(1, duel.cells + 1)
    for a, b, _ in duel.precedence():
        if not any(cb in duel.hit_cells(Fighter(ca, fa, ""), a) and ca in duel.hit_cells(Fighter(cb, fb, ""), b)
                   for ca in cells for cb in cells for fa in (1, -1) for fb in (1, -1)):
            out.append((a, b))
    return out


def _counts(counts: tuple[int, ...]) -> str:
    return " or ".join(map(str, counts)) + " cell(s)" if counts else "not at all"
