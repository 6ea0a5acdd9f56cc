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


def test_page_has_every_game_its_rulings_and_skill(small):
    report = designer.designer_report(small, jobs=1)
    html = page(report, "1.2.3")
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
