"""The designer's view of a Dojo run: where progress comes from, where moves end, seat advantage, ruling variants."""

from __future__ import annotations


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.1%}"


def design_rows(report: dict) -> list[tuple[str, str]]:
    """The design section of a report as (measure, value) rows in words."""
    d = report["design"]
    rows = []
    for name, p in sorted(d["progress"].items(), key=lambda kv: -abs(kv[1]["notches"])):
        share = f", {_pct(p['share_of_gains'])} of all notches gained" if p["share_of_gains"] else ""
        rows.append((f"notches from {name}", f"{p['notches']:+d} ({p['per_game']:+.2f} per game{share})"))
    ends = sorted(d["movement_ends"].items(), key=lambda kv: -kv[1])
    rows.append(("movements end on", ", ".join(f"{k} {_pct(v)}" for k, v in ends)))
    for i, s in enumerate(d["seats"]):
        lo, hi = s["ci95"]
        rows.append((f"seat {i + 1} wins (95% CI)", f"{_pct(s['rate'])} [{_pct(lo)}, {_pct(hi)}] of {s['n']}"))
    adv = d["first_seat_advantage"]
    rows.append(("first seat advantage", "-" if adv is None else
                 f"{adv:+.1%} over the fair {_pct(d['fair_rate'])}; significant at 95%: "
                 f"{'yes' if not d['seats'][0]['ci95'][0] <= d['fair_rate'] <= d['seats'][0]['ci95'][1] else 'no'}"))
    return rows


def print_design(report: dict) -> None:
    """The design report as a table."""
    from rich.console import Console
    from rich.table import Table

    t = Table(title=f"design report: {report['games']} games, {report['players']} players, policy {report['policy']}")
    t.add_column("measure")
    t.add_column("value", overflow="fold")
    for row in design_rows(report):
        t.add_row(*row)
    Console(width=max(100, Console().width)).print(t)


def variant_rows(report: dict) -> dict[str, str]:
    """The measures compared between ruling variants."""
    d = report["design"]
    out = {
        "finished / unfinished": f"{report['finished']} / {report['unfinished']}",
        "stuck moves": str(report["stuck_moves"]),
        "turns mean / p90": f"{report['turns']['mean']} / {report['turns']['p90']}",
        "seat win rates": " ".join(_pct(r) for r in report["seat_win_rates"]),
        "seat spread": str(report["seat_spread"]),
        "Kumite (attacker wins)": f"{report['kumite']['count']} ({report['kumite']['attacker_win_rate']})",
        "Final Exams won / lost": f"{report['final_exam']['won']} / {report['final_exam']['lost']}",
    }
    for name, p in d["progress"].items():
        out[f"notches/game: {name}"] = f"{p['per_game']:+.2f}"
    return out


def print_variants(reports: list[dict]) -> None:
    """One column per ruling variant (the defaults first)."""
    from rich.console import Console
    from rich.table import Table

    t = Table(title="ruling variants side by side (same seeds)")
    t.add_column("measure")
    columns = [variant_rows(r) for r in reports]
    for r in reports:
        t.add_column(r["variant"], overflow="fold")
    for name in columns[0]:
        t.add_row(name, *(c[name] for c in columns))
    Console(width=max(100, Console().width)).print(t)
