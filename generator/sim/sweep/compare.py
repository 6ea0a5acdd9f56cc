"""Paired comparison of a rule variant with the printed rule: every value of a sweep plays the same seeds, so game i
under the variant and game i under the printed rule are a pair. For each measure, the mean paired difference with
its 95% interval; the number of games whose outcome changed; McNemar's exact test for a yes/no measure (did seat s
win alone, did the table win together, ...) and a sign test for a number (length, and each game's own measures).

A variant that changed no game says so ("changed 0 of N games"): it is not a rule that cancels out, it did nothing
on these seeds. statsmodels (mcnemar) and scipy (binomtest, t) do the statistics.
"""

from __future__ import annotations

import json
from math import sqrt

from .balance import _sig

BINARY = (("tie or nobody won", "tn"), ("won together", "="), ("unfinished", "u"))


def printed(game: str, rid: str) -> object:
    """The printed value of a ruling (the game's lab's `printed`: its defaults or its rulings file)."""
    from ..lab import lab

    return lab(game).printed(rid)


def is_share(measure: dict) -> bool:
    """Whether a compared measure is a share of the games (a yes/no per game, McNemar's test) rather than a number
    (length, a game's own values: the sign test)."""
    return "gained" in measure


def _key(v: object) -> str:
    return json.dumps(v, sort_keys=True)


def pairs(spec: dict) -> list[tuple[int, int, str]]:
    """(printed-rule cell, variant cell, rule id): cells equal but for one rule, whose value in the first is the
    printed one (or, when the sweep does not play the printed value, its first value)."""
    cells = spec["cells"]
    base = {}
    for rid, values in spec["grid"].get("printed", {}).items():
        played = [_key(v) for v in spec["grid"][f"rule {rid}"]]
        base[rid] = _key(values) if _key(values) in played else played[0]
    index = {_key(c): i for i, c in enumerate(cells)}
    out = []
    for i, c in enumerate(cells):
        for rid, b in base.items():
            if _key(c["rules"][rid]) != b:
                partner = {**c, "rules": {**c["rules"], rid: json.loads(b)}}
                j = index.get(_key(partner))
                if j is not None:
                    out.append((j, i, rid))
    return out


def _paired(xs: list[int], ys: list[int]) -> dict:
    """The mean difference y - x over pairs with a 95% interval (normal; scipy's t below 30 pairs)."""
    n = len(xs)
    d = [y - x for x, y in zip(xs, ys)]
    m = sum(d) / n
    sd = sqrt(sum((v - m) ** 2 for v in d) / (n - 1)) if n > 1 else 0.0
    if n < 30:
        from scipy.stats import t as student

        z = float(student.ppf(0.975, max(1, n - 1)))
    else:
        z = 1.959964
    half = z * sd / sqrt(n)
    return {"before": round(sum(xs) / n, 4), "after": round(sum(ys) / n, 4), "difference": round(m, 4),
            "ci95": [round(m - half, 4), round(m + half, 4)]}


def _mcnemar(xs: list[int], ys: list[int]) -> dict:
    from statsmodels.stats.contingency_tables import mcnemar

    lost = sum(1 for x, y in zip(xs, ys) if x and not y)
    gained = sum(1 for x, y in zip(xs, ys) if y and not x)
    same1 = sum(1 for x, y in zip(xs, ys) if x and y)
    p = 1.0 if not lost + gained else float(mcnemar([[same1, lost], [gained, len(xs) - same1 - lost - gained]],
                                                    exact=True).pvalue)
    return {"test": "McNemar exact", "gained": gained, "lost": lost, "p": _sig(p)}


def _sign(xs: list[int], ys: list[int]) -> dict:
    from scipy.stats import binomtest

    up = sum(1 for x, y in zip(xs, ys) if y > x)
    down = sum(1 for x, y in zip(xs, ys) if y < x)
    return {"test": "sign test", "higher": up, "lower": down,
            "p": 1.0 if not up + down else _sig(binomtest(up, up + down).pvalue)}


def compare(spec: dict, a: dict, b: dict) -> dict:
    """Two cells' paired games (per-game records of merged tallies, game order; only games both played)."""
    n = min(len(a["outcomes"]), len(b["outcomes"]))
    oa, ob = a["outcomes"][:n], b["outcomes"][:n]
    out = {"games": n, "changed": sum(x != y for x, y in zip(oa, ob))}
    if not n:
        return {**out, "measures": {}, "verdict": "not compared: no game was played under both (a partial sweep)"}
    measures = {}
    seats = a["seats"]
    binary = [(f"seat {s + 1} won alone", str(s)) for s in range(seats)] + list(BINARY)
    for name, chars in binary:
        xs = [int(c in chars) for c in oa]
        ys = [int(c in chars) for c in ob]
        if any(xs) or any(ys):
            measures[name] = {**_paired(xs, ys), **_mcnemar(xs, ys)}
    numbers = {"length": (a["lengths"][:n], b["lengths"][:n])}
    for k in sorted(set(a["values"]) & set(b["values"])):
        numbers[k] = (a["values"][k][:n], b["values"][k][:n])
    for name, (xs, ys) in numbers.items():
        measures[name] = {**_paired(xs, ys), **_sign(xs, ys)}
    out["measures"] = measures
    out["verdict"] = (f"changed 0 of {n} games: no outcome, length or measure differs on these seeds"
                      if not out["changed"] and all(not m.get("higher") and not m.get("lower") for m in
                                                    measures.values())
                      else f"changed the outcome of {out['changed']} of {n} games")
    return out
