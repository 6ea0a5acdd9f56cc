"""The validator report: square mix, tunnel pairs, Dojo entrances, shortest walk from each Safe Room."""

from __future__ import annotations

import re

import pytest

from generator.board.model import KIND_NAMES

from .helpers import DEAD_END, OPEN, VALID, Quad, bfs, reference_board, reference_codes, reference_graph, run_cli


def _report(path) -> dict[str, str]:
    run = run_cli("board", "validate", path)
    assert run.code in (0, 1), run.err
    return dict(line.split(": ", 1) for line in run.out.splitlines() if ": " in line)


def _independent(text: str) -> dict:
    board = reference_board(text)
    nbrs, codes = reference_graph(board), reference_codes(board)
    mix: dict[str, int] = {}
    for code in codes.values():
        name = KIND_NAMES["T" if code.isdigit() else code]
        mix[name] = mix.get(name, 0) + 1
    dojo = {sq for sq, code in codes.items() if code == "D"}
    doors = [(a, b) for a in nbrs for b in nbrs[a] if a in dojo and b not in dojo]
    walks = []
    for top, left in ((0, 0), (0, 8), (8, 8), (8, 0)):  # quadrants clockwise from top-left
        room = [sq for sq, code in codes.items() if code == "S" and top <= sq[0] < top + 8 and left <= sq[1] < left + 8]
        dist = bfs(nbrs, room, dojo)
        steps = [dist[b] + 1 for _a, b in doors if b in dist]
        walks.append(min(steps) if steps else None)
    digits = {code for code in codes.values() if code.isdigit()}
    return {"mix": mix, "entrances": len(doors), "walks": walks, "pairs": 4 * len(digits)}


@pytest.mark.parametrize("path", [OPEN, VALID, DEAD_END], ids=lambda p: p.parent.name)
def test_report_agrees_with_an_independent_count(path):
    rep = _report(path)
    ref = _independent(path.read_text(encoding="utf-8"))
    mix = {name: int(n) for name, n in re.findall(r"([A-Za-z][A-Za-z ]*?) (\d+)", rep["square mix (16x16)"])}
    assert mix == ref["mix"] and sum(mix.values()) == 256
    assert int(rep["dojo entrances"]) == ref["entrances"]
    assert rep["tunnel pairs"].startswith(f"{ref['pairs']} ")
    walks = re.findall(r"Safe Room (\d): (\d+) steps", rep["shortest walk into the Dojo"])
    assert [(int(k), int(s)) for k, s in walks] == list(enumerate(ref["walks"]))


def test_report_figures_of_the_open_fixture_by_hand():
    rep = _report(OPEN)
    assert "Tatami 76" in rep["square mix (16x16)"] and "Tunnel 8" in rep["square mix (16x16)"]
    assert rep["tatami share"].startswith("37")  # 19 of 51
    assert rep["tunnel pairs"] == "4 (1: offset 0)"
    assert rep["dojo entrances"] == "16"  # 4 open sides per quadrant
    assert rep["shortest walk into the Dojo"] == ", ".join(f"Safe Room {k}: 9 steps" for k in range(4))


def test_report_names_a_dojo_that_cannot_be_reached(tmp_path):
    quad = Quad.read(OPEN).hwall(6, 6).hwall(6, 7).vwall(6, 6).vwall(7, 6)
    run = run_cli("board", "validate", quad.write(tmp_path))
    assert run.code == 1
    assert "dojo entrances: 0" in run.out
    assert "Safe Room 0: unreachable" in run.out


def test_report_lists_tunnel_offsets_from_the_legend():
    rep = _report(VALID)
    assert rep["tunnel pairs"] == "12 (1: offset 1, 2: offset 0, 3: offset 2)"
