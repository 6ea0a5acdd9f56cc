"""`dojo board render`: the full board equals an independent character-wise rotation of the quadrant."""

from __future__ import annotations

import pytest

from generator.board.load import load_quadrant
from generator.board.model import build_board

from .helpers import (DEAD_END, OPEN, VALID, Quad, reference_board, rotate_cw16, run_cli, tokens, turn_cw,
                      untokens)

FIXTURES = [OPEN, VALID, DEAD_END]


def _render(path, tmp_path) -> str:
    out = tmp_path / "board.txt"
    run = run_cli("board", "render", path, "-o", out)
    assert run.code == 0, run.err
    assert f"wrote {out}" in run.out
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.parent.name)
def test_render_matches_the_reference_rotation_character_for_character(tmp_path, path):
    text = _render(path, tmp_path)
    assert text.endswith("\n") and "\r" not in text
    lines = text.split("\n")[:-1]
    assert len(lines) == 33 and {len(line) for line in lines} == {65}
    assert lines == reference_board(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.parent.name)
def test_rendered_board_is_unchanged_by_a_quarter_turn(tmp_path, path):
    lines = _render(path, tmp_path).split("\n")[:-1]
    grid = tokens(lines)
    turned = grid
    for _ in range(4):
        turned = turn_cw(turned)
        assert untokens(turned) == lines


def test_top_left_of_the_render_is_the_quadrant_itself(tmp_path):
    lines = _render(VALID, tmp_path).split("\n")
    quad = Quad.read(VALID).lines
    assert [line[:33] for line in lines[:17]] == [q.rstrip().ljust(33) for q in quad]


def test_render_to_stdout_equals_the_file(tmp_path):
    run = run_cli("board", "render", VALID, "-o", "-")
    assert run.code == 0 and run.out == _render(VALID, tmp_path)


def test_reference_rotation_detects_a_wrong_turn():
    """The reference itself is not trivially symmetric: an anticlockwise build differs from it."""
    quad = tokens(Quad.read(VALID).lines)
    once = untokens(turn_cw(quad))
    thrice = untokens(turn_cw(turn_cw(turn_cw(quad))))
    assert once != thrice


def test_render_does_not_touch_the_quadrant_folder(tmp_path):
    path = Quad.read(OPEN).write(tmp_path / "q")
    before = sorted(p.name for p in path.parent.iterdir())
    _render(path, tmp_path)
    assert sorted(p.name for p in path.parent.iterdir()) == before


# ---- tunnel links and legend offsets ----

def _cells(quad: Quad, digit: str) -> list[tuple[int, int]]:
    """Cells of a digit in reading order, read from the text."""
    return [(r, c) for r in range(8) for c in range(8) if quad.lines[2 * r + 1][4 * c + 2] == digit]


@pytest.mark.parametrize("offset", [None, 0, 1, 2, 3])
def test_legend_offset_links_a_in_quadrant_k_to_b_in_quadrant_k_plus_o(tmp_path, offset):
    quad = Quad.read(OPEN)  # tunnel 1 at (2,3) and (3,7)
    legend = None if offset is None else f"[tunnels.1]\nquadrant_offset = {offset}\n"
    path = quad.write(tmp_path, legend=legend)
    board = build_board(load_quadrant(path).quadrant)
    a, b = _cells(quad, "1")
    o = offset or 0
    expected = {}
    for k in range(4):
        ra, rb = rotate_cw16(a, k), rotate_cw16(b, k + o)
        expected[ra], expected[rb] = rb, ra
    links = {divmod(i, 16): divmod(j, 16) for i, j in enumerate(board.links) if j is not None}
    assert links == expected
    assert all(links[links[sq]] == sq for sq in links)  # symmetric
    assert len(links) == 8


def test_several_tunnels_with_different_offsets(tmp_path):
    quad = Quad.read(VALID)  # tunnels 1 (offset 1), 2 (no entry: 0), 3 (offset 2)
    board = build_board(load_quadrant(VALID).quadrant)
    links = {divmod(i, 16): divmod(j, 16) for i, j in enumerate(board.links) if j is not None}
    assert len(links) == 24
    for digit, o in (("1", 1), ("2", 0), ("3", 2)):
        a, b = _cells(quad, digit)
        for k in range(4):
            assert links[rotate_cw16(a, k)] == rotate_cw16(b, k + o), (digit, k)
    rendered = reference_board(VALID.read_text(encoding="utf-8"))
    for sq, partner in links.items():  # a link joins two cells showing the same digit
        assert rendered[2 * sq[0] + 1][4 * sq[1] + 2] == rendered[2 * partner[0] + 1][4 * partner[1] + 2]


def test_offset_0_in_the_legend_is_the_same_as_no_entry(tmp_path):
    quad = Quad.read(OPEN)
    with_entry = build_board(load_quadrant(quad.write(tmp_path / "a", "[tunnels.1]\nquadrant_offset = 0\n")).quadrant)
    without = build_board(load_quadrant(quad.write(tmp_path / "b")).quadrant)
    assert with_entry.links == without.links
