"""`dojo sim --game duel`: seeded, reports win rates by seat, first mover and opening stance; bad options exit 2."""

import json

import pytest

from generator.cli import main


def run(tmp_path, *args: str) -> dict:
    out = tmp_path / "r.json"
    assert main(["sim", "--game", "duel", "--json", str(out), *args]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


def test_duel_report(tmp_path, capsys):
    r = run(tmp_path, "--games", "60", "--seed", "3", "--explain")
    assert r["game"] == "duel" and r["duels"] == 60 and r["finished"] + r["unfinished"] == 60
    assert r["wins"]["A"]["k"] + r["wins"]["B"]["k"] + r["draws"] == r["finished"]
    lo, hi = r["wins"]["A"]["ci95"]
    assert 0 <= lo <= r["wins"]["A"]["rate"] <= hi <= 1
    assert set(r["by_opening_stance"]) <= {"seigan", "jodan", "gasumi", "gedan"}
    assert sum(v["players"] for v in r["by_opening_stance"].values()) == 120
    assert sum(v["duels"] for v in r["by_first_mover"].values()) == 60
    assert "seat advantage" in capsys.readouterr().out


def test_duel_runs_depend_only_on_the_seed(tmp_path):
    a = run(tmp_path, "--games", "30", "--seed", "5", "--policy", "hunter/random")
    b = run(tmp_path, "--games", "30", "--seed", "5", "--policy", "hunter/random")
    c = run(tmp_path, "--games", "30", "--seed", "6", "--policy", "hunter/random")
    assert a == b and a != c
    assert a["wins"]["A"]["rate"] > a["wins"]["B"]["rate"]  # the hunter beats the random player


def test_ruling_variant_side_by_side(tmp_path):
    r = run(tmp_path, "--games", "40", "--rule", "D03=exact")
    assert r["variant"] == "rulings as printed" and r["variants"][0]["variant"] == 'D03="exact"'
    assert r["variants"][0]["turns"] != r["turns"]


@pytest.mark.parametrize("args,message", [
    (["--game", "duel", "--start", "3"], "--start applies to --game dojo"),
    (["--game", "duel", "--players", "3"], "fixed number of players"),
    (["--game", "duel", "--policy", "p0"], "--policy p0"),
    (["--game", "duel", "--rule", "D99=1"], "unknown ruling D99"),
    (["--game", "duel", "--rule", "D03=3"], "'up-to' or 'exact'"),
    (["--game", "duel", "--rule", "D03"], "write ID=VALUE"),
    (["--game", "duel", "--plot", "x.png"], "no plots"),
    (["--jobs", "999"], "--jobs 999: use 1 to"),
    (["--jobs", "0"], "--jobs 0"),
    (["--games", "0"], "--games 0"),
    (["--games", "10000000"], "--games 10000000"),
    (["--max-turns", "0"], "--max-turns 0"),
    (["--players", "9"], "2 to 8 players"),
    (["--rule", "U02=false"], "U02: only the default reading"),
    (["--rule", "U22=3"], "u22_sensei_peso_everyone is bool"),
    (["--rule", "U99=1"], "unknown ruling U99"),
])
def test_bad_options_exit_2_with_a_clear_message(args, message, capsys):
    assert main(["sim", *args]) == 2
    assert message in capsys.readouterr().err


def test_no_abbreviated_options(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["sim", "--gam", "duel"])
    assert exc.value.code == 2


def test_an_illegal_policy_is_refused_naming_the_rule():
    from pathlib import Path

    from generator.content.duel import load_duel
    from generator.sim.duel import play
    from generator.sim.duel.rules import Duel, IllegalOrder, Order

    class Striker:
        name = "striker"

        def order(self, duel, state, p, rng):
            return Order(action="strike")  # Seigan, the opening stance, allows no strike

    duel = Duel(load_duel(Path(__file__).resolve().parents[2])[0])
    play.DUELISTS["striker"] = Striker
    try:
        with pytest.raises(IllegalOrder) as exc:
            play.play_duel(duel, ("striker", "hunter"), 1, 0, 10)
    finally:
        del play.DUELISTS["striker"]
    assert exc.value.rule == "DS-STRIKE" and "player A" in str(exc.value)
