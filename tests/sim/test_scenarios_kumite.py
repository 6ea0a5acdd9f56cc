"""Scenarios SC16-SC30 of docs/specs/dojo-scenarios.md: Uke, Techniques, chains, Passo Falso, tunnels, first round, meditation."""

from generator.sim.dojo.cards import KAESHI, KIAI, PASSO, TSUGI, UKE

from .helpers import Pinned, fixture, game, in_room, kumite_events, line, sq

C = line(11, 1, 12)


def corridor(n: int, codes=None, **kw):
    """A fixture with only the corridor s, c1..cn open."""
    return fixture([C[: n + 1]], codes=codes, **kw)


def test_sc16_uke_defender_chain_goes_on():
    """SC16 DR-N06 DR-T08: the defender's Uke keeps it on c2 (still -3); the attacker walks on and c4 applies."""
    g = game(corridor(4, {C[4]: "A"}), [7, 6, 0, 0], [C[0], C[2], None, None], dice=[2, 2, 5, 2], tech={1: UKE})
    g.play_turn()
    assert g.pos[:2] == [11, 3] and g.sq[1] == sq(*C[2]) and g.sq[0] == sq(*C[4]) and g.tech[1] is None


def test_sc17_uke_defender_on_last_step_extra_step():
    """SC17 DR-N06 DR-M03 DR-F06: the saved defender stays on c4, so the attacker takes an extra step to c5."""
    g = game(corridor(5, {C[5]: "A"}), [7, 6, 0, 0], [C[0], C[4], None, None], dice=[2, 2, 5, 2], tech={1: UKE})
    g.play_turn()
    assert g.pos[:2] == [11, 3] and g.sq[1] == sq(*C[4]) and g.sq[0] == sq(*C[5])


def test_sc18_uke_attacker_back_to_previous_square():
    """SC18 DR-N06 DR-T09 DR-F08 U19: the losing attacker with Uke is placed on c2 (an Allenamento, no +1); turn over."""
    g = game(corridor(7, {C[2]: "A"}), [8, 7, 0, 0], [C[0], C[3], None, None], dice=[4, 3, 1, 5], tech={0: UKE})
    g.play_turn()
    assert g.pos[:2] == [5, 10] and g.sq[0] == sq(*C[2]) and g.sq[1] == sq(*C[3])


def test_sc19_defender_answers_the_attacker():
    """SC19 DR-K05 DR-K06 DR-N05 U16: the attacker passes (winning), the defender's Kiai turns 3 vs 2 into 3 vs 4."""
    g = game(corridor(2), [6, 6, 0, 0], [C[0], C[1], None, None], dice=[1, 1, 3, 2], tech={1: KIAI})
    g.play_turn()
    assert kumite_events(g) == [(0, 1, 3, 2, 0, 2, False, False)]
    assert g.pos[:2] == [3, 9] and in_room(g, 0)


def test_sc20_kiai_meets_senshu():
    """SC20 DR-K08 DR-N05: a pinned defender's Kiai makes 4 vs 4, and the tie still goes to the attacker."""
    g = game(corridor(2), [6, 6, 0, 0], [C[0], C[1], None, None], dice=[1, 1, 4, 2], tech={1: KIAI},
             policies={1: Pinned(play=True)})
    g.play_turn()
    assert kumite_events(g)[0][6] is True and g.pos[:2] == [9, 3]


def test_sc21_kaeshi_then_kiai():
    """SC21 DR-K05 DR-N07 U17: Kaeshi rerolls 1 into 5; the defender, seeing 5 vs 4, plays Kiai: 5 vs 6."""
    g = game(corridor(2), [6, 6, 0, 0], [C[0], C[1], None, None], dice=[1, 1, 1, 4, 5], tech={0: KAESHI, 1: KIAI})
    g.play_turn()
    assert kumite_events(g) == [(0, 1, 5, 4, 0, 2, False, False)]
    assert sorted(g.discards) == [KIAI, KAESHI]


def test_sc22_chain_win_then_loss():
    """SC22 DR-T08 DR-T09 DR-K04 DR-K10 U06: win at c2 (Yellow to Orange), then lose to Green at c4; c2's result stands."""
    g = game(corridor(6), [3, 4, 9, 0], [C[0], C[2], C[4], None], dice=[3, 3, 4, 4, 2, 2])
    g.play_turn()
    assert [e[:2] for e in kumite_events(g)] == [(0, 1), (0, 2)]
    assert g.pos[:3] == [6, 1, 9] and in_room(g, 0) and in_room(g, 1)


def test_sc23_passo_falso_keeps_the_movement():
    """SC23 DR-Q08 DR-F02 U28 U05: back on s (a Nebbia) at 7 with no draw; the Kumite result stands."""
    codes = {C[0]: "?", C[3]: "F", C[4]: "P"}
    g = game(corridor(4, codes), [5, 3, 0, 0], [C[0], C[2], None, None], dice=[2, 2, 6, 1], pile=[PASSO, TSUGI])
    g.play_turn()
    assert g.pos[:2] == [7, 0] and g.sq[0] == sq(*C[0]) and in_room(g, 1) and len(g.pile) == 2


def test_sc23_passo_falso_back_onto_a_tunnel_no_teleport():
    """SC23 DR-Q08 DR-F02 U05: placed back on a Tunnel start square, no teleport (even for a policy that would)."""
    codes = {C[0]: "1", C[4]: "P", (4, 3): "1"}
    g = game(corridor(4, codes, links={C[0]: (4, 3)}), [5, 0, 0, 0], [C[0], None, None, None], dice=[2, 2],
             policies={0: Pinned(tunnel=True)})
    g.play_turn()
    assert g.sq[0] == sq(*C[0]) and g.stats.teleports == 0


def test_sc24_passo_falso_after_tsugi_ashi():
    """SC24 DR-N09 DR-N17 DR-F09 DR-T12 DR-Q04: the Passo Falso card of a Tsugi-ashi movement returns to n1, not s."""
    codes = {C[3]: "?", C[7]: "?"}
    g = game(corridor(7, codes), [3, 0, 0, 0], [C[0], None, None, None], dice=[1, 2, 2, 2], pile=[PASSO, TSUGI])
    g.play_turn()
    assert g.sq[0] == sq(*C[3]) and g.pile == [] and g.stats.drawn[TSUGI] == 1 and g.stats.drawn[PASSO] == 1


def test_sc25_fatica_only_when_walked():
    """SC25 DR-T10 DR-Q03 DR-F02: two Fatica walked through cost 2; the tunnel exit Fatica costs nothing."""
    codes = {C[1]: "F", C[2]: "F", C[4]: "1", (4, 3): "F"}
    g = game(corridor(4, codes, links={C[4]: (4, 3)}), [9, 0, 0, 0], [C[0], None, None, None], dice=[2, 2],
             policies={0: Pinned(tunnel=True)})
    g.play_turn()
    assert g.pos[0] == 7 and g.sq[0] == sq(4, 3)


def test_sc26_first_round_pass_through():
    """SC26 DR-K01 DR-M02: in P3's first turn P1 on c2 is passed through without a Kumite."""
    g = game(corridor(4), [0, 0, 0, 0], [C[2], None, C[0], None], dice=[2, 2], turn=2, current=2)
    g.play_turn()
    assert kumite_events(g) == [] and g.sq[2] == sq(*C[4])


def test_sc27_first_round_extra_step():
    """SC27 DR-K01 DR-M03 U27: the last seat's first movement ends on P1: no Kumite, an extra step onto an Allenamento."""
    g = game(corridor(6, {C[6]: "A"}), [0, 0, 0, 0], [C[5], None, None, C[0]], dice=[2, 3], turn=3, current=3)
    g.play_turn()
    assert kumite_events(g) == [] and g.sq[3] == sq(*C[6]) and g.pos[3] == 1 and not g.first_round


def test_sc28_first_round_tunnel_sfida_irimi():
    """SC28 DR-K01 DR-Q07 DR-Q09 DR-N02 DR-N11 U07: first round: no teleport onto P1, Sfida does nothing, Irimi swaps."""
    codes = {C[2]: "2", (4, 3): "2"}
    g = game(corridor(2, codes, links={C[2]: (4, 3)}), [0, 0, 0, 0], [(4, 3), C[0], None, None], dice=[1, 1],
             turn=1, current=1, policies={1: Pinned(tunnel=True)})
    g.play_turn()
    assert g.sq[1] == sq(*C[2]) and g.stats.teleports == 0
    g = game(corridor(2, {C[2]: "K"}), [0, 0, 0, 0], [C[0], C[0], None, None], dice=[1, 1], turn=1, current=1)
    g.sq[0] = sq(4, 3)
    g.play_turn()
    assert kumite_events(g) == []
    from generator.sim.dojo.cards import IRIMI

    g = game(corridor(2), [0, 0, 0, 0], [(4, 3), None, C[1], None], turn=2, current=2, pile=[IRIMI])
    g.draw(2, g.sq[2])
    assert g.sq[2] == sq(4, 3) and g.sq[0] == sq(*C[1]) and kumite_events(g) == []


def test_sc29_meditating_pawn_at_the_end():
    """SC29 DR-M01 DR-M03 DR-K02 DR-T10: the Fatica under a meditating pawn costs 1, no Kumite, extra step +1."""
    g = game(corridor(4, {C[3]: "F", C[4]: "A"}), [6, 6, 0, 0], [C[0], C[3], None, None], dice=[1, 2], med=(1,))
    g.play_turn()
    assert kumite_events(g) == [] and g.sq[0] == sq(*C[4]) and g.pos[0] == 6


def test_sc30_extra_step_impossible():
    """SC30 DR-M04 U21: every neighbour of c3 already visited: P1 stays, sharing with P2, and c3 applies."""
    g = game(corridor(3, {C[3]: "A"}), [6, 6, 0, 0], [C[0], C[3], None, None], dice=[1, 2], med=(1,))
    g.play_turn()
    assert g.sq[0] == g.sq[1] == sq(*C[3]) and g.pos[0] == 7 and g.stats.stays == 1
