"""Design checks of the board seed: errors exit 1 naming row/column, warnings alone exit 0."""

from __future__ import annotations

import pytest

from .helpers import DEAD_END, OPEN, Quad, bfs, longest_walk, reference_board, reference_codes, reference_graph, run_cli

BASE = Quad.read(OPEN)  # Safe Room rows/cols 0-2, exits east of (1,2) and south of (2,1); Tatami 19 of 51

NO_ENTRANCE = BASE.hwall(6, 6).hwall(6, 7).vwall(6, 6).vwall(7, 6)
SHORTCUT = BASE.hwall(3, 3)  # the way around the room from (1,3) to (3,1) grows from 4 to 6 steps
WALLED_IN = BASE.vwall(4, 4).vwall(4, 5).hwall(4, 4).hwall(5, 4)

# (id, quadrant, rule, words that must appear in the same message)
DESIGN_ERRORS = [
    ("wall inside the Dojo", BASE.vwall(6, 7), "dojo.wall", "row 6, column 6"),
    ("wall inside the Dojo, lower row", BASE.hwall(7, 7), "dojo.wall", "row 6, column 7"),
    ("Dojo seam walled", BASE.seam(6, True), "dojo.wall", "row 6, column 7"),
    ("Dojo seam walled, other row", BASE.seam(7, True), "dojo.wall", "row 7, column 7"),
    ("no Dojo entrance", NO_ENTRANCE, "dojo.entrance", "no Dojo entrance"),
    ("entrance into a Safe Room", BASE.cell(5, 6, "S"), "dojo.entrance", "row 5, column 6"),
    ("corner not in the Safe Room", BASE.cell(0, 0, "."), "safe.corner", "row 0, column 0"),
    ("Safe Room not connected", BASE.cell(4, 4, "S"), "safe.connected", "row 4, column 4"),
    ("Safe Room walled inside into two parts", BASE.hwall(2, 0).hwall(2, 1).hwall(2, 2).vwall(2, 1).vwall(2, 2)
     .hwall(3, 1).vwall(1, 3).vwall(0, 3, closed=False), "safe.connected", "row 2, column"),
    ("3 exits", BASE.vwall(0, 3, closed=False), "safe.exits", "3 exit"),
    ("1 exit", BASE.hwall(3, 1), "safe.exits", "1 exit"),
    ("0 exits", BASE.hwall(3, 1).vwall(1, 3), "safe.exits", "0 exit"),
    ("both exits east", BASE.hwall(3, 1).vwall(0, 3, closed=False), "safe.sides", "same side (E)"),
    ("both exits south", BASE.vwall(1, 3).hwall(3, 2, closed=False), "safe.sides", "same side (S)"),
    ("shortcut", SHORTCUT, "safe.shortcut", "through it 4 steps"),
    ("unreachable square", WALLED_IN, "reach", "row 4, column 4"),
    ("unreachable pair", BASE.vwall(0, 7).hwall(1, 7).seam(0, True), "reach", "row 0, column 7"),
]


@pytest.mark.parametrize("quad, rule, words", [c[1:] for c in DESIGN_ERRORS], ids=[c[0] for c in DESIGN_ERRORS])
def test_design_error_exits_1_naming_row_and_column(tmp_path, quad, rule, words):
    run = run_cli("board", "validate", quad.write(tmp_path))
    assert run.code == 1, run.out + run.err
    messages = [line for line in run.err.splitlines() if f"[{rule}]" in line]
    assert messages, run.err
    assert any(words in m for m in messages), messages
    assert "design errors" in run.out


def test_design_errors_still_render_the_board_with_exit_1(tmp_path):
    out = tmp_path / "board.txt"
    quad = SHORTCUT
    run = run_cli("board", "render", quad.write(tmp_path), "-o", out)
    assert run.code == 1 and "[safe.shortcut]" in run.err
    assert out.read_text(encoding="utf-8").splitlines() == reference_board(quad.text())


def test_the_shortcut_figures_match_an_independent_walk():
    board = reference_board(SHORTCUT.text())
    nbrs, codes = reference_graph(board), reference_codes(board)
    room = {(r, c) for r in range(3) for c in range(3)}
    dojo = {sq for sq, code in codes.items() if code == "D"}
    around = bfs(nbrs, [(1, 3)], room | dojo)[(3, 1)]
    through = bfs(nbrs, [(1, 3)], set(nbrs) - room - {(3, 1)})[(3, 1)]
    assert (through, around) == (4, 6)


def test_one_problem_per_authored_dojo_wall(tmp_path):
    run = run_cli("board", "validate", BASE.vwall(6, 7).write(tmp_path))
    assert sum("[dojo.wall]" in line for line in run.err.splitlines()) == 1
    run = run_cli("board", "validate", BASE.seam(6, True).write(tmp_path))  # right of (6,7) and below (7,6)
    walls = [line for line in run.err.splitlines() if "[dojo.wall]" in line]
    assert len(walls) == 2 and all("seam" in line for line in walls)


def test_square_reachable_only_through_another_quadrant_is_fine(tmp_path):
    """(0,7) is cut off inside the quadrant but joins quadrant 1 across the open right seam."""
    quad = BASE.vwall(0, 7).hwall(1, 7)
    board = reference_board(quad.text())
    nbrs, codes = reference_graph(board), reference_codes(board)
    inside = {(r, c) for r in range(8) for c in range(8)}
    dojo = {sq for sq, code in codes.items() if code == "D"}
    assert (0, 7) not in bfs(nbrs, [(0, 0)], dojo | (set(nbrs) - inside))  # not within the quadrant
    assert (0, 7) in bfs(nbrs, [sq for sq, code in codes.items() if code == "S"], dojo)  # yes on the board
    run = run_cli("board", "validate", quad.write(tmp_path))
    assert "[reach]" not in run.err
    assert run.code == 0, run.err


# ---- warnings only: exit 0 ----

BIG_ROOM = BASE.cell(0, 3, "S").vwall(0, 3, closed=False).vwall(0, 4).hwall(1, 3)  # 10 squares, Tatami 18 of 50
TATAMI = [(0, 6), (1, 3), (2, 4), (3, 0), (3, 2), (3, 4), (4, 1), (4, 4), (4, 6)]  # some '.' cells of BASE
OTHERS = [(0, 4), (1, 4), (1, 5), (2, 5), (3, 1)]  # some non-Tatami playable cells of BASE


def _tatami(quad: Quad, minus: int = 0, plus: int = 0) -> Quad:
    for r, c in TATAMI[:minus]:
        quad = quad.cell(r, c, "A")
    for r, c in OTHERS[:plus]:
        quad = quad.cell(r, c, ".")
    return quad


WARNINGS = [
    ("room of 10 squares", BIG_ROOM, {"safe.size"}),
    ("room of 8 squares", BASE.cell(2, 2, ".").hwall(2, 2).vwall(2, 2).vwall(2, 3, closed=False), {"safe.size"}),
    ("Tatami 29%", _tatami(BIG_ROOM, minus=4), {"safe.size", "tatami"}),
    ("Tatami 41%", _tatami(BASE, plus=2), {"tatami"}),
    ("Tatami 0%", _tatami(BASE, minus=9).cell(5, 1, "K").cell(5, 4, "K").cell(5, 7, "K").cell(6, 2, "K")
     .cell(6, 4, "K").cell(6, 5, "K").cell(7, 0, "K").cell(7, 3, "K").cell(1, 7, "K"), {"tatami"}),
    ("dead ends", Quad.read(DEAD_END), {"dead-end"}),
]


@pytest.mark.parametrize("quad, rules", [c[1:] for c in WARNINGS], ids=[c[0] for c in WARNINGS])
def test_warning_only_files_exit_0(tmp_path, quad, rules):
    run = run_cli("board", "validate", quad.write(tmp_path))
    assert run.code == 0, run.err
    found = {line.split("[")[-1].rstrip("]") for line in run.err.splitlines() if line.startswith("warning:")}
    assert found == rules, run.err
    assert "error:" not in run.err
    assert "OK (0 errors" in run.out


@pytest.mark.parametrize("minus, plus, warned", [(3, 0, False), (4, 0, True), (0, 2, False), (0, 3, True)])
def test_tatami_share_30_and_40_percent_are_inside_the_range(tmp_path, minus, plus, warned):
    quad = _tatami(BIG_ROOM, minus, plus)  # 50 playable squares: 15 = 30%, 20 = 40%
    tatami = sum(line[4 * c + 2] == "." for line in quad.lines[1::2] for c in range(8))
    assert tatami == 18 - minus + plus
    run = run_cli("board", "validate", quad.write(tmp_path))
    assert run.code == 0
    assert ("[tatami]" in run.err) is warned, run.err


def test_dead_end_warnings_agree_with_an_independent_walk(tmp_path):
    text = DEAD_END.read_text(encoding="utf-8")
    board = reference_board(text)
    nbrs, codes = reference_graph(board), reference_codes(board)
    dojo = {sq for sq, code in codes.items() if code == "D"}
    dead = {sq for sq in nbrs if sq[0] < 8 and sq[1] < 8 and sq not in dojo and longest_walk(nbrs, sq, dojo) < 12}
    assert dead  # the fixture really has dead ends
    run = run_cli("board", "validate", DEAD_END)
    reported = {line for line in run.err.splitlines() if "[dead-end]" in line}
    assert {f"row {r}, column {c}:" for r, c in dead} == {m.split("warning: ")[1].split(": dead")[0] + ":"
                                                           for m in reported}
    for sq in dead:  # the message gives the longest walk
        assert any(f"row {sq[0]}, column {sq[1]}: dead end: the longest walk from here is "
                   f"{longest_walk(nbrs, sq, dojo)} steps" in m for m in reported)


def test_open_board_has_no_dead_ends_by_the_independent_walk():
    board = reference_board(OPEN.read_text(encoding="utf-8"))
    nbrs, codes = reference_graph(board), reference_codes(board)
    dojo = {sq for sq, code in codes.items() if code == "D"}
    assert all(longest_walk(nbrs, sq, dojo) >= 12 for sq in nbrs if sq not in dojo)
