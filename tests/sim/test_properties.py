"""Invariants as property tests (hypothesis): ladder 0..17, 22 cards conserved, nobody left in the Dojo, one winner."""

import random
from pathlib import Path

from hypothesis import given, settings, strategies as st

from generator.board.load import load_quadrant
from generator.board.model import build_board
from generator.sim.dojo.engine import Game, GameConfig
from generator.sim.dojo.policies import POLICIES
from generator.sim.dojo.tables import Tables

from .helpers import DECK

ROOT = Path(__file__).resolve().parents[2]
TABLES = Tables(build_board(load_quadrant(ROOT / "content/dojo/board/quadrant.txt").quadrant))


def check_between_turns(g: Game) -> None:
    """DR-O08/C05, C04/DR-N01, DR-Z07/DR-X09/C09 and DR-M05 after a turn."""
    assert all(0 <= p <= 17 for p in g.pos)
    assert len(g.pile) + len(g.discards) + g.held() == len(DECK) == 22
    assert all(m <= s for m, s in zip(g.med, g.skip))  # a meditating pawn always has its skipped turn ahead
    in_dojo = [p for p in range(g.n) if g.t.is_dojo[g.sq[p]]]
    assert in_dojo == ([g.winner] if g.finished else [])


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8), start=st.sampled_from([None, 0, 3]),
       policy=st.sampled_from(["p0", "p0", "random"]))
def test_invariants_hold_after_every_turn(seed, players, start, policy):
    """DR-O08 DR-N01 DR-X09 DR-Z07 DR-E01 DR-E02 DR-S01: invariants of a whole game, turn by turn."""
    g = Game(TABLES, GameConfig(players=players, start=start, deck=DECK), random.Random(seed), [POLICIES[policy]()])
    check_between_turns(g)
    cap = 400 if policy == "p0" else 60
    while not g.finished and g.turn < cap:
        g.play_turn()
        check_between_turns(g)
    if g.finished:
        assert 0 <= g.winner < players and g.pos[g.winner] >= 15  # C10: Brown when it entered
        turn = g.turn
        g.play()
        assert g.turn == turn and g.stats.exam_wins == 1


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_p0_four_player_games_finish_without_stuck_moves(seed):
    """DR-T05 DR-F07 C02(c): on the project board P0 games end with a winner and never need the fallback."""
    g = Game(TABLES, GameConfig(players=4, deck=DECK), random.Random(seed), [POLICIES["p0"]()])
    g.play()
    assert g.finished and g.stats.stuck == 0
