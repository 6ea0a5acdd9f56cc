"""The walk tables' pruned searches return exactly what the plain enumerations return, order included."""

import random
from dataclasses import replace
from pathlib import Path

from generator.board.load import load_quadrant
from generator.board.model import build_board
from generator.sim.dojo.tables import Tables

ROOT = Path(__file__).resolve().parents[2]
BOARD = build_board(load_quadrant(ROOT / "content/dojo/board/quadrant.txt").quadrant)


def shuffled(seed: int):
    """The project board with its square letters (not Safe Rooms, Dojo or Tunnels) shuffled: other Fatica, ranks."""
    codes = list(BOARD.codes)
    where = [i for i, c in enumerate(codes) if c in ".AF?PK"]
    letters = [codes[i] for i in where]
    random.Random(seed).shuffle(letters)
    for i, c in zip(where, letters):
        codes[i] = c
    return replace(BOARD, codes=tuple(codes))


TABLES = [Tables(BOARD), Tables(shuffled(1)), Tables(shuffled(2))]


def starts(t: Tables, k: int = 30) -> list[int]:
    """k squares a pawn can stand on, seeded."""
    return random.Random(t.size + k).sample([i for i in range(t.size) if not t.is_dojo[i]], k)


def plain_ranked(t: Tables, start: int, length: int) -> list:
    """Every walk of a fresh movement, stably sorted by (Fatica, end rank)."""
    return sorted(((f, t.rank[p[-1]], p) for f, p in t.walks(start, length, {start})), key=lambda w: w[:2])


def plain_entries(t: Tables, start: int, length: int, visited: set[int]) -> list:
    """entries by definition: every walk of fewer than length steps, then one step into the Dojo, unpruned."""
    out = []

    def rec(a: int, k: int, f: int, path: tuple[int, ...]) -> None:
        for b in t.nbrs[a]:
            if t.is_dojo[b]:
                if b == t.entry[a]:
                    out.append((f, path + (b,)))
            elif k > 1 and b not in visited | set(path):
                rec(b, k - 1, f + t.fatigue[b], path + (b,))

    rec(start, length, 0, ())
    return out


def test_best_walks_are_the_first_of_the_stable_sort_of_every_walk():
    """The bounded search keeps exactly the first walks of a full sort, in the same order, and tells when cut."""
    for t in TABLES:
        for start in starts(t):
            for length in range(1, 13):
                walks = plain_ranked(t, start, length)
                for keep in (1, 3, 40):
                    assert t.best_walks(start, length, keep) == (walks[:keep], len(walks) > keep), (start, length)


def test_best_walks_after_some_steps_are_the_first_of_the_stable_sort():
    """A movement planned again after some steps (visited squares barred): the same prefix of the full sort."""
    for t in TABLES[:2]:
        rng = random.Random(t.size)
        for start in starts(t, 12):
            visited = {start} | set(rng.sample([b for a in t.steps[start] for b in t.steps[a]], 2))
            visited.discard(next(iter(t.steps[start]), None))
            for length in (1, 4, 8):
                walks = sorted(((f, t.rank[p[-1]], p) for f, p in t.walks(start, length, set(visited))),
                               key=lambda w: w[:2])
                for keep in (1, 5):
                    assert t.best_walks(start, length, keep, visited) == (walks[:keep], len(walks) > keep)


def test_ranked_grows_on_demand():
    """ranked gives at least the walks asked for, a prefix of the full sort, and all of them once not cut."""
    t = Tables(BOARD)
    for start in starts(t, 10):
        walks = plain_ranked(t, start, 9)
        for keep in (1, 8, 2, 64, 10**6):
            ranked, cut = t.ranked(start, 9, keep)
            assert ranked == walks[:len(ranked)] and len(ranked) >= min(keep, len(walks))
            assert cut == (len(ranked) < len(walks))


def test_entries_equal_the_unpruned_search():
    """Pruning walks too far from a Dojo entrance drops no entry and keeps their order."""
    for t in TABLES:
        rng = random.Random(5)
        for start in starts(t, 20):
            for length in (1, 2, 5, 9, 12):
                visited = {start} | set(rng.sample(range(t.size), 12))
                assert t.entries(start, length, set(visited)) == plain_entries(t, start, length, visited)
            assert t.fresh_entries(start) == sorted(plain_entries(t, start, 12, {start}), key=lambda e: e[0])
