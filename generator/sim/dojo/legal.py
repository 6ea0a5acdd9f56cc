"""The Dojo engine's referee: every choice a policy returns is checked against the legal options, never trusted.

An illegal choice raises IllegalChoice naming the rule of docs/specs/dojo-rules-spec.md it breaks (DR-*), the
seat and the choice; the engine never plays it.
"""

from __future__ import annotations

BROWN = 15  # DR-X01


class IllegalChoice(ValueError):
    """A policy's choice the rules do not allow; `rule` is the DR id broken."""

    def __init__(self, rule: str, seat: int, message: str):
        super().__init__(f"{rule}: seat {seat + 1}: {message}")
        self.rule, self.seat = rule, seat


def check_path(g, p: int, cur: int, left: int, visited: set[int], path: tuple[int, ...]) -> None:
    """DR-T01-T05, DR-X01/X02: steps between open neighbours, no revisit, no more than rolled, full when possible."""
    nbrs, is_dojo = g.t.nbrs, g.t.is_dojo
    if not isinstance(path, (tuple, list)):
        raise IllegalChoice("DR-T01", p, f"path {path!r} is not a sequence of squares")
    if len(path) > left:
        raise IllegalChoice("DR-T01", p, f"path {tuple(path)}: {len(path)} steps, the dice gave {left}")
    a, seen = cur, set()
    for i, x in enumerate(path):
        if not isinstance(x, int) or x not in nbrs[a]:
            raise IllegalChoice("DR-T02", p, f"step {i + 1} of {path}: {x!r} is not an open neighbour of {a} "
                                             "(a wall or not orthogonal)")
        if is_dojo[x]:
            if g.pos[p] < BROWN:
                raise IllegalChoice("DR-T04", p, f"step {i + 1} of {path}: the Dojo is a wall below Brown "
                                                 f"(position {g.pos[p]})")
            if i != len(path) - 1:
                raise IllegalChoice("DR-X02", p, f"path {tuple(path)} goes on after entering the Dojo: the movement ends")
        elif x in visited or x in seen:
            raise IllegalChoice("DR-T03", p, f"step {i + 1} of {path} re-enters square {x}")
        seen.add(x)
        a = x
    if len(path) < left and not (path and is_dojo[path[-1]]):
        longest = g.t.longest(cur, left, set(visited))
        if longest > len(path):
            raise IllegalChoice("DR-T05", p, f"path of {len(path)} step(s) while a walk of {longest} exists "
                                             f"({left} rolled)")


def check_member(rule: str, p: int, what: str, choice: object, options) -> None:
    """The choice must be one of the options the engine computed."""
    if choice not in options:
        raise IllegalChoice(rule, p, f"{what} {choice!r} is not one of the legal options {sorted(options)}")


def check_target(g, rule: str, p: int, what: str, j: object, targets: list[int]) -> None:
    """A Sfida/Irimi target: an eligible opponent; the reason names the rule that excludes it."""
    if j in targets:
        return
    if not isinstance(j, int) or not 0 <= j < g.n or j == p:
        raise IllegalChoice(rule, p, f"{what} {j!r} is not an opponent")
    if g.med[j]:
        raise IllegalChoice("DR-M01", p, f"{what}: seat {j + 1} is meditating and cannot be targeted")
    if g.t.is_safe[g.sq[j]]:
        raise IllegalChoice("DR-K02", p, f"{what}: seat {j + 1} stands in a Safe Room")
    if g.first_round and rule != "DR-N11":
        raise IllegalChoice("DR-K01", p, f"{what}: no Kumite in the first round (seat {j + 1})")
    raise IllegalChoice(rule, p, f"{what} seat {j + 1} is not eligible (targets: {[t + 1 for t in targets]})")


def check_bool(rule: str, p: int, what: str, choice: object) -> None:
    """A yes/no choice must be a bool."""
    if not isinstance(choice, bool):
        raise IllegalChoice(rule, p, f"{what} must be True or False, not {choice!r}")
