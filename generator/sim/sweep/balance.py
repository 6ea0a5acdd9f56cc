"""Seat balance as a test a designer can trust: per cell one test of "every seat wins its fair share" (exact binomial
for two seats, chi-square goodness of fit for more), its p-value, and Holm's correction across the cells of a sweep,
so that a fair game is flagged in at most 5% of sweeps however many cells they have; intervals on the first
player's advantage and on the balance gap.

scipy.stats (binomtest, chisquare) and statsmodels (multipletests, method="holm") do the statistics.
"""

from __future__ import annotations

from math import sqrt

from ..stats import Z95, wilson

ALPHA = 0.05


def _sig(x: float) -> float:
    """A p-value or statistic rounded to 6 significant digits (the same JSON on every machine)."""
    return float(f"{x:.6g}")


def seat_test(sole: list[int]) -> dict | None:
    """The test of equal seats on the games won by one seat alone: {'test', 'statistic', 'p'} (None: no game)."""
    from scipy.stats import binomtest, chisquare

    n = sum(sole)
    if not n:
        return None
    if len(sole) == 2:
        return {"test": "exact binomial", "statistic": sole[0], "p": _sig(binomtest(sole[0], n, 0.5).pvalue)}
    res = chisquare(sole)
    return {"test": "chi-square goodness of fit", "statistic": _sig(float(res.statistic)), "p": _sig(float(res.pvalue)),
            **({"note": "fewer than 5 expected wins a seat: the p-value is approximate"} if n / len(sole) < 5 else {})}


def intervals(sole: list[int]) -> dict:
    """95% intervals: the first player's advantage (seat 1's Wilson interval less the fair share) and the balance gap
    (the difference between the seats winning most and least, a normal interval of that multinomial difference)."""
    n, m = sum(sole), len(sole)
    fair = 1 / m
    lo, hi = wilson(sole[0], n)
    rates = [k / n for k in sole]
    top, low = rates.index(max(rates)), rates.index(min(rates))
    d = rates[top] - rates[low]
    half = Z95 * sqrt(max(0.0, rates[top] + rates[low] - d * d) / n)
    return {"first_player_advantage_ci95": [round(lo - fair, 4), round(hi - fair, 4)],
            "balance_gap_ci95": [round(d - half, 4), round(d + half, 4)],
            "balance_gap_seats": [top + 1, low + 1]}


def holm(cells: list[dict]) -> None:
    """Holm's correction over the cells that have a seat test: each gets 'p_holm' and 'unbalanced' (p_holm < 5%)."""
    from statsmodels.stats.multitest import multipletests

    tested = [c for c in cells if c.get("balance_test")]
    if not tested:
        return
    pvals = [c["balance_test"]["p"] for c in tested]
    if len(tested) == 1:  # Holm over one test is the test (multipletests would run a full gc.collect() for it)
        reject, corrected = [pvals[0] < ALPHA], pvals
    else:
        reject, corrected, _, _ = multipletests(pvals, alpha=ALPHA, method="holm")
    for c, r, p in zip(tested, reject, corrected):
        c["balance_test"]["p_holm"] = _sig(float(p))
        c["balance_test"]["cells"] = len(tested)
        c["unbalanced"] = bool(r)
