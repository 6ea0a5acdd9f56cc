"""GROUND report plots (matplotlib, Agg): group totals against the threshold by Mode, wins by seat."""

from __future__ import annotations

import io
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def plot_png(report: dict[str, Any], totals: list[tuple[str, int, int]]) -> bytes:
    """PNG bytes: histogram of (total - threshold) per Mode, and competitive wins by seat per player count."""
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    for mode in sorted({m for m, _, _ in totals}):
        margins = [t - th for m, t, th in totals if m == mode]
        ax1.hist(margins, bins=range(min(margins), max(margins) + 2), alpha=0.55, label=mode)
    ax1.axvline(0, color="#444444", linestyle="--", linewidth=1)
    ax1.set_xlabel("group total minus threshold (right of the line: success)")
    ax1.set_ylabel("games")
    ax1.legend(fontsize=7)
    width = 0.15
    for k, (n, s) in enumerate(report["seats"].items()):
        ax2.bar([i + 1 + k * width for i in range(len(s["wins_by_seat"]))], s["wins_by_seat"], width, label=f"{n}p")
    ax2.set_xlabel("seat")
    ax2.set_ylabel("wins (competitive Modes)")
    ax2.legend(fontsize=7)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()
