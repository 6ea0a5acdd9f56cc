"""docs/RECIPES.md "Adding a game", step 5 (a simulator and its LAB), followed in a temporary copy of the project:
a fourth game's row names its simulator, a module of its own package (generator/sim/toy/) that `dojo sim` plays and
whose LAB `dojo sweep` sweeps — grid, seeds, report, coverage, sample — without a line of the lab's own code
changed (the lab dispatches on the table)."""

from __future__ import annotations

import json
import re

from tests.conftest import project_with_code
from tests.kit.test_adding_a_game import ROW, add_toy_game
from tests.sim.test_adding_a_policy import dojo_session

SIMULATOR = '''"""The toy game's simulator: a seeded draw of the winner (enough to be swept)."""

import random

from ..lab import Lab
from ..sweep.tally import Tally

OPTIONS = ()
PLAYERS = (2, 4)
CHUNK = 100
POLICY_NAMES = ("coin", "lucky")


def add_arguments(parser):
    """The toy game takes only the shared options."""


def parse_rule(rid, value):
    if rid != "T1" or value not in (1, 2):
        raise ValueError(f"unknown ruling {rid}={value!r}; the toy rulings are T1=1 or 2")
    return rid, value


def run(args):
    print("toy:", args.games, "games")
    return 0


class Coin:
    name = "coin"


class Lucky(Coin):
    name = "lucky"


def _game(seed, i, players, cell):
    rng = random.Random(f"toy:{seed}:{i}")
    weights = [3 if "/" in cell["policy"] and s == i % players else 1 for s in range(players)]
    return rng.choices(range(players), weights)[0], 1 + rng.randrange(4 * cell["rules"].get("T1", 1))


class ToyLab(Lab):
    code = "toy"
    slice = 40
    unit = "turns"
    players = PLAYERS
    default_players = (2, 3)
    policies = {"coin": Coin, "lucky": Lucky}
    default_policies = ("coin",)
    rule_pattern = r"T\\d"
    design_settings = {"players": 2, "games": 10, "policy": "coin", "skill": ["lucky/coin", 10]}
    design_sweep = "dojo sweep --game toy"

    def printed(self, rid):
        return 1

    def content_files(self, inputs):
        return []

    def load(self, root, inputs):
        return {}

    def play(self, ctx, cell, seed, start, stop):
        t = Tally(cell["players"])
        for i in range(start, stop):
            winner, turns = _game(seed, i, cell["players"], cell)
            focus = i % cell["players"] if "/" in cell["policy"] else None
            t.add((winner,), turns, ["T1", "coin tossed"], None, {"T1": 1, "coin tossed": 1}, focus)
        return t

    def sample(self, ctx, cell, seed, i):
        winner, turns = _game(seed, i, cell["players"], cell)
        return [f"[T1] seat {winner + 1} wins after {turns} turns"]

    def rule_ids(self):
        return ["T1", "T2"]

    def recorded(self):
        return {"T1", "T2"}

    def design_alternatives(self, ctx):
        return [("T1", 2)]

    def design_games(self, ctx, settings, seed, policy, rid, value):
        cell = {"game": "toy", "policy": policy, "players": settings["players"],
                "rules": {} if rid is None else {rid: value}}
        return ({"variant": "printed" if rid is None else f"{rid}={value}", "games": settings["games"]},
                self.play(ctx, cell, seed, 0, settings["games"]))

    def design_key(self, root, ctx):
        return "toy"

    def design_rows(self, report, explain):
        return [("games", str(report["games"]))]


LAB = ToyLab()
'''


def test_a_fourth_game_with_a_lab_is_swept_by_the_unchanged_lab(tmp_path):
    root = project_with_code(tmp_path / "project")
    add_toy_game(root)  # steps 1-4 of the recipe, as tests/kit/test_adding_a_game.py takes them
    table = root / "content/games.toml"
    text = table.read_text(encoding="utf-8")
    assert text.count('code = "toy"\n') == 1
    table.write_text(text.replace('code = "toy"\n', 'code = "toy"\nsimulator = "generator.sim.toy.cli"\n'),
                     encoding="utf-8")
    (root / "generator/sim/toy").mkdir()
    (root / "generator/sim/toy/__init__.py").write_text('"""The toy game."""\n', encoding="utf-8")
    (root / "generator/sim/toy/cli.py").write_text(SIMULATOR, encoding="utf-8")

    out = tmp_path / "sweep"
    sim, sweep, sample, run = dojo_session(
        root, ["sim", "--game", "toy", "--games", "7"],
        ["sweep", "--game", "toy", "--rule", "T1=1,2", "--policy", "coin,lucky/coin", "--games", "100", "--seed", "4",
         "--jobs", "2", "--out", str(out)],
        ["sweep", "--sample", str(out), "--cell", "1", "--index", "3"],
        ["sweep", "--game", "toy", "--board", "x.txt", "--games", "5", "--out", str(tmp_path / "x")])
    assert sim.returncode == 0 and "toy: 7 games" in sim.stdout, sim.stderr[-2000:]

    assert sweep.returncode == 0 and "Traceback" not in sweep.stderr, sweep.stderr[-2000:]
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["game"] == "toy" and len(report["cells"]) == 2 * 2 * 2  # players 2, 3 x policies x T1 values
    assert [c["label"] for c in report["cells"]][:2] == ["2p coin T1=1", "2p coin T1=2"]
    assert all(c["games"] == 100 for c in report["cells"]) and report["complete"]
    assert report["coverage"]["rules"] == {"T1": 800, "T2": 0} and report["coverage"]["events"]["coin tossed"] == 800
    assert {c["rule"] for c in report["comparisons"]} == {"T1"}
    skill = [c["skill"] for c in report["cells"] if c["cell"]["policy"] == "lucky/coin"]
    assert skill and all(s["edge"] > 0 for s in skill)  # the favoured A player wins more than its fair share
    html = (out / "report.html").read_text(encoding="utf-8")
    title = re.search(r'title = "([^"]+)"', ROW).group(1)
    assert f"<h2>{title}</h2>" in html  # the row's title

    assert sample.returncode == 0 and "[T1] seat" in sample.stdout, sample.stderr[-2000:]
    assert run.returncode == 2 and "--board applies to --game dojo, not --game toy" in run.stderr, run.stderr
