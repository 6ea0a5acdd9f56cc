"""The duel resolver plays seed 003's combat order with the rulings of content/duel/rulings.toml."""

from dataclasses import replace
from pathlib import Path

import pytest

from generator.content.duel import load_duel
from generator.sim.duel.rules import Duel, Fighter, IllegalOrder, Order, State

ROOT = Path(__file__).resolve().parents[2]
DATA = load_duel(ROOT)[0]


def duel(**rulings) -> Duel:
    """The duel with some rulings changed, e.g. duel(D03='exact')."""
    r = DATA.rulings
    for rid, value in rulings.items():
        r = r.replace(rid, value)
    return Duel(DATA.with_rulings(r))


def state(a: Fighter, b: Fighter, turn: int = 2) -> State:
    return State((a, b), turn)


def refused(d: Duel, s: State, orders: tuple[Order, Order]) -> str:
    with pytest.raises(IllegalOrder) as exc:
        d.resolve(s, orders)
    return exc.value.rule


def test_start_is_ruling_d01():
    s = duel().start()
    assert s.fighters == (Fighter(4, 1, "seigan"), Fighter(9, -1, "seigan")) and s.turn == 1
    assert duel(D01=[2, 11]).start().fighters[1].cell == 11


def test_movement_by_stance_and_d03():
    d = duel(D04=True)  # passing allowed: the orders below stand still or move without acting
    s = state(Fighter(2, 1, "seigan"), Fighter(11, -1, "jodan"))
    assert {o.step for o in d.orders(s, 0)} == {-1, 0, 1, 2, 3}
    assert {o.step for o in d.orders(s, 1)} == {0, 1, 2}  # Jodan: one or two forward, never back
    assert {o.step for o in duel(D04=True, D03="exact").orders(s, 0)} == {-1, 0, 3}
    assert refused(d, s, (Order(), Order(step=-1))) == "DS-MOVE"
    assert refused(duel(D04=True, D03="exact"), s, (Order(step=2), Order())) == "DS-MOVE"


def test_strikes_only_from_their_stance_and_never_from_seigan():
    d = duel(D04=True)  # passing allowed: the orders below stand still or move without acting
    s = state(Fighter(2, 1, "seigan"), Fighter(11, -1, "gasumi"))
    assert refused(d, s, (Order(action="strike"), Order())) == "DS-STRIKE"
    out = d.resolve(s, (Order(), Order(action="strike")))
    assert out.state.fighters[1].stance == "jodan" and out.state.fighters[1].struck  # Shieshi leads to Jodan


def test_hit_cells_follow_the_rule_data_and_facing():
    d = duel()
    right, left = Fighter(5, 1, "gasumi"), Fighter(5, -1, "gasumi")
    assert d.hit_cells(right, "shieshi") == {4, 5} and d.hit_cells(left, "shieshi") == {5, 6}
    assert d.hit_cells(right, "men") == {6, 7} and d.hit_cells(right, "tsuki") == {7, 8}


def test_a_hit_ends_the_duel_d12():
    d = duel(D04=True)  # passing allowed: the orders below stand still or move without acting
    s = state(Fighter(4, 1, "jodan"), Fighter(9, -1, "seigan"))
    out = d.resolve(s, (Order(step=2, action="strike"), Order(step=1)))  # Men from 6 hits 7 and 8; B moved to 8
    assert out.hit == (False, True) and out.result == "A" and out.state.fighters[0].stance == "gedan"
    miss = d.resolve(s, (Order(step=1, action="strike"), Order()))  # Men from 5 hits 6, 7; B on 9
    assert miss.result is None


def test_combinations_and_the_turn_after_a_strike():
    d = duel()
    s = state(Fighter(4, 1, "jodan"), Fighter(10, -1, "gedan"))
    assert refused(d, s, (Order(step=1, turn=True), Order())) == "DS-COMBINE"
    struck = state(Fighter(4, 1, "jodan", struck=True), Fighter(10, -1, "gedan"))
    assert refused(d, struck, (Order(step=1, action="strike"), Order())) == "DS-AFTER"
    assert refused(d, struck, (Order(turn=True, action="strike"), Order())) == "DS-AFTER"
    assert {o.text() for o in d.orders(struck, 0)} == {"stay strike", "turn none", "stay change:seigan",
                                                       "stay change:gasumi", "stay change:gedan"}  # D04: no pass
    assert "stay none" in {o.text() for o in duel(D04=True).orders(struck, 0)}
    assert refused(duel(D04=False), struck, (Order(), Order(step=1, action="strike"))) == "D04"
    assert refused(duel(D04=False), s, (Order(step=1), Order(action="strike"))) == "D04"


def test_track_ends_deflection_and_techniques():
    d = duel(D04=True)  # passing allowed: the orders below stand still or move without acting
    s = state(Fighter(1, 1, "gasumi"), Fighter(12, -1, "gasumi"))
    assert refused(d, s, (Order(step=-1), Order())) == "D08"
    assert refused(d, s, (Order(action="deflect"), Order())) == "D11"
    assert refused(d, s, (Order(), Order(action="technique"))) == "D13"
    assert refused(d, s, (Order(action="change", stance="gasumi"), Order())) == "DS-CHANGE"


def test_distance_control_and_the_seed_exception():
    d = duel(D04=True)  # passing allowed: the orders below stand still or move without acting
    s = state(Fighter(5, 1, "seigan"), Fighter(8, -1, "jodan"))
    assert d.controlled(s, 1) == frozenset(range(1, 6)) and d.controlled(s, 0) == frozenset()
    s = state(Fighter(5, 1, "seigan"), Fighter(7, -1, "jodan"))
    held = d.resolve(s, (Order(), Order(step=2)))  # onto A's cell while A stays: B's move does not happen
    assert held.held == (False, True) and [f.cell for f in held.state.fighters] == [5, 7]
    advanced = d.resolve(s, (Order(step=1), Order(step=2)))  # A advances: its old cell is free, still controlled
    assert advanced.held == (False, True) and [f.cell for f in advanced.state.fighters] == [6, 7]
    out = d.resolve(s, (Order(step=-1), Order(step=2)))  # A steps back onto cell 4, a controlled cell: rule lifted
    assert out.held == (False, False) and [f.cell for f in out.state.fighters] == [4, 5]
    acts = d.resolve(state(Fighter(5, 1, "seigan"), Fighter(6, -1, "gasumi")), (Order(), Order(step=1, action="strike")))
    assert acts.held == (False, True) and acts.state.fighters[1].stance == "jodan"  # the action still happens
    strict = duel(D04=True, D07="never")
    assert refused(strict, s, (Order(step=-1), Order(step=2))) == "DS-CONTROL"
    assert {o.step for o in strict.orders(s, 1)} == {0, 1}  # under D07=never a controlled cell cannot be ordered
    assert {o.step for o in d.orders(s, 1)} == {0, 1, 2}
    first = state(Fighter(5, 1, "seigan"), Fighter(7, -1, "jodan"), turn=1)
    assert d.resolve(first, (Order(), Order(step=2))).held == (False, True)  # D05: from the first turn
    assert duel(D04=True, D05=False).resolve(first, (Order(), Order(step=2))).held == (False, False)


def test_crossed_swords_and_the_step_back_d10():
    d = duel(D04=True)  # passing allowed: the orders below stand still or move without acting
    s = state(Fighter(5, 1, "seigan"), Fighter(6, -1, "seigan"))
    assert d.crossed(s) and not d.crossed(state(Fighter(5, -1, "seigan"), Fighter(6, -1, "seigan")))
    change = Order(action="change", stance="jodan")
    assert refused(d, s, (change, Order())) == "DS-CROSSED"
    out = d.resolve(s, (replace(change, step=-1), Order()))
    assert out.state.fighters[0] == Fighter(4, 1, "jodan")
    assert refused(duel(D04=True, D10="next-turn"), s, (replace(change, step=-1), Order())) == "DS-CROSSED"


def test_facing_stays_after_passing_d09():
    d = duel(D04=True)  # passing allowed: the orders below stand still or move without acting
    s = state(Fighter(5, 1, "gasumi"), Fighter(6, -1, "gasumi"))
    out = d.resolve(s, (Order(step=1), Order(step=1)))  # they cross: A on 6, B on 5, still facing as before
    a, b = out.state.fighters
    assert (a.cell, a.facing, b.cell, b.facing) == (6, 1, 5, -1)
    hit = d.resolve(out.state, (Order(action="strike"), Order()))  # Shieshi hits own cell and the one behind
    assert hit.result == "A"


def both_hit_state(d: Duel, a: str, b: str) -> State | None:
    """A position where strike a by A and strike b by B both hit (searched over cells and facings), if any."""
    for ca in range(1, 13):
        for cb in range(1, 13):
            for fa in (1, -1):
                for fb in (1, -1):
                    fa_, fb_ = Fighter(ca, fa, d.strikes[a].source), Fighter(cb, fb, d.strikes[b].source)
                    if cb in d.hit_cells(fa_, a) and ca in d.hit_cells(fb_, b):
                        return state(fa_, fb_)
    return None


def resolved_winner(d: Duel, a: str, b: str) -> str | None:
    """Play the turn where both hit and read who won: a strike id, or None when both lose.

    Tsuki (2-3 cells ahead) and Shieshi (own cell and behind) can never both hit: that pair is read from the
    resolver's result for a double hit.
    """
    s = both_hit_state(d, a, b)
    if s is None:
        assert {a, b} == {"tsuki", "shieshi"}, f"{a} and {b} can never both hit"
        result = d.result((True, True), [a, b])
    else:
        out = d.resolve(s, (Order(action="strike"), Order(action="strike")))
        assert out.hit == (True, True)
        result = out.result
    return {"A": a, "B": b}.get(result)


def test_precedence_by_playing_the_turn():
    d = duel()
    assert resolved_winner(d, "tsuki", "men") == "tsuki" and resolved_winner(d, "men", "tsuki") == "tsuki"
    assert resolved_winner(d, "men", "shieshi") == "men"
    assert resolved_winner(d, "tsuki", "shieshi") is None and resolved_winner(d, "men", "men") is None
    assert [(a, b, resolved_winner(d, a, b)) for a, b, _ in d.precedence()] == d.precedence()


def test_the_resolver_knows_which_double_hits_cannot_happen():
    from generator.sim.duel.rules import never_both_hit

    d = duel()
    assert never_both_hit(d) == [(a, b) for a, b, _ in d.precedence() if both_hit_state(d, a, b) is None]
    assert never_both_hit(d) == [("shieshi", "tsuki")]


@pytest.mark.parametrize("rulings", [{}, {"D03": "exact"}, {"D04": True}, {"D07": "never"}, {"D10": "next-turn"},
                                     {"D05": False}, {"D14": 0}])
def test_every_order_the_resolver_offers_resolves(rulings):
    """Random legal orders under each ruling variant: never refused, pieces stay on the track in a known stance."""
    import random

    d = duel(**rulings)
    rng = random.Random(7)
    for _ in range(40):
        s = d.start()
        for _turn in range(30):
            orders = (rng.choice(d.orders(s, 0)), rng.choice(d.orders(s, 1)))
            out = d.resolve(s, orders)
            for f, o, held in zip(out.state.fighters, orders, out.held):
                assert 1 <= f.cell <= 12 and f.stance in d.stances and f.facing in (1, -1)
                assert f.struck == (o.action == "strike")
                assert not held or o.step != 0
            s = out.state
            if out.result:
                break


def test_a_duel_played_from_the_printed_setup():
    """The paper playtest: D01 start, a crossed-swords turn, a distance-control turn lifted by an occupied cell."""
    d = duel(D04=True)  # passing allowed: the orders below stand still or move without acting
    s = d.start()
    assert d.controlled(s, 1) == frozenset(range(1, 5)) and d.controlled(s, 0) == frozenset(range(9, 13))  # D05
    s = d.resolve(s, (Order(step=3), Order(step=1))).state  # D03: Seigan 3 (A) and 1 (B) forward, no action (D04=true)
    assert [f.cell for f in s.fighters] == [7, 8] and d.crossed(s)
    jodan = Order(action="change", stance="jodan")
    assert refused(d, s, (jodan, Order())) == "DS-CROSSED"  # no stance change without a step back
    out = d.resolve(s, (replace(jodan, step=-1), Order(step=1)))  # A steps back to 6 (a controlled cell): B may
    assert out.held == (False, False) and [f.cell for f in out.state.fighters] == [6, 7]  # enter A's old cell 7
    assert out.state.fighters[0].stance == "jodan" and out.result is None
    end = d.resolve(out.state, (Order(action="strike"), Order()))  # Men from 6 facing 12 hits 7 and 8
    assert end.hit == (False, True) and end.result == "A"  # D12: one hit ends the duel


def test_players_sharing_a_cell_control_nothing_d06():
    d = duel(D04=True)  # passing allowed: the orders below stand still or move without acting
    s = state(Fighter(6, 1, "seigan"), Fighter(6, -1, "seigan"))
    assert d.controlled(s, 0) == frozenset() and d.controlled(s, 1) == frozenset()
    out = d.resolve(s, (Order(step=3), Order(step=3)))  # D08: through each other's cell, nobody held back
    assert [f.cell for f in out.state.fighters] == [9, 3] and out.held == (False, False)


def test_every_order_carries_an_action_d04():
    """D04 as printed: a strike or a stance change every turn, alone (in place) or after steps or a turn; the turn
    after a strike a turn alone; No action only when nothing else is legal."""
    d = duel()
    s = state(Fighter(4, 1, "jodan"), Fighter(10, -1, "gasumi"))
    assert refused(d, s, (Order(step=1), Order(action="strike"))) == "D04"  # a move without an action
    assert refused(d, s, (Order(), Order(action="strike"))) == "D04"  # a pass
    out = d.resolve(s, (Order(action="strike"), Order(action="change", stance="gedan")))  # both in place: allowed
    assert out.state.fighters[0].stance == "gedan" and out.state.fighters[1].stance == "gedan"
    assert all(o.action != "none" for o in d.orders(s, 0))
    struck = state(Fighter(4, 1, "gedan", struck=True), Fighter(10, -1, "gasumi"))
    assert Order(turn=True) in d.orders(struck, 0) and Order() not in d.orders(struck, 0)
    cornered = state(Fighter(1, 1, "seigan"), Fighter(2, -1, "seigan"))  # crossed swords, no cell to step back to
    assert not d.can_act(cornered, 0) and {o.action for o in d.orders(cornered, 0)} == {"none"}
    assert Order() in d.orders(cornered, 0)  # the No action card
    assert d.resolve(cornered, (Order(), Order(step=-1, action="change", stance="jodan"))).result is None


def test_the_slip_runs_out_d14():
    """D14: nobody hit by the end of the slip's last turn (12): a draw; D14=0 plays on."""
    d = duel()
    s = state(Fighter(1, 1, "gasumi"), Fighter(12, -1, "gasumi"), turn=12)
    far = (Order(action="change", stance="gedan"), Order(action="change", stance="gedan"))
    assert d.resolve(s, far).result == "draw" and d.resolve(replace(s, turn=11), far).result is None
    assert duel(D14=0).resolve(s, far).result is None
    hit = state(Fighter(5, 1, "gasumi"), Fighter(4, -1, "jodan"), turn=12)
    assert d.resolve(hit, (Order(action="strike"), Order(action="change", stance="gedan"))).result == "A"
