"""The Dojo engine refuses every illegal choice a policy returns, naming the rule (DR-T02 DR-T03 DR-T04 DR-T05 ...)."""

import pytest

from generator.sim.dojo.cards import IRIMI, KIAI, KAESHI, SEGRETO, SFIDA
from generator.sim.dojo.legal import IllegalChoice
from generator.sim.dojo.policy import P0

from .helpers import DECK, Pinned, fixture, game, line, sq
from .test_scenarios_walk import dojo_fixture

C = line(11, 1, 12)


def corridor(n: int, codes=None, **kw):
    return fixture([C[: n + 1]], codes=codes, **kw)


def refused(g) -> IllegalChoice:
    with pytest.raises(IllegalChoice) as exc:
        g.play_turn()
    return exc.value


def test_walk_through_a_wall_dr_t02():
    g = game(corridor(3), [3, 0, 0, 0], [C[0], None, None, None], dice=[1, 1],
             policies={0: Pinned(paths=[[C[1], (12, 2)]])})  # (12, 2) is walled off from c1
    e = refused(g)
    assert e.rule == "DR-T02" and e.seat == 0 and "not an open neighbour" in str(e)


def test_a_revisit_dr_t03():
    g = game(corridor(3), [3, 0, 0, 0], [C[0], None, None, None], dice=[1, 2],
             policies={0: Pinned(paths=[[C[1], C[2], C[1]]])})
    assert refused(g).rule == "DR-T03"
    back_to_start = game(corridor(3), [3, 0, 0, 0], [C[1], None, None, None], dice=[1, 1],
                         policies={0: Pinned(paths=[[C[2], C[1]]])})
    assert refused(back_to_start).rule == "DR-T03"  # U03: the start square counts as visited


def test_a_short_walk_when_a_full_one_exists_dr_t05():
    g = game(corridor(6), [3, 0, 0, 0], [C[0], None, None, None], dice=[2, 2],
             policies={0: Pinned(paths=[[C[1], C[2]]])})
    e = refused(g)
    assert e.rule == "DR-T05" and "a walk of 4 exists" in str(e)
    longer = game(corridor(6), [3, 0, 0, 0], [C[0], None, None, None], dice=[1, 1],
                  policies={0: Pinned(paths=[[C[1], C[2], C[3]]])})
    assert refused(longer).rule == "DR-T01"


def test_the_dojo_is_a_wall_below_brown_dr_t04():
    chain = line(10, 8, 3)
    b = dojo_fixture(chain, entrance=((10, 8), (9, 8)))
    g = game(b, [14, 0, 0, 0], [chain[0], None, None, None], dice=[1, 1], policies={0: Pinned(paths=[[(9, 8)]])})
    assert refused(g).rule == "DR-T04"


def test_sfida_on_a_meditating_pawn_dr_m01():
    g = game(corridor(2, {C[2]: "K"}), [6, 2, 8, 0], [C[0], (4, 3), (4, 5), None], dice=[1, 1, 5, 4], med=(2,),
             policies={0: Pinned(target=2)})
    e = refused(g)
    assert e.rule == "DR-M01" and "meditating" in str(e)
    self_target = game(corridor(2, {C[2]: "K"}), [6, 2, 8, 0], [C[0], (4, 3), (4, 5), None], dice=[1, 1, 5, 4],
                       policies={0: Pinned(target=0)})
    assert refused(self_target).rule == "DR-Q09"


def test_irimi_target_in_a_safe_room_dr_k02():
    b = corridor(2, {C[2]: "?", (4, 3): "A"})
    g = game(b, [3, 3, 0, 0], [C[0], (4, 3), None, (4, 5)], dice=[1, 1], pile=[KIAI, IRIMI],
             policies={0: Pinned(target=2)})  # seat 3 stands in its Safe Room
    assert refused(g).rule == "DR-K02"


def test_tunnel_segreto_onto_a_square_that_is_no_tunnel_dr_n10():
    b = corridor(2, {C[2]: "?", (4, 3): "2", (4, 5): "2"}, links={(4, 3): (4, 5)})
    g = game(b, [7, 0, 10, 0], [C[0], None, None, None], dice=[1, 1], pile=[KIAI, SEGRETO],
             policies={0: Pinned(square=(4, 4))})
    assert refused(g).rule == "DR-N10"


def test_a_yes_no_choice_must_be_a_bool_dr_q05():
    b = corridor(2, {C[2]: "1", (4, 5): "1"}, links={C[2]: (4, 5)})
    g = game(b, [3, 0, 0, 0], [C[0], None, None, None], dice=[1, 1], policies={0: Pinned(tunnel="yes")})
    assert refused(g).rule == "DR-Q05"


class BadDefender(P0):
    def exam_defender(self, g, p, tied):
        return 3  # meditating, not among the tied


def test_exam_defender_not_among_the_tied_dr_x04():
    b = dojo_fixture([[(10, 7), (10, 6), (10, 5)]], entrance=((10, 7), (9, 7)))
    g = game(b, [15, 11, 11, 14], [(10, 7), None, None, None], dice=[1, 1, 6, 1], med=(3,),
             policies={0: BadDefender()})
    e = refused(g)
    assert e.rule == "DR-X04" and "[1, 2]" in str(e)


class OutsideRoom(P0):
    def start_square(self, g, p):
        return sq(8, 1)


def test_start_square_outside_the_own_room_dr_s07():
    import random

    from generator.sim.dojo.engine import Game, GameConfig
    from generator.sim.dojo.tables import Tables

    with pytest.raises(IllegalChoice) as exc:
        Game(Tables(corridor(2)), GameConfig(players=4, deck=DECK), random.Random(1), [OutsideRoom()])
    assert exc.value.rule == "DR-S07"


class KeepsAThird(P0):
    def keep(self, g, p, held, drawn):
        return SFIDA


def test_technique_kept_must_be_held_or_drawn_dr_n04():
    g = game(corridor(2, {C[2]: "?"}), [3, 0, 0, 0], [C[0], None, None, None], dice=[1, 1], pile=[KAESHI],
             tech={0: KIAI}, policies={0: KeepsAThird()})
    assert refused(g).rule == "DR-N04"


def test_nothing_is_played_after_a_refusal():
    g = game(corridor(6), [3, 0, 0, 0], [C[0], None, None, None], dice=[2, 2],
             policies={0: Pinned(paths=[[C[1], C[2]]])})
    before = (list(g.sq), list(g.pos))
    refused(g)
    assert (g.sq, g.pos) == before
