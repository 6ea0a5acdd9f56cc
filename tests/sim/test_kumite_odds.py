"""C07/C08: Kumite odds without cards over the 36 dice outcomes, played through the engine."""

from fractions import Fraction

from .helpers import fixture, game, kumite_events, line, sq

C = line(11, 1, 4)


def attacker_wins(att: int, dfn: int, exam: bool = False) -> Fraction:
    """Share of the 36 (dA, dD) outcomes the attacker wins, each fought by the engine."""
    wins = 0
    for da in range(1, 7):
        for dd in range(1, 7):
            g = game(fixture([C]), [att, dfn, 0, 0], [C[0], C[1], None, None], dice=[da, dd])
            won = g.kumite(0, 1, g.sq[0], exam=exam)
            bonus = kumite_events(g)[0][4:6]
            assert max(bonus) <= (1 if exam else 2)  # C07
            wins += won
    return Fraction(wins, 36)


def test_attacker_odds_by_belt_difference():
    """DR-K03 DR-K04 DR-K07 DR-K08: 21/36 at equal belts; 26/36, 30/36 (attacker +1, +2); 15/36, 10/36 (defender)."""
    assert attacker_wins(6, 6) == Fraction(21, 36)
    assert attacker_wins(9, 6) == Fraction(26, 36)
    assert attacker_wins(15, 6) == Fraction(30, 36)  # three belts above: still +2
    assert attacker_wins(6, 9) == Fraction(15, 36)
    assert attacker_wins(0, 17) == Fraction(10, 36)


def test_exam_odds():
    """DR-X06 DR-K11 C08: the Exam defender adds exactly +1 whatever its position: the challenger wins 15/36."""
    assert attacker_wins(15, 2, exam=True) == Fraction(15, 36)
    assert attacker_wins(17, 16, exam=True) == Fraction(15, 36)


def test_no_exam_in_the_first_round():
    """DR-K01 DR-X05: in the first round every opponent counts as meditating, so nobody can defend an Exam."""
    b = fixture([[(10, 7), (10, 6)]], entrances=[((10, 7), (9, 7))])
    g = game(b, [15, 10, 8, 3], [(10, 7), None, None, None], dice=[1, 1], turn=0)
    g.play_turn()
    assert g.stats.exam_no_defender == 1 and g.winner is None and g.sq[0] == sq(10, 7)
