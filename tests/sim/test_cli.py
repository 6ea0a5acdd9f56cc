"""`dojo sim` end to end, the seeded runner (jobs-independent results) and the report keys."""

import json
from pathlib import Path

from generator.board.load import load_quadrant
from generator.board.model import build_board
from generator.cli import main
from generator.sim.dojo.engine import GameConfig
from generator.sim.dojo.report import start_ratio, summarise
from generator.sim.dojo.runner import game_seed, run_games

from .helpers import DECK

ROOT = Path(__file__).resolve().parents[2]
QUADRANT = ROOT / "content/dojo/board/quadrant.txt"
BOARD = build_board(load_quadrant(QUADRANT).quadrant)
KEYS = {"games", "finished", "unfinished", "stuck_moves", "turns", "rounds", "wins_by_seat", "wins_by_room", "kumite",
        "final_exam", "cards_drawn", "ladder"}


def test_results_do_not_depend_on_jobs():
    """DR-O11: game i's seed comes from (seed, i), so one process and two give the same games."""
    config = GameConfig(players=4, deck=DECK)
    one = run_games(BOARD, config, 120, 3, jobs=1)
    two = run_games(BOARD, config, 120, 3, jobs=2)
    assert one == two and [r.index for r in one] == list(range(120))
    assert game_seed(3, 0) != game_seed(3, 1) != game_seed(4, 1)


def test_report_keys_and_counts():
    """The report has every key the issue asks for, with counts that add up."""
    results = run_games(BOARD, GameConfig(players=5, deck=DECK), 60, 9)
    rep = summarise(results, 5)
    assert KEYS <= rep.keys()
    assert rep["finished"] + rep["unfinished"] == 60 and sum(rep["wins_by_seat"]) == rep["finished"]
    assert sum(rep["wins_by_room"]) == rep["finished"] and len(rep["wins_by_seat"]) == 5
    assert set(rep["turns"]) == {"mean", "median", "p90"} and rep["turns"]["median"] <= rep["turns"]["p90"]
    assert rep["final_exam"]["won"] == rep["finished"]
    assert rep["ladder"]["round"][0] == 1 and len(rep["ladder"]["mean"]) == len(rep["ladder"]["round"])
    assert start_ratio(rep, rep) == 1.0


def test_dojo_sim_json_and_plot(tmp_path, capsys):
    """`dojo sim --json --plot` writes a report with every key and a PNG; the table names the measures."""
    out, png = tmp_path / "r.json", tmp_path / "r.png"
    code = main(["sim", "--board", str(QUADRANT), "--players", "4", "--games", "40", "--seed", "7", "--start", "0",
                 "--json", str(out), "--plot", str(png), "--max-turns", "1500"])
    assert code == 0
    rep = json.loads(out.read_text(encoding="utf-8"))
    assert KEYS <= rep.keys() and rep["games"] == 40 and rep["stuck_moves"] == 0 and rep["unfinished"] == 0
    assert rep["start"] == 0 and rep["max_turns"] == 1500
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    printed = capsys.readouterr().out
    assert "stuck moves" in printed and "wins by seat" in printed


def test_dojo_sim_compare_start(tmp_path, capsys):
    """--compare-start runs start 0 and start 3 and prints their mean-length ratio (C01)."""
    out = tmp_path / "c.json"
    assert main(["sim", "--games", "30", "--seed", "2", "--compare-start", "--json", str(out)]) == 0
    rep = json.loads(out.read_text(encoding="utf-8"))
    ratio = rep["compare_start"]["ratio"]
    assert 0 < ratio < 2 and rep["compare_start"]["start_0"]["start"] == 0
    assert f"{ratio}" in capsys.readouterr().out


def test_dojo_sim_rejects_bad_options(tmp_path, capsys):
    """U15 DR-S01: 1 or 9 players, 0 games or a missing board are clear errors (exit 2), never tracebacks."""
    assert main(["sim", "--players", "1"]) == 2
    assert "2 to 8" in capsys.readouterr().err
    assert main(["sim", "--games", "0"]) == 2
    assert main(["sim", "--board", str(tmp_path / "nope.txt")]) == 2
    assert "nope.txt" in capsys.readouterr().err


def test_design_report_accounts_for_every_notch():
    """Every ladder change is counted under its source: the sources add up to where the pawns stand."""
    import random

    from generator.sim.dojo.engine import Game
    from generator.sim.dojo.policy import P0
    from generator.sim.dojo.tables import Tables

    for seed in range(5):
        g = Game(Tables(BOARD), GameConfig(players=4, deck=DECK), random.Random(seed), [P0()])
        g.play()
        assert sum(g.stats.progress) == sum(g.pos) and sum(g.stats.ends) > 0


def test_explain_and_ruling_variants(tmp_path, capsys):
    out = tmp_path / "r.json"
    assert main(["sim", "--games", "40", "--seed", "4", "--explain", "--rule", "U22=false", "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    d = report["design"]
    assert d["movement_ends"]["allenamento"] > 0.5 and d["progress"]["allenamento"]["share_of_gains"] > 0.5
    assert sum(s["k"] for s in d["seats"]) == report["finished"]
    assert all(s["ci95"][0] <= s["rate"] <= s["ci95"][1] for s in d["seats"])
    assert [v["variant"] for v in report["variants"]] == ["U22=False"]
    text = capsys.readouterr().out
    assert "first seat advantage" in text and "ruling variants side by side" in text


def test_two_player_dojo_is_simulated_from_opposite_rooms(tmp_path):
    """Issue 33: the 2-player set-up the booklet prints (opposite corner Safe Rooms, U13) plays to the end."""
    from generator.sim.dojo.defaults import RULINGS

    out = tmp_path / "two.json"
    assert main(["sim", "--players", "2", "--games", "40", "--seed", "3", "--jobs", "1", "--json", str(out)]) == 0
    rep = json.loads(out.read_text(encoding="utf-8"))
    assert rep["games"] == 40 and rep["finished"] == 40 and rep["unfinished"] == 0
    assert RULINGS.rooms(2) == (0, 2)  # top left and bottom right: the model numbers quadrants clockwise
    rules = (ROOT / "content/dojo/rules.md").read_text(encoding="utf-8")
    assert "**Ruling 1. Two players.**" in rules and "opposite corner Safe Rooms" in rules
