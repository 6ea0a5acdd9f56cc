"""Format rules of the board seed: each broken quadrant or legend exits 2 and names file:line:col."""

from __future__ import annotations

import pytest

from .helpers import OPEN, VALID, Quad, board_lines, run_cli

BASE = Quad.read(OPEN)  # board line L of a code-built file is file line L + 1


def test_valid_quadrant_exits_0_with_no_problems(tmp_path):
    run = run_cli("board", "validate", BASE.write(tmp_path))
    assert run.code == 0, run.err
    assert run.err == ""
    assert "OK (0 errors, 0 warnings)" in run.out


def test_valid_fixture_with_legend_exits_0():
    run = run_cli("board", "validate", VALID)
    assert run.code == 0, run.err
    assert "1: offset 1" in run.out and "3: offset 2" in run.out


def _drop_last(q: Quad) -> str:
    return "\n".join(q.lines[:-1]) + "\n"


def _dup(q: Quad) -> str:
    return "\n".join(q.lines[:5] + q.lines[4:]) + "\n"


# (id, text, rule, "line:col" expected in the message)
FORMAT_CASES = [
    ("16 lines", _drop_last(BASE), "format.size", ":17"),
    ("18 lines", _dup(BASE), "format.size", ":18"),
    ("34 wide", BASE.put(3, 33, "|").text(), "format.size", ":4:34"),
    ("unknown code", BASE.cell(3, 4, "X").text(), "format.code", ":8:19"),
    ("lower-case code", BASE.cell(0, 3, "a").text(), "format.code", ":2:15"),
    ("missing corner", BASE.put(4, 8, " ").text(), "format.corner", ":5:9"),
    ("corner replaced by wall", BASE.put(0, 12, "-").text(), "format.corner", ":1:13"),
    ("bad row wall", BASE.put(6, 9, "-- ").text(), "format.wall", ":7:10"),
    ("bad row wall '==='", BASE.put(6, 9, "===").text(), "format.wall", ":7:10"),
    ("bad column wall", BASE.put(5, 12, "I").text(), "format.wall", ":6:13"),
    ("cell not centred", BASE.put(3, 5, "A ").text(), "format.cell", ":4:6"),
    ("tab", BASE.put(3, 6, "\t").text(), "format.tab", ":4:7"),
    ("top border open", BASE.hwall(0, 4, closed=False).text(), "format.border", ":1:18"),
    ("left border open", BASE.vwall(5, 0, closed=False).text(), "format.border", ":12:1"),
    ("right seam walled, bottom open", BASE.vwall(3, 8).text(), "format.seam", ":8:33"),
    ("bottom seam walled, right open", BASE.hwall(8, 2).text(), "format.seam", ":6:33"),
    ("D outside the Dojo", BASE.cell(2, 2, "D").text(), "format.dojo", ":6:11"),
    ("D at row 5", BASE.cell(5, 6, "D").text(), "format.dojo", ":12:27"),
    ("D missing", BASE.cell(7, 7, ".").text(), "format.dojo", ":16:31"),
    ("tunnel on 1 cell", BASE.cell(0, 3, "7").text(), "format.tunnel", ":2:15"),
    ("tunnel on 3 cells", BASE.cell(4, 4, "1").text(), "format.tunnel", ":10:19"),
]


@pytest.mark.parametrize("text, rule, pos", [c[1:] for c in FORMAT_CASES], ids=[c[0] for c in FORMAT_CASES])
def test_format_error_exits_2_with_line_and_column(tmp_path, text, rule, pos):
    path = tmp_path / "quadrant.txt"
    path.write_text(text, encoding="utf-8")
    run = run_cli("board", "validate", path)
    assert run.code == 2, run.out + run.err
    assert f"[{rule}]" in run.err
    assert f"{path}{pos}" in run.err, run.err
    assert "Traceback" not in run.err


def test_format_positions_count_comment_lines(tmp_path):
    text = "# a comment\n\n" + BASE.cell(3, 4, "X").text()
    path = tmp_path / "quadrant.txt"
    path.write_text(text, encoding="utf-8")
    run = run_cli("board", "validate", path)
    assert run.code == 2
    assert f"{path}:10:19" in run.err


def test_every_problem_is_reported_not_just_the_first(tmp_path):
    text = BASE.cell(0, 3, "X").cell(5, 5, "Y").put(0, 4, "-").text()
    run = run_cli("board", "validate", _write(tmp_path, text))
    assert run.code == 2
    assert ":2:15" in run.err and ":12:23" in run.err and ":1:5" in run.err


def _write(folder, text, name="quadrant.txt"):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_render_refuses_format_errors_and_writes_nothing(tmp_path):
    path = _write(tmp_path, BASE.cell(3, 4, "X").text())
    out = tmp_path / "board.txt"
    run = run_cli("board", "render", path, "-o", out)
    assert run.code == 2 and not out.exists()
    assert f"{path}:8:19" in run.err


# ---- legend.toml ----

LEGEND_CASES = [
    ("bad TOML", "[tunnels.1\nquadrant_offset = 1\n", ":1:"),
    ("bad TOML value", "[tunnels.1]\nquadrant_offset = \n", ":2:"),
    ("unknown digit", "# links\n[tunnels.4]\nquadrant_offset = 1\n", ":2:"),
    ("digit 0", "[tunnels.0]\nquadrant_offset = 1\n", ":1:"),
    ("name not a digit", "[tunnels.a]\nquadrant_offset = 1\n", ":1:"),
    ("offset 4", "[tunnels.1]\nquadrant_offset = 4\n", ":2:1"),
    ("offset -1", "[tunnels.1]\n\nquadrant_offset = -1\n", ":3:1"),
    ("offset float", "[tunnels.1]\nquadrant_offset = 1.0\n", ":2:1"),
    ("offset string", "[tunnels.1]\nquadrant_offset = \"1\"\n", ":2:1"),
    ("offset bool", "[tunnels.1]\nquadrant_offset = true\n", ":2:1"),
    ("unknown key", "[tunnels.1]\nquadrant_offset = 1\nspeed = 2\n", ":3:1"),
    ("misspelt key", "[tunnels.1]\nquadrant_ofset = 1\n", ":2:1"),
    ("unknown table", "[doors]\nx = 1\n", ":1:2"),
    ("tunnels not a table", "tunnels = 3\n", ":1:1"),
    ("entry not a table", "[tunnels]\n1 = 2\n", ":2:1"),
    ("deeply nested", "a = " + "[" * 3000 + "]" * 3000 + "\n", ":1:"),
]


@pytest.mark.parametrize("legend, pos", [c[1:] for c in LEGEND_CASES], ids=[c[0] for c in LEGEND_CASES])
def test_malformed_legend_exits_2_with_line(tmp_path, legend, pos):
    path = BASE.write(tmp_path, legend=legend)
    run = run_cli("board", "validate", path)
    assert run.code == 2, run.out + run.err
    assert "[format.legend]" in run.err
    assert f"{tmp_path / 'legend.toml'}{pos}" in run.err, run.err
    assert "Traceback" not in run.err


def test_legend_accepts_offsets_0_to_3_and_inline_tables(tmp_path):
    for off in range(4):
        path = BASE.write(tmp_path, legend=f"[tunnels]\n1 = {{ quadrant_offset = {off} }}\n")
        run = run_cli("board", "validate", path)
        assert run.code == 0, run.err
        assert f"1: offset {off}" in run.out


def test_legend_given_explicitly_overrides_the_one_beside_the_quadrant(tmp_path):
    path = BASE.write(tmp_path, legend="[tunnels.4]\n")  # broken, beside the quadrant
    good = tmp_path / "other.toml"
    good.write_text("[tunnels.1]\nquadrant_offset = 3\n", encoding="utf-8")
    assert run_cli("board", "validate", path).code == 2
    run = run_cli("board", "validate", path, "--legend", good)
    assert run.code == 0, run.err
    assert "1: offset 3" in run.out


def test_missing_explicit_legend_exits_2(tmp_path):
    run = run_cli("board", "validate", BASE.write(tmp_path), "--legend", tmp_path / "nope.toml")
    assert run.code == 2 and "no legend file here" in run.err


def test_quadrant_and_legend_errors_reported_together(tmp_path):
    path = Quad(BASE.cell(3, 4, "X").lines).write(tmp_path, legend="[tunnels.1]\nquadrant_offset = 9\n")
    run = run_cli("board", "validate", path)
    assert run.code == 2
    assert "[format.code]" in run.err and "[format.legend]" in run.err


# ---- comments, blank lines, trailing blanks, CRLF, BOM ----

def _render(path) -> str:
    run = run_cli("board", "render", path, "-o", "-")
    assert run.code == 0, run.err
    return run.out


def test_comments_blank_lines_stripped_blanks_crlf_and_bom_read_like_the_plain_file(tmp_path):
    plain = _render(BASE.write(tmp_path / "plain"))
    lines = list(BASE.lines)
    variants = {
        "comments": "# top\n\n" + "\n".join(lines[:6] + ["# middle", "   ", ""] + lines[6:]) + "\n# end\n",
        "stripped": "\n".join(line.rstrip() for line in lines) + "\n",
        "crlf": BASE.text().replace("\n", "\r\n"),
        "bom": "\ufeff" + BASE.text(),
        "bom+crlf+comments": "\ufeff# c\r\n" + BASE.text().replace("\n", "\r\n"),
        "no final newline": BASE.text().rstrip("\n"),
    }
    for name, text in variants.items():
        path = tmp_path / name / "quadrant.txt"
        path.parent.mkdir()
        path.write_bytes(text.encode("utf-8"))
        assert _render(path) == plain, name


def test_stripped_trailing_blanks_read_as_open(tmp_path):
    stripped = "\n".join(line.rstrip() for line in BASE.lines) + "\n"
    assert any(len(line) < 33 for line in stripped.split("\n")[:-1])
    path = _write(tmp_path, stripped)
    assert run_cli("board", "validate", path).code == 0
    board = _render(path).split("\n")
    assert board[1][32] == " "  # row 0: the right seam is open in the rendered board


def test_a_line_of_blanks_is_a_blank_line_and_a_missing_right_border_is_open(tmp_path):
    lines = board_lines(BASE.text())
    assert lines[1][-1] == " "
    path = _write(tmp_path, "\n".join(lines[:3] + ["      "] + lines[3:]) + "\n")
    assert run_cli("board", "validate", path).code == 0


def test_only_lines_starting_with_hash_are_comments(tmp_path):
    """The seed: "Lines starting with # ... are ignored"; an indented '#' line is a (broken) board line."""
    lines = list(BASE.lines)
    path = _write(tmp_path, "\n".join(lines[:4] + ["# fine"] + lines[4:]) + "\n")
    assert run_cli("board", "validate", path).code == 0
    path = _write(tmp_path, "\n".join(lines[:4] + ["  # indented"] + lines[4:]) + "\n")
    run = run_cli("board", "validate", path)
    assert run.code == 2 and "18 board lines" in run.err
