"""The stronger policies beat the weaker ones: a pairing A/B seats one A player among B players (each seat in turn)
and the sweep measures the share of the games won alone that A won, with its 95% interval."""

from pathlib import Path

from generator.sim.lab import seating
from generator.sim.sweep.games import load, play
from generator.sim.sweep.tally import summary
from generator.sim.dojo.tables import Tables

ROOT = Path(__file__).resolve().parents[2]
BOARD = str(ROOT / "content/dojo/board/quadrant.txt")


def _skill(game: str, policy: str, games: int, **cell) -> dict:
    ctx = load(game, ROOT, [BOARD] if game == "dojo" else [])
    tally = play(ctx, {"game": game, "policy": policy, "rules": {}, **cell}, 3, 0, games)
    return summary(tally)["skill"]


def test_pairing_seats_one_a_player_in_each_seat_in_turn():
    table = {"a": lambda: "A", "b": lambda: "B"}
    assert [seating("a/b", 3, i, table) for i in (0, 4)] == [(["A", "B", "B"], 0), (["B", "A", "B"], 1)]
    assert seating("a", 3, 5, table) == (["A"], None)


def test_dojo_lookahead_beats_p0():
    """One lookahead player among three P0 players wins well over a quarter of the games."""
    skill = _skill("dojo", "lookahead/p0", 200, players=4, board=BOARD)
    assert skill["significant"] and skill["edge"] > 0.05 and skill["win_rate"]["n"] == skill["decided"] > 150


def test_dojo_p0_beats_random():
    skill = _skill("dojo", "random/p0", 8, players=4, board=BOARD)
    assert skill["win_rate"]["k"] == 0 and skill["edge"] == -0.25


def test_ground_rollout_beats_the_heuristic():
    """In a personal Mode, one rollout player among three heuristic players wins most games won alone."""
    skill = _skill("ground", "rollout/heuristic", 80, players=4, scenario="sc-group-project",
                   mode="mode-common-problem")
    assert skill["significant"] and skill["win_rate"]["rate"] > 0.45


def test_duel_hunter_beats_random():
    skill = _skill("duel", "hunter/random", 100, players=2)
    assert skill["significant"] and skill["win_rate"]["rate"] > 0.8


def test_lookahead_games_do_not_depend_on_what_the_process_played_before():
    """The board's tables grow with what P0 asked for: the lookahead still looks at the same candidates, so a slice
    plays the same games on a fresh worker and on one whose tables hold longer rankings (Dask = local)."""
    from generator.sim.sweep import games

    ctx = load("dojo", ROOT, [BOARD])
    cell = {"game": "dojo", "policy": "lookahead/p0", "rules": {}, "players": 4, "board": BOARD}
    games._CACHE.clear()
    fresh = play(ctx, cell, 5, 0, 20)
    asked = [key[2:] for key in games._CACHE[("tables", BOARD)].policy_memo]
    games._CACHE.clear()
    tables = games.cached(("tables", BOARD), lambda: Tables(ctx["boards"][BOARD]))
    for start, length in asked:
        tables.ranked(start, length, 300)  # as P0 would after unsettled scans
    assert play(ctx, cell, 5, 0, 20) == fresh
