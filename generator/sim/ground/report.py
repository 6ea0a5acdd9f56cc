"""Aggregate GROUND game results into the simulator report (a JSON-ready dict)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..stats import spread, wilson
from .engine import MODES
from .runner import ENGINE_VERSION, GameResult


def _by_mode(results: list[GameResult]) -> dict[str, Any]:
    out = {}
    for mode in MODES:
        rows = [r for r in results if r.mode == mode and r.finished]
        if not rows:
            continue
        won = sum(r.group_success for r in rows)
        entry: dict[str, Any] = {"games": len(rows), "won": won, "lost": len(rows) - won,
                                 "group_success_rate": round(won / len(rows), 4),
                                 "total": spread([r.total for r in rows])}
        if MODES[mode] == "coop":
            entry["mastery"] = spread([r.mastery for r in rows])
        else:
            entry["tiebreaks"] = dict(sorted(Counter(r.tiebreak or "none" for r in rows if r.winners).items()))
            entry["shared_victories"] = sum(len(r.winners) > 1 for r in rows if r.tiebreak == "shared")
        out[mode] = entry
    return out


def _seats(results: list[GameResult], players: int) -> dict[str, Any]:
    """Wins by seat and by position from the first Lead, in the competitive Modes (ties count for each winner)."""
    rows = [r for r in results if r.finished and MODES[r.mode] != "coop" and r.group_success and r.players == players]
    by_seat, by_lead = [0] * players, [0] * players
    for r in rows:
        for w in r.winners:
            by_seat[w] += 1
            by_lead[(w - r.first_lead) % players] += 1
    first = by_lead[0]
    return {"games": len(rows), "wins_by_seat": by_seat, "wins_by_lead_offset": by_lead,
            "first_lead_win_rate": round(first / len(rows), 4) if rows else None, "first_lead_ci95": [round(x, 4) for x in wilson(first, len(rows))] if rows else None,
            "fair_share": round(1 / players, 4)}


def summarise(results: list[GameResult], meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The report: finished games, rounds, outcomes by Mode, Problems by suit and priority, stress, DARVO, seats."""
    done = [r for r in results if r.finished]
    solved = [s for r in results for s in r.solved]
    denied = [s for r in results for s in r.denied]
    stages = Counter()
    actions = Counter()
    for r in results:
        stages.update(dict(r.stages))
        actions.update(dict(r.actions))
    combos: dict[str, dict[str, Any]] = {}
    for r in results:
        c = combos.setdefault(f"{r.scenario} {r.players}p {r.mode}", {"games": 0, "finished": 0, "won": 0, "total": 0})
        c["games"] += 1
        c["finished"] += r.finished
        c["won"] += r.group_success
        c["total"] += r.total
    for c in combos.values():
        c["mean_total"] = round(c.pop("total") / c["games"], 3)
    counts = sorted({r.players for r in results})
    return {
        **(meta or {}),
        "engine": ENGINE_VERSION,
        "games": len(results),
        "finished": len(done),
        "unfinished": len(results) - len(done),
        "errors": sorted({r.error for r in results if r.error})[:5],
        "rounds": spread([r.rounds for r in done]),
        "outcome_by_mode": _by_mode(results),
        "solved_by_suit": dict(sorted(Counter(s for s, _ in solved).items())),
        "solved_by_priority": {str(k): v for k, v in sorted(Counter(p for _, p in solved).items())},
        "denied_by_suit": dict(sorted(Counter(s for s, _ in denied).items())),
        "denied_by_priority": {str(k): v for k, v in sorted(Counter(p for _, p in denied).items())},
        "actions": dict(actions),
        "stress": {"final_mean": round(sum(sum(r.stress) for r in done) / max(1, sum(r.players for r in done)), 3),
                   "stress5_ends": sum(r.stress5_ends for r in results),
                   "freedom_spent": sum(r.freedom_spent for r in results),
                   "attacks_cancelled": sum(r.attacks_cancelled for r in results)},
        "darvo": {"triggers": sum(r.darvo_triggers for r in results), "stages": dict(stages),
                  "cancelled_by_bond": sum(r.darvo_cancelled for r in results),
                  "reverses_rejected": sum(r.reverses_rejected for r in results),
                  "blames": sum(r.blames for r in results)},
        "seats": {str(n): _seats(results, n) for n in counts},
        "combinations": combos,
    }


def _counts(d: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in d.items()) or "-"


def rows(report: dict, explain: bool) -> list[tuple[str, str]]:
    """The measures of one report as (name, value) rows."""
    rd = report["rounds"]
    out = [("finished / unfinished", f"{report['finished']} / {report['unfinished']}"),
           ("rounds mean / median / p90", f"{rd['mean']} / {rd['median']} / {rd['p90']}")]
    for mode, m in report["outcome_by_mode"].items():
        extra = (f"mastery mean {m['mastery']['mean']}" if "mastery" in m else
                 f"decided by {_counts(m['tiebreaks'])}")
        out.append((f"{mode}: won / lost", f"{m['won']} / {m['lost']} ({m['group_success_rate']:.1%}); total mean "
                                          f"{m['total']['mean']}; {extra}"))
    out += [("solved by suit", _counts(report["solved_by_suit"])),
            ("solved by priority", _counts(report["solved_by_priority"])),
            ("denied by suit", _counts(report["denied_by_suit"])),
            ("denied by priority", _counts(report["denied_by_priority"])),
            ("stress", f"final mean {report['stress']['final_mean']}; Stress-5 Ends {report['stress']['stress5_ends']}; "
                       f"Freedom spent {report['stress']['freedom_spent']}; Attacks cancelled "
                       f"{report['stress']['attacks_cancelled']}"),
            ("DARVO", f"triggered {report['darvo']['triggers']}; stages {_counts(report['darvo']['stages'])}; "
                      f"cancelled by a Bond {report['darvo']['cancelled_by_bond']}; Reverses rejected "
                      f"{report['darvo']['reverses_rejected']}; Blame {report['darvo']['blames']}")]
    for n, s in report["seats"].items():
        if s["games"]:
            out.append((f"{n}p wins by seat (competitive)", " ".join(map(str, s["wins_by_seat"]))))
            if explain:
                ci = s["first_lead_ci95"]
                out.append((f"{n}p first Lead's win rate", f"{s['first_lead_win_rate']:.1%} [{ci[0]:.1%}, {ci[1]:.1%}] "
                                                           f"(fair share {s['fair_share']:.1%})"))
    if explain:
        out.append(("actions chosen", _counts(report["actions"])))
        out.append(("points come from", "Solve only; claimed Problems by suit: " + _counts(report["solved_by_suit"])))
    return out
