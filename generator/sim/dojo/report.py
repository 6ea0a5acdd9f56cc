"""Aggregate game results into the simulator report (a JSON-ready dict)."""

from __future__ import annotations

import statistics
from typing import Any

from .cards import CARD_IDS
from ..digest import engine_id
from .engine import PROGRESS
from ..stats import rate, spread
from .runner import GameResult





def ladder(results: list[GameResult]) -> dict[str, list]:
    """Mean position and mean leader position at the end of each round, over the games still running."""
    rounds = max((len(r.ladder) for r in results), default=0)
    out: dict[str, list] = {"round": [], "games": [], "mean": [], "leader": []}
    for i in range(rounds):
        rows = [r.ladder[i] for r in results if len(r.ladder) > i]
        out["round"].append(i + 1)
        out["games"].append(len(rows))
        out["mean"].append(round(statistics.fmean(statistics.fmean(row) for row in rows), 3))
        out["leader"].append(round(statistics.fmean(max(row) for row in rows), 3))
    return out


def summarise(results: list[GameResult], players: int, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The report: counts, lengths, wins by seat and room, Kumite and Exam outcomes, cards, ladder over time."""
    done = [r for r in results if r.finished]
    kumite = sum(r.kumite for r in results)
    attacker = sum(r.attacker_wins for r in results)
    exams = sum(r.exams for r in results)
    exam_wins = sum(r.exam_wins for r in results)
    no_def = sum(r.exam_no_defender for r in results)
    wins_by_seat = [sum(r.winner == s for r in done) for s in range(players)]
    rates = [w / len(done) for w in wins_by_seat] if done else [0.0] * players
    return {
        **(meta or {}),
        "engine": engine_id(),
        "games": len(results),
        "finished": len(done),
        "unfinished": len(results) - len(done),
        "stuck_moves": sum(r.stuck for r in results),
        "extra_step_stays": sum(r.stays for r in results),
        "dojo_closures": sum(r.closures for r in results),
        "turns": spread([r.turns for r in done]),
        "rounds": spread([r.rounds for r in done]),
        "wins_by_seat": wins_by_seat,
        "seat_win_rates": [round(x, 4) for x in rates],
        "seat_spread": round(max(rates) - min(rates), 4) if done else None,
        "wins_by_room": [sum(r.winner_room == k for r in done) for k in range(4)],
        "kumite": {"count": kumite, "attacker_wins": attacker, "defender_wins": kumite - attacker,
                   "attacker_win_rate": round(attacker / kumite, 4) if kumite else None},
        "final_exam": {"count": exams, "won": exam_wins, "lost": exams - exam_wins - no_def, "no_defender": no_def,
                       "win_rate": round(exam_wins / (exams - no_def), 4) if exams > no_def else None},
        "uke_saves": sum(r.uke_saves for r in results),
        "teleports": sum(r.teleports for r in results),
        "cards_drawn": {cid: sum(r.drawn[i] for r in results) for i, cid in enumerate(CARD_IDS)},
        "ladder": ladder(results),
        "design": design(results, players),
    }


KINDS = ("tatami", "allenamento", "fatica", "nebbia", "passo-falso", "sfida", "tunnel", "safe-room", "dojo")


def design(results: list[GameResult], players: int) -> dict[str, Any]:
    """For the designer: where notches come from, where movements end, each seat's win rate with a 95% interval."""
    n = len(results) or 1
    done = [r for r in results if r.finished]
    totals = [sum(r.progress[i] for r in results) for i in range(len(PROGRESS))]
    gained = sum(t for t in totals if t > 0) or 1
    ends = [sum(r.ends[k] for r in results) for k in range(len(KINDS))]
    moves = sum(ends) or 1
    seats = [rate(sum(r.winner == s for r in done), len(done)) for s in range(players)]
    return {
        "progress": {name: {"notches": t, "per_game": round(t / n, 3), "share_of_gains": round(t / gained, 4)
                            if t > 0 else None} for name, t in zip(PROGRESS, totals)},
        "movement_ends": {k: round(e / moves, 4) for k, e in zip(KINDS, ends) if e},
        "seats": seats,
        "fair_rate": round(1 / players, 4),
        "first_seat_advantage": round(seats[0]["rate"] - 1 / players, 4) if done else None,
    }


def start_ratio(short: dict[str, Any], full: dict[str, Any]) -> float | None:
    """C01: mean length with start 3 over mean length with start 0 (turns)."""
    a, b = short["turns"]["mean"], full["turns"]["mean"]
    return round(a / b, 4) if a and b else None
