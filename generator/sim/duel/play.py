"""Seeded duels between simple policies, and the report: win rates by seat, by first mover, by opening stance."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from dataclasses import dataclass

from ..rand import choice
from ..stats import rate
from .rules import NAMES, Duel, Order, State


class RandomDuelist:
    """Uniform among the legal orders."""

    name = "random"

    def order(self, duel: Duel, state: State, p: int, rng: random.Random) -> Order:
        """Any legal order."""
        return choice(rng, duel.orders(state, p))


class Hunter:
    """One turn ahead against an opponent who writes any legal order: hit most often, get hit least."""

    name = "hunter"
    caution = 1.2  # weight of being hit against hitting

    def order(self, duel: Duel, state: State, p: int, rng: random.Random) -> Order:
        """The order with the best (hit - caution * get hit) count over the opponent's legal orders, ties drawn
        from the duel's RNG (the best orders of a position are remembered: they depend on nothing else)."""
        return choice(rng, duel.remembered(("hunter", self.caution), state, p, lambda: self.best(duel, state, p)))

    def best(self, duel: Duel, state: State, p: int) -> tuple[Order, ...]:
        """Every order with the best score, in the order of duel.orders (orders reaching the same end cell and
        cells hit share one score, computed once)."""
        theirs = list(Counter(_reach(duel, state, 1 - p, o, duel.controlled(state, 1 - p))
                              for o in duel.orders(state, 1 - p)).items())
        mine = duel.controlled(state, p)
        caution = self.caution
        scores: dict = {}
        best, choice = None, []
        for o in duel.orders(state, p):
            reach = _reach(duel, state, p, o, mine)
            score = scores.get(reach)
            if score is None:
                end, cells = reach
                score = scores[reach] = sum(n * ((e in cells) - caution * (end in c)) for (e, c), n in theirs)
            if best is None or score > best:
                best, choice = score, [o]
            elif score == best:
                choice.append(o)
        return tuple(choice)


_NO_CELLS: frozenset[int] = frozenset()


def _reach(duel: Duel, state: State, p: int, o: Order, controlled: frozenset[int]) -> tuple[int, frozenset[int]]:
    """(end cell, cells hit) of an order, ignoring the other's order (a move into distance control, the cells
    `controlled` = duel.controlled(state, p), is held back)."""
    f = state.fighters[p]
    end = f.cell + f.facing * o.step
    if end in controlled:
        end = f.cell
    if o.action != "strike":
        return end, _NO_CELLS
    strike = duel.stances[f.stance].strike
    if not strike:
        return end, _NO_CELLS
    facing = -f.facing if o.turn else f.facing
    return end, frozenset(end + facing * h for h in duel.strikes[strike].hits)


DUELISTS = {"hunter": Hunter, "random": RandomDuelist}


@dataclass(frozen=True)
class DuelResult:
    """One duel: result ('A', 'B', 'draw' or None when the turn cap ended it), turns, first mover, openings."""

    index: int
    result: str | None
    turns: int
    first_mover: str | None  # the first player to step forward ('A', 'B'), 'both' on the same turn, None
    opening: tuple[str, str]  # each player's stance after turn 1
    strikes: int
    decided_by: str | None = None  # the winning strike, or 'both-lose' / None


def duel_seed(seed: int, index: int) -> int:
    """The seed of duel `index`: independent of any other duel of the run."""
    return int.from_bytes(hashlib.sha256(f"duel-sim:{seed}:{index}".encode()).digest()[:8], "big")


def play_duel(duel: Duel, policies: tuple[str, str], seed: int, index: int, max_turns: int) -> DuelResult:
    """Play one duel to its end (D12) or the turn cap."""
    rng = random.Random(duel_seed(seed, index))
    players = tuple(DUELISTS[p]() for p in policies)
    state, first, opening, strikes = duel.start(), None, None, 0
    while state.turn <= max_turns:
        orders = (players[0].order(duel, state, 0, rng), players[1].order(duel, state, 1, rng))
        forward = [o.step > 0 for o in orders]
        if first is None and any(forward):
            first = "both" if all(forward) else NAMES[forward.index(True)]
        strikes += sum(o.action == "strike" for o in orders)
        orders_stance = [f.stance for f in state.fighters]
        out = duel.resolve(state, orders)
        state = out.state
        if opening is None:
            opening = (state.fighters[0].stance, state.fighters[1].stance)
        if out.result:
            p = NAMES.index(out.result) if out.result in NAMES else None
            how = duel.stances[orders_stance[p]].strike if p is not None else \
                "both-lose" if any(out.hit) else "slip-ends"  # D14: the slip's last row played without a hit
            return DuelResult(index, out.result, state.turn - 1, first, opening, strikes, how)
    return DuelResult(index, None, max_turns, first, opening or ("", ""), strikes)


def run_duels(duel: Duel, policies: tuple[str, str], games: int, seed: int, max_turns: int) -> list[DuelResult]:
    """Play `games` seeded duels."""
    return [play_duel(duel, policies, seed, i, max_turns) for i in range(games)]


def summarise(results: list[DuelResult], meta: dict) -> dict:
    """Win rates by seat, by first mover and by opening stance (95% Wilson intervals), lengths, draws."""
    n = len(results)
    done = [r for r in results if r.result]
    turns = sorted(r.turns for r in done)
    by_first: dict[str, dict] = {}
    for who in ("A", "B", "both", None):
        rs = [r for r in results if r.first_mover == who]
        if rs:
            key = who or "nobody"
            wins = sum(r.result == who for r in rs) if who in NAMES else None
            by_first[key] = {"duels": len(rs), "first_mover_wins": rate(wins, len(rs)) if wins is not None else None,
                             "draws": sum(r.result == "draw" for r in rs)}
    stances: dict[str, list[int]] = {}
    for r in results:
        for p, s in enumerate(r.opening):
            if s:
                row = stances.setdefault(s, [0, 0])
                row[0] += 1
                row[1] += r.result == NAMES[p]
    return {**meta, "game": "duel", "duels": n, "finished": len(done), "unfinished": n - len(done),
            "wins": {"A": rate(sum(r.result == "A" for r in results), n),
                     "B": rate(sum(r.result == "B" for r in results), n)},
            "draws": sum(r.result == "draw" for r in results),
            "turns": {"mean": round(sum(turns) / len(turns), 2) if turns else None,
                      "median": turns[len(turns) // 2] if turns else None,
                      "p90": turns[min(len(turns) - 1, int(len(turns) * 0.9))] if turns else None},
            "strikes_per_duel": round(sum(r.strikes for r in results) / n, 2) if n else None,
            "decided_by": dict(sorted(Counter(r.decided_by for r in done).items())),
            "by_first_mover": by_first,
            "by_opening_stance": {s: {"players": k, **rate(w, k)} for s, (k, w) in sorted(stances.items())}}


def _rate(r: dict | None) -> str:
    if not r or r.get("rate") is None:
        return "-"
    lo, hi = r["ci95"]
    return f"{r['rate']:.1%} [{lo:.1%}, {hi:.1%}] of {r['n']}"


def rows(report: dict, explain: bool) -> list[tuple[str, str]]:
    """The measures of one report as (name, value) rows."""
    t = report["turns"]
    out = [
        ("finished / unfinished / draws", f"{report['finished']} / {report['unfinished']} / {report['draws']}"),
        ("turns mean / median / p90", f"{t['mean']} / {t['median']} / {t['p90']}"),
        ("A wins (95% CI)", _rate(report["wins"]["A"])),
        ("B wins (95% CI)", _rate(report["wins"]["B"])),
    ]
    for who, row in report["by_first_mover"].items():
        label = f"first mover {who}" if who in ("A", "B") else f"first step forward: {who}"
        out.append((label, f"{row['duels']} duels; first mover wins {_rate(row['first_mover_wins'])}"
                    if row["first_mover_wins"] else f"{row['duels']} duels, {row['draws']} draws"))
    for stance, row in report["by_opening_stance"].items():
        out.append((f"opening {stance}: wins", _rate(row)))
    if explain:
        out.append(("decided by", ", ".join(f"{k} {v}" for k, v in report["decided_by"].items()) or "-"))
        out.append(("strikes per duel", str(report["strikes_per_duel"])))
        out.append(("precedence rows no position can reach", ", ".join(report["never_both_hit"]) or "none"))
        lo, hi = report["wins"]["A"]["ci95"]
        b = report["wins"]["B"]["rate"] or 0
        out.append(("seat advantage A-B", f"{(report['wins']['A']['rate'] or 0) - b:+.1%} "
                    f"(A's 95% CI {lo:.1%}-{hi:.1%} against B's {b:.1%})"))
    return out
