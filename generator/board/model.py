"""Frozen board model: an authored 8x8 quadrant and the 16x16 board built by rotation."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

Q = 8  # quadrant size
N = 16  # full board size

SAFE, DOJO, TATAMI, TRAINING, FATIGUE, MIST, MISSTEP, CHALLENGE = "SD.AF?PK"
CODES = frozenset("SD.AF?PK123456789")
KIND_NAMES = {
    "S": "Safe Room", "D": "Central Dojo", ".": "Tatami", "A": "Allenamento",
    "F": "Fatica", "?": "Nebbia del Dojo", "P": "Passo Falso", "K": "Sfida", "T": "Tunnel",
}
DIRECTIONS = (("N", -1, 0), ("E", 0, 1), ("S", 1, 0), ("W", 0, -1))


def kind(code: str) -> str:
    """Square kind letter: the code itself, or 'T' for any tunnel digit."""
    return "T" if code.isdigit() else code


@dataclass(frozen=True)
class Quadrant:
    """The authored top-left quadrant: codes and walls, positions 0-based."""

    codes: tuple[str, ...]  # 64 codes, row-major
    vwalls: tuple[tuple[bool, ...], ...]  # [row][x], x=0..8: wall left of column x (8 = right seam)
    hwalls: tuple[tuple[bool, ...], ...]  # [y][col], y=0..8: wall above row y (8 = bottom seam)
    offsets: tuple[tuple[str, int], ...] = ()  # tunnel digit -> quadrant_offset (only non-zero)

    def code(self, r: int, c: int) -> str:
        """Code of quadrant cell (r, c)."""
        return self.codes[r * Q + c]

    def offset(self, digit: str) -> int:
        """quadrant_offset of a tunnel digit (0 when the legend does not name it)."""
        return dict(self.offsets).get(digit, 0)

    def tunnel_cells(self) -> dict[str, list[tuple[int, int]]]:
        """Cells of each tunnel digit in reading order."""
        out: dict[str, list[tuple[int, int]]] = {}
        for i, code in enumerate(self.codes):
            if code.isdigit():
                out.setdefault(code, []).append(divmod(i, Q))
        return out


def rotate(rc: tuple[int, int], k: int) -> tuple[int, int]:
    """Full-board position (r, c) turned 90 degrees clockwise k times."""
    r, c = rc
    for _ in range(k % 4):
        r, c = c, N - 1 - r
    return r, c


def to_quadrant(rc: tuple[int, int]) -> tuple[int, int, int]:
    """(quadrant k, row, column) on the authored quadrant for a full-board position."""
    for k in range(4):
        r, c = rotate(rc, -k % 4)
        if r < Q and c < Q:
            return k, r, c
    raise ValueError(rc)


@dataclass(frozen=True)
class Board:
    """The full 16x16 board: codes, open neighbours and tunnel links, indexed r*16+c."""

    quadrant: Quadrant
    codes: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]  # open orthogonal neighbours of each square
    links: tuple[int | None, ...]  # linked tunnel partner of each square

    def is_open(self, a: int, b: int) -> bool:
        """True when squares a and b are orthogonal neighbours with no wall between."""
        return b in self.neighbours[a]

    def room_squares(self, k: int) -> tuple[int, ...]:
        """Squares of Safe Room k (the Safe Room of quadrant k)."""
        return tuple(i for i in range(N * N) if self.codes[i] == SAFE and to_quadrant(divmod(i, N))[0] == k)

    @cached_property
    def dojo_squares(self) -> tuple[int, ...]:
        """The 16 Central Dojo squares."""
        return tuple(i for i, code in enumerate(self.codes) if code == DOJO)

    @cached_property
    def entrances(self) -> tuple[tuple[int, int], ...]:
        """Dojo entrances as (outside square, Dojo square)."""
        return tuple((b, a) for a in self.dojo_squares for b in self.neighbours[a] if self.codes[b] != DOJO)


def build_board(quad: Quadrant) -> Board:
    """Rotate the quadrant three times into the full board (the quadrant must be format-valid)."""
    codes = [""] * (N * N)
    edges: set[tuple[int, int]] = set()
    for k in range(4):
        for r in range(Q):
            for c in range(Q):
                rr, cc = rotate((r, c), k)
                codes[rr * N + cc] = quad.code(r, c)
        for r in range(Q):
            for x in range(1, Q + 1):
                if not quad.vwalls[r][x]:
                    edges.add(_edge(rotate((r, x - 1), k), rotate((r, x), k)))
        for y in range(1, Q + 1):
            for c in range(Q):
                if not quad.hwalls[y][c]:
                    edges.add(_edge(rotate((y - 1, c), k), rotate((y, c), k)))
    nbrs: list[list[int]] = [[] for _ in range(N * N)]
    for a, b in sorted(edges):
        nbrs[a].append(b)
        nbrs[b].append(a)
    return Board(quad, tuple(codes), tuple(tuple(sorted(n)) for n in nbrs), _links(quad))


def _edge(p: tuple[int, int], q: tuple[int, int]) -> tuple[int, int]:
    a, b = p[0] * N + p[1], q[0] * N + q[1]
    return (a, b) if a < b else (b, a)


def _links(quad: Quadrant) -> tuple[int | None, ...]:
    links: list[int | None] = [None] * (N * N)
    for digit, cells in quad.tunnel_cells().items():
        if len(cells) != 2:
            continue
        off = quad.offset(digit)
        for k in range(4):
            a = rotate(cells[0], k)
            b = rotate(cells[1], k + off)
            ia, ib = a[0] * N + a[1], b[0] * N + b[1]
            links[ia], links[ib] = ib, ia
    return tuple(links)
