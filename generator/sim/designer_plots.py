"""The designer's page's pictures and the tables they are drawn from: each seat's win rate with its 95% Wilson
interval, the games' lengths with their 95% interval (capped games counted at the cap, and how many), and each
ruling's paired difference with the printed ruling with its 95% paired interval.

Every number comes from the sweep's statistics (sweep/tally.summary, sweep/compare.compare, computed in
designer.py); each figure is drawn from the very rows its table prints, and the PNGs are written the sweep's way
(sweep/html._png: Agg, no Software or date field), so two renders are byte-identical."""

from __future__ import annotations

from markupsafe import Markup

from .lab import lab
from .sweep import html as sweep_html
from .sweep.compare import is_share
from .sweep.report import _pct

def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _img(fig) -> Markup:
    """A figure as an inline PNG (data URI: base64 of the sweep's deterministic PNG; no text of the page in it)."""
    return Markup(sweep_html._png(fig))


def seat_rows(summary: dict) -> list[dict]:
    """Each seat's win share among the games won by one seat alone, with its Wilson interval (the table's rows)."""
    return [{"seat": i + 1, "k": s["k"], "n": s["n"], "rate": s["rate"], "low": s["ci95"][0], "high": s["ci95"][1]}
            for i, s in enumerate(summary.get("seats") or [])]


def seat_figure(rows: list[dict], fair: float, title: str) -> Markup | None:
    """Win rate by seat: a dot per seat, its Wilson interval as whiskers, the fair share as a grey line."""
    if not rows:
        return None
    from matplotlib.ticker import PercentFormatter

    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.4, 0.42 * len(rows) + 1.3))
    for y, r in enumerate(rows):
        ax.errorbar(r["rate"], y, xerr=[[r["rate"] - r["low"]], [r["high"] - r["rate"]]], fmt="o", ms=4,
                    color="C0", capsize=3)
    ax.axvline(fair, color="#777", lw=1, ls="--")
    ax.set_yticks(range(len(rows)), [f"seat {r['seat']}" for r in rows])
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("share of the games won by one seat alone (whiskers: 95% Wilson interval; dashed: fair share)\n"
                  "seat 1 plays first, seat 2 next, ...", fontsize=8)
    ax.set_title(title, fontsize=9)
    return _img(fig)


def length_rows(reports: list[dict]) -> list[dict]:
    """Per column (printed, then each alternative): mean length counting capped games at the cap, its interval,
    how many games were capped, and the mean of the finished ones."""
    out = []
    for r in reports:
        s = r["per_game"]["summary"]
        ln = s["length"]
        ci = ln.get("ci95_with_capped") or [ln["mean_with_capped"], ln["mean_with_capped"]]
        out.append({"variant": r["variant"], "games": s["games"], "mean": ln["mean_with_capped"], "low": ci[0],
                    "high": ci[1], "capped": ln.get("capped", 0), "finished_mean": ln["mean"]})
    return out


def length_figure(rows: list[dict], unit: str, title: str) -> Markup | None:
    """Mean game length per column with its 95% interval; columns with capped games say how many."""
    if not rows or any(r["mean"] is None for r in rows) or all(r["low"] == r["high"] == rows[0]["mean"] for r in rows):
        return None  # (a game whose every game lasts the same rounds: the table says so)
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.4, 0.32 * len(rows) + 1.3))
    for y, r in enumerate(rows):
        ax.errorbar(r["mean"], y, xerr=[[r["mean"] - r["low"]], [r["high"] - r["mean"]]], fmt="s", ms=4,
                    color="C3" if r["capped"] else "C2", capsize=3)
    ax.set_yticks(range(len(rows)), [r["variant"] + (f"  ({r['capped']} capped)" if r["capped"] else "")
                                     for r in rows], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel(f"{unit} per game, capped games counted at the cap (whiskers: 95% interval; red: some capped)")
    ax.set_title(title, fontsize=9)
    return _img(fig)


def _num(x: float, share: bool) -> str:
    return f"{x:+.1%}" if share else f"{x:+.2f}"


def difference_rows(reports: list[dict]) -> list[dict]:
    """Each alternative's paired comparison with the printed ruling: its verdict, and per measure before, after,
    the difference with its 95% paired interval, the games that moved and the test's p-value."""
    out = []
    for r in reports[1:]:
        c = r["per_game"].get("paired")
        if not c:
            continue
        measures = []
        for name, m in c.get("measures", {}).items():
            share = is_share(m)
            fmt = _pct if share else (lambda v: f"{v:.2f}")
            measures.append({"name": name, "share": share, "before": fmt(m["before"]), "after": fmt(m["after"]),
                             "difference": m["difference"], "low": m["ci95"][0], "high": m["ci95"][1],
                             "text": f"{_num(m['difference'], share)} [{_num(m['ci95'][0], share)}, "
                                     f"{_num(m['ci95'][1], share)}]",
                             "moved": f"{m['gained']} gained, {m['lost']} lost" if "gained" in m else
                             f"{m['higher']} higher, {m['lower']} lower",
                             "test": f"{m['test']}: p " + ("< 0.0001" if m["p"] < 0.0001 else f"= {sweep_html._p(m['p'])}"),
                             "zero": m["ci95"][0] <= 0 <= m["ci95"][1]})
        nothing = not c["changed"] and all(m["low"] == m["high"] == 0 for m in measures)
        out.append({"variant": r["variant"], "verdict": c["verdict"], "games": c["games"], "changed": c["changed"],
                    "measures": [] if nothing else measures, "nothing": nothing})
    return out


def difference_figure(rows: list[dict], title: str) -> Markup | None:
    """The paired differences of the shares (seat wins, together, tie, unfinished) and, on a second axis, of the
    numbers (length, a game's own measures): dot and 95% whiskers per variant and measure, red when the interval excludes 0.
    A variant that changed nothing has no rows (its verdict says so); the title names them."""
    from matplotlib.ticker import PercentFormatter

    panels = [[(f"{v['variant']}: {m['name']}", m) for v in rows for m in v["measures"] if m["share"] == share]
              for share in (True, False)]
    panels = [p for p in panels if p]
    if not panels:
        return None
    plt = _plt()
    heights = [0.22 * len(p) + 0.9 for p in panels]
    fig, axes = plt.subplots(len(panels), 1, figsize=(7.2, sum(heights) + 0.5), squeeze=False,
                             gridspec_kw={"height_ratios": heights})
    for ax, panel in zip(axes[:, 0], panels):
        for y, (_, m) in enumerate(panel):
            ax.errorbar(m["difference"], y, xerr=[[m["difference"] - m["low"]], [m["high"] - m["difference"]]],
                        fmt="o", ms=3, capsize=2, color="C0" if m["zero"] else "C3")
        ax.axvline(0, color="#777", lw=1)
        ax.set_yticks(range(len(panel)), [label for label, _ in panel], fontsize=6)
        ax.invert_yaxis()
        if panel[0][1]["share"]:
            ax.xaxis.set_major_formatter(PercentFormatter(1.0))
        ax.set_xlabel(("share of the games" if panel[0][1]["share"] else "rounds, turns or points") +
                      ": variant minus printed, same seeds (95% paired interval; red: excludes 0)", fontsize=7)
    still = [v["variant"] for v in rows if v["nothing"]]
    axes[0, 0].set_title(title + (f"\n(no game changed under {', '.join(still)})" if still else ""), fontsize=9)
    fig.tight_layout()
    return _img(fig)


def figures(game: str, reports: list[dict], label: str) -> dict:
    """The pictures and tables of one game and policy (reports: the printed column first). Labels are drawn as
    plain text: a `$` in a ruling's value is never read as mathtext."""
    import matplotlib

    with matplotlib.rc_context({"text.parse_math": False}):
        return _figures(game, reports, label)


def _figures(game: str, reports: list[dict], label: str) -> dict:
    printed = reports[0]["per_game"]["summary"]
    seats = seat_rows(printed)
    lengths = length_rows(reports)
    diffs = difference_rows(reports)
    return {"seats": seats, "fair": _pct(printed.get("fair_share")) if seats else "",
            "decided": seats[0]["n"] if seats else 0,
            "seat_plot": seat_figure(seats, printed.get("fair_share") or 0, f"Win rate by seat: {label}"),
            "lengths": lengths, "unit": lab(game).unit,
            "length_plot": length_figure(lengths, lab(game).unit, f"Game length: {label}"),
            "diffs": diffs, "diff_plot": difference_figure(diffs, f"Each ruling against the printed one: {label}")}
