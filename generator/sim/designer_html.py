"""The designer's page as HTML (designer.py computes its figures): one section per game, in words and tables, with
the same rows `dojo sim --explain` and `dojo sim --rule ...` print."""

from __future__ import annotations

from html import escape

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


def _table(head: list[str], rows: list[list[str]]) -> str:
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{th}</tr>{body}</table>"


def _rows(game: str, report: dict, explain: bool) -> list[tuple[str, str]]:
    if game == "dojo":
        from .explain import design_rows, variant_rows

        return design_rows(report) if explain else list(variant_rows(report).items())
    if game == "ground":
        from .ground.cli import rows
    else:
        from .duel.cli import rows
    return rows(report, explain)


def _side_by_side(game: str, reports: list[dict]) -> str:
    columns = [dict(_rows(game, r, False)) for r in reports]
    head = ["measure"] + [r["variant"] for r in reports]
    return _table(head, [[name] + [c.get(name, "-") for c in columns] for name in columns[0]])


def _words(game: str, reports: list[dict], texts: dict[str, str]) -> str:
    items = []
    for r in reports[1:]:
        rid = r["variant"].split("=")[0]
        text = escape(DOJO_WORDS.get(rid, "")) if game == "dojo" else _markdown(texts.get(rid, ""))
        if text:
            items.append(f"<li><b>{escape(r['variant'])}</b> against the printed ruling: {text}</li>")
    return f"<ul>{''.join(dict.fromkeys(items))}</ul>" if items else ""


def _markdown(text: str) -> str:
    """A ruling's Markdown as inline HTML (markdown-it-py with raw HTML off: anything in the text is escaped)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).renderInline(" ".join(text.split())) if text else ""


def _skill(game: str, skill: dict | None, settings: dict) -> str:
    if not skill or skill["win_rate"]["rate"] is None:
        return "<p>Skill: not measured.</p>"
    a, b = skill["pairing"].split("/")
    w = skill["win_rate"]
    seat = "as player A and as player B in turn" if game == "duel" else f"in each seat in turn, among {settings.get('players', 2) - 1} {b} players"
    verdict = ("wins more than its fair share: the stronger policy" if skill["edge"] > 0 else "wins less: the weaker") \
        if skill["significant"] else "is not told apart from its fair share by these games"
    return (f"<p><b>Skill.</b> One <code>{escape(a)}</code> player {seat} won {w['rate']:.1%} (95% interval "
            f"{w['ci95'][0]:.1%} to {w['ci95'][1]:.1%}) of {w['n']} games won by one player alone; the fair share is "
            f"{skill['fair_share']:.1%}: it {verdict}.</p>")


def section(game: str, data: dict, settings: dict) -> str:
    """One game's section."""
    s = settings[game]
    parts = [f"<section><h2>{GAMES[game]}</h2>"]
    for policy, reports in data["rulings"].items():
        printed = reports[0]
        games = printed.get("games") or printed.get("duels")
        parts.append(f"<h3>As printed: policy <code>{escape(policy)}</code>, {games} games</h3>")
        parts.append(_table(["measure", "value"], [list(r) for r in _rows(game, printed, True)]))
        if len(reports) > 1:
            parts.append("<p>Each ruling against its alternative, one at a time, on the same seeds (a difference "
                         "between two columns is measured more precisely than either figure):</p>")
            parts.append(_side_by_side(game, reports))
            parts.append(_words(game, reports, data.get("texts", {})))
    parts.append(_skill(game, data.get("skill"), s))
    parts.append(f"<p class='note'>These are few games (a seat's win rate is known to a few points either way). "
                 f"For about one point, sweep: <code>{escape(SWEEPS[game])}</code> (docs/sweep.md).</p></section>")
    return "\n".join(parts)


def page(report: dict, version: str) -> str:
    """The whole page."""
    settings = report["settings"]
    body = "\n".join(section(g, report["games"][g], settings) for g in ("dojo", "ground", "duel")
                     if g in report["games"])
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Designer's page {escape(version)}</title>"
            f"<style>{STYLE}</style></head><body><h1>Designer's page: kit {escape(version)}</h1>"
            f"<p class='note'>Seeded simulated games of each game (engine {escape(report['engine'])}, seed 1): how it "
            "plays with the rulings as printed (the figures of <code>dojo sim --explain</code>), each ruling against "
            "its alternative on the same seeds (<code>dojo sim --rule</code>), and how much a stronger player wins "
            "against weaker ones. Players are simulated policies, not people: read the figures as what the rules "
            "allow, not as how a table will play.</p>"
            f"{body}</body></html>\n")
