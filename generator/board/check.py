"""Design checks on the full board: pure functions returning problems, and the validator report."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..problems import Problem
from .model import DIRECTIONS, DOJO, N, SAFE, TATAMI, Board, kind, to_quadrant

DEAD_END_LENGTHS = (2, 12)


def where(i: int) -> str:
    """'row r, column c' on the authored quadrant for a full-board square (plus the quadrant if not 0)."""
    k, r, c = to_quadrant(divmod(i, N))
    return f"row {r}, column {c}" + (f" (seen in quadrant {k})" if k else "")


def walk_distances(board: Board, sources: list[int], blocked: set[int]) -> dict[int, int]:
    """Breadth-first walking distances from sources, never entering blocked squares."""
    dist = {s: 0 for s in sources}
    todo = deque(sources)
    while todo:
        a = todo.popleft()
        for b in board.neighbours[a]:
            if b not in dist and b not in blocked:
                dist[b] = dist[a] + 1
                todo.append(b)
    return dist


def room_exits(board: Board, room: tuple[int, ...]) -> list[tuple[int, int, str]]:
    """Exits of a Safe Room as (room square, outside square, side N/E/S/W)."""
    out = []
    for a in room:
        ar, ac = divmod(a, N)
        for name, dr, dc in DIRECTIONS:
            r, c = ar + dr, ac + dc
            b = r * N + c
            if 0 <= r < N and 0 <= c < N and board.is_open(a, b) and b not in room:
                out.append((a, b, name))
    return out


def check_dojo(board: Board) -> list[Problem]:
    """No wall inside the Dojo; every quadrant has an entrance and none opens into a Safe Room."""
    out: list[Problem] = []
    dojo = set(board.dojo_squares)
    for a in sorted(dojo):
        if to_quadrant(divmod(a, N))[0] != 0:
            continue  # the other quadrants are rotations: report each authored wall once
        for b, side in ((a + 1, "right"), (a + N, "below")):
            if b in dojo and not board.is_open(a, b):
                seam = " (a seam)" if to_quadrant(divmod(b, N))[0] != 0 else ""
                out.append(Problem("error", "dojo.wall", f"a wall inside the Central Dojo, {side} of this square{seam}",
                                   where=where(a), hint="the 4x4 Dojo has no inner walls (the seams at rows/columns "
                                   "6-7 must be open too)"))
    ents = [(o, d) for o, d in board.entrances if to_quadrant(divmod(d, N))[0] == 0]
    if not ents:
        out.append(Problem("error", "dojo.entrance", "the quadrant has no Dojo entrance", where="rows 6-7, columns 6-7",
                           hint="open one side of a D cell towards a playable square"))
    for o, _d in ents:
        if board.codes[o] == SAFE:
            out.append(Problem("error", "dojo.entrance", "a Dojo entrance opens straight into a Safe Room",
                               where=where(o), hint="put a playable square between the Safe Room and the Dojo"))
    return out


def check_safe_room(board: Board) -> list[Problem]:
    """Safe Room 0 (the others are its rotations): corner, connected, 2 exits on 2 sides, no shortcut."""
    room = board.room_squares(0)
    out: list[Problem] = []
    if 0 not in room:
        out.append(Problem("error", "safe.corner", "the Safe Room does not contain its board corner",
                           where="row 0, column 0", hint="make (0, 0) an S cell"))
    if not room:
        return out
    inside = walk_distances(board, [room[0]], blocked=set(range(N * N)) - set(room))
    if len(inside) != len(room):
        out.append(Problem("error", "safe.connected", "the Safe Room is not connected: some S cells cannot be walked to "
                           "from the others", where=where(min(set(room) - set(inside))), hint="open the walls between its cells"))
    exits = room_exits(board, room)
    if len(exits) != 2:
        out.append(Problem("error", "safe.exits", f"the Safe Room has {len(exits)} exit(s); it needs exactly 2",
                           where="; ".join(where(a) + f" towards {s}" for a, _b, s in exits) or None,
                           hint="open exactly two sides of the room, on different sides"))
    elif exits[0][2] == exits[1][2]:
        out.append(Problem("error", "safe.sides", f"both Safe Room exits are on the same side ({exits[0][2]})",
                           where=f"{where(exits[0][0])} and {where(exits[1][0])}", hint="move one exit to another side"))
    else:
        out += _check_shortcut(board, room, exits)
    return out


def _check_shortcut(board: Board, room: tuple[int, ...], exits: list[tuple[int, int, str]]) -> list[Problem]:
    (_, a, _), (_, b, _) = exits
    dojo = set(board.dojo_squares)
    through = walk_distances(board, [a], blocked={i for i in range(N * N) if i not in room and i != b})
    around = walk_distances(board, [a], blocked=dojo | set(room))
    t, r = through.get(b), around.get(b)
    if t is not None and (r is None or t < r):
        return [Problem("error", "safe.shortcut", f"the Safe Room is a shortcut: through it {t} steps between its exits, "
                        f"around it {r if r is not None else 'no way'}", where=f"{where(a)} to {where(b)}",
                        hint="lengthen the way through the room or shorten the way around it")]
    return []


def check_reachable(board: Board) -> list[Problem]:
    """Every square can be walked to from a Safe Room (tunnels not counted, Dojo impassable)."""
    dojo = set(board.dojo_squares)
    seen = walk_distances(board, [i for i in range(N * N) if board.codes[i] == SAFE], blocked=dojo)
    lost = sorted(i for i in range(N * N) if i not in dojo and i not in seen and to_quadrant(divmod(i, N))[0] == 0)
    return [Problem("error", "reach", "this square cannot be walked to from a Safe Room", where=where(i),
                    hint="open a wall towards it (tunnels do not count)") for i in lost]


def check_room_size(board: Board) -> list[Problem]:
    """Warning when Safe Room 0 is not 3x3."""
    room = board.room_squares(0)
    rows = {i // N for i in room}
    cols = {i % N for i in room}
    if len(room) == 9 and len(rows) == 3 and len(cols) == 3:
        return []
    return [Problem("warning", "safe.size", f"the Safe Room is {len(room)} squares over {len(rows)}x{len(cols)}, not 3x3",
                    hint="the rules describe 3x3 Safe Rooms")]


def square_mix(board: Board) -> dict[str, int]:
    """Count of each square kind on the full board."""
    mix: dict[str, int] = {}
    for code in board.codes:
        mix[kind(code)] = mix.get(kind(code), 0) + 1
    return mix


def tatami_count(board: Board) -> tuple[int, int]:
    """(Tatami squares, playable squares): playable is neither Dojo nor Safe Room."""
    playable = [c for c in board.codes if c not in (DOJO, SAFE)]
    return sum(c == TATAMI for c in playable), len(playable)


def tatami_share(board: Board) -> float:
    """Tatami squares as a share of playable squares (not Dojo, not Safe Room)."""
    tatami, playable = tatami_count(board)
    return tatami / max(1, playable)


def check_tatami(board: Board) -> list[Problem]:
    """Warning when Tatami is outside 30-40% of playable squares (exact integer test)."""
    tatami, playable = tatami_count(board)
    if 3 * playable <= 10 * tatami <= 4 * playable:
        return []
    return [Problem("warning", "tatami", f"Tatami is {tatami} of {playable} playable squares "
                    f"({tatami_share(board):.1%}), outside 30-40%", hint="change some squares to or from Tatami")]


def longest_walk(board: Board, start: int, limit: int, blocked: frozenset[int]) -> int:
    """Longest self-avoiding walk from start, capped at limit (start counts as visited)."""
    best = 0
    visited = {start}
    stack = [(start, iter(board.neighbours[start]))]
    while stack:
        sq, it = stack[-1]
        nxt = next((b for b in it if b not in visited and b not in blocked), None)
        if nxt is None:
            stack.pop()
            visited.discard(sq)
            continue
        visited.add(nxt)
        stack.append((nxt, iter(board.neighbours[nxt])))
        best = max(best, len(stack) - 1)
        if best >= limit:
            return best
    return best


def check_dead_ends(board: Board, lengths: tuple[int, int] = DEAD_END_LENGTHS, severity: str = "warning") -> list[Problem]:
    """From every playable square a walk without revisits exists for every length in range (Dojo impassable)."""
    blocked = frozenset(board.dojo_squares)
    out = []
    for i in range(N * N):
        if i in blocked or to_quadrant(divmod(i, N))[0] != 0:
            continue
        reach = longest_walk(board, i, lengths[1], blocked)
        if reach < lengths[1]:
            out.append(Problem(severity, "dead-end", f"dead end: the longest walk from here is {reach} steps, "
                               f"a roll of {reach + 1}..{lengths[1]} cannot be walked in full", where=where(i),
                               hint="open a wall so that every square leads on"))
    return out


def design_problems(board: Board) -> list[Problem]:
    """Every design check of the board format (errors and warnings), dead ends as warnings."""
    return (check_dojo(board) + check_safe_room(board) + check_reachable(board) + check_room_size(board)
            + check_tatami(board) + check_dead_ends(board))


@dataclass(frozen=True)
class Report:
    """What the validator tells about a board beyond its problems."""

    mix: dict[str, int]
    tatami_share: float
    tunnel_pairs: int
    tunnel_links: tuple[tuple[str, int, int, int], ...]  # digit, offset, quadrant of a, quadrant of b
    entrances: int
    room_to_dojo: tuple[int | None, ...]


def room_to_dojo(board: Board, k: int) -> int | None:
    """Shortest walk (steps, the entry step included) from any square of Safe Room k into the Dojo."""
    dojo = set(board.dojo_squares)
    dist = walk_distances(board, list(board.room_squares(k)), blocked=dojo)
    steps = [dist[o] + 1 for o, _d in board.entrances if o in dist]
    return min(steps) if steps else None


def report(board: Board) -> Report:
    """Square mix, tunnel pairs and links, Dojo entrances and shortest Safe Room to Dojo walks."""
    digits = sorted(board.quadrant.tunnel_cells())
    links = tuple((d, board.quadrant.offset(d), k, (k + board.quadrant.offset(d)) % 4) for d in digits for k in range(4))
    return Report(square_mix(board), tatami_share(board), len(digits) * 4, links, len(board.entrances),
                  tuple(room_to_dojo(board, k) for k in range(4)))
