"""GROUND scenario coverage (seed 001, M-D1-COV): every GR id and ruling has a scenario that exercises it."""

import re
from pathlib import Path

import pytest

from generator.content.ground import load_ground
from generator.content.ground_rulings import RULING_CHOICES
from generator.sim.ground.script import RULING_PREFIXES, load_scenario, play_scenario

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "docs/seeds/001_8f204e5f0afb5101.txt"
SCENARIOS = sorted((Path(__file__).resolve().parent / "scenarios").glob("*.toml"))
DATA = load_ground(ROOT)[0]


def seed_ids() -> list[str]:
    """The GR ids the seed defines (bold list items)."""
    return sorted(set(re.findall(r"\*\*(GR-[A-Z]\d\d)\b", SEED.read_text(encoding="utf-8"))))


def test_seed_defines_59_rules_in_ten_sections():
    """The seed parses into 59 GR ids over the sections O S R F A L D P T E."""
    ids = seed_ids()
    assert len(ids) == 59 and {i[3] for i in ids} == set("OSRFALDPTE")


def test_every_gr_id_has_a_scenario():
    """Fails naming each GR id of the seed that no scenario covers."""
    covered = {c for path in SCENARIOS for c in load_scenario(path).covers}
    missing = [i for i in seed_ids() if i not in covered]
    assert missing == [], f"GR ids with no scenario: {', '.join(missing)}"


def test_every_ruling_has_a_provisional_scenario():
    """Every ruling (U1-U10 of the seed, G1-G6 open points) is covered by a scenario tagged provisional."""
    covered = {c for path in SCENARIOS for c in load_scenario(path).covers if load_scenario(path).provisional}
    assert sorted(set(RULING_CHOICES) - covered) == []


def test_scenarios_cover_only_known_ids():
    """A `covers` entry is a GR id of the seed or a ruling id; rulings only in provisional scenarios."""
    known = set(seed_ids()) | set(RULING_CHOICES)
    for path in SCENARIOS:
        sc = load_scenario(path)
        assert sc.covers and set(sc.covers) <= known, path.name
        if any(c.startswith(RULING_PREFIXES) and c[1:].isdigit() for c in sc.covers):
            assert sc.provisional, f"{path.name} covers a ruling but is not tagged provisional"


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path):
    """The scenario's expectations hold and every id it covers fired while it was played."""
    sc = load_scenario(path)
    played = play_scenario(DATA, sc)
    assert played.mismatches == [], f"{path.name}: {played.mismatches}"
    unexercised = sorted(set(sc.covers) - played.fired)
    assert unexercised == [], f"{path.name} covers {unexercised} but they never fired"


def test_a_wrong_expectation_is_reported(tmp_path):
    """The harness is not a stub: a false claim in [then] or in covers is caught."""
    text = (Path(__file__).resolve().parent / "scenarios/attack_forms_rivalry.toml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("stress = [2, 3]", "stress = [2, 4]").replace('"GR-L03"', '"GR-L03", "GR-D05"'))
    sc = load_scenario(bad)
    played = play_scenario(DATA, sc)
    assert played.mismatches == ["stress: expected [2, 4], got [2, 3]"]
    assert "GR-D05" not in played.fired
