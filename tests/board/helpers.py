"""Test helpers: quadrant text editing, running the CLI in-process, and an independent reference board.

The reference code below never imports generator.board: it rotates the quadrant's ASCII text
character by character and walks the result, so the tests compare two separate implementations.
"""

from __future__ import annotations

import contextlib
import io
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from generator.cli import main

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIXTURES = HERE / "fixtures"
OPEN = FIXTURES / "open" / "quadrant.txt"
VALID = FIXTURES / "valid" / "quadrant.txt"
DEAD_END = FIXTURES / "dead_end" / "quadrant.txt"


def board_lines(text: str) -> list[str]:
    """The 17 board lines of a quadrant text, padded to 33 characters (comments and blank lines dropped)."""
    lines = text.replace("\r\n", "\n").lstrip("\ufeff").split("\n")
    return [line.rstrip(" ").ljust(33) for line in lines if line.strip() and not line.startswith("#")]


@dataclass(frozen=True)
class Quad:
    """An editable quadrant text: each edit returns a new Quad (positions 0-based as in the seed)."""

    lines: tuple[str, ...]

    @classmethod
    def read(cls, path: Path = OPEN) -> "Quad":
        """The board lines of a fixture file."""
        return cls(tuple(board_lines(path.read_text(encoding="utf-8"))))

    def put(self, line: int, col: int, chars: str) -> "Quad":
        """Overwrite characters at a 0-based board line and column."""
        lines = list(self.lines)
        lines[line] = lines[line][:col] + chars + lines[line][col + len(chars):]
        return Quad(tuple(lines))

    def cell(self, r: int, c: int, code: str) -> "Quad":
        """Set the code of cell (r, c)."""
        return self.put(2 * r + 1, 4 * c + 2, code)

    def vwall(self, r: int, x: int, closed: bool = True) -> "Quad":
        """Wall (or open) the side left of column x on row r (x = 8 is the right seam)."""
        return self.put(2 * r + 1, 4 * x, "|" if closed else " ")

    def hwall(self, y: int, c: int, closed: bool = True) -> "Quad":
        """Wall (or open) the side above row y in column c (y = 8 is the bottom seam)."""
        return self.put(2 * y, 4 * c + 1, "---" if closed else "   ")

    def seam(self, i: int, closed: bool) -> "Quad":
        """Set the right seam at row i and the bottom seam at column i together (they must agree)."""
        return self.vwall(i, 8, closed).hwall(8, i, closed)

    def text(self) -> str:
        """The quadrant file text (LF line endings, trailing blanks kept)."""
        return "\n".join(self.lines) + "\n"

    def write(self, folder: Path, legend: str | None = None) -> Path:
        """Write quadrant.txt (and legend.toml when given) into folder; return the quadrant path."""
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "quadrant.txt"
        path.write_text(self.text(), encoding="utf-8")
        if legend is not None:
            (folder / "legend.toml").write_text(legend, encoding="utf-8")
        return path


@dataclass(frozen=True)
class Run:
    """Exit code and captured output of one CLI run."""

    code: int
    out: str
    err: str


def run_cli(*args: str | Path) -> Run:
    """Run `dojo ARGS` in-process through generator.cli.main, capturing output (argparse exits included)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(a) for a in args])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
    return Run(code, out.getvalue(), err.getvalue())


# ---- independent reference: tokens of a (2n+1)x(2n+1) lattice, rotated character-wise ----

def tokens(lines: list[str]) -> list[list[str]]:
    """ASCII board lines -> lattice of tokens: '+', '---'/'   ', '|'/' ', ' X ' (cells)."""
    grid = []
    for line in lines:
        row = []
        for j in range(0, len(line) - 1, 4):
            row += [line[j], line[j + 1:j + 4]]
        row.append(line[-1])
        grid.append(row)
    return grid


def untokens(grid: list[list[str]]) -> list[str]:
    """Token lattice -> ASCII lines."""
    return ["".join(row) for row in grid]


TURN = {"---": "|", "   ": " ", "|": "---", " ": "   "}


def turn_cw(grid: list[list[str]]) -> list[list[str]]:
    """Rotate a token lattice 90 degrees clockwise: new[j][n-1-i] = old[i][j], walls change direction."""
    n = len(grid)
    out = [[""] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            tok = grid[i][j]
            edge = (i % 2) != (j % 2)  # a wall slot, not a corner or a cell
            out[j][n - 1 - i] = TURN[tok] if edge else tok
    return out


def reference_board(quadrant_text: str) -> list[str]:
    """The 33 lines of the full board, quadrant k turned clockwise k times, built from the ASCII alone."""
    quad = tokens(board_lines(quadrant_text))
    full = [[None] * 33 for _ in range(33)]
    turned = quad
    for k, (top, left) in enumerate(((0, 0), (0, 16), (16, 16), (16, 0))):
        for i in range(17):
            for j in range(17):
                old = full[top + i][left + j]
                assert old is None or old == turned[i][j], f"seams disagree at {top + i},{left + j}"
                full[top + i][left + j] = turned[i][j]
        turned = turn_cw(turned)
    return untokens(full)


def reference_graph(board: list[str]) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """Open orthogonal neighbours of every square of a full ASCII board (any size)."""
    grid = tokens(board)
    n = len(grid) // 2
    nbrs: dict[tuple[int, int], list[tuple[int, int]]] = {(r, c): [] for r in range(n) for c in range(n)}
    for r in range(n):
        for c in range(n):
            if c + 1 < n and grid[2 * r + 1][2 * c + 2] == " ":
                nbrs[r, c].append((r, c + 1))
                nbrs[r, c + 1].append((r, c))
            if r + 1 < n and grid[2 * r + 2][2 * c + 1] == "   ":
                nbrs[r, c].append((r + 1, c))
                nbrs[r + 1, c].append((r, c))
    return nbrs


def reference_codes(board: list[str]) -> dict[tuple[int, int], str]:
    """Cell code of every square of a full ASCII board."""
    grid = tokens(board)
    n = len(grid) // 2
    return {(r, c): grid[2 * r + 1][2 * c + 1][1] for r in range(n) for c in range(n)}


def bfs(nbrs, sources, blocked) -> dict:
    """Walking distances from sources avoiding blocked squares."""
    dist = {s: 0 for s in sources}
    todo = deque(sources)
    while todo:
        a = todo.popleft()
        for b in nbrs[a]:
            if b not in dist and b not in blocked:
                dist[b] = dist[a] + 1
                todo.append(b)
    return dist


def longest_walk(nbrs, start, blocked, cap: int = 12) -> int:
    """Longest walk without revisits from start (plain recursion, capped)."""
    def go(sq, seen, depth):
        if depth >= cap:
            return depth
        best = depth
        for b in nbrs[sq]:
            if b not in seen and b not in blocked:
                best = max(best, go(b, seen | {b}, depth + 1))
                if best >= cap:
                    break
        return best
    return go(start, {start}, 0)


def rotate_cw16(rc: tuple[int, int], k: int) -> tuple[int, int]:
    """A 16x16 board position turned clockwise k times."""
    r, c = rc
    for _ in range(k % 4):
        r, c = c, 15 - r
    return r, c
