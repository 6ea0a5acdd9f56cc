"""The designer's page as HTML (designer.py computes its figures): one section per game, in words and tables, with
the same rows `dojo sim --explain` and `dojo sim --rule ...` print. Written from a Jinja2 template with autoescape
(output/html.py): every figure and text, cached or not, is escaped by the template engine."""

from __future__ import annotations

from ..output.html import render_html

GAMES = {"dojo": "Il Labirinto del Dojo", "ground": "GROUND", "duel": "The duel"}
STYLE = ("body{font-family:sans-serif;max-width:75em;margin:2em auto;color:#222;line-height:1.35}table{border-collapse:"
         "collapse;margin:.6em 0 1.2em}td,th{border:1px solid #bbb;padding:.2em .45em;text-align:left;vertical-align:"
         "top;font-size:.9em}th{background:#eee}.note{color:#555}code{background:#f4f4f4;padding:0 .2em}")
DOJO_WORDS = {  # the Dojo's switchable readings (generator/sim/defaults.py) in words: printed / alternative
    "U10": "P0 starts on its room's square nearest a Dojo entrance / the first in reading order",
    "U12": "any meditating pawn on a Tunnel's exit blocks it / only when every pawn there meditates",
    "U16": "P0 plays a Technique only to change a Kumite's outcome / always",
    "U21": "the extra step repeats while the square holds a pawn the mover cannot face / one extra step at most",
    "U22": "Sensei Osserva and Peso della Cintura count every player / the drawer and its eligible targets",
    "U23": "meditating opponents are skipped when choosing the Final Exam's defender / a meditating leader: no Exam",
    "U24": "P0 takes a Tunnel only to a closer, free exit / whenever it may",
    "U30": "Tsugi-ashi movements per turn: no limit / one",
    "U32": "roommates may share a start square / P0 takes another one",
}
SWEEPS = {
    "dojo": "dojo sweep --game dojo --rule U22=true,false --players 3-6 --games 10000",
    "ground": "dojo sweep --game ground --players 2-6 --policy heuristic,rival --rule G5=claimed-problems,claimed-points",
    "duel": "dojo sweep --game duel --policy hunter,hunter/random --rule D03=up-to,exact --games 10000",
}


TABLE = """<table><tr>{% for h in head %}<th>{{ h }}</th>{% endfor %}</tr>{% for r in rows %}<tr>{% for c in r %}\
<td>{{ c }}</td>{% endfor %}</tr>{% endfor %}</table>"""
SECTION = """{% macro table(head, rows) %}""" + TABLE + """{% endmacro %}
<section><h2>{{ title }}</h2>
{% for p in policies %}
<h3>As printed: policy <code>{{ p.policy }}</code>, {{ p.games }} games</h3>
{{ table(["measure", "value"], p.printed) }}
{% if p.side %}
<p>Each ruling against its alternative, one at a time, on the same seeds (a difference between two columns is \
measured more precisely than either figure):</p>
{{ table(p.side.head, p.side.rows) }}
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
    if game == "dojo":
        from .explain import design_rows, variant_rows

        return design_rows(report) if explain else list(variant_rows(report).items())
    if game == "ground":
        from .ground.cli import rows
    else:
        from .duel.cli import rows
    return rows(report, explain)


def _side_by_side(game: str, reports: list[dict]) -> dict:
    columns = [dict(_rows(game, r, False)) for r in reports]
    return {"head": ["measure"] + [r["variant"] for r in reports],
            "rows": [[name] + [c.get(name, "-") for c in columns] for name in columns[0]]}


def _words(game: str, reports: list[dict], texts: dict[str, str]) -> list[tuple[str, str]]:
    items = []
    for r in reports[1:]:
        rid = r["variant"].split("=")[0]
        text = DOJO_WORDS.get(rid) if game == "dojo" else texts.get(rid)
        if text:
            items.append((r["variant"], text))
    return list(dict.fromkeys(items))


def _skill(game: str, skill: dict | None, settings: dict) -> dict | None:
    if not skill or skill["win_rate"]["rate"] is None:
        return None
    a, _, b = skill["pairing"].partition("/")
    w = skill["win_rate"]
    seat = "as player A" if game == "duel" else f"in each seat in turn, among {settings.get('players', 2) - 1} {b} players"
    verdict = ("wins more than its fair share: the stronger policy" if skill["edge"] > 0 else "wins less: the weaker") \
        if skill["significant"] else "is not told apart from its fair share by these games"
    return {"a": a, "seat": seat, "rate": f"{w['rate']:.1%}", "low": f"{w['ci95'][0]:.1%}",
            "high": f"{w['ci95'][1]:.1%}", "n": w["n"], "fair": f"{skill['fair_share']:.1%}", "verdict": verdict}


def section(game: str, data: dict, settings: dict) -> str:
    """One game's section."""
    policies = []
    for policy, reports in data["rulings"].items():
        printed = reports[0]
        policies.append({"policy": policy, "games": printed.get("games") or printed.get("duels"),
                         "printed": [list(r) for r in _rows(game, printed, True)],
                         "side": _side_by_side(game, reports) if len(reports) > 1 else None,
                         "words": _words(game, reports, data.get("texts", {})) if len(reports) > 1 else []})
    return render_html(SECTION, title=GAMES[game], policies=policies, sweep=SWEEPS[game],
                       skill=_skill(game, data.get("skill"), settings[game]))


def page(report: dict, version: str) -> str:
    """The whole page."""
    from markupsafe import Markup

    settings = report["settings"]
    sections = [Markup(section(g, report["games"][g], settings)) for g in ("dojo", "ground", "duel")
                if g in report["games"]]  # each rendered (and escaped) by its own template
    return render_html(PAGE, version=version, engine=report["engine"], sections=sections)
