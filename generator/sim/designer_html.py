"""The designer's page as HTML (designer.py computes its figures): one section per game (its title from the games
table, its rows, words and sweep from its lab, generator/sim/lab.py), in words and tables, with the same rows
`dojo sim --explain` and `dojo sim --rule ...` print. Written from a Jinja2 template with autoescape
(output/html.py): every figure and text, cached or not, is escaped by the template engine."""

from __future__ import annotations

from ..content.games import games
from ..output.html import render_html
from .lab import lab, labs
from .designer_plots import figures
from .sweep.report import _pct

STYLE = ("body{font-family:sans-serif;max-width:75em;margin:2em auto;color:#222;line-height:1.35}table{border-collapse:"
         "collapse;margin:.6em 0 1.2em}td,th{border:1px solid #bbb;padding:.2em .45em;text-align:left;vertical-align:"
         "top;font-size:.9em}th{background:#eee}.note{color:#555}code{background:#f4f4f4;padding:0 .2em}"
         ".diff{background:#fde2dc}.fig img{max-width:100%}h4{margin:1em 0 .3em}")

TABLE = """<table><tr>{% for h in head %}<th>{{ h }}</th>{% endfor %}</tr>{% for r in rows %}<tr>{% for c in r %}\
<td>{{ c }}</td>{% endfor %}</tr>{% endfor %}</table>"""
SECTION = """{% macro table(head, rows) %}""" + TABLE + """{% endmacro %}
<section><h2>{{ title }}</h2>
{% for p in policies %}
<h3>As printed: policy <code>{{ p.policy }}</code>, {{ p.games }} games</h3>
{{ table(["measure", "value"], p.printed) }}
{% set f = p.fig %}
<h4>Win rate by seat in turn order (as printed; seat 1 plays first, as the sweep counts)</h4>
{% if f.seats %}<div class='fig'>{{ f.seat_plot }}</div>
<table class='seats'><tr><th>seat</th><th>won alone</th><th>win rate</th><th>95% interval (Wilson)</th></tr>{% for r in f.seats %}<tr><td>{{ r.seat }}</td><td>{{ r.k }} of {{ r.n }}</td><td>{{ pct(r.rate) }}</td><td>{{ pct(r.low) }} to {{ pct(r.high) }}</td></tr>{% endfor %}</table>
<p class='note'>Shares of the {{ f.decided }} games won by one seat alone; the fair share is {{ f.fair }}.</p>
{% else %}<p>No game was won by one seat alone: the seats share every outcome.</p>{% endif %}
<h4>Game length</h4>
{% if f.length_plot %}<div class='fig'>{{ f.length_plot }}</div>{% endif %}
<table class='lengths'><tr><th>rules</th><th>games</th><th>mean {{ f.unit }} (capped at the cap)</th><th>95% interval</th><th>capped</th><th>mean of the finished</th></tr>{% for r in f.lengths %}<tr><td>{{ r.variant }}</td><td>{{ r.games }}</td><td>{{ num(r.mean) }}</td><td>{{ num(r.low) }} to {{ num(r.high) }}</td><td>{{ r.capped }}</td><td>{{ r.finished_mean if r.finished_mean is not none else "-" }}</td></tr>{% endfor %}</table>
{% if p.side %}
<p>Each ruling against its alternative, one at a time, on the same seeds (a difference between two columns is \
measured more precisely than either figure):</p>
{{ table(p.side.head, p.side.rows) }}
<h4>The differences: each ruling minus the printed one, game by game</h4>
<p class='note'>Game <i>i</i> of a ruling and game <i>i</i> as printed use the same dice: the difference is measured pair by pair (95% paired interval; McNemar's exact test for a share, a sign test for a number). A ruling that changes nothing says so. Red in the plot and a shaded row: the interval excludes 0.</p>
{% if f.diff_plot %}<div class='fig'>{{ f.diff_plot }}</div>{% endif %}
{% for d in f.diffs %}<p><b>{{ d.variant }}</b>: {{ d.verdict }}.</p>
{% if d.measures %}<table class='diffs'><tr><th>measure</th><th>printed</th><th>{{ d.variant }}</th><th>difference [95% paired interval]</th><th>games that moved</th><th>test</th></tr>{% for m in d.measures %}<tr{% if not m.zero %} class='diff'{% endif %}><td>{{ m.name }}</td><td>{{ m.before }}</td><td>{{ m.after }}</td><td>{{ m.text }}</td><td>{{ m.moved }}</td><td>{{ m.test }}</td></tr>{% endfor %}</table>{% endif %}
{% endfor %}
{% if p.words %}<ul>{% for variant, text in p.words %}<li><b>{{ variant }}</b> against the printed ruling: \
{{ text }}</li>{% endfor %}</ul>{% endif %}
{% endif %}
{% endfor %}
{% if skill %}<p><b>Skill.</b> One <code>{{ skill.a }}</code> player {{ skill.seat }} won {{ skill.rate }} (95% \
interval {{ skill.low }} to {{ skill.high }}) of {{ skill.n }} games won by one player alone; the fair share is \
{{ skill.fair }}: it {{ skill.verdict }}.</p>{% else %}<p>Skill: not measured.</p>{% endif %}
<p class='note'>These are few games (a seat's win rate is known to a few points either way). For about one point, \
sweep: <code>{{ sweep }}</code> (docs/sweep.md).</p></section>"""
PAGE = """<!DOCTYPE html><html><head><meta charset='utf-8'><title>Designer's page {{ version }}</title>\
<style>""" + STYLE + """</style></head><body><h1>Designer's page: kit {{ version }}</h1><p class='note'>Seeded simulated \
games of each game (engine {{ engine }}, seed 1): how it plays with the rulings as printed (the figures of \
<code>dojo sim --explain</code>), each ruling against its alternative on the same seeds (<code>dojo sim --rule</code>), \
and how much a stronger player wins against weaker ones. Players are simulated policies, not people: read the \
figures as what the rules allow, not as how a table will play.</p>
{% for s in sections %}{{ s }}
{% endfor %}</body></html>
"""


def _rows(game: str, report: dict, explain: bool) -> list[tuple[str, str]]:
    return lab(game).design_rows(report, explain)


def _side_by_side(game: str, reports: list[dict]) -> dict:
    columns = [dict(_rows(game, r, False)) for r in reports]
    return {"head": ["measure"] + [r["variant"] for r in reports],
            "rows": [[name] + [c.get(name, "-") for c in columns] for name in columns[0]]}


def _words(game: str, reports: list[dict], texts: dict[str, str]) -> list[tuple[str, str]]:
    items = []
    for r in reports[1:]:
        rid = r["variant"].split("=")[0]
        text = lab(game).design_words(rid, texts)
        if text:
            items.append((r["variant"], text))
    return list(dict.fromkeys(items))


def _skill(game: str, skill: dict | None, settings: dict) -> dict | None:
    if not skill or skill["win_rate"]["rate"] is None:
        return None
    a = skill["pairing"].partition("/")[0]
    w = skill["win_rate"]
    seat = lab(game).design_skill_seat(skill["pairing"], settings)
    verdict = ("wins more than its fair share: the stronger policy" if skill["edge"] > 0 else "wins less: the weaker") \
        if skill["significant"] else "is not told apart from its fair share by these games"
    return {"a": a, "seat": seat, "rate": f"{w['rate']:.1%}", "low": f"{w['ci95'][0]:.1%}",
            "high": f"{w['ci95'][1]:.1%}", "n": w["n"], "fair": f"{skill['fair_share']:.1%}", "verdict": verdict}


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def section(game: str, data: dict, settings: dict) -> str:
    """One game's section."""
    policies = []
    for policy, reports in data["rulings"].items():
        printed = reports[0]
        policies.append({"policy": policy, "games": printed["per_game"]["summary"]["games"],
                         "fig": figures(game, reports, f"{games()[game].title}, policy {policy}"),
                         "printed": [list(r) for r in _rows(game, printed, True)],
                         "side": _side_by_side(game, reports) if len(reports) > 1 else None,
                         "words": _words(game, reports, data.get("texts", {})) if len(reports) > 1 else []})
    return render_html(SECTION, title=games()[game].title, policies=policies, sweep=lab(game).design_sweep, pct=_pct,
                       num=_num,
                       skill=_skill(game, data.get("skill"), settings[game]))


def page(report: dict, version: str) -> str:
    """The whole page."""
    from markupsafe import Markup

    settings = report["settings"]
    sections = [Markup(section(g, report["games"][g], settings)) for g in labs()
                if g in report["games"]]  # each rendered (and escaped) by its own template, in table order
    return render_html(PAGE, version=version, engine=report["engine"], sections=sections)
