"""The project's own board passes validation with no warnings and renders to 33 lines."""

from pathlib import Path

from generator.board.ascii import render_ascii
from generator.board.check import design_problems
from generator.board.load import load_quadrant
from generator.board.model import build_board

ROOT = Path(__file__).resolve().parents[2]


def test_project_board_has_no_problems():
    loaded = load_quadrant(ROOT / "content/dojo/board/quadrant.txt")
    assert loaded.problems == ()
    board = build_board(loaded.quadrant)
    assert design_problems(board) == []
    lines = render_ascii(board).splitlines()
    assert len(lines) == 33 and all(len(line) == 65 for line in lines)
