"""A sweep's report: each cell's summary (tally.summary) merged from its slice files in order, the rule-coverage
table, a summary table printed for the terminal; complete or, after an interrupt, partial (and saying so)."""

from __future__ import annotations

import json

from ..digest import engine_id
from ..lab import lab
from .balance import holm
from .compare import compare, pairs
from .ruleids import coverage
from .run import count
from .tally import Tally, summary


def label(cell: dict) -> str:
    """A cell in words: what differs between cells."""
    parts = [f"{cell['players']}p", cell["policy"], *lab(cell["game"]).label(cell)]
    parts += [f"{k}={json.dumps(v)}" for k, v in sorted(cell["rules"].items())]
    return " ".join(p for p in parts if p)


def build(spec: dict, have: dict[tuple[int, int, int], Tally]) -> dict:
    """The report of the slices in `have` (all of them: complete; fewer: partial, games counted as played)."""
    target = spec.get("options", {}).get("until_halfwidth")
    stops: dict[int, dict] = {}
    if target is not None:  # only each cell's slices up to its stopping point count
        from .games import slice_size
        from .stopping import prefix

        kept = {}
        for c in range(len(spec["cells"])):
            used, finished, width = prefix(spec, have, c, slice_size(spec["game"]))
            kept.update((sl, have[sl]) for sl in used)
            stops[c] = {"target": target, "halfwidth": round(width, 4), "reached": width <= target,
                        "finished": finished}
        have = kept
    per_cell: dict[int, list] = {}
    for sl in sorted(have):
        per_cell.setdefault(sl[0], []).append(have[sl])
    cells, fired, games = [], {}, 0
    for c, cell in enumerate(spec["cells"]):
        t = Tally(cell["players"])
        for part in per_cell.get(c, []):
            t.merge(part)
        cells.append({"label": label(cell), "cell": cell, **summary(t, not lab(cell["game"]).coop(cell))})
        if c in stops:
            cells[-1]["stopped"] = {**stops[c], "games": t.games}
        for k, v in t.fired.items():
            fired[k] = fired.get(k, 0) + v
        games += t.games
    comparisons = []
    for j, i, rid in pairs(spec):  # a variant against the printed rule, over the slices both played
        common = [sl for sl in sorted(have) if sl[0] == j and (i, sl[1], sl[2]) in have]
        x, y = _joined([have[sl] for sl in common]), _joined([have[(i, sl[1], sl[2])] for sl in common])
        comparisons.append({"rule": rid, "value": spec["cells"][i]["rules"][rid],
                            "printed": spec["cells"][j]["rules"][rid], "cell": cells[i]["label"],
                            "against": cells[j]["label"], **compare(spec, x, y)})
    from .ladder import ladder

    ranks = ladder(spec, have)
    holm(cells)  # the flag: a seat test corrected for the number of cells (a fair game: <= 5% of sweeps flagged)
    total = count(spec)
    complete = all(s["finished"] for s in stops.values()) if stops else len(have) == total
    return {"game": spec["game"], "engine": engine_id(), "seed": spec["seed"], "games_per_cell": spec["games"],
            "grid": spec["grid"], "complete": complete,
            "slices": {"done": len(have), "total": total}, "games_played": games,
            "cells": cells, "comparisons": comparisons, **({"ladder": ranks} if ranks else {}), "coverage": coverage(spec["game"], fired, games)}


def _joined(parts: list[Tally]) -> dict:
    """The per-game records of some slices of one cell, in game order."""
    out: dict = {"outcomes": "", "lengths": [], "values": {}, "seats": parts[0].seats if parts else 2}
    for t in parts:
        out["outcomes"] += "".join(t.outcomes)
        out["lengths"] += t.lengths
        for k, v in t.values.items():
            out["values"].setdefault(k, []).extend(v)
    return out


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.1%}"


def print_table(report: dict) -> None:
    """The cells as a table: seats with intervals, first player, balance, draws, unfinished, length, decisiveness."""
    from rich.console import Console
    from rich.table import Table

    state = "" if report["complete"] else (f" PARTIAL: {report['slices']['done']} of {report['slices']['total']} "
                                           "slices complete")
    t = Table(title=f"dojo sweep --game {report['game']}: {report['games_played']} games, seed "
                    f"{report['seed']}{state}")
    for col in ("cell", "games", "seat win rates (widest 95% CI ±)", "1st player", "gap", "draws/none/unfin.",
                "length mean/p90 (capped)", "decided by half"):
        t.add_column(col, overflow="fold")
    for c in report["cells"]:
        seats = (" ".join(_pct(s["rate"]) for s in c["seats"]) + " ±" + _pct(max(
            (s["ci95"][1] - s["ci95"][0]) / 2 for s in c["seats"]))) if "seats" in c else \
            (f"shared outcome: won {c['shared_wins']}/{c['games']}" if c["games"] else "not played")
        sk = c.get("skill")
        if sk and sk["win_rate"]["rate"] is not None:
            seats += f"; {c['cell']['policy'].split('/')[0]} wins {_pct(sk['win_rate']['rate'])} (fair " \
                     f"{_pct(sk['fair_share'])}){' *' if sk['significant'] else ''}"
        gap = f"{c['balance_gap']:.1%}{' !' if c['unbalanced'] else ''}" if "seats" in c else "-"
        d = c.get("decisiveness")
        t.add_row(c["label"], str(c["games"]), seats,
                  f"{c['first_player_advantage']:+.1%}" if "seats" in c else "-", gap,
                  f"{c['draws']}/{c['no_winner']}/{c['unfinished']}",
                  f"{c['length']['mean']}/{c['length']['p90']} ({c['length']['capped']})", _pct(d["decided_by_half"]) if d else "-")
    Console(width=max(120, Console().width)).print(t)
    for c in report.get("comparisons", []):
        moved = [f"{k} {m['difference']:+.3g} [{m['ci95'][0]:+.3g}, {m['ci95'][1]:+.3g}]"
                 for k, m in c.get("measures", {}).items() if not m["ci95"][0] <= 0 <= m["ci95"][1]]
        print(f"{c['rule']}={json.dumps(c['value'])} against {json.dumps(c['printed'])} ({c['against']}): "
              f"{c['verdict']}" + (f"; differs: {'; '.join(moved)}" if moved else ""))
    lad = report.get("ladder")
    if lad:
        print("ladder (OpenSkill mu [95%]): " + "; ".join(f"{n} {r['mu']:.1f} [{r['ci95'][0]:.1f}, {r['ci95'][1]:.1f}]"
                                                          for n, r in lad["ratings"].items()))
    never = report["coverage"]["never"]
    print(f"rules that never fired: {', '.join(never) if never else 'none'} ({len(report['coverage']['not_recorded'])} "
          f"of {len(report['coverage']['rules'])} rule ids are not recorded by the engine); '!' = the seat test rejects equal "
          "seats (p < 5% after Holm's correction over the cells)" + ("; A/B: the A player's share of the games won alone ('*': its interval excludes the "
                              "fair share)" if any("skill" in c for c in report["cells"]) else ""))
