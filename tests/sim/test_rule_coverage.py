"""Coverage that can show a gap: every rule id of a game is in the table (the spec's DR-* and GR-* lists, the U, G
and D rulings), with the games it fired in, 0 when the engine records it and it never fired, or "not recorded"."""

import json
import re
from pathlib import Path

import pytest

from generator.sim.sweep.ruleids import coverage, every, recorded
from tests.conftest import shared_dir


def _shared(folder: str, pattern: str) -> str:
    """A spec of shared/ (tests/conftest.shared_dir: skipped with the reason printed when absent, failed under CI)."""
    return sorted(shared_dir(folder).glob(pattern))[0].read_text(encoding="utf-8")


def test_the_dojo_list_is_the_specs():
    spec = set(re.findall(r"\bDR-[A-Z]\d\d\b", _shared("specs", "dojo-rules-spec.md")))
    assert spec == {r for r in every("dojo") if r.startswith("DR-")}


def test_the_ground_list_is_the_specs():
    spec = set(re.findall(r"\bGR-[A-Z]\d\d\b", _shared("seeds", "001_*")))
    assert spec == {r for r in every("ground") if r.startswith("GR-")}


def test_rulings_of_the_content_are_listed():
    for game in ("ground", "duel"):
        text = (Path(__file__).resolve().parents[2] / "content" / game / "rulings.toml").read_text(encoding="utf-8")
        assert set(re.findall(r'^id = "([A-Z0-9]+)"', text, re.M)) <= set(every(game))


@pytest.mark.parametrize("game", ["dojo", "ground", "duel"])
def test_every_id_is_a_row_fired_never_or_not_recorded(game):
    ids = every(game)
    rec = sorted(recorded(game) & set(ids))
    fired = {f"{rec[0]} something": 7} if game == "dojo" else {rec[0]: 7}
    cov = coverage(game, fired, 10)
    assert list(cov["rules"])[:len(ids)] == ids
    assert cov["rules"][rec[0]] == 7
    assert set(cov["never"]) == set(rec[1:]) and all(cov["rules"][r] == 0 for r in rec[1:])
    assert set(cov["not_recorded"]) == set(ids) - set(rec) and all(cov["rules"][r] is None for r in cov["not_recorded"])
    assert json.loads(json.dumps(cov)) == cov


def test_dojo_sweep_shows_the_gap(tmp_path):
    """A real Dojo sweep: 116 ids; a few fired, the rest either never fired (red) or not recorded (grey)."""
    from generator.cli import main

    assert main(["sweep", "--game", "dojo", "--games", "250", "--out", str(tmp_path), "--jobs", "1"]) == 0
    cov = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))["coverage"]
    assert len(cov["rules"]) == len(every("dojo")) and cov["rules"]["DR-K03"] > 200
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert f"{len(cov['not_recorded'])} not recorded by the engine" in html and "not recorded</td>" in html
