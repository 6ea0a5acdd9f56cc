"""Scenarios SC31-SC46 of docs/specs/dojo-scenarios.md: meditation, tunnels, Nebbia cards, Safe Rooms, paths."""

import random

from generator.sim.dojo.cards import (IRIMI, KIAI, MEDITAZIONE, PESO, PROIBITO, SEGRETO, SENSEI, SFIDA, INTENSIVO,
                                 UKE)
from generator.sim.dojo.policy import expected_gain

from .helpers import Pinned, fixture, game, in_room, kumite_events, line, sq

C = line(11, 1, 12)


def corridor(n: int, codes=None, **kw):
    """A fixture with only the corridor s, c1..cn open."""
    return fixture([C[: n + 1]], codes=codes, **kw)


def test_sc31_meditation_window():
    """SC31 DR-M05 DR-M01 DR-Q09 DR-N18 U26 U07: a meditating P2 cannot be challenged; its turn is skipped; then it can."""
    p2 = line(4, 3, 3)  # P2 walks to a Nebbia
    p3 = line(12, 3, 6)  # s3 a K1 b c K2
    b = fixture([p2, p3], codes={p2[2]: "?", p3[2]: "K", p3[5]: "K"})
    g = game(b, [0, 5, 5, 0], [None, p2[0], p3[0], None], pile=[MEDITAZIONE], turn=5, current=1,
             dice=[1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 3])
    g.play_turn()  # P2 draws Meditazione
    assert g.med[1] and g.skip[1]
    g.play_turn()  # P3 ends on a Sfida: no eligible target
    assert kumite_events(g) == [] and g.sq[2] == sq(*p3[2])
    g.play_turn()  # P4, inside its room
    g.play_turn()  # P1, inside its room
    g.play_turn()  # P2 skipped: no roll
    assert not g.med[1] and g.stats.skipped == 1
    g.play_turn()  # P3 on a Sfida again: Kumite against P2
    assert kumite_events(g) == [(2, 1, 4, 3, 0, 0, True, False)] and g.dice.rolls == []


def tunnel_board(codes=None):
    """s c1 c2=t4a; t4b at (4, 3)."""
    return corridor(2, {C[2]: "4", (4, 3): "4", **(codes or {})}, links={C[2]: (4, 3)})


def test_sc32_tunnel_exit_occupied_kumite():
    """SC32 DR-Q05 DR-Q06 DR-F03: the teleporting P1 fights P2 on the exit, wins, and the exit Allenamento gives nothing."""
    g = game(tunnel_board({(4, 3): "A"}), [9, 9, 0, 0], [C[0], (4, 3), None, None], dice=[1, 1, 3, 3],
             policies={0: Pinned(tunnel=True)})
    g.play_turn()
    assert g.pos[:2] == [12, 6] and g.sq[0] == sq(4, 3) and in_room(g, 1)


def test_sc33_tunnel_optional_or_blocked():
    """SC33 DR-Q05 DR-Q07 DR-F01 U24: a player may decline; P0 teleports only when the exit is closer; a meditating exit blocks."""
    g = game(tunnel_board(), [5, 0, 0, 0], [C[0], None, None, None], dice=[1, 1], policies={0: Pinned(tunnel=False)})
    g.play_turn()
    assert g.sq[0] == sq(*C[2])
    far = game(tunnel_board(), [5, 0, 0, 0], [C[0], None, None, None], dice=[1, 1])  # no entrance: not closer
    far.play_turn()
    assert far.sq[0] == sq(*C[2])
    near_board = fixture([C[:3], [(10, 6), (9, 6)]], codes={C[2]: "4", (10, 6): "4"}, links={C[2]: (10, 6)})
    near = game(near_board, [5, 0, 0, 0], [C[0], None, None, None], dice=[1, 1])
    near.play_turn()
    assert near.sq[0] == sq(10, 6)
    blocked = game(tunnel_board(), [5, 5, 0, 0], [C[0], (4, 3), None, None], dice=[1, 1], med=(1,),
                   policies={0: Pinned(tunnel=True)})
    blocked.play_turn()
    assert blocked.sq[0] == sq(*C[2]) and blocked.stats.teleports == 0


def test_sc34_tunnel_segreto_with_uke():
    """SC34 DR-N10 DR-N06 DR-F01 U19: Tunnel Segreto onto P3 (Green); lost with Uke: P1 back on n1, no draw."""
    b = corridor(2, {C[2]: "?", (4, 3): "2", (4, 5): "2"}, links={(4, 3): (4, 5)})
    g = game(b, [7, 0, 10, 0], [C[0], None, (4, 3), None], dice=[1, 1, 2, 2], pile=[KIAI, SEGRETO], tech={0: UKE},
             policies={0: Pinned(square=(4, 3))})
    g.play_turn()
    assert kumite_events(g) == [(0, 2, 2, 2, 0, 1, False, False)]
    assert g.pos[0] == 7 and g.pos[2] == 10 and g.sq[0] == sq(*C[2]) and g.pile == [KIAI]


def test_sc35_irimi_is_mandatory():
    """SC35 DR-N02 DR-N11 DR-Z04 DR-M01 DR-F01 DR-F02: swap with P2 (the only target); nobody gets a square effect."""
    b = corridor(2, {C[2]: "?", (4, 3): "A"})
    g = game(b, [3, 3, 0, 0], [C[0], (4, 3), None, (4, 5)], dice=[1, 1], pile=[KIAI, IRIMI], med=(3,))
    g.play_turn()
    assert g.sq[0] == sq(4, 3) and g.sq[1] == sq(*C[2]) and g.pos[:2] == [3, 3] and g.pile == [KIAI]


def test_sc36_sfida():
    """SC36 DR-Q09 DR-Z04 DR-K09: P0 challenges P3 (+0.5 expected, P2 -0.5); P1 wins and stays on the Sfida."""
    assert expected_gain(6, 8) == 0.5 and expected_gain(6, 2) == -0.5
    g = game(corridor(2, {C[2]: "K"}), [6, 2, 8, 0], [C[0], (4, 3), (4, 5), None], dice=[1, 1, 5, 4])
    g.play_turn()
    assert kumite_events(g)[0][:2] == (0, 2)
    assert g.pos[:3] == [9, 2, 5] and in_room(g, 2) and g.sq[0] == sq(*C[2])


def test_sc37_sfida_card_lost_with_uke():
    """SC37 DR-N12 DR-Q09 DR-N06 U19: the Sfida card's Kumite lost with Uke: P1 stays on the Nebbia, -3."""
    g = game(corridor(2, {C[2]: "?"}), [6, 2, 8, 0], [C[0], (4, 3), (4, 5), None], dice=[1, 1, 1, 5],
             pile=[SFIDA], tech={0: UKE})
    g.play_turn()
    assert g.pos[:3] == [3, 2, 11] and g.sq[0] == sq(*C[2]) and g.sq[2] == sq(4, 5)


def test_sc38_safe_room():
    """SC38 DR-Z01 DR-Z02 DR-Z03 DR-Z05 DR-K02: through Safe Room 1: no Kumite, the end square is shared, no extra step."""
    path = [(3, 14), (2, 14), (1, 14), (1, 13), (0, 13)]
    b = fixture([path[:2]])
    g = game(b, [6, 6, 6, 0], [path[0], path[1], path[4], None], dice=[2, 2], policies={0: Pinned(paths=[path[1:]])})
    g.play_turn()
    assert kumite_events(g) == [] and g.sq[0] == g.sq[2] == sq(0, 13) and g.pos[0] == 6 and g.stats.extra_steps == 0


def test_sc39_sensei_and_peso_ties():
    """SC39 DR-N13 DR-N14 U22: all tied lowest gain 2 (meditating, Safe Room too); all tied highest lose 1."""
    g = game(corridor(2), [9, 2, 2, 12], [C[0], (4, 3), None, (4, 5)], pile=[SENSEI], med=(1,))
    g.draw(0, g.sq[0])
    assert g.pos == [9, 4, 4, 12]
    g = game(corridor(2), [9, 5, 17, 17], [C[0], (4, 3), None, (4, 5)], pile=[PESO])
    g.draw(0, g.sq[0])
    assert g.pos == [9, 5, 16, 16]


def test_sc40_clamps_on_squares_and_cards():
    """SC40 DR-O08 DR-Q02 DR-N15 DR-N16: 17 stays 17 on an Allenamento and with Allenamento Intensivo; 0 stays 0."""
    g = game(corridor(2, {C[2]: "A"}), [17, 0, 0, 0], [C[0], (4, 3), None, None], dice=[1, 1],
             pile=[PROIBITO, INTENSIVO])
    g.play_turn()
    assert g.pos[0] == 17
    g.draw(0, g.sq[0])
    g.draw(1, g.sq[1])
    assert g.pos[:2] == [17, 0]


def test_sc41_technique_hand_limit():
    """SC41 DR-N03 DR-N04 DR-N08 DR-F10 U09: holding Kiai, drawing Uke: P0 keeps Kiai; Uke goes to the discards."""
    g = game(corridor(2), [3, 0, 0, 0], [C[0], None, None, None], pile=[UKE], tech={0: KIAI})
    g.draw(0, g.sq[0])
    assert g.tech[0] == KIAI and g.discards == [UKE] and g.held() == 1
    assert Pinned().exam_defender(g, 1, [0, 2]) == 2  # policies see only that P1 holds a Technique


def test_sc42_reshuffle():
    """SC42 DR-N19 U08: an empty pile takes the 5 discards, shuffled with the seeded RNG; no card is lost."""
    def draw_once(seed):
        g = game(corridor(2), [3, 0, 0, 0], [C[0], None, None, None], tech={1: KIAI})
        g.rng = random.Random(seed)
        g.discards = [SENSEI, PESO, PROIBITO, INTENSIVO, IRIMI]
        g.draw(0, g.sq[0])
        assert len(g.pile) + len(g.discards) + g.held() == 6
        return g.stats.drawn, g.pile
    assert draw_once(5) == draw_once(5)


def test_sc43_no_revisits():
    """SC43 DR-T03 U03: in an open 2x2 loop s->c1->c2->c3->s is illegal; s->c1->c2->c3->c4 is the only walk of 4."""
    s, c1, c2, c3, c4 = (11, 4), (11, 5), (12, 5), (12, 4), (12, 3)
    b = fixture([[s, c1, c2, c3, s], [c3, c4]])
    g = game(b, [3, 0, 0, 0], [s, None, None, None], dice=[2, 2])
    assert g.t.walks(sq(*s), 4, {sq(*s)}) == [(0, (sq(*c1), sq(*c2), sq(*c3), sq(*c4)))]
    g.play_turn()
    assert g.sq[0] == sq(*c4)


def test_sc44_as_far_as_possible():
    """SC44 DR-T05 DR-F07 U02: an 8 in a 5-square dead end walks 5 squares; the 5th square applies; one stuck move."""
    g = game(corridor(5, {C[5]: "A"}), [3, 0, 0, 0], [C[0], None, None, None], dice=[4, 4])
    g.play_turn()
    assert g.sq[0] == sq(*C[5]) and g.pos[0] == 4 and g.stats.stuck == 1


def test_sc45_leaving_a_shared_square():
    """SC45 DR-T07 U20: leaving a square shared with P2 starts no Kumite."""
    g = game(corridor(2), [3, 3, 0, 0], [C[0], C[0], None, None], dice=[1, 1])
    g.play_turn()
    assert kumite_events(g) == [] and g.sq[1] == sq(*C[0])


def test_sc46_start_means_own_room():
    """SC46 DR-Z06 U10: with 5 players P2 beaten beside Safe Room 3 is placed in Safe Room 1 (its own)."""
    chain = line(12, 1, 3)
    g = game(fixture([chain]), [3, 3, 0, 0, 0], [chain[0], chain[1], None, None, None], dice=[1, 1, 6, 1])
    g.play_turn()
    assert g.room == [0, 1, 2, 0, 3] and g.sq[1] in g.t.rooms[1] and g.sq[1] == g.t.best_start[1]
