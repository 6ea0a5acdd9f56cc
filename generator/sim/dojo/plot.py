"""Report plots with matplotlib (Agg backend): game-length histogram, wins by seat, start 0 vs 3."""

from __future__ import annotations

import io
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def plot_png(report: dict[str, Any], lengths: dict[str, list[int]]) -> bytes:
    """PNG bytes: a histogram of game lengths (one series per label) and the wins by seat."""
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    every = [v for values in lengths.values() for v in values]
    width = max(1, (max(every, default=1) - min(every, default=0)) // 40 + 1)
    bins = list(range(min(every, default=0), max(every, default=1) + width + 1, width))
    for label, values in lengths.items():
        if values:
            ax1.hist(values, bins=bins, alpha=0.6, label=label)
    ax1.set_xlabel("turns until the Final Exam is won")
    ax1.set_ylabel("games")
    ax1.set_title("game length")
    if len(lengths) > 1:
        ax1.legend()
    seats = report["wins_by_seat"]
    ax2.bar([str(i + 1) for i in range(len(seats))], seats, color="#6a8caf")
    ax2.set_xlabel("seat (1 = first player)")
    ax2.set_ylabel("wins")
    ax2.set_title(f"wins by seat ({report['finished']} finished games)")
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()
