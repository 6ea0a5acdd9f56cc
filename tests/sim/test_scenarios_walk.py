"""Scenarios SC01-SC15 of docs/specs/dojo-scenarios.md: Kumite, Fatica, the Dojo and the Final Exam."""

from generator.sim.dojo.cards import UKE

from .helpers import fixture, game, in_room, kumite_events, line, sq

C = line(11, 1, 12)  # C[0] = s, C[i] = ci along row 11


def corridor(n: int, codes=None, **kw):
    """A fixture with only the corridor s, c1..cn open."""
    return fixture([C[: n + 1]], codes=codes, **kw)


def test_sc01_senshu_and_clamp_at_17():
    """SC01 DR-T01 DR-T02 DR-T06 DR-K03 DR-K08 DR-K09 DR-O08 DR-T08 DR-Q01 U14: a tie goes to the attacker, 19 clamps to 17."""
    g = game(corridor(2), [16, 15, 0, 0], [C[0], C[1], None, None], dice=[1, 1, 3, 3])
    g.play_turn()
    assert g.pos[:2] == [17, 12]
    assert in_room(g, 1) and g.sq[0] == sq(*C[2])
    assert kumite_events(g) == [(0, 1, 3, 3, 0, 0, True, False)]
    assert g.dice.rolls == []


def test_sc02_clamp_at_0():
    """SC02 DR-O08 DR-K09: the loser at 1 drops to 0, not -2."""
    g = game(corridor(2), [2, 1, 0, 0], [C[0], C[1], None, None], dice=[1, 1, 5, 2])
    g.play_turn()
    assert g.pos[:2] == [5, 0] and in_room(g, 1)


def test_sc03_bonus_capped_lower_belt_wins():
    """SC03 DR-K04 DR-K07 DR-K09 DR-T09: +2 not +4; the lower belt wins; the attacker's turn ends at once."""
    g = game(corridor(7, {C[7]: "A"}), [13, 1, 0, 0], [C[0], C[2], None, None], dice=[3, 4, 1, 4])
    g.play_turn()
    assert kumite_events(g) == [(0, 1, 1, 4, 2, 0, False, False)]
    assert g.pos[:2] == [10, 4] and in_room(g, 0) and g.sq[1] == sq(*C[2])


def test_sc04_higher_belt_winning_gains_nothing():
    """SC04 DR-K04 DR-K08 DR-K09: Green beats Yellow by Senshu; nobody's notches change; the loser goes to Start."""
    g = game(corridor(2), [9, 4, 0, 0], [C[0], C[1], None, None], dice=[1, 1, 1, 3])
    g.play_turn()
    assert g.pos[:2] == [9, 4] and in_room(g, 1) and g.sq[0] == sq(*C[2])


def test_sc05_higher_belt_defender_wins():
    """SC05 DR-K04 DR-K09 DR-T09: the Orange defender wins with +1; the attacker keeps 4 and goes to Start."""
    g = game(corridor(2), [4, 7, 0, 0], [C[0], C[1], None, None], dice=[1, 1, 3, 3])
    g.play_turn()
    assert g.pos[:2] == [4, 7] and in_room(g, 0) and g.sq[1] == sq(*C[1])


def test_sc06_fatica_before_kumite():
    """SC06 DR-T10 DR-K04 DR-K09 DR-O09: Fatica takes 15 to 14 first, so the belts are equal and the win pays +3."""
    g = game(corridor(2, {C[1]: "F"}), [15, 13, 0, 0], [C[0], C[1], None, None], dice=[1, 1, 3, 3])
    g.play_turn()
    assert kumite_events(g)[0][4:6] == (0, 0)
    assert g.pos[:2] == [17, 10] and in_room(g, 1)


def dojo_fixture(chain, codes=None, entrance=None, **kw):
    """A fixture whose chain runs beside the Dojo with one open entrance (outside, Dojo square)."""
    return fixture([chain], codes=codes, entrances=[entrance] if entrance else (), **kw)


def test_sc07_fatica_at_15_closes_the_dojo():
    """SC07 DR-X01 DR-X03 DR-F05 DR-T04 DR-T10: at 14 after a Fatica the Dojo is a wall; the walk goes on to an Allenamento."""
    chain = [(11, 5), (11, 6), (10, 6), (10, 5), (10, 4), (10, 3)]
    b = dojo_fixture(chain, {(11, 6): "F", (10, 3): "A"}, entrance=((10, 6), (9, 6)))
    g = game(b, [15, 0, 0, 0], [chain[0], None, None, None], dice=[2, 3])
    g.play_turn()
    assert g.sq[0] == sq(10, 3) and g.pos[0] == 15 and g.stats.exams == 0


def test_sc08_brown_by_kumite_opens_the_dojo():
    """SC08 DR-K10 DR-X02 DR-X03 DR-F04 DR-X04: Brown after a Kumite mid-move, the pawn enters; the top opponent defends."""
    chain = line(10, 4, 7)  # s c1 c2 c3 c4=e c5 c6
    b = dojo_fixture(chain, entrance=((10, 8), (9, 8)))
    g = game(b, [12, 12, 11, 5], [chain[0], chain[2], None, None], dice=[3, 3, 5, 2, 1, 6])
    g.play_turn()
    events = kumite_events(g)
    assert events[0][:2] == (0, 1) and events[1][:2] == (0, 2) and events[1][7] is True  # exam vs P3
    assert [e for e in g.log if e[0] == "path"][-1][4][-1] == sq(9, 8)  # the last step enters the Dojo
    assert g.pos[1] == 9 and in_room(g, 1)


def test_sc09_entry_needs_no_exact_count():
    """SC09 DR-X02: a roll of 9 enters after 3 steps; the other 5 are lost; the Exam starts at once."""
    chain = line(10, 4, 8)
    b = dojo_fixture(chain, entrance=((10, 7), (9, 7)))
    g = game(b, [16, 10, 8, 3], [chain[0], None, None, None], dice=[6, 3, 6, 1])
    g.play_turn()
    paths = [e for e in g.log if e[0] == "path"]
    assert paths[0][4] == (sq(10, 5), sq(10, 6), sq(10, 7), sq(9, 7))
    assert g.winner == 0


def test_sc10_dojo_is_a_wall_below_15():
    """SC10 DR-X01 DR-T04: at 14 on e the pawn walks 2 steps elsewhere."""
    chain = line(10, 8, 3)
    b = dojo_fixture(chain, entrance=((10, 8), (9, 8)))
    g = game(b, [14, 0, 0, 0], [chain[0], None, None, None], dice=[1, 1])
    g.play_turn()
    assert g.sq[0] == sq(10, 10) and g.stats.exams == 0


def exam_game(pos, dice, tech=None, med=(), codes=None, e0=(10, 7)):
    """P1 on e0 beside the Dojo entrance steps in with a roll of 2."""
    b = dojo_fixture([[e0, (10, 6), (10, 5)]], codes=codes, entrance=(e0, (9, 7)))
    return game(b, pos, [e0, None, None, None], dice=dice, tech=tech, med=med)


def test_sc11_exam_won_by_senshu():
    """SC11 DR-X04 DR-X06 DR-X07 DR-E01 DR-K11: defender P2 (+1); 4 vs 4 goes to the challenger, who wins the game."""
    g = exam_game([15, 10, 8, 3], [1, 1, 4, 3])
    g.play_turn()
    assert kumite_events(g) == [(0, 1, 4, 3, 0, 1, True, True)]
    assert g.winner == 0 and g.finished


def test_sc12_exam_lost():
    """SC12 DR-X08 DR-X09 DR-Z07 DR-K11: 2 vs 3: the challenger drops to 12 and leaves the Dojo for Start."""
    g = exam_game([15, 10, 8, 3], [1, 1, 2, 2])
    g.play_turn()
    assert g.pos[:2] == [12, 10] and in_room(g, 0) and g.winner is None
    assert all(not g.t.is_dojo[x] for x in g.sq)


def test_sc13_exam_lost_with_uke():
    """SC13 DR-X08 DR-N06: with Uke the challenger loses 3 but is placed on e0, an Allenamento that gives nothing."""
    g = exam_game([16, 10, 8, 3], [1, 1, 1, 4], tech={0: UKE}, codes={(10, 7): "A"})
    g.play_turn()
    assert g.pos[0] == 13 and g.sq[0] == sq(10, 7) and g.tech[0] is None and g.discards == [UKE]


def test_sc14_exam_defender_selection():
    """SC14 DR-X04 DR-X05 DR-M01 U23: P4 meditates; P2 and P3 tie; P0 picks P3, who holds no Technique."""
    g = exam_game([15, 11, 11, 14], [1, 1, 6, 1], tech={1: UKE}, med=(3,))
    g.play_turn()
    assert kumite_events(g)[0][:2] == (0, 2)


def test_sc15_exam_without_defender():
    """SC15 DR-X05 U25: everyone meditating: no Exam, P1 back on e0 with no square effect."""
    g = exam_game([16, 10, 8, 3], [1, 1], med=(1, 2, 3), codes={(10, 7): "A"})
    g.play_turn()
    assert g.sq[0] == sq(10, 7) and g.pos[0] == 16 and kumite_events(g) == [] and g.stats.exam_no_defender == 1
