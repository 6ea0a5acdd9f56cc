"""[dojo-board] The tunnel links' routes: along the board's lanes, between the squares' icons and labels.

Every square the board draws leaves two lanes clear of its icon and its letters (see `dojo_board._square`): a
vertical one near its right side (right of the icon, the tunnel label and the partner's coordinate) and a
horizontal one in its lower part (under the icon and the tunnel label, above the letter and the coordinate). The
lanes of all squares make a 16 x 16 grid of crossings, one per square. A link runs from its tunnel's crossing to
its partner's along the lanes, found by a shortest-path search with a cost per turn:

- never through a Safe Room or the Central Dojo (their names, icons and entrance arrows);
- never through another tunnel's square (its end of a link is drawn there);
- never along a stretch of lane another link already runs on (two links on one lane could not be told apart).

Routes are worked out in grid units (rows and columns) from the board alone: the same in every language. The page
QA reads the links back from every printed board and checks that none crosses a label or an icon
(`pageqa/links.py`).
"""

from __future__ import annotations

import heapq
from functools import lru_cache

from ..board.model import DOJO, N, SAFE, Board

TURN = 0.6  # the cost of a turn, in squares run
SHARED_NODE = 0.8  # the cost of crossing a lane crossing another link already passes (in squares)
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))

Route = tuple[int, ...]  # the squares whose lane crossings a link passes, from one tunnel to its partner


def pairs(board: Board) -> list[tuple[int, int]]:
    """Every linked tunnel pair (i < j), in board order."""
    return [(i, j) for i, j in enumerate(board.links) if j is not None and i < j]


def _blocked(board: Board) -> frozenset[int]:
    """Squares no link may pass: Safe Rooms, the Central Dojo and every tunnel (its own ends are let in apart)."""
    return frozenset(i for i, code in enumerate(board.codes) if code in (SAFE, DOJO) or code.isdigit())


def _search(start: int, goal: int, blocked: frozenset[int], used_edges: set[tuple[int, int]],
            used_nodes: set[int]) -> Route | None:
    """The cheapest route from start to goal (Dijkstra over (square, heading)); None when there is none."""
    best: dict[tuple[int, int], float] = {}
    came: dict[tuple[int, int], tuple[int, int] | None] = {(start, -1): None}
    queue: list[tuple[float, int, int]] = [(0.0, start, -1)]
    while queue:
        cost, node, heading = heapq.heappop(queue)
        if best.get((node, heading), float("inf")) < cost:
            continue
        if node == goal:
            out, state = [], (node, heading)
            while state is not None:
                out.append(state[0])
                state = came[state]
            return tuple(reversed(out))
        r, c = divmod(node, N)
        for d, (dr, dc) in enumerate(STEPS):
            rr, cc = r + dr, c + dc
            nxt = rr * N + cc
            if not (0 <= rr < N and 0 <= cc < N) or (nxt in blocked and nxt != goal):
                continue
            if (min(node, nxt), max(node, nxt)) in used_edges:
                continue
            step = cost + 1.0 + (TURN if heading not in (-1, d) else 0.0) + (SHARED_NODE if nxt in used_nodes else 0.0)
            if step < best.get((nxt, d), float("inf")):
                best[(nxt, d)] = step
                came[(nxt, d)] = (node, heading)
                heapq.heappush(queue, (step, nxt, d))
    return None


@lru_cache(maxsize=4)
def link_routes(board: Board) -> dict[tuple[int, int], Route | None]:
    """The route of every link (i < j), shortest links first; None for a link that finds no free way."""
    blocked = _blocked(board)
    used_edges: set[tuple[int, int]] = set()
    used_nodes: set[int] = set()
    out: dict[tuple[int, int], Route | None] = {}
    order = sorted(pairs(board), key=lambda p: (abs(p[0] // N - p[1] // N) + abs(p[0] % N - p[1] % N), p))
    for i, j in order:
        route = _search(i, j, blocked, used_edges, used_nodes)
        out[(i, j)] = route
        if route:
            used_edges.update((min(a, b), max(a, b)) for a, b in zip(route, route[1:]))
            used_nodes.update(route)
    return {p: out[p] for p in pairs(board)}


def corners(route: Route) -> Route:
    """The route's ends and the squares where it turns (the polyline's points)."""
    out = [route[0]]
    for a, b, c in zip(route, route[1:], route[2:]):
        if b - a != c - b:
            out.append(b)
    return (*out, route[-1]) if len(route) > 1 else tuple(out)
