"""Small statistics shared by every game's report: rates with 95% Wilson score intervals."""

from __future__ import annotations

import statistics
from math import sqrt

Z95 = 1.959964


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of k successes in n trials ((0, 1) when n is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def rate(k: int, n: int) -> dict:
    """{'k', 'n', 'rate', 'ci95'}: a share with its 95% interval, rounded for reports."""
    lo, hi = wilson(k, n)
    return {"k": k, "n": n, "rate": round(k / n, 4) if n else None, "ci95": [round(lo, 4), round(hi, 4)]}


def spread(values: list[int]) -> dict[str, float | None]:
    """mean, median and p90 (nearest rank) of a list, None when empty."""
    if not values:
        return {"mean": None, "median": None, "p90": None}
    ordered = sorted(values)
    p90 = ordered[max(0, -(-9 * len(ordered) // 10) - 1)]
    return {"mean": round(statistics.fmean(ordered), 3), "median": statistics.median(ordered), "p90": p90}
