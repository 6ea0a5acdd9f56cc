"""Engine scenarios of the Dojo's kit rulings on seating (rules booklet, "Rulings for this kit"): ruling 1, two players
in opposite corners; ruling 3, with 3 or 4 players each next player in turn order takes the next corner clockwise
round the board, so play passes from corner to corner clockwise."""

import random

import pytest

from generator.sim.dojo.engine import Game, GameConfig, ScriptedDice
from generator.sim.dojo.policy import P0
from generator.sim.dojo.tables import Tables

from .helpers import fixture

CLOCKWISE = ("top left", "top right", "bottom right", "bottom left")


def corner(tables: Tables, room: int) -> str:
    """Where a Safe Room lies on the board, from its squares' rows and columns."""
    rows = [i // 16 for i in tables.rooms[room]]
    cols = [i % 16 for i in tables.rooms[room]]
    return f"{'top' if max(rows) < 8 else 'bottom'} {'left' if max(cols) < 8 else 'right'}"


def seated(players: int) -> tuple[Game, list[str]]:
    g = Game(Tables(fixture()), GameConfig(players=players), random.Random(1), [P0() for _ in range(players)],
             dice=ScriptedDice([]), setup=False)
    return g, [corner(g.t, g.room[p]) for p in range(players)]


@pytest.mark.parametrize("players", [3, 4])
def test_turn_order_passes_the_corners_clockwise_ruling_3(players):
    g, corners = seated(players)
    assert len(set(corners)) == players  # one pawn per corner Safe Room (the rules' 3-4 players)
    start = CLOCKWISE.index(corners[0])
    assert corners == [CLOCKWISE[(start + k) % 4] for k in range(players)]  # next seat: next corner clockwise
    # the engine gives the turn to the next seat: the corners are played in clockwise order
    g.skip = [True] * players  # skipped turns: the turn passes without dice
    played = []
    for _ in range(2 * players):
        played.append(g.current)
        g.play_turn()
        g.skip = [True] * players
    assert played == [k % players for k in range(2 * players)]


def test_two_players_sit_in_opposite_corners_ruling_1():
    _, corners = seated(2)
    assert corners == ["top left", "bottom right"]


def test_five_to_eight_roommates_never_play_one_after_the_other():
    """The rules' own seating for 5-8 players (two pawns per room), kept by the same seat table."""
    for players in range(5, 9):
        g, _ = seated(players)
        for p in range(players):
            assert g.room[p] != g.room[(p + 1) % players], (players, p)
