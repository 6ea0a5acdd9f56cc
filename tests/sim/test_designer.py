"""The release's designer's page: each game's --explain figures, each ruling against its alternative, skill; the
same for any number of processes; cached by everything it depends on."""

import copy
import json
import shutil
from pathlib import Path

import pytest

from generator.sim import designer
from generator.sim.designer_html import page

ROOT = Path(__file__).resolve().parents[2]
SMALL = {"dojo": {"players": 4, "games": 12, "policy": "p0", "skill": ["lookahead/p0", 8]},
         "ground": {"players": 4, "games": 2, "policies": ["heuristic"], "skill": ["rollout/heuristic", 4],
                    "skill_mode": "mode-common-problem"},
         "duel": {"games": 20, "policy": "hunter", "max_turns": 60, "skill": ["hunter/random", 20]}}


@pytest.fixture()
def small(monkeypatch, tmp_path):
    """A copy of the content in tmp_path and the page's settings cut to a few games."""
    monkeypatch.setattr(designer, "SETTINGS", copy.deepcopy(SMALL))
    for part in ("content", "locales"):
        shutil.copytree(ROOT / part, tmp_path / part)
    return tmp_path


@pytest.fixture(scope="module")
def drawn_page(tmp_path_factory):
    """(the content's folder, its report, the page, every figure the page drew by title: _figures) for SMALL, made
    once for the page's tests below (a fresh report: played, not from a cache)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(designer, "SETTINGS", copy.deepcopy(SMALL))
        root = tmp_path_factory.mktemp("designer")
        for part in ("content", "locales"):
            shutil.copytree(ROOT / part, root / part)
        drawn = _figures(mp)
        report = designer.designer_report(root, jobs=1)
        return root, report, page(report, "1.2.3"), drawn


def test_page_has_every_game_its_rulings_and_skill(drawn_page):
    _, report, html, _ = drawn_page
    for title in ("Il Labirinto del Dojo", "GROUND", "The duel"):
        assert f"<h2>{title}</h2>" in html
    assert "U22=false" in html and "G5=claimed-points" in html and "D03=&#34;exact&#34;" in html
    assert "notches from allenamento" in html and "first Lead&#39;s win rate" in html and "seat advantage A-B" in html
    assert html.count("<b>Skill.</b>") == 3 and "dojo sweep --game dojo" in html
    dojo = report["games"]["dojo"]["rulings"]["p0"]
    assert [r["variant"] for r in dojo][:2] == ["printed", "U10=false"] and all(r["games"] == 12 for r in dojo)


def test_same_report_on_two_processes_and_from_the_cache(small, monkeypatch):
    one = designer.designer_report(small, jobs=1)
    cached = list((small / "build/cache").glob("designer-*.json"))
    assert len(cached) == 1
    cached[0].unlink()
    assert designer.designer_report(small, jobs=2) == one
    monkeypatch.setattr(designer, "compute", lambda *a: pytest.fail("played again although nothing changed"))
    assert designer.designer_report(small, jobs=2) == one


def test_a_changed_ruling_is_played_again(small):
    first = designer.designer_report(small, jobs=1)
    rulings = small / "content/duel/rulings.toml"
    text = rulings.read_text(encoding="utf-8")
    rulings.write_text(text.replace('value = "up-to"', 'value = "exact"', 1), encoding="utf-8")
    again = designer.designer_report(small, jobs=1)
    assert again["key"] != first["key"] and len(list((small / "build/cache").glob("designer-*.json"))) == 2
    assert [r["variant"] for r in again["games"]["duel"]["rulings"]["hunter"]][1] == 'D03="up-to"'
    assert json.dumps(again["games"]["dojo"]) == json.dumps(first["games"]["dojo"])


def test_ground_rulings_are_rendered_not_printed_as_markdown():
    """A ruling's Markdown becomes HTML (bold, code), and raw HTML in it stays text."""
    from generator.sim.designer_html import _words

    from generator.output.html import render_html

    words = _words("ground", [{"variant": "printed"}, {"variant": "G5=claimed-points"}],
                   {"G5": "Mastery counts **claimed Problems**,\n`G5` <script>x</script>"})
    html = render_html("{% for v, t in words %}<li>{{ v }}: {{ t }}</li>{% endfor %}", words=words)
    assert "<strong>claimed Problems</strong>" in html and "<code>G5</code>" in html
    assert "**" not in html and "<script>" not in html and "&lt;script&gt;" in html


def _figures(monkeypatch) -> dict[str, list]:
    """Every figure the page draws, by title: the whiskers (errorbar segments) and dots, in data coordinates."""
    from generator.sim.sweep import html as sweep_html

    drawn: dict[str, list] = {}
    real = sweep_html._png

    def spy(fig):
        for ax in fig.axes:
            bars = []
            for c in ax.containers:
                (lo, hi), = [seg[:, 0] for seg in c.lines[2][0].get_segments()]
                bars.append((float(c.lines[0].get_xdata()[0]), float(lo), float(hi)))
            drawn.setdefault(fig.axes[0].get_title().split("\n")[0], []).append(bars)
        return real(fig)

    monkeypatch.setattr(sweep_html, "_png", spy)
    return drawn


def _table(html: str, cls: str, after: str) -> list[list[str]]:
    """The rows (cell texts) of the first table of class cls after the text `after`."""
    import re

    start = html.index(after)
    body = html[html.index(f"<table class='{cls}'>", start):]
    body = body[:body.index("</table>")]
    return [re.findall(r"<td>(.*?)</td>", row) for row in re.split(r"<tr[^>]*>", body)[2:]]


def test_one_seat_figure_per_game_whiskers_from_its_table_and_differences(drawn_page):
    """Each game's seat plot draws the Wilson intervals its table prints (read back from the HTML), its length plot
    the lengths table; every ruling has its paired difference, consistent with the two columns it compares."""
    import base64
    import io
    import re

    from PIL import Image

    small, _, html, drawn = drawn_page
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', html)
    assert all(Image.open(io.BytesIO(base64.b64decode(b))).size[0] > 300 for b in images)
    for game, title in (("dojo", "Il Labirinto del Dojo"), ("ground", "GROUND"), ("duel", "The duel")):
        policy = next(iter(SMALL[game].get("policies") or [SMALL[game]["policy"]]))
        label = f"{title}, policy {policy}"
        head = f"<h2>{title}</h2>"
        seats = _table(html, "seats", head)
        bars, = drawn[f"Win rate by seat: {label}"]  # one seat figure of one panel per game
        assert len(bars) == len(seats) >= 2
        for (dot, lo, hi), (seat, won, rate, interval) in zip(bars, seats):
            low, high = (float(x.rstrip("%")) / 100 for x in interval.split(" to "))
            assert abs(dot - float(rate.rstrip("%")) / 100) < 6e-4 and abs(lo - low) < 6e-4 and abs(hi - high) < 6e-4
            k, n = map(int, won.split(" of "))
            from generator.sim.stats import wilson

            assert all(abs(a - b) < 6e-4 for a, b in zip(wilson(k, n), (low, high)))  # Wilson, recomputed
        lengths = _table(html, "lengths", head)
        assert len(lengths) == 1 + len(designer.alternatives(game, designer.load(small)[game]))
        if game != "ground":  # (a GROUND game always lasts its five rounds: no picture of a constant)
            bars, = drawn[f"Game length: {label}"]
            for (dot, lo, hi), row in zip(bars, lengths):
                low, high = map(float, row[3].split(" to "))
                assert abs(dot - float(row[2])) < 6e-3 and abs(lo - low) < 6e-3 and abs(hi - high) < 6e-3
        section = html[html.index(head):][:html[html.index(head):].index("</section>")]
        verdicts = re.findall(r"<p><b>([^<]+)</b>: (changed [^<]+)\.</p>", section)
        assert [v for v, _ in verdicts] == [r[0] for r in lengths[1:]]  # every ruling has its differences
        for variant, verdict in verdicts:
            if "changed 0 of" in verdict:
                continue
            diffs = _table(html, "diffs", f"<b>{variant}</b>: ")
            length = next((r for r in diffs if r[0] == "length"), None)
            assert length, (variant, diffs)
            before, after = float(length[1]), float(length[2])
            diff = float(length[3].split(" ")[0])
            assert abs(diff - (after - before)) < 0.011  # the difference of the two columns it compares
            assert f"Each ruling against the printed one: {label}" in drawn
    assert "changed 0 of" in html and "difference [95% paired interval]" in html


def test_two_renders_of_the_page_are_byte_identical(drawn_page, monkeypatch):
    """Figures included: no date or software version in the PNGs, the same bytes from a fresh report (drawn_page's)
    and from the cached one."""
    monkeypatch.setattr(designer, "SETTINGS", copy.deepcopy(SMALL))
    root, _, first, _ = drawn_page
    again = page(designer.designer_report(root, jobs=1), "1.2.3")  # (from the cache)
    assert first == again and first.count("data:image/png;base64,") == 8


def test_a_dollar_in_a_ruling_value_is_drawn_as_text_not_mathtext():
    """A value such as `$\\bad{$` (content is data) would stop matplotlib's mathtext parser; the page draws it."""
    from generator.sim.designer_plots import figures

    summary = {"games": 2, "length": {"mean": 3.0, "mean_with_capped": 3.0, "ci95_with_capped": [2.0, 4.0],
                                      "capped": 0}}
    reports = [{"variant": "printed", "per_game": {"summary": summary}},
               {"variant": "D03=$\\bad{$", "per_game": {"summary": summary}}]
    assert figures("duel", reports, "x $\\bad{$")["length_plot"].startswith("<img")



def test_the_page_made_beside_a_release_is_the_page_made_in_place(small, monkeypatch):
    """A release makes the page in a worker while its kits build (made_beside): the same page as made in the
    release's own process, and a damaged page cache the worker met is reported by the release's process."""
    import os

    from generator.output.cache import damage_notes

    with designer.made_beside(small, "1.2.3", 1, fork=True) as made:  # one process: made here when asked
        in_place = made()
    path = next((small / "build/cache").glob("designer-*.json"))
    path.write_text(path.read_text(encoding="utf-8").replace('"seal": "', '"seal": "0'), encoding="utf-8")
    damage_notes()
    played_in, report = small / "pids", designer.designer_report

    def recorded(root, jobs=1):
        with open(played_in, "a", encoding="utf-8") as f:
            f.write(f"{os.getpid()}\n")
        return report(root, jobs)
    monkeypatch.setattr(designer, "designer_report", recorded)
    with designer.made_beside(small, "1.2.3", 2, fork=True) as made:
        beside = made()
    lines = damage_notes()
    assert beside == in_place
    assert played_in.read_text(encoding="utf-8").split() not in ([], [str(os.getpid())])  # in a worker
    assert len(lines) == 1 and path.name in lines[0], lines  # met in the worker, reported here
    assert "seal" in json.loads(path.read_text(encoding="utf-8"))  # made again, sealed


def test_the_page_is_made_with_fewer_collections_and_the_thresholds_come_back():
    import gc

    from generator.collector import FEWER_FIRST as GC_FIRST, fewer as fewer_collections

    kept = gc.get_threshold()
    try:
        for first in (700, GC_FIRST * 2):  # CPython's default; a caller's that is higher already
            gc.set_threshold(first, *kept[1:])
            before = gc.get_threshold()
            with fewer_collections():
                assert gc.get_threshold() == (max(GC_FIRST, first), *before[1:])
            assert gc.get_threshold() == before
    finally:
        gc.set_threshold(*kept)
    before = gc.get_threshold()
    try:
        with fewer_collections():
            raise KeyError("stopped")
    except KeyError:
        pass
    assert gc.get_threshold() == before
