"""GROUND's Resolve steps (GR-A*, GR-D*, GR-L*, GR-P*, GR-T*): the rules each revealed Action applies (no I/O).

A mixin of engine.Game: these methods read and change the game's state through `self`.
"""

from __future__ import annotations

from ..rand import shuffle
from .state import BOND, DENY, NEXT_STAGE, OFF, RIVALRY, STAGE_ATTACK, GroundChoice, IllegalChoice


class Actions:
    """The Resolve steps of engine.Game."""

    def resolve_ground(self, p: int, c: GroundChoice) -> None:
        """GR-A10..A12 at step 1."""
        if c.mode == "GR":
            self.add_stress(p, -2)
            self.ready[p] = True
            self.fired.update(("GR-A10", "GR-F04"))
            if self.darvo[p] != OFF:
                self.end_after_stage.add(p)
        elif c.mode == "OU":
            self.fired.add("GR-A11")
            if c.option == "restore":
                x = self.problem(c.target)
                if x is not None and x.denied:
                    x.denied, x.up = False, True
                    self.fired.add("GR-P02")
            elif c.option == "cancel":
                self.ou_cancel[p] = c.target
            else:
                self.problem(c.target).protected = True
        else:
            self.fired.add("GR-A12")
            if c.option == "blame":
                if self.token[c.target] == ("blame", p):
                    self.token[c.target] = None if self.g3 == "back-to-owner" else ("box", -1)
                    self.fired.update(("GR-T02", "G3"))
            elif c.option == "break":
                if self.relation(p, c.target):
                    self.set_relation(p, c.target, None)
                    self.fired.add("GR-L04")
            else:
                self.nd_reject.add((p, c.target))

    def support(self, s: int, t: int, pre_bonds: set[tuple[int, int]]) -> None:
        """GR-A03..A05, GR-L01/L02/L04/L05, U1, U6."""
        r = self.relation(s, t)
        if r is None:
            self.add_stress(t, -1)
            self.fired.add("GR-A03")
            if self.free_slots(s) and self.free_slots(t):
                self.fired.update(("GR-L02", "U1"))
                accept = self.policies[t].accept_bond(self, t, s)
                if not isinstance(accept, bool):
                    raise IllegalChoice("GR-L02", f"seat {t + 1}: a Bond is accepted (True) or refused (False), "
                                                  f"not {accept!r}")
                if accept:
                    self.set_relation(s, t, BOND)
                    self.stats.bonds_formed += 1
            else:
                self.fired.add("GR-L01")
        elif r == BOND:
            self.add_stress(t, -2)
            self.ready[t] = True
            self.fired.update(("GR-A04", "GR-F04"))
            if self.darvo[t] != OFF:
                if self.key(s, t) in pre_bonds:
                    self.stage_cancelled.add(t)
                    self.end_sequence(t)
                    self.stats.darvo_cancelled += 1
                    self.fired.update(("GR-D06", "U6"))
                else:
                    self.fired.add("GR-L05")
        else:
            self.add_stress(t, -1)
            choice = self.policies[t].rivalry_support(self, t, s)
            if choice not in ("bond", "break"):
                raise IllegalChoice("GR-A05", f"seat {t + 1}: a Support through a Rivalry is answered with "
                                              f"'bond' or 'break', not {choice!r}")
            self.set_relation(s, t, BOND if choice == "bond" else None)
            self.fired.update(("GR-A05", "GR-L04"))

    def end_sequence(self, p: int) -> None:
        """GR-D06/D07: marker OFF; a Focus placed before Reverse is removed."""
        self.darvo[p] = OFF
        if self.token[p] is not None and self.token[p][0] == "focus":
            self.token[p] = None
        self.fired.add("GR-D07")

    def stage(self, p: int) -> None:
        """GR-D02..D05: the player's current DARVO stage, then advance (or end per GR-A10)."""
        if p in self.stage_cancelled:
            return
        st = self.darvo[p]
        self.stats.stages[st] += 1
        self.fired.add("GR-D02")
        if st == DENY:
            options = [x for x in self.problems if x.up and not x.denied and x.claimed_by is None and not x.protected]
            if any(x.up and not x.denied and x.claimed_by is None and x.protected for x in self.problems):
                self.fired.add("GR-A11")
            if options:
                pid = self.policies[p].deny_target(self, p, [x.id for x in options])
                x = next((o for o in options if o.id == pid), None)
                if x is None:
                    raise IllegalChoice("GR-D03", f"seat {p + 1}: DENY must choose a face-up, unclaimed Problem not "
                                                  f"protected this round, not {pid!r}")
                x.up, x.denied = False, True
                self.denied_now.add(x.id)
                self.stats.denied.append((x.suit, x.priority))
            else:
                self.fired.add("U3")
            self.fired.add("GR-D03")
        elif st == STAGE_ATTACK:
            options = self.others(p)
            t = self.policies[p].darvo_attack_target(self, p, options)
            if t not in options:
                raise IllegalChoice("GR-D04", f"seat {p + 1}: the DARVO extra Attack targets another player, not {t!r}")
            self.attack(p, t)  # the extra Attack: normal relation rules
            self.place_focus(p, t)
            self.fired.update(("GR-D04", "GR-T03"))
        else:
            self.reverse(p)
            return
        self.darvo[p] = NEXT_STAGE[st]
        if p in self.end_after_stage:
            self.end_sequence(p)
            self.fired.add("GR-D06")

    def place_focus(self, p: int, t: int) -> None:
        """GR-D04, G6: the Focus goes beside t; a token still out as a Blame stays there (or moves, per G6)."""
        tok = self.token[p]
        if tok is not None and tok[0] == "blame":
            self.fired.add("G6")
            if self.g6 == "blame-stays":
                return
        elif tok is not None:  # G3 "to-box": the token left the game
            return
        self.token[p] = ("focus", t)

    def reverse(self, p: int) -> None:
        """GR-D05, U5: Blame, +1 Stress and Protection unless rejected by GROUND-ND; owner -2, sequence ends."""
        tok = self.token[p]
        if tok is not None and tok[0] == "focus":
            t = tok[1]
            if (t, p) in self.nd_reject:
                self.token[p] = None
                self.stats.reverses_rejected += 1
                self.fired.update(("GR-A12", "U5"))
            else:
                self.token[p] = ("blame", t)
                self.add_stress(t, 1)
                self.protection[p] += 1
                self.stats.blames += 1
                self.fired.add("GR-T03")
        self.add_stress(p, -2)
        self.fired.add("GR-D05")
        self.end_sequence(p)

    def draw(self, p: int) -> None:
        """One Solution to p; U4: an empty deck is the discard reshuffled, both empty skip the draw."""
        if not self.deck:
            if not self.discard:
                self.fired.add("U4")
                return
            self.deck, self.discard = self.discard, []
            shuffle(self.rng, self.deck)
            self.fired.add("U4")
        self.hands[p].append(self.deck.pop())

    def investigate(self, p: int, pid: str | None) -> None:
        """GR-A01, GR-P02, G1: reveal the chosen hidden Problem (if still hidden), then draw."""
        x = self.problem(pid) if pid is not None else None
        if x is not None and not x.up and not x.denied:
            x.up = True
            self.revealed_now.add(x.id)
            self.fired.add("GR-P02")
        elif x is not None and x.id in self.revealed_now:
            self.fired.add("G1")
            if self.g1 == "later-reveals-another":
                rest = self.hidden()
                if rest:
                    rest[0].up = True
        self.draw(p)
        self.fired.add("GR-A01")

    def attack(self, a: int, t: int) -> None:
        """GR-A06..A09, GR-T01, U8, GR-L03/L04: cancellation first, then Stress and relations."""
        if self.ou_cancel.get(t) == a:
            del self.ou_cancel[t]
            self.stats.attacks_cancelled += 1
            if self.protection[t]:
                self.fired.add("U8")
            self.fired.update(("GR-A09", "GR-A11"))
            return
        if self.protection[t]:
            self.protection[t] -= 1
            self.stats.attacks_cancelled += 1
            self.fired.update(("GR-A09", "GR-T01"))
            return
        r = self.relation(a, t)
        if r is None:
            self.add_stress(t, 1)
            self.fired.add("GR-A06")
            if self.free_slots(a) and self.free_slots(t):
                self.set_relation(a, t, RIVALRY)
                self.stats.rivalries_formed += 1
                self.fired.add("GR-L03")
            else:
                self.fired.add("GR-L01")
        elif r == BOND:
            self.add_stress(t, 2)
            self.set_relation(a, t, RIVALRY)
            self.fired.update(("GR-A07", "GR-L04"))
        else:
            self.add_stress(t, 2)
            self.set_relation(a, t, None)
            self.fired.update(("GR-A08", "GR-L04"))

    def solve(self, p: int, pid: str) -> None:
        """GR-A02, GR-P01, GR-P03, GR-P04, G2: discard a matching Solution and claim, unless claimed or Denied."""
        x = self.problem(pid)
        if x.claimed_by is not None:
            self.fired.update(("GR-P04", "GR-A02"))
            return
        if x.denied:
            self.fired.update(("G2", "GR-P01"))
            if self.g2 == "discard-solution":
                self._discard_suit(p, x.suit)
            return
        self._discard_suit(p, x.suit)
        x.claimed_by = p
        self.claimed_now.add(x.id)
        self.stats.solved.append((x.suit, x.priority))
        self.fired.update(("GR-A02", "GR-P01", "GR-P03"))

    def _discard_suit(self, p: int, suit: str) -> None:
        hand = self.hands[p]
        card = next(c for c in hand if self.suit_of[c] == suit)
        hand.remove(card)
        self.discard.append(card)
