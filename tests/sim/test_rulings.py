"""The provisional defaults U01-U32 live in one place (generator/sim/dojo/defaults.py); each switch changes the game."""

import random
from dataclasses import replace

import pytest

from generator.sim.dojo.cards import KAESHI, KIAI, MEDITAZIONE, SEGRETO, SENSEI, TSUGI, UKE, IRIMI
from generator.sim.dojo.defaults import FIXED, RULINGS, Rulings
from generator.sim.dojo.engine import Game, GameConfig

from .helpers import DECK, Pinned, fixture, game, kumite_events, line, sq
from .test_scenarios_setup import project_tables

C = line(11, 1, 12)


def corridor(n, codes=None, **kw):
    """A fixture with only the corridor s, c1..cn open."""
    return fixture([C[: n + 1]], codes=codes, **kw)


def test_one_field_per_u_item_and_fixed_readings_refuse_change():
    """U01-U32 each have one field; a fixed reading cannot be silently changed."""
    names = [f for f in Rulings.__dataclass_fields__]
    assert [n[:3] for n in names] == [f"u{i:02d}" for i in range(1, 33)]
    for name in FIXED:
        with pytest.raises(ValueError, match=name[:3].upper()):
            replace(RULINGS, **{name: not getattr(RULINGS, name)})


def test_u03_start_square_revisit_switch():
    """DR-T03 U03: with the switch off, a 2-step roll in a 1-square dead end may step back onto the start."""
    b = corridor(1)
    on = game(b, [3, 0, 0, 0], [C[0], None, None, None], dice=[1, 1])
    on.play_turn()
    assert on.stats.stuck == 1 and on.sq[0] == sq(*C[1])
    off = game(b, [3, 0, 0, 0], [C[0], None, None, None], dice=[1, 1], rulings=replace(RULINGS, u03_start_visited=False))
    off.play_turn()
    assert off.stats.stuck == 0 and off.sq[0] == sq(*C[0])


def test_u09_keep_order_switch():
    """DR-N04 U09: a designer preferring Kaeshi makes P0 keep it."""
    g = game(corridor(2), [3, 0, 0, 0], [C[0], None, None, None], pile=[KAESHI], tech={0: KIAI},
             rulings=replace(RULINGS, u09_keep_order=("kaeshi", "kiai", "uke")))
    g.draw(0, g.sq[0])
    assert g.tech[0] == KAESHI and g.discards == [KIAI]


def test_u12_tunnel_exit_switch():
    """DR-Q07 U12: off, a meditating pawn blocks the exit only when every pawn there meditates."""
    b = corridor(2, {C[2]: "4", (4, 3): "4"}, links={C[2]: (4, 3)})
    for literal, teleports in ((True, 0), (False, 1)):
        g = game(b, [3, 3, 3, 0], [C[0], (4, 3), (4, 3), None], dice=[1, 1, 6, 1], med=(1,),
                 policies={0: Pinned(tunnel=True)}, rulings=replace(RULINGS, u12_meditating_blocks_exit=literal))
        g.play_turn()
        assert g.stats.teleports == teleports


def test_u16_technique_switch():
    """DR-K05 U16: off, P0 plays its Technique even while winning."""
    g = game(corridor(2), [6, 6, 0, 0], [C[0], C[1], None, None], dice=[1, 1, 6, 1], tech={0: KIAI},
             rulings=replace(RULINGS, u16_play_only_to_change_outcome=False))
    g.play_turn()
    assert g.tech[0] is None and kumite_events(g)[0][4] == 2


def test_u22_sensei_switch():
    """DR-N13 U22: off, a meditating or Safe-Room player is not counted by Il Sensei Osserva."""
    g = game(corridor(2), [9, 2, 2, 12], [C[0], (4, 3), None, (4, 5)], pile=[SENSEI], med=(1,),
             rulings=replace(RULINGS, u22_sensei_peso_everyone=False))
    g.draw(0, g.sq[0])
    assert g.pos == [11, 2, 2, 12]


def test_u23_exam_switch():
    """DR-X05 U23: off, a meditating top opponent means no Exam."""
    b = fixture([[(10, 7), (10, 6)]], entrances=[((10, 7), (9, 7))])
    g = game(b, [16, 14, 8, 3], [(10, 7), None, None, None], dice=[1, 1], med=(1,),
             rulings=replace(RULINGS, u23_exam_skip_meditating=False))
    g.play_turn()
    assert g.stats.exam_no_defender == 1 and g.sq[0] == sq(10, 7) and g.winner is None


def test_u24_tunnel_policy_switch():
    """DR-Q05 U24: off, P0 teleports to a free exit even when it is not closer to the Dojo."""
    b = corridor(2, {C[2]: "4", (4, 3): "4"}, links={C[2]: (4, 3)})
    g = game(b, [3, 0, 0, 0], [C[0], None, None, None], dice=[1, 1],
             rulings=replace(RULINGS, u24_tunnel_only_if_closer=False))
    g.play_turn()
    assert g.sq[0] == sq(4, 3)


def test_u30_tsugi_chain_limit():
    """DR-N09 U30: a cap of 0 Tsugi-ashi movements makes the card do nothing more."""
    b = corridor(2, {C[2]: "?"})
    g = game(b, [3, 0, 0, 0], [C[0], None, None, None], dice=[1, 1], pile=[TSUGI],
             rulings=replace(RULINGS, u30_tsugi_chain_limit=0))
    g.play_turn()
    assert g.dice.rolls == [] and g.sq[0] == sq(*C[2])


def test_u32_roommates_share_start_switch():
    """DR-S07 U32: off, the second roommate takes another square of the room."""
    t = project_tables()
    g = Game(t, GameConfig(players=5, rulings=replace(RULINGS, u32_roommates_share_start=False), deck=DECK), random.Random(1),
             [Pinned()])
    assert g.sq[0] != g.sq[3] and g.sq[3] in t.rooms[0]


def test_u31_and_u15_defaults():
    """U31 U15: 2,000-turn cap by default; 2-8 players (2: the kit's ruling, opposite rooms U13)."""
    assert GameConfig().cap() == 2000 and RULINGS.u15_players == (2, 8) and RULINGS.rooms(2) == (0, 2)


def test_segreto_skips_meditating_tunnels_and_first_round_opponents():
    """DR-N10 DR-Q07 DR-K01 U07: Tunnel Segreto never lands on a meditating pawn (or, in the first round, any opponent)."""
    codes = {C[2]: "?", (4, 3): "2", (4, 5): "2"}
    b = corridor(2, codes, links={(4, 3): (4, 5)})
    g = game(b, [3, 3, 3, 0], [C[0], (4, 3), (4, 5), None], dice=[1, 1], pile=[SEGRETO], med=(1, 2))
    g.play_turn()
    assert g.sq[0] == sq(*C[2]) and kumite_events(g) == []
    g = game(b, [3, 3, 0, 0], [C[0], (4, 3), None, None], dice=[1, 1], pile=[SEGRETO], turn=0)
    g.play_turn()
    assert g.sq[0] == sq(4, 5) and kumite_events(g) == []


def test_irimi_and_meditazione_without_targets():
    """DR-N11 DR-N18 DR-M05 U07: Irimi with every opponent at home does nothing; Meditazione skips the next turn."""
    b = corridor(2, {C[2]: "?"})
    g = game(b, [3, 3, 3, 3], [C[0], None, None, None], dice=[1, 1], pile=[MEDITAZIONE, IRIMI])
    g.play_turn()
    assert g.sq[0] == sq(*C[2])
    g.draw(0, g.sq[0])
    assert g.med[0] and g.skip[0]
    g.current, g.turn = 0, 8
    g.play_turn()
    assert not g.med[0] and g.stats.skipped == 1


def test_uke_held_by_both_winner_keeps_nothing():
    """DR-N06 DR-N08 U18: both play Uke (pinned); only the loser's Uke matters: the defender stays on its square."""
    g = game(corridor(2), [6, 6, 0, 0], [C[0], C[1], None, None], dice=[1, 1, 6, 1], tech={0: UKE, 1: UKE},
             policies={0: Pinned(play=True)})
    g.play_turn()
    assert g.pos[:2] == [9, 3] and g.sq[1] == sq(*C[1]) and sorted(g.discards) == [UKE, UKE]
