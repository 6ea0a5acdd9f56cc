"""Scenarios SC47-SC57 of docs/specs/dojo-scenarios.md: setup, end of game, tunnels, board structure, P0 paths."""

import random
from collections import Counter
from pathlib import Path

import pytest

from generator.board.check import room_exits
from generator.board.load import load_quadrant
from generator.board.model import N, build_board, rotate
from generator.sim.dojo.cards import TSUGI, UKE
from generator.sim.dojo.engine import Game, GameConfig, belt
from generator.sim.dojo.policy import P0
from generator.sim.dojo.tables import Tables

from .helpers import DECK, Pinned, fixture, game, in_room, kumite_events, line, sq

ROOT = Path(__file__).resolve().parents[2]
QUADRANT = ROOT / "content/dojo/board/quadrant.txt"
C = line(11, 1, 12)


def project_tables() -> Tables:
    """Tables of the project's board."""
    return Tables(build_board(load_quadrant(QUADRANT).quadrant))


def new_game(players, seed=42, start=None, log=False, max_turns=None):
    """A set-up game on the project board."""
    return Game(project_tables(), GameConfig(players=players, start=start, max_turns=max_turns, deck=DECK), random.Random(seed),
                [P0()], log=log)


def test_sc47_setup_rooms_and_start():
    """SC47 DR-S02 DR-S03 DR-S04 DR-S05 DR-S06 U13 U32: rooms by seat, roommates never consecutive, start 0 or 3."""
    g5 = new_game(5)
    assert g5.room == [0, 1, 2, 0, 3] and g5.pos == [0] * 5
    assert g5.sq[0] == g5.sq[3] and g5.sq[0] in g5.t.rooms[0]  # roommates may share a start square
    for n in range(3, 9):
        rooms = new_game(n).room
        assert all(rooms[i] != rooms[(i + 1) % n] for i in range(n)), n
        assert all(Counter(rooms)[k] <= 2 for k in range(4)) and (n != 8 or set(Counter(rooms).values()) == {2})
        assert n > 4 or len(set(rooms)) == n  # 3-4 players: one pawn per corner
    g6 = new_game(6)
    assert g6.room == [0, 1, 2, 3, 0, 1] and g6.pos == [3] * 6
    assert new_game(4, start=3).pos == [3] * 4 and new_game(4).pos == [0] * 4


def test_sc48_one_winner():
    """SC48 DR-E01 DR-E02: after the Exam is won no further turn is played; a player at 17 has not won."""
    b = fixture([[(10, 7), (10, 6)]], entrances=[((10, 7), (9, 7))])
    g = game(b, [15, 17, 8, 3], [(10, 7), None, None, None], dice=[1, 1, 6, 1])
    g.play_turn()
    assert g.winner == 0
    turn = g.turn
    g.play()
    assert g.turn == turn and g.winner == 0 and g.pos[1] == 17


def test_sc49_tunnel_passed_mid_move():
    """SC49 DR-T11 DR-Q05 U11: a tunnel passed mid-movement does nothing; a pawn standing on it is fought normally."""
    links = {C[2]: (4, 3)}
    b = fixture([C[:5]], codes={C[2]: "5", (4, 3): "5"}, links=links)
    g = game(b, [3, 3, 0, 0], [C[0], (4, 3), None, None], dice=[2, 2], policies={0: Pinned(tunnel=True)})
    g.play_turn()
    assert g.sq[0] == sq(*C[4]) and kumite_events(g) == [] and g.stats.teleports == 0
    g = game(b, [3, 3, 0, 0], [C[0], C[2], None, None], dice=[2, 2, 6, 1])
    g.play_turn()
    assert kumite_events(g)[0][:2] == (0, 1) and g.sq[0] == sq(*C[4])


def test_sc50_two_pawns_on_a_tunnel_exit():
    """SC50 DR-Q06 DR-T09 U12 U06 U20: one Kumite per pawn on the exit in seating order; the first loss ends the turn."""
    b = fixture([C[:3]], codes={C[2]: "6", (4, 3): "6"}, links={C[2]: (4, 3)})
    g = game(b, [6, 6, 9, 0], [C[0], (4, 3), (4, 3), None], dice=[1, 1, 6, 1, 1, 6], policies={0: Pinned(tunnel=True)})
    g.play_turn()
    assert [e[:2] for e in kumite_events(g)] == [(0, 1), (0, 2)]
    assert g.pos[:3] == [6, 3, 12] and in_room(g, 0) and in_room(g, 1)
    g = game(b, [6, 6, 9, 0], [C[0], (4, 3), (4, 3), None], dice=[1, 1], med=(2,), policies={0: Pinned(tunnel=True)})
    g.play_turn()
    assert g.sq[0] == sq(*C[2]) and g.stats.teleports == 0


def test_sc51_extra_step_as_dojo_entry():
    """SC51 DR-M03 DR-X02 U21: ending on e on a meditating pawn, the extra step is the Dojo entry and the Exam starts."""
    chain = line(10, 4, 6)
    b = fixture([chain], entrances=[((10, 8), (9, 8))])
    g = game(b, [16, 10, 10, 3], [chain[0], (10, 8), None, None], dice=[2, 2, 6, 1], med=(1,))
    g.play_turn()
    assert kumite_events(g) == [(0, 2, 6, 1, 0, 1, True, True)] and g.winner == 0


def test_sc52_losing_in_a_tsugi_ashi_movement():
    """SC52 DR-N09 DR-T09: the Tsugi-ashi movement's lost Kumite ends the turn: -3, Start, no effect at c2."""
    chain = line(11, 1, 5)  # s a n c1 c2
    b = fixture([chain], codes={chain[2]: "?", chain[4]: "A"})
    g = game(b, [6, 6, 0, 0], [chain[0], chain[3], None, None], dice=[1, 1, 1, 1, 1, 2], pile=[TSUGI])
    g.play_turn()
    assert g.pos[:2] == [3, 9] and in_room(g, 0) and g.dice.rolls == []


def test_sc53_board_and_ladder_structure(tmp_path):
    """SC53 DR-O01 DR-O02 DR-O03 DR-O04 DR-O05 DR-O07 DR-O10 U29: rotation, rooms, Dojo, tunnel links, belts."""
    legend = tmp_path / "legend.toml"
    legend.write_text("[tunnels.3]\nquadrant_offset = 1\n", encoding="utf-8")
    loaded = load_quadrant(QUADRANT, legend)
    assert loaded.problems == ()
    b = build_board(loaded.quadrant)
    assert len(b.codes) == N * N and set(b.codes) <= set("SD.AF?PK123456789")
    for i, code in enumerate(b.codes):
        r, c = divmod(i, N)
        rr, cc = rotate((r, c), 1)
        assert b.codes[rr * N + cc] == code
    for k in range(4):
        room = b.room_squares(k)
        assert len(room) == 9 and len({i // N for i in room}) == 3
        exits = room_exits(b, room)
        assert len(exits) == 2 and exits[0][2] != exits[1][2]
    assert sorted(b.dojo_squares) == [r * N + c for r in range(6, 10) for c in range(6, 10)]
    assert all(b.links[b.links[i]] == i for i in range(N * N) if b.links[i] is not None)
    cells = loaded.quadrant.tunnel_cells()["3"]
    a, z = rotate(cells[0], 0), rotate(cells[1], 1)
    assert b.links[a[0] * N + a[1]] == z[0] * N + z[1]
    assert [belt(p) for p in range(18)] == [p // 3 for p in range(18)] and max(belt(p) for p in range(18)) == 5
    assert [p for p in range(18) if belt(p) == 5] == [15, 16, 17]


def test_sc54_setup_state_and_seeding():
    """SC54 DR-S01 DR-S07 DR-S08 DR-S09 DR-O06 DR-O11 DR-N01 U10 U15 U31: deck, rooms, RNG, identical logs, turn cap."""
    for n in (1, 9):  # 2 players: the kit's ruling (issue 33), opposite rooms
        with pytest.raises(ValueError):
            new_game(n)
    two = new_game(2)
    assert two.room == [0, 2] and two.sq[0] in two.t.rooms[0] and two.sq[1] in two.t.rooms[2]
    g = new_game(4, log=True)
    counts = (3, 2, 2, 2, 1, 2, 2, 1, 1, 2, 1, 2, 1)  # DR-N01: copies per card type, in effect order
    assert len(g.pile) == 22 and Counter(g.pile) == {c: k for c, k in enumerate(counts)}
    assert g.discards == [] and g.tech == [None] * 4 and g.med == [False] * 4
    assert all(g.sq[p] == g.t.best_start[g.room[p]] for p in range(4))
    assert g.first_player == random.Random(42).randrange(4)
    g.play()
    again = new_game(4, log=True)
    again.play()
    assert g.log == again.log and g.winner is not None
    capped = new_game(4, max_turns=6)
    capped.play()
    assert capped.turn == 6 and not capped.finished


def test_sc55_p0_path_choice():
    """SC55 DR-T02 U01 U04: P0 prefers the Nebbia end; then fewer Fatica; then N before E."""
    s = (11, 4)
    branches = {"C": [s, (10, 4), (9, 4)], "D": [s, (11, 5), (11, 6)], "A": [s, (12, 4), (13, 4)],
                "B": [s, (11, 3), (11, 2)]}
    codes = {(12, 4): "F", (13, 4): "A", (11, 2): "?"}

    def pick(names):
        g = game(fixture([branches[k] for k in names], codes=codes), [9, 0, 0, 0], [s, None, None, None])
        return P0().path(g, 0, sq(*s), 2, {sq(*s)})[-1]
    assert pick("ABCD") == sq(11, 2)
    assert pick("ACD") == sq(9, 4)
    assert pick("CD") == sq(9, 4) and pick("DC") == sq(9, 4)


def test_sc56_uke_played_by_the_winner():
    """SC56 DR-N06 DR-N08 U18: a winner's pinned Uke has no effect and is discarded."""
    g = game(fixture([C[:3]]), [6, 6, 0, 0], [C[0], C[1], None, None], dice=[1, 1, 5, 2], tech={0: UKE},
             policies={0: Pinned(play=True)})
    g.play_turn()
    assert g.pos[:2] == [9, 3] and in_room(g, 1) and g.discards == [UKE] and g.tech[0] is None


def test_sc57_tsugi_ashi_chain():
    """SC57 DR-N09 U30: a Tsugi-ashi movement ending on a Nebbia that gives Tsugi-ashi again makes a third movement."""
    chain = line(11, 1, 7)  # s a n1 b n2 c d
    b = fixture([chain], codes={chain[2]: "?", chain[4]: "?", chain[6]: "A"})
    g = game(b, [3, 0, 0, 0], [chain[0], None, None, None], dice=[1, 1, 1, 1, 1, 1], pile=[TSUGI, TSUGI])
    g.play_turn()
    assert g.sq[0] == sq(*chain[6]) and g.pos[0] == 4 and g.dice.rolls == [] and g.stats.drawn[TSUGI] == 2
