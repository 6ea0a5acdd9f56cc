"""The sweep's HTML report for a designer: what was played, each cell's seat balance with 95% intervals as a plot
and a table, length and decisiveness, and the rule-coverage table, in words (one section per game)."""

from __future__ import annotations

import base64
import io
import json
from html import escape

from ...content.games import games
from ..lab import lab
from .compare import is_share
from .report import _pct

STYLE = ("body{font-family:sans-serif;max-width:70em;margin:2em auto;color:#222}table{border-collapse:collapse;"
         "margin:1em 0}td,th{border:1px solid #bbb;padding:.25em .5em;text-align:left;vertical-align:top}"
         "th{background:#eee}.flag{background:#fdd}.diff{background:#dfd}.muted{color:#888}.note{color:#555}img{max-width:100%}")


def _png(fig) -> str:
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    return f'<img alt="plot" src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}">'


def plots(report: dict) -> str:
    """Inline PNGs: each seat's win rate with its 95% interval per cell, the outcome of the games per cell, and
    their length per cell (left out when every game has the same length)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cells = report["cells"]
    out = []
    seated = [c for c in cells if "seats" in c]
    if seated:
        fig, ax = plt.subplots(figsize=(10, 0.45 * len(seated) + 1.6))
        labelled: set[int] = set()
        for y, c in enumerate(seated):
            n = len(c["seats"])
            for s, r in enumerate(c["seats"]):
                yy = y + (s - (n - 1) / 2) * 0.8 / n
                ax.errorbar(r["rate"], yy, xerr=[[r["rate"] - r["ci95"][0]], [r["ci95"][1] - r["rate"]]], fmt="o",
                            ms=3, color=f"C{s}", label=None if s in labelled else f"seat {s + 1}")
                labelled.add(s)
            ax.plot([c["fair_share"]] * 2, [y - 0.45, y + 0.45], color="#777", lw=1)
        ax.set_yticks(range(len(seated)), [c["label"] for c in seated], fontsize=7)
        ax.set_xlabel("share of the games won by one seat alone (bars: 95% interval; grey: the fair share)")
        ax.legend(fontsize=7, loc="best")
        out.append(_png(fig))
    parts = (("won by one seat", lambda c: c["games"] - c["shared_wins"] - c["draws"] - c["no_winner"]
              - c["unfinished"]), ("won together", lambda c: c["shared_wins"]), ("tie", lambda c: c["draws"]),
             ("nobody won", lambda c: c["no_winner"]), ("unfinished", lambda c: c["unfinished"]))
    fig, ax = plt.subplots(figsize=(10, 0.3 * len(cells) + 1.4))
    left = [0.0] * len(cells)
    for i, (name, count) in enumerate(parts):
        share = [count(c) / c["games"] if c["games"] else 0 for c in cells]
        if any(share):
            ax.barh(range(len(cells)), share, left=left, color=f"C{i}", label=name)
            left = [a + b for a, b in zip(left, share)]
    ax.set_yticks(range(len(cells)), [c["label"] for c in cells], fontsize=7)
    ax.set_xlabel("share of the games")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    out.append(_png(fig))
    if len({(c["length"]["mean"], c["length"]["p90"]) for c in cells}) > 1:
        fig, ax = plt.subplots(figsize=(10, 0.3 * len(cells) + 1.4))
        ax.barh(range(len(cells)), [c["length"]["mean"] or 0 for c in cells], color="#6a8caf")
        ax.scatter([c["length"]["p90"] or 0 for c in cells], range(len(cells)), marker="|", color="k", label="p90")
        ax.set_yticks(range(len(cells)), [c["label"] for c in cells], fontsize=7)
        ax.set_xlabel(lab(report["game"]).unit + " per game (mean)")
        ax.legend(fontsize=7)
        out.append(_png(fig))
    return "\n".join(out)


def _p(p: float) -> str:
    return "< 0.0001" if p < 0.0001 else f"{p:.4f}"


def gap_seats(c: dict) -> str:
    a, b = c["balance_gap_seats"]
    return f"{a} - {b}"


def _capped(length: dict) -> str:
    """Capped games beside the mean of the finished ones, and the mean with them counted at the cap."""
    if not length.get("capped"):
        return ""
    return f"<br>{length['capped']} capped; with them: {length['mean_with_capped']}"


def _row(c: dict, i: int = 0) -> str:
    if "seats" in c:
        seats = "<br>".join(f"seat {i + 1}: {_pct(s['rate'])} [{_pct(s['ci95'][0])}, {_pct(s['ci95'][1])}]"
                            for i, s in enumerate(c["seats"]))
        fa, gap, bt = c["first_player_advantage_ci95"], c["balance_gap_ci95"], c["balance_test"]
        balance = (f"{c['first_player_advantage']:+.1%} [{fa[0]:+.1%}, {fa[1]:+.1%}]</td><td>{c['balance_gap']:.1%} "
                   f"[{gap[0]:.1%}, {gap[1]:.1%}] (seats {gap_seats(c)})</td><td>{escape(bt['test'])}: p = "
                   f"{_p(bt['p'])}; Holm over {bt['cells']} cells: <b>{_p(bt['p_holm'])}</b>")
    elif not c["games"]:
        seats, balance = "not played (the sweep was stopped)", "-</td><td>-</td><td>-"
    else:
        seats = f"all seats share the outcome: won together in {_pct(c['shared_wins'] / c['games'])}"
        balance = "-</td><td>-</td><td>-"
    sk = c.get("skill")
    if sk and sk["win_rate"]["rate"] is not None:
        a, b = (c["cell"]["policy"].split("/") + [""])[:2]
        w = sk["win_rate"]
        verdict = ("stronger" if sk["edge"] > 0 else "weaker") if sk["significant"] else "no difference shown"
        seats += (f"<br><b>skill</b>: the {escape(a)} player won {_pct(w['rate'])} [{_pct(w['ci95'][0])}, "
                  f"{_pct(w['ci95'][1])}] of the games won alone against {escape(b)} players (fair share "
                  f"{_pct(sk['fair_share'])}): {verdict}")
    d = c.get("decisiveness")
    dec = (f"{_pct(d['decided_by_half'])} by half-time; {d['lead_changes_mean']} lead changes" if d else "-")
    flag = ' class="flag"' if c.get("unbalanced") else ""
    return (f"<tr{flag}><td>{escape(c['label'])}<br><small>a game turn by turn: <code>dojo sweep --sample DIR "
            f"--cell {i} --index 0</code></small></td><td>{c['games']}</td><td>{seats}</td><td>{balance}</td>"
            f"<td>{c['draws'] + c['no_winner']} / {c['unfinished']}</td>"
            f"<td>{c['length']['mean']} / {c['length']['p90']}{_capped(c['length'])}</td><td>{dec}</td></tr>")


def _word(v: object) -> str:
    """A grid value as the command line writes it (true, null, [4, 9]), never a Python repr."""
    return v if isinstance(v, str) else json.dumps(v)


def _axes(grid: dict) -> list[tuple[str, list]]:
    """The grid's axes in the sweep's own order (players, policy, the game's own axes, then the rules)."""
    keys = [k if k in grid else f"rule {k}" for k in grid.get("order", [])]
    return [(k, grid[k]) for k in keys if grid.get(k)]


def sensitivity(report: dict) -> str:
    """For each rule swept over numbers (a cap, a count, ...): seat 1's win rate, the games won by nobody or
    unfinished, and the length against the value, with 95% whiskers, one line per rest of the cell."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    grid, cells, out = report["grid"], report["cells"], []
    for key, values in _axes(grid):
        if not key.startswith("rule ") or len(values) < 2 or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
            continue
        rid = key[5:]
        groups: dict[str, list] = {}
        for c in cells:
            rest = json.dumps({**c["cell"], "rules": {k: v for k, v in c["cell"]["rules"].items() if k != rid}},
                              sort_keys=True)
            groups.setdefault(rest, []).append(c)
        fig, axes = plt.subplots(1, 3, figsize=(12, 3.4))
        for g, members in enumerate(groups.values()):
            members = sorted(members, key=lambda c: c["cell"]["rules"][rid])
            xs = [c["cell"]["rules"][rid] for c in members]
            name = members[0]["label"].replace(f"{rid}={json.dumps(members[0]['cell']['rules'][rid])}", "").strip()
            series = (
                [(c["seats"][0]["rate"], c["seats"][0]["ci95"]) if "seats" in c else (None, None) for c in members],
                [(r, list(_wilson_of(c))) for c in members for r in [(c["no_winner"] + c["unfinished"]) /
                                                                      max(1, c["games"])]],
                [(c["length"]["mean_with_capped"], c["length"]["ci95_with_capped"]) for c in members])
            for ax, pts in zip(axes, series):
                ok = [(x, y, ci) for x, (y, ci) in zip(xs, pts) if y is not None and ci]
                if ok:
                    ax.errorbar([o[0] for o in ok], [o[1] for o in ok], yerr=[[o[1] - o[2][0] for o in ok],
                                                                             [o[2][1] - o[1] for o in ok]],
                                fmt="o-", ms=3, capsize=3, color=f"C{g % 10}", label=name)
        for ax, title in zip(axes, ("seat 1's win rate", "share nobody won or unfinished",
                                    "length (capped games at the cap)")):
            ax.set_title(title, fontsize=8)
            ax.set_xlabel(f"{rid} value", fontsize=8)
            ax.tick_params(labelsize=7)
        axes[0].legend(fontsize=6)
        out.append(f"<h4>Sensitivity to {escape(rid)}</h4>" + _png(fig))
    return "".join(out)


def _wilson_of(c: dict) -> tuple[float, float]:
    from ..stats import wilson

    return wilson(c["no_winner"] + c["unfinished"], c["games"])


def ladder(report: dict) -> str:
    """The round robin's ratings (OpenSkill mu with its 95% interval, best first) and, for two seats, Elo."""
    lad = report.get("ladder")
    if not lad:
        return ""
    rows = "".join(f"<tr><td>{i + 1}</td><td>{escape(n)}</td><td>{r['mu']:.2f} [{r['ci95'][0]:.2f}, "
                   f"{r['ci95'][1]:.2f}]</td><td>{r['games']}</td></tr>" for i, (n, r) in
                   enumerate(lad["ratings"].items()))
    elo = "".join(f"<tr><td>{escape(k)}</td><td>{e['wins']} - {e['losses']}</td><td>{e['elo']} [{e['ci95'][0]}, "
                  f"{e['ci95'][1]}]</td></tr>" for k, e in lad.get("elo", {}).items())
    return (f"<h3>Policy ladder</h3><p class='note'>{escape(lad['model'])}; seats rotated in every pairing. "
            "Rating: mu with mu +/- 1.96 sigma.</p><table><tr><th>#</th><th>policy</th><th>rating [95% interval]"
            f"</th><th>games</th></tr>{rows}</table>" +
            (f"<table><tr><th>pair</th><th>decided games won - lost</th><th>Elo difference [95% interval]</th>"
             f"</tr>{elo}</table>" if elo else ""))


def skill_trace(report: dict) -> str:
    """Skill against search budget: pairing cells whose A policies are one policy at budgets (rollout-1 ... and
    rollout, the whole game), the A player's share of the games won alone with 95% whiskers, per rest of the cell."""
    import re

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    series: dict[str, list] = {}
    for c in report["cells"]:
        sk, pol = c.get("skill"), c["cell"]["policy"]
        m = re.fullmatch(r"([a-z]+)(?:-(\d+))?/(.+)", pol)
        if not sk or not m or sk["win_rate"]["rate"] is None:
            continue
        budget = int(m[2]) if m[2] else 5 if m[1] == "rollout" else None
        if budget is None:
            continue
        rest = json.dumps({**c["cell"], "policy": f"{m[1]}/{m[3]}"}, sort_keys=True)
        series.setdefault(rest, []).append((budget, sk["win_rate"], c["label"]))
    series = {k: sorted(v) for k, v in series.items() if len({b for b, _, _ in v}) > 1}
    if not series:
        return ""
    fig, ax = plt.subplots(figsize=(7, 3.4))
    for g, pts in enumerate(series.values()):
        ax.errorbar([b for b, _, _ in pts], [w["rate"] for _, w, _ in pts],
                    yerr=[[w["rate"] - w["ci95"][0] for _, w, _ in pts], [w["ci95"][1] - w["rate"] for _, w, _ in pts]],
                    fmt="o-", ms=3, capsize=3, color=f"C{g % 10}", label=pts[0][2].split(" ", 2)[-1][:40])
    ax.set_xlabel("rounds searched ahead (5: the whole game)", fontsize=8)
    ax.set_ylabel("A player's share of the games won alone", fontsize=8)
    ax.legend(fontsize=6)
    return "<h3>Skill against search budget</h3>" + _png(fig)


def _num(x: float, share: bool) -> str:
    return f"{x:+.1%}" if share else f"{x:+.3g}"


def comparisons(report: dict) -> str:
    """Each variant against the printed rule on the same seeds: games changed, and per measure the values before
    and after, the paired difference with its 95% interval and the test's p-value; a plot of the differences."""
    comps = report.get("comparisons") or []
    if not comps:
        return ""
    blocks = []
    for c in comps:
        rows = []
        for name, m in c.get("measures", {}).items():
            share = is_share(m)
            before, after = (_pct(m["before"]), _pct(m["after"])) if share else (m["before"], m["after"])
            moved = (f"{m['gained']} gained, {m['lost']} lost" if "gained" in m else
                     f"{m['higher']} higher, {m['lower']} lower")
            zero = m["ci95"][0] <= 0 <= m["ci95"][1]
            rows.append(f"<tr{'' if zero else ' class=diff'}><td>{escape(name)}</td><td>{before}</td><td>{after}</td>"
                        f"<td>{_num(m['difference'], share)} [{_num(m['ci95'][0], share)}, "
                        f"{_num(m['ci95'][1], share)}]</td><td>{moved}</td><td>{escape(m['test'])}: "
                        f"{_p(m['p'])}</td></tr>")
        blocks.append(f"<h4>{escape(c['rule'])} = {escape(_word(c['value']))} against the printed "
                      f"{escape(_word(c['printed']))} ({escape(c['against'])})</h4><p><b>{escape(c['verdict'])}</b>"
                      f"</p><table><tr><th>measure</th><th>printed rule</th><th>variant</th><th>difference [95% "
                      f"paired interval]</th><th>games that moved</th><th>test: p-value</th></tr>{''.join(rows)}"
                      "</table>")
    return ("<h3>Rule variants against the printed rule (same seeds, game by game)</h3><p class='note'>Game "
            "<i>i</i> of a variant and game <i>i</i> of the printed rule use the same dice: the difference is "
            "measured pair by pair, and a variant that changes nothing shows 0 changed games, not two close "
            "columns. A green row's interval excludes 0.</p>" + _diff_plot(comps) + "".join(blocks))


def _diff_plot(comps: list[dict]) -> str:
    """The paired differences of the win rates (seat 1, together, tie, unfinished) with their 95% whiskers."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [(f"{c['rule']}={_word(c['value'])}: {name} ({c['against']})", m) for c in comps
            for name, m in c.get("measures", {}).items() if is_share(m)]
    if not rows:
        return ""
    fig, ax = plt.subplots(figsize=(10, 0.28 * len(rows) + 1.4))
    for y, (_, m) in enumerate(rows):
        ax.errorbar(m["difference"], y, xerr=[[m["difference"] - m["ci95"][0]], [m["ci95"][1] - m["difference"]]],
                    fmt="o", ms=3, color="C0" if m["ci95"][0] <= 0 <= m["ci95"][1] else "C3")
    ax.axvline(0, color="#777", lw=1)
    ax.set_yticks(range(len(rows)), [r[0] for r in rows], fontsize=6)
    ax.set_xlabel("variant minus printed rule, same seeds (bars: 95% paired interval; red: excludes 0)")
    return _png(fig)


def section(report: dict) -> str:
    """One game's section: the grid in words, plots, the cells table and the rule coverage."""
    g = report["game"]
    partial = "" if report["complete"] else (f"<p class='flag'><b>Partial:</b> {report['slices']['done']} of "
                                             f"{report['slices']['total']} slices were played; the figures cover "
                                             "only those games.</p>")
    grid = "; ".join(f"{escape(k)}: {escape(', '.join(map(_word, v)))}" for k, v in _axes(report["grid"]))
    cov = report["coverage"]
    share = (lambda n: _pct(n / cov["games"])) if cov["games"] else (lambda n: "-")
    rows = "".join(
        f"<tr class={'muted' if n is None else 'flag' if not n else 'ok'}><td>{escape(k)}</td>"
        f"<td>{'not recorded' if n is None else n}</td><td>{'-' if n is None else share(n)}</td><td>"
        f"{escape(cov['why_never'].get(k, 'the engine applies it without recording it') if not n else '')}"
        f"</td></tr>" for k, n in cov["rules"].items())
    erows = "".join(f"<tr{' class=flag' if not n else ''}><td>{escape(k)}</td><td>{n}</td><td>{share(n)}</td>"
                    f"<td>{escape(cov.get('why_no_event', {}).get(k, ''))}</td></tr>"
                    for k, n in cov.get("events", {}).items())
    never = ", ".join(cov["never"]) or "none"
    tally = (f"{len(cov['rules'])} rule ids: {sum(1 for n in cov['rules'].values() if n)} fired, "
             f"{len(cov['never'])} recorded but never fired, {len(cov['not_recorded'])} not recorded by the engine")
    return f"""<section><h2>{escape(games()[g].title)}</h2>{partial}
<p>{report['games_played']} games: {report['games_per_cell']} per cell, seed {report['seed']}, engine
{report['engine']}. Grid: {grid}.</p>
<p class="note">A seat's win rate is the share of the games it won alone (seat 1 plays first); the interval is
the 95% Wilson score interval. <b>First player advantage</b>: seat 1's rate less the fair share (1 / players),
with its interval. <b>Balance gap</b>: the largest difference between two seats, with the interval of that
difference. <b>Seat test</b>: how likely seats this unequal are in a fair game (an exact binomial test for two
seats, a chi-square test for more), then corrected for the number of cells of the sweep (Holm). A red row is a cell
whose corrected p-value is under 5%: a fair game gives a red row in at most 1 sweep in 20, however many cells.
<b>Decided by half-time</b>: games in which the final winner led alone from the middle of the game on.
<b>Skill</b> (a pairing A/B: one A player among B players, in each seat in turn, two seats included): the
share of the games won alone that the A player won, against the fair share; a stronger policy wins more.</p>
{plots(report)}
<table><tr><th>cell</th><th>games</th><th>seat win rates [95% interval]</th><th>first player advantage</th>
<th>balance gap</th><th>seat test (p-value)</th><th>draws or no winner / unfinished</th><th>length mean / p90 (finished games)</th><th>decisiveness</th></tr>
{''.join(_row(c, i) for i, c in enumerate(report['cells']))}</table>
{ladder(report)}
{skill_trace(report)}
{comparisons(report)}
{sensitivity(report)}
<h3>Rule coverage</h3><p>{tally}. Rules that never fired in this sweep (red): {escape(never)}.</p>
<table><tr><th>rule</th><th>games it fired in</th><th>share</th><th>why it never fired</th></tr>
{rows}</table>
<h4>Counted events</h4><table><tr><th>event</th><th>games</th><th>share</th><th>why never</th></tr>{erows}</table>
</section>"""


def page(reports: list[dict]) -> str:
    """A whole HTML page: one section per game."""
    body = "\n".join(section(r) for r in reports)
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>dojo sweep</title><style>{STYLE}</style>"
            f"</head><body><h1>Balance lab: seeded sweeps</h1>{body}</body></html>\n")
