"""GROUND engine invariants (hypothesis), determinism, refusal of illegal choices, rulings read from the data."""

import dataclasses
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.content.ground import load_ground
from generator.sim.ground.engine import DENY, NEXT_STAGE, OFF, Game, GameConfig, IllegalChoice, Selection
from generator.sim.ground.policies import POLICIES
from generator.sim.ground.policy import Heuristic, RandomLegal
from generator.sim.ground.script import load_scenario, play_scenario

ROOT = Path(__file__).resolve().parents[2]
DATA = load_ground(ROOT)[0]
KIT = {t.id: t.count for t in DATA.tokens}  # pieces the kit prints

games = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32), "players": st.integers(2, 6),
    "scenario": st.sampled_from([s.id for s in DATA.scenarios]), "mode": st.sampled_from([m.id for m in DATA.modes]),
    "policies": st.lists(st.sampled_from(sorted(POLICIES)), min_size=6, max_size=6)})


def new_game(spec) -> Game:
    n = spec["players"]
    return Game(DATA, GameConfig(spec["scenario"], spec["mode"], n), random.Random(spec["seed"]),
                [POLICIES[name]() for name in spec["policies"][:n]])


def check_state(g: Game) -> None:
    """Stress 0-5, every card and token in exactly one place, relations within the slots."""
    assert all(0 <= s <= 5 for s in g.stress)
    cards = g.deck + g.discard + [c for h in g.hands for c in h]
    assert sorted(cards) == sorted(s.id for s in DATA.solutions)
    assert len(g.token) == g.n and all(t is None or (t[0] in ("focus", "blame") and t[1] != p)
                                       for p, t in enumerate(g.token))
    assert sum(g.protection) <= KIT["protection"]
    assert sum(x.denied for x in g.problems) <= KIT["denied"] and len(g.rel) <= KIT["bond-rivalry"]
    assert g.n <= KIT["focus-blame"]
    assert all(g.free_slots(p) >= 0 for p in range(g.n))
    assert all(not (x.up and x.denied) for x in g.problems)
    assert all(x.claimed_by is None or x.up for x in g.problems)


@settings(max_examples=150, deadline=None)
@given(games)
def test_invariants_every_round(spec):
    """After every round: stress 0-5, cards and tokens conserved, DARVO markers moved only as GR-D02 orders."""
    g = new_game(spec)
    check_state(g)
    while g.round <= 5:
        before = list(g.darvo)
        g.play_round()
        check_state(g)
        for p, (a, b) in enumerate(zip(before, g.darvo)):
            assert b == NEXT_STAGE.get(a, a) or b == OFF or (b == DENY and g.stress[p] == 5), (a, b)
            if a == OFF and b == DENY:
                assert g.stress[p] == 5


@settings(max_examples=150, deadline=None)
@given(games)
def test_exactly_one_outcome_per_game(spec):
    """One outcome, of the game's Mode, consistent with the claimed Problems and the threshold."""
    g = new_game(spec)
    out = g.play()
    assert g.score() is out and out.mode == spec["mode"]
    assert out.total == sum(x.value for x in g.problems if x.claimed_by is not None)
    assert out.group_success == (out.total >= DATA.threshold(g.n))
    if not out.group_success:
        assert out.winners == ()
    else:
        assert out.winners and set(out.winners) <= set(range(g.n))
    if spec["mode"] == "mode-shared-ground":
        assert out.mastery is not None and out.winners in ((), tuple(range(g.n)))


def test_same_seed_same_game():
    """One seeded RNG: the same seed replays the same game exactly."""
    spec = {"seed": 11, "players": 5, "scenario": DATA.scenarios[1].id, "mode": DATA.modes[2].id,
            "policies": ["random", "heuristic"] * 3}
    a, b = new_game(spec), new_game(spec)
    assert a.play() == b.play() and a.fired == b.fired and a.stats == b.stats


class Cheater(Heuristic):
    """Supports while at Stress 5 without spending Freedom."""

    def select(self, g, p):
        return Selection("support", (p + 1) % g.n)


class Wanderer(RandomLegal):
    """Investigates a Problem that is face up."""

    def select(self, g, p):
        return Selection("investigate", g.scen.surface)


@pytest.mark.parametrize("policy, stress, rule", [(Cheater, 5, "GR-R03"), (Wanderer, 2, "GR-A13")])
def test_illegal_choice_is_refused_naming_the_rule(policy, stress, rule):
    """A policy's illegal choice is an error naming the GR rule, never played."""
    g = Game(DATA, GameConfig(DATA.scenarios[0].id, DATA.modes[0].id, 3), random.Random(1), [policy()])
    g.stress = [stress] * 3
    g.ready = [False] * 3
    with pytest.raises(IllegalChoice) as err:
        g.play_round()
    assert err.value.rule == rule and str(err.value).startswith(rule)
    assert g.round == 1 and g.stats.actions["support"] == 0


def test_rulings_come_from_the_loaded_data():
    """The engine reads G2 from the dataset: switching it to discard-solution changes the scenario's result."""
    rulings = tuple(dataclasses.replace(r, value="discard-solution") if r.id == "G2" else r for r in DATA.rulings)
    data = dataclasses.replace(DATA, rulings=rulings)
    sc = load_scenario(ROOT / "tests/ground/scenarios/solve_denied_same_round.toml")
    assert play_scenario(DATA, sc).mismatches == []
    assert play_scenario(data, sc).mismatches == ["hands: expected [1, 1], got [1, 0]"]


def test_unknown_player_count_is_refused():
    """GR-O01: 2 to 6 players."""
    with pytest.raises(IllegalChoice, match="GR-O01"):
        Game(DATA, GameConfig(DATA.scenarios[0].id, DATA.modes[0].id, 7), random.Random(1), [Heuristic()])


def test_g6_blame_still_out_comes_from_the_loaded_data():
    """G6: with "blame-moves" the owner's Blame leaves seat 2 and becomes the Focus that the Reverse flips."""
    rulings = tuple(dataclasses.replace(r, value="blame-moves") if r.id == "G6" else r for r in DATA.rulings)
    sc = load_scenario(ROOT / "tests/ground/scenarios/blame_still_out.toml")
    assert play_scenario(DATA, sc).mismatches == []
    moved = play_scenario(dataclasses.replace(DATA, rulings=rulings), sc).mismatches
    assert "tokens: expected {'1': 'blame 2'}, got {'1': 'blame 3'}" in moved
    assert any(m.startswith("protection:") for m in moved)
