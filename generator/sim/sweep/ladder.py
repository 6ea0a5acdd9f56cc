"""The policy ladder of a round robin (`dojo sweep --ladder`, or any sweep with pairing cells): every pairing cell A/B
(one A player among B players, the A player in each seat in turn) read game by game as matches of A against each
B player: A beat them all when it won alone, lost to the one B who won alone (a draw with the other Bs), and drew
with every B otherwise (a tie, nobody, unfinished). So at a fair table (each player winning 1/players) A and B rate
alike. OpenSkill's Plackett-Luce model rates the policies over those matches in the sweep's order (cells, then
games), each with mu +/- 1.96 sigma; for two seats also Elo differences of each pair with 95% intervals (from the
Wilson interval of A's share of the decided games).
"""

from __future__ import annotations

from math import log10

from ..stats import Z95, wilson


def ladder(spec: dict, have: dict) -> dict | None:
    """The ratings of the policies of the sweep's pairing cells (None when it has none)."""
    from openskill.models import PlackettLuce

    cells = [(c, cell) for c, cell in enumerate(spec["cells"]) if "/" in cell["policy"]]
    if not cells:
        return None
    model = PlackettLuce()
    ratings: dict[str, object] = {}
    games: dict[str, int] = {}
    pairs: dict[tuple[str, str], list[int]] = {}
    for c, cell in cells:
        a, b = cell["policy"].split("/")
        ra, rb = (ratings.setdefault(x, model.rating(name=x)) for x in (a, b))
        score = pairs.setdefault(tuple(sorted((a, b))), [0, 0])
        for sl in sorted(sl for sl in have if sl[0] == c):
            t = have[sl]
            for out, seat in zip(t.outcomes, t.foci):
                for j in range(t.seats - 1):  # A against each B player: won, lost (to the B who won) or neither
                    ranks = [1, 2] if out == seat else [2, 1] if out.isdigit() and j == 0 else [1, 1]
                    [[ra], [rb]] = model.rate([[ra], [rb]], ranks=ranks)
                if out.isdigit():  # a decided game: did the alphabetically first policy of the pair win it?
                    score[0 if (out == seat) == (a < b) else 1] += 1
                games[a] = games.get(a, 0) + 1
                games[b] = games.get(b, 0) + 1
        ratings[a], ratings[b] = ra, rb
    table = {name: {"mu": round(r.mu, 4), "sigma": round(r.sigma, 4),
                    "ci95": [round(r.mu - Z95 * r.sigma, 4), round(r.mu + Z95 * r.sigma, 4)],
                    "games": games[name]} for name, r in ratings.items()}
    order = sorted(table, key=lambda n: (-(table[n]["mu"] - 3 * table[n]["sigma"]), n))
    out: dict = {"model": "OpenSkill Plackett-Luce: each game, the A player against each B player (won, lost to the B "
                          "who won alone, or drawn)",
                 "order": order, "ratings": {n: table[n] for n in order}}
    if all(cell["players"] == 2 for _, cell in cells):
        out["elo"] = {f"{x} vs {y}": _elo(*pairs[(x, y)]) for x, y in sorted(pairs)}
    return out


def _elo(wins: int, losses: int) -> dict:
    """The Elo difference of the first policy over the second from its decided games, with a 95% interval."""
    n = wins + losses

    def elo(s: float) -> float | None:
        return None if s <= 0 or s >= 1 else round(400 * log10(s / (1 - s)), 1)

    lo, hi = wilson(wins, n)
    return {"wins": wins, "losses": losses, "elo": elo(wins / n) if n else None, "ci95": [elo(lo), elo(hi)]}
