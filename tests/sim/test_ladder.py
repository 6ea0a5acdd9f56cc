"""The policy ladder: a round robin of pairings with seats rotated, rated with OpenSkill (intervals) and Elo for two
seats; the stronger policy (hunter) is rated above random, and its Elo interval is above 0."""

import json

from generator.cli import main


def test_duel_ladder_rates_the_hunter_above_random(tmp_path, capsys):
    assert main(["sweep", "--game", "duel", "--ladder", "--games", "100", "--out", str(tmp_path), "--jobs", "1"]) == 0
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert [c["cell"]["policy"] for c in report["cells"]] == ["hunter/random", "random/hunter"]
    for c in report["cells"]:  # seats rotated: the stronger policy does not read as seat bias
        assert not c["unbalanced"]
    lad = report["ladder"]
    assert lad["order"] == ["hunter", "random"] and lad["ratings"]["hunter"]["games"] == 200
    hunter, rnd = lad["ratings"]["hunter"], lad["ratings"]["random"]
    assert hunter["ci95"][0] > rnd["ci95"][1]
    elo = lad["elo"]["hunter vs random"]
    assert elo["wins"] > elo["losses"] and elo["ci95"][0] > 100
    assert "Policy ladder" in (tmp_path / "report.html").read_text(encoding="utf-8")


def test_ladder_needs_two_policies(tmp_path, capsys):
    assert main(["sweep", "--game", "duel", "--ladder", "--policy", "hunter", "--out", str(tmp_path / "o")]) == 2
    assert "--ladder: name two policies or more" in capsys.readouterr().err


def test_skill_grows_with_the_search_budget(tmp_path):
    """rollout-1 (one round ahead) against three heuristic players wins about its fair share; rollout (the whole
    game) about two thirds: the HTML plots the trace, the ladder orders them."""
    args = ["sweep", "--game", "ground", "--players", "4", "--mode", "common-problem", "--scenario",
            "sc-group-project", "--policy", "rollout-1/heuristic,rollout/heuristic", "--games", "60"]
    assert main([*args, "--out", str(tmp_path), "--jobs", "2"]) == 0
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    one, whole = (c["skill"]["win_rate"] for c in report["cells"])
    assert one["ci95"][1] < whole["ci95"][0] + 0.1 and whole["rate"] > 0.45 > one["rate"]
    assert report["ladder"]["order"][0] == "rollout"
    assert "Skill against search budget" in (tmp_path / "report.html").read_text(encoding="utf-8")
