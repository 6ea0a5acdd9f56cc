"""Fixture boards built in code, pinned policies and game factories for the rules scenarios."""

from __future__ import annotations

import random

from generator.board.model import Board, Quadrant
from pathlib import Path

from generator.sim.dojo.cards import load_deck
from generator.sim.dojo.engine import Game, GameConfig, ScriptedDice
from generator.sim.dojo.policy import P0
from generator.sim.dojo.tables import Tables

DECK = load_deck(Path(__file__).resolve().parents[2])  # the project's Nebbia deck, as the build loads it
ROOM_ORIGINS = ((0, 0), (0, 13), (13, 13), (13, 0))  # Safe Room k in the corner of quadrant k
DOJO_ROWS = range(6, 10)


def sq(r: int, c: int) -> int:
    """Square index of (row, column)."""
    return r * 16 + c


def line(r: int, c: int, n: int, step: tuple[int, int] = (0, 1)) -> list[tuple[int, int]]:
    """n squares from (r, c) in a straight line."""
    return [(r + i * step[0], c + i * step[1]) for i in range(n)]


def fixture(chains=(), codes=None, links=None, entrances=()) -> Board:
    """A 16x16 board: 4 corner Safe Rooms, the Dojo, and only the open sides named by chains (walls elsewhere)."""
    cells = ["."] * 256
    edges: set[tuple[int, int]] = set()
    for r0, c0 in ROOM_ORIGINS:
        for r in range(r0, r0 + 3):
            for c in range(c0, c0 + 3):
                cells[sq(r, c)] = "S"
                if r + 1 < r0 + 3:
                    edges.add((sq(r, c), sq(r + 1, c)))
                if c + 1 < c0 + 3:
                    edges.add((sq(r, c), sq(r, c + 1)))
    for r in DOJO_ROWS:
        for c in DOJO_ROWS:
            cells[sq(r, c)] = "D"
            if r < 9:
                edges.add((sq(r, c), sq(r + 1, c)))
            if c < 9:
                edges.add((sq(r, c), sq(r, c + 1)))
    for (r, c), code in (codes or {}).items():
        cells[sq(r, c)] = code
    for chain in list(chains) + [list(e) for e in entrances]:
        for (r1, c1), (r2, c2) in zip(chain, chain[1:]):
            assert abs(r1 - r2) + abs(c1 - c2) == 1, "fixture chains step between orthogonal neighbours"
            a, b = sq(r1, c1), sq(r2, c2)
            edges.add((min(a, b), max(a, b)))
    nbrs: list[list[int]] = [[] for _ in range(256)]
    for a, b in sorted(edges):
        nbrs[a].append(b)
        nbrs[b].append(a)
    link: list[int | None] = [None] * 256
    for a, b in (links or {}).items():
        link[sq(*a)], link[sq(*b)] = sq(*b), sq(*a)
    quad = Quadrant(tuple("." * 64), (), ())
    return Board(quad, tuple(cells), tuple(tuple(sorted(n)) for n in nbrs), tuple(link))


class Pinned(P0):
    """P0 with pinned choices: paths, tunnel use, Technique play, targets, squares."""

    def __init__(self, paths=(), tunnel=None, play=None, target=None, square=None, keep=None):
        self.paths = [tuple(sq(*x) for x in p) for p in paths]
        self.tunnel, self.play_, self.target, self.square, self.keep_ = tunnel, play, target, square, keep

    def path(self, g, p, cur, left, visited):
        """The next pinned path, else P0."""
        if self.paths:
            return self.paths.pop(0)
        return super().path(g, p, cur, left, visited)

    def use_tunnel(self, g, p, x, exit_):
        """Pinned or P0."""
        return super().use_tunnel(g, p, x, exit_) if self.tunnel is None else self.tunnel

    def technique(self, g, p, card, mine, theirs, attacker):
        """Pinned or P0."""
        return super().technique(g, p, card, mine, theirs, attacker) if self.play_ is None else self.play_

    def sfida_target(self, g, p, targets):
        """Pinned or P0."""
        return super().sfida_target(g, p, targets) if self.target is None else self.target

    irimi_target = sfida_target

    def segreto_square(self, g, p, options):
        """Pinned or P0."""
        return super().segreto_square(g, p, options) if self.square is None else sq(*self.square)


def game(board: Board, pos, at, dice=(), players=None, pile=None, turn=None, current=0, policies=None,
         med=(), tech=None, start=None, rulings=None) -> Game:
    """A game in a fixture state: positions, squares ((r, c) or None for the own room's P0 square), pinned dice."""
    n = players or len(pos)
    config = GameConfig(players=n, start=start) if rulings is None else GameConfig(players=n, start=start, rulings=rulings)
    pols = [P0() for _ in range(n)]
    for i, pol in (policies or {}).items():
        pols[i] = pol
    g = Game(Tables(board), config, random.Random(0), pols, dice=ScriptedDice(list(dice)), log=True, setup=False)
    g.pos = list(pos)
    g.sq = [sq(*x) if x is not None else g.t.best_start[g.room[i]] for i, x in enumerate(at)]
    g.pile = list(pile or [])
    g.turn = n if turn is None else turn
    g.current = current
    for i in med:
        g.med[i] = True
        g.skip[i] = True
    for i, card in (tech or {}).items():
        g.tech[i] = card
    return g


def kumite_events(g: Game) -> list[tuple]:
    """The logged Kumite: (attacker, defender, dA, dD, bonus A, bonus D, attacker won, exam)."""
    return [e[1:] for e in g.log if e[0] == "kumite"]


def in_room(g: Game, p: int) -> bool:
    """True when player p stands in its own Safe Room (DR-Z06)."""
    return g.sq[p] in g.t.rooms[g.room[p]]
