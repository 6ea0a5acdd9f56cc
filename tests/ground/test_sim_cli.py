"""`dojo sim --game ground`: options checked with exit 2, reports for every Scenario and player count."""

import json

import pytest

from generator.cli import main


@pytest.mark.parametrize("argv, words", [
    (["--players", "7"], "--players 7"),
    (["--players", "1"], "--players 1"),
    (["--games", "0"], "--games 0"),
    (["--jobs", "0"], "--jobs 0"),
    (["--jobs", "100000"], "--jobs 100000"),
    (["--scenario", "sc-nowhere"], "sc-group-project"),
    (["--mode", "solo"], "mode-shared-ground"),
    (["--max-turns", "9"], "5 rounds"),
    (["--policy", "p0"], "heuristic"),
    (["--rule", "G2=maybe"], "keep-solution"),
    (["--rule", "Q9=1"], "unknown ruling"),
    (["--games", "400000"], "at most 1000000"),
    (["--start", "3"], "--game dojo"),
])
def test_bad_options_exit_2_with_a_message(argv, words, capsys):
    """Every unusable option is exit 2 and one clear line naming it, never a traceback."""
    assert main(["sim", "--game", "ground", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and words in err and "Traceback" not in err


def test_abbreviations_are_refused(capsys):
    """allow_abbrev is off: --game is never read as --games (or the reverse)."""
    with pytest.raises(SystemExit):
        main(["sim", "--gam", "ground"])


def test_report_every_scenario_and_count(tmp_path, capsys):
    """A run over every Scenario, player count and Mode finishes every game and reports the measures."""
    out, png = tmp_path / "r.json", tmp_path / "r.png"
    assert main(["sim", "--game", "ground", "--games", "4", "--seed", "3", "--json", str(out), "--plot", str(png),
                 "--rule", "G2=discard-solution", "--explain"]) == 0
    report = json.loads(out.read_text())
    assert report["games"] == 3 * 5 * 3 * 4 and report["unfinished"] == 0
    assert report["rounds"] == {"mean": 5.0, "median": 5.0, "p90": 5}
    assert set(report["outcome_by_mode"]) == {"mode-shared-ground", "mode-common-problem", "mode-bonded-coalitions"}
    assert set(report["seats"]) == {"2", "3", "4", "5", "6"} and len(report["combinations"]) == 45
    assert sum(report["solved_by_suit"].values()) == sum(int(v) for v in report["solved_by_priority"].values()) > 0
    assert report["variants"][0]["variant"] == "G2=discard-solution"
    assert "first Lead's win rate" in capsys.readouterr().out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_results_do_not_depend_on_jobs(tmp_path):
    """--jobs 2 gives the same report as --jobs 1."""
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    base = ["sim", "--game", "ground", "--games", "150", "--players", "4", "--mode", "common-problem",
            "--scenario", "sc-shared-flat", "--policy", "random"]
    assert main([*base, "--json", str(a)]) == 0
    assert main([*base, "--jobs", "2", "--json", str(b)]) == 0
    assert json.loads(a.read_text()) == json.loads(b.read_text())
