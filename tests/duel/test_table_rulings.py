"""Engine scenarios of the table questions the kit's rulings answer (issue 47): crossed swords judged at the start of
the turn (ruling 15), an order the rules refuse is void at the table (ruling 16), and the order slip's "no action"
wording matching ruling 4."""

import re

import pytest

from generator.sim.duel.rules import Fighter, Order
from tests.duel.test_resolver import DATA, duel, refused, state


def test_crossing_by_this_turns_moves_does_not_bind_this_turn_d15():
    d = duel()
    s = state(Fighter(4, 1, "seigan"), Fighter(7, -1, "seigan"))  # two cells apart: not crossed at the start
    assert not d.crossed(s)
    # A steps onto 5 and takes Jodan; B steps onto 6 and takes Gedan: adjacent, facing, but judged before the moves
    out = d.resolve(s, (Order(step=1, action="change", stance="jodan"), Order(step=1, action="change", stance="gedan")))
    assert [f.cell for f in out.state.fighters] == [5, 6]
    assert [f.stance for f in out.state.fighters] == ["jodan", "gedan"]


def test_crossed_at_the_start_binds_until_a_step_back_d15_d10():
    d = duel()
    s = state(Fighter(5, 1, "seigan"), Fighter(6, -1, "seigan"))
    assert d.crossed(s)
    assert refused(d, s, (Order(action="change", stance="jodan"), Order(action="change", stance="gasumi"))) \
        == "DS-CROSSED"
    out = d.resolve(s, (Order(step=-1, action="change", stance="jodan"), Order(step=-1, action="change",
                                                                               stance="gasumi")))
    assert [(f.cell, f.stance) for f in out.state.fighters] == [(4, "jodan"), (7, "gasumi")]


def test_a_refused_order_is_void_at_the_table_d16():
    d = duel()
    s = state(Fighter(4, 1, "jodan"), Fighter(8, -1, "gasumi"))
    tsuki_in_jodan = Order(action="strike")  # Jodan strikes Men; a Tsuki card laid is written as "strike" from Gedan
    gasumi_two_steps = Order(step=2, action="change", stance="gedan")  # Gasumi moves one cell, never two
    assert refused(d, s, (Order(step=1, action="change", stance="gedan"), gasumi_two_steps)) == "DS-MOVE"
    out, void = d.table(s, (Order(step=1, action="change", stance="gedan"), gasumi_two_steps))
    assert void == (False, True)
    a, b = out.state.fighters
    assert (a.cell, a.stance) == (5, "gedan")  # A's order carried out as written
    assert (b.cell, b.facing, b.stance, b.struck) == (8, -1, "gasumi", False)  # B stays, keeps stance and facing
    # the other player's strike still lands on the player whose order was void
    seigan = state(Fighter(6, 1, "jodan"), Fighter(8, -1, "seigan"))
    out, void = d.table(seigan, (Order(action="strike"), Order(action="strike")))  # Seigan has no strike: void
    assert void == (False, True) and out.hit == (False, True) and out.result == "A"
    assert tsuki_in_jodan in d.legal(s, 0)  # a strike from Jodan is Men: legal, never void


def test_legal_orders_are_never_void_and_resolve_as_before():
    d = duel()
    s = d.start()
    for o in list(d.orders(s, 0))[:8]:
        for q in list(d.orders(s, 1))[:8]:
            out, void = d.table(s, (o, q))
            assert void == (False, False)
            assert out == d.resolve(s, (o, q))


def test_the_order_slip_offers_no_action_only_as_ruling_4_allows():
    """The slip's action column and the No action card say what ruling 4 says: none only after a strike (a turn
    alone) or with no legal action; the engine agrees on both cases."""
    from generator.content.duel_pieces import load_duel_pieces
    from tests.duel.test_resolver import ROOT

    pieces, problems = load_duel_pieces(ROOT)
    column = next(c for c in pieces.slip_columns if c.startswith("Action"))
    assert "or none" not in column and "ruling 4" in column
    d = duel()
    free = state(Fighter(4, 1, "gasumi"), Fighter(9, -1, "seigan"))
    assert not any(o.action == "none" for o in d.orders(free, 0))  # an action is possible: no "none"
    struck = state(Fighter(4, 1, "jodan", struck=True), Fighter(9, -1, "seigan"))
    assert {o.text() for o in d.orders(struck, 0) if o.action == "none"} == {"turn none"}
    assert re.search(r"\bD04\b", DATA.rulings.items[3].id)


@pytest.mark.parametrize("rid", ["D15", "D16"])
def test_new_rulings_have_one_implemented_value(rid):
    r = DATA.rulings
    with pytest.raises(ValueError, match=rid):
        r.replace(rid, "something-else")
