"""GROUND's `tactician` (generator/sim/ground/tactician.py): a policy that wins games AND brings DARVO and Freedom
into them, so those rules' effect on win rates can be measured at tables that produce winners (issue 45, item 6)."""

import random
from pathlib import Path

import pytest

from generator.content.ground import load_ground
from generator.sim.ground.engine import MODES, OFF, ROUNDS, Game, GameConfig
from generator.sim.ground.policies import POLICIES
from generator.sim.ground.runner import game_seed
from generator.sim.lab import seating
from generator.sim.sweep.games import load, play
from generator.sim.sweep.tally import summary

ROOT = Path(__file__).resolve().parents[2]
CELL = {"game": "ground", "rules": {}, "players": 4, "scenario": "sc-group-project", "mode": "mode-common-problem"}


@pytest.fixture(scope="module")
def data():
    d, problems = load_ground(ROOT)
    assert d is not None, problems
    return d


def _summary(policy: str, games: int) -> dict:
    return summary(play(load("ground", ROOT, []), {**CELL, "policy": policy}, 3, 0, games))


@pytest.fixture(scope="module")
def tactician():
    return _summary("tactician/heuristic", 120)


def test_tactician_is_registered_once():
    assert POLICIES["tactician"].name == "tactician"
    from generator.sim.ground import cli
    assert "tactician" in cli.POLICY_NAMES and set(cli.POLICY_NAMES) == set(POLICIES)


def test_tactician_plays_legally_at_every_table(data):
    """Every player count, every Mode and Scenario, against heuristic and random players and a table of
    tacticians: the engine's referee accepts every choice (an illegal one raises IllegalChoice) and every game
    ends after 5 rounds with its one outcome."""
    scenarios = sorted(Game.__init__.__globals__["prepared"](data).scenarios)
    played = darvo = spent = 0
    for i in range(36):
        n = 2 + i % 5
        mode = sorted(MODES)[i % len(MODES)]
        config = GameConfig(scenarios[i % len(scenarios)], mode, n)
        policy = ("tactician/heuristic", "tactician/random", "tactician")[i % 3]
        if policy == "tactician" and n > 3:
            policy = "tactician/rival"
        policies, _ = seating(policy, n, i, POLICIES)
        g = Game(data, config, random.Random(game_seed(7, i, config)), policies)
        out = g.play()
        assert g.round == ROUNDS + 1 and out is not None
        played += 1
        darvo += g.stats.darvo_triggers > 0
        spent += g.stats.freedom_spent > 0
    assert played == 36 and darvo > 0 and spent > 0


def test_tactician_wins_more_than_its_fair_share(tactician):
    """One tactician among three heuristic players wins a significant share over the fair 25%."""
    skill = tactician["skill"]
    assert skill["decided"] > 100
    assert skill["significant"] and skill["win_rate"]["rate"] > 0.4


def test_darvo_and_freedom_occur_in_its_games(tactician):
    """DARVO arms (GR-D01), its stages play (GR-D03 DENY, GR-D04 the extra Attack) and Freedom is spent (GR-F03)
    in a good share of the tactician's games; at the same seeds a table of heuristics hardly meets them."""
    fired = tactician["rules_fired"]
    print({k: fired.get(k) for k in ("GR-D01", "GR-D02", "GR-D03", "GR-D04", "GR-D05", "GR-F03")})
    assert fired["GR-D01"] >= 0.4 and fired["GR-D03"] >= 0.02 and fired["GR-F03"] >= 0.03
    base = _summary("heuristic", 120)["rules_fired"]
    assert base.get("GR-D01", 0) < fired["GR-D01"] / 3 and base.get("GR-F03", 0) < fired["GR-F03"] / 2


def test_the_tactician_itself_enters_darvo_and_spends_freedom(data):
    """Its own DARVO sequence and its own Freedom token, not only the other players': over 120 games."""
    config = GameConfig(CELL["scenario"], CELL["mode"], 4)
    own_darvo = own_spent = 0
    for i in range(120):
        policies, focus = seating("tactician/heuristic", 4, i, POLICIES)
        g = Game(data, config, random.Random(game_seed(5, i, config)), policies)
        in_darvo = spent = False
        while g.round <= ROUNDS:
            g.play_round()
            in_darvo |= g.darvo[focus] != OFF
            spent |= g.selected[focus].spend
        own_darvo += in_darvo
        own_spent += spent
    assert own_darvo >= 12 and own_spent >= 3


def test_tactician_games_are_deterministic(data):
    config = GameConfig(CELL["scenario"], CELL["mode"], 4)

    def one():
        policies, _ = seating("tactician/heuristic", 4, 3, POLICIES)
        g = Game(data, config, random.Random(game_seed(9, 3, config)), policies)
        g.play()
        return g.stress, g.token, [(x.id, x.claimed_by, x.denied) for x in g.problems], g.stats.darvo_triggers

    assert one() == one()


def test_dojo_sim_plays_a_table_of_tacticians(tmp_path, capsys):
    """`dojo sim --game ground --policy tactician` (the registry's names are the CLI's) writes finished games."""
    import json

    from generator.cli import main
    out = tmp_path / "r.json"
    assert main(["sim", "--game", "ground", "--policy", "tactician", "--games", "3", "--players", "4",
                 "--scenario", CELL["scenario"], "--mode", CELL["mode"], "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["policy"] == "tactician" and report["finished"] == report["games"] == 3
    assert main(["sim", "--game", "ground", "--policy", "tacticain", "--games", "1"]) == 2
    assert "tactician" in capsys.readouterr().err


def test_tables_of_tacticians_have_winners_and_darvo_stages():
    """Three tacticians and one heuristic player: most games have one winner, and DARVO arms, plays its DENY stage
    and Freedom is spent in a good share of them (measured at 100 games: 88%, 13% and 33%)."""
    s = _summary("heuristic/tactician", 60)
    fired = s["rules_fired"]
    assert s["skill"]["decided"] >= 45
    assert fired["GR-D01"] >= 0.5 and fired["GR-D03"] >= 0.05 and fired["GR-F03"] >= 0.15
