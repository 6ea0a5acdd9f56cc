"""The full 16x16 board written back in the quadrant notation."""

from __future__ import annotations

from .model import N, Board


def render_ascii(board: Board) -> str:
    """Full board as 33 lines of 65 characters, same notation as quadrant.txt."""
    lines = []
    for r in range(N + 1):
        wall = "+"
        for c in range(N):
            closed = r in (0, N) or not board.is_open((r - 1) * N + c, r * N + c)
            wall += ("---" if closed else "   ") + "+"
        lines.append(wall)
        if r == N:
            break
        row = "|"
        for c in range(N):
            i = r * N + c
            closed = c == N - 1 or not board.is_open(i, i + 1)
            row += f" {board.codes[i]} " + ("|" if closed else " ")
        lines.append(row)
    return "\n".join(lines) + "\n"
