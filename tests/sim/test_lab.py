"""The balance lab dispatches on the games table (generator/sim/lab.py): every game with a LAB, in table order, each
answering the protocol; an unusable simulator or lab is one error naming content/games.toml, the row's line and the
fix, also from the command line, never a traceback."""

from __future__ import annotations

import dataclasses

import pytest

from generator.cli import main
from generator.content.games import games
from generator.problems import CheckFailed
from generator.sim import lab as lab_module
from generator.sim.lab import Lab, lab, labs


def test_every_game_with_a_simulator_has_its_lab_in_table_order():
    table = games()
    assert list(labs()) == [code for code, g in table.items() if g.simulator]
    for code, x in labs().items():
        assert isinstance(x, Lab) and x.code == code and x.slice > 0 and x.unit
        lo, hi = x.players
        assert all(lo <= n <= hi for n in x.default_players)
        assert set(x.default_policies) <= set(x.policies)
        assert set(x.design_settings.get("policies") or [x.design_settings["policy"]]) <= set(x.policies)
        assert x.recorded() & set(x.rule_ids())  # the engine records some of the ids it lists


def _table(monkeypatch, simulator: str):
    row = dataclasses.replace(games()["dojo"], simulator=simulator, line=8)
    monkeypatch.setattr(lab_module, "games", lambda root=None: {"dojo": row})
    monkeypatch.setattr(lab_module, "_LABS", {})


@pytest.mark.parametrize("simulator, says", [
    ("generator.sim.no_such_module", "does not import"),
    ("generator.sim.stats", "lacks add_arguments, OPTIONS"),
])
def test_an_unusable_simulator_names_the_table_line(monkeypatch, simulator, says):
    _table(monkeypatch, simulator)
    with pytest.raises(CheckFailed) as caught:
        labs()
    [problem] = caught.value.problems
    assert problem.file == "content/games.toml" and problem.line == 8 and says in problem.message
    assert problem.hint


def test_a_lab_of_another_game_is_refused(monkeypatch):
    _table(monkeypatch, "generator.sim.duel.cli")  # its LAB is the duel's, not the row's game
    with pytest.raises(CheckFailed) as caught:
        labs()
    assert "is not the balance lab of 'dojo'" in caught.value.problems[0].message


def test_a_sweep_option_claimed_twice_is_refused(monkeypatch):
    from generator.sim.lab import Option

    rows = {code: dataclasses.replace(g, line=10 + i) for i, (code, g) in enumerate(games().items())}
    monkeypatch.setattr(lab_module, "games", lambda root=None: rows)
    monkeypatch.setattr(lab_module, "_LABS", {})
    board = next(o for x in labs().values() for o in x.options)  # some game's own option
    duel = labs()["duel"]
    monkeypatch.setattr(type(duel), "options", (Option(board.name, "x", "y"),))
    monkeypatch.setattr(lab_module, "_LABS", {})
    with pytest.raises(CheckFailed) as caught:
        labs()
    [problem] = caught.value.problems
    assert problem.line == rows["duel"].line and f"--{board.name} is already" in problem.message


def test_a_game_without_a_lab_is_an_error_naming_the_table():
    with pytest.raises(CheckFailed) as caught:
        lab("toy")
    [problem] = caught.value.problems
    assert problem.file == "content/games.toml" and "'toy' has no balance lab" in problem.message


def test_the_command_line_reports_a_broken_simulator_without_a_traceback(monkeypatch, capsys):
    _table(monkeypatch, "generator.sim.no_such_module")
    assert main(["sweep", "--game", "dojo", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "content/games.toml:8" in err and "does not import" in err and "Traceback" not in err


def test_a_sweep_recorded_before_a_games_option_existed_resumes(tmp_path, monkeypatch, capsys):
    """A game added to the table brings its own sweep options (its lab's): an earlier sweep.json, which lacks them,
    still resumes (none of them was given) instead of being refused as damaged."""
    import json

    from tests.conftest import ROOT

    monkeypatch.chdir(ROOT)
    out = tmp_path / "s"
    assert main(["sweep", "--game", "duel", "--games", "20", "--jobs", "1", "--out", str(out)]) == 0
    report = (out / "report.json").read_bytes()
    spec = json.loads((out / "sweep.json").read_text(encoding="utf-8"))
    own = [o.name for x in labs().values() for o in x.options]
    assert own  # (some game has options of its own)
    for name in own:
        del spec["options"][name]
    (out / "sweep.json").write_text(json.dumps(spec), encoding="utf-8")
    capsys.readouterr()
    assert main(["sweep", "--resume", str(out)]) == 0, capsys.readouterr().err
    assert (out / "report.json").read_bytes() == report


def test_the_sweeps_own_options_are_the_ones_a_game_may_not_claim():
    import argparse

    from generator.sim.lab import SWEEP_OPTIONS
    from generator.sim.sweep import cli
    from generator.sim.sweep.spec import GAME_OPTIONS

    parser = argparse.ArgumentParser()
    cli.register(parser.add_subparsers())
    given = set(vars(parser.parse_args(["sweep"]))) - {"run"}
    assert given == SWEEP_OPTIONS | set(GAME_OPTIONS) and not SWEEP_OPTIONS & set(GAME_OPTIONS)
