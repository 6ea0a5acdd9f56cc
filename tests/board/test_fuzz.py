"""Property tests: arbitrary mutations of a valid quadrant or legend never crash the validator."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import OPEN, VALID, Quad, bfs, reference_board, reference_codes, reference_graph, run_cli

QUADRANT = VALID.read_bytes()
LEGEND = (VALID.parent / "legend.toml").read_bytes()
OPEN_TEXT = OPEN.read_bytes()
BOARD_CHARS = "+-| SD.AF?PK0123456789#\t\r\n\ufeffXé"

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                    derandomize=True)


def _mutate(data: bytes, ops: list) -> bytes:
    """Apply character replacements, line deletions/duplications, truncation and random bytes."""
    for op in ops:
        kind, a, b, payload = op
        lines = data.split(b"\n")
        if kind == "replace" and data:
            i = a % len(data)
            data = data[:i] + payload.encode("utf-8") + data[i + 1:]
        elif kind == "delete" and lines:
            del lines[a % len(lines)]
            data = b"\n".join(lines)
        elif kind == "duplicate" and lines:
            i = a % len(lines)
            lines.insert(i, lines[i])
            data = b"\n".join(lines)
        elif kind == "truncate":
            data = data[:a % (len(data) + 1)]
        elif kind == "bytes":
            i = a % (len(data) + 1)
            data = data[:i] + bytes([b % 256]) * (1 + b % 3) + data[i:]
    return data


OPS = st.lists(st.tuples(st.sampled_from(["replace", "delete", "duplicate", "truncate", "bytes"]),
                         st.integers(0, 10_000), st.integers(0, 10_000),
                         st.text(alphabet=BOARD_CHARS, min_size=0, max_size=3)), min_size=1, max_size=6)


def _validate(quadrant: bytes, legend: bytes | None) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "quadrant.txt"
        path.write_bytes(quadrant)
        if legend is not None:
            (Path(tmp) / "legend.toml").write_bytes(legend)
        run = run_cli("board", "validate", path)
        render = run_cli("board", "render", path, "-o", Path(tmp) / "board.txt")
        assert render.code == run.code  # render and validate agree on the seed's exit codes
        if render.code == 2:
            assert not (Path(tmp) / "board.txt").exists()
    return run.code, run.out + run.err


@SETTINGS
@given(ops=OPS, base=st.sampled_from([QUADRANT, OPEN_TEXT]))
def test_mutated_quadrant_never_crashes(ops, base):
    code, output = _validate(_mutate(base, ops), LEGEND if base is QUADRANT else None)
    assert code in (0, 1, 2)
    assert "Traceback" not in output
    if code == 2:
        assert "format" in output


@settings(max_examples=60, deadline=None, derandomize=True)
@given(ops=OPS)
def test_mutated_legend_never_crashes(ops):
    code, output = _validate(QUADRANT, _mutate(LEGEND, ops))
    assert code in (0, 1, 2)
    assert "Traceback" not in output


@settings(max_examples=40, deadline=None, derandomize=True)
@given(data=st.binary(max_size=2000))
def test_random_bytes_never_crash(data):
    code, output = _validate(data, None)
    assert code == 2
    assert "Traceback" not in output


# ---- format-valid random boards: the design checks and the render against the independent reference ----

EDIT = st.one_of(
    st.tuples(st.just("v"), st.integers(0, 7), st.integers(1, 7), st.booleans()),
    st.tuples(st.just("h"), st.integers(1, 7), st.integers(0, 7), st.booleans()),
    st.tuples(st.just("seam"), st.integers(0, 7), st.just(0), st.booleans()),
    st.tuples(st.just("cell"), st.integers(0, 7), st.integers(0, 7), st.sampled_from("SAF.?PK")),
)
KEEP = {(6, 6), (6, 7), (7, 6), (7, 7), (2, 3), (3, 7)}  # the Dojo and tunnel 1 keep the format valid


def _edited(edits) -> Quad:
    quad = Quad.read(OPEN)
    for kind, a, b, value in edits:
        if kind == "v":
            quad = quad.vwall(a, b, value)
        elif kind == "h":
            quad = quad.hwall(a, b, value)
        elif kind == "seam":
            quad = quad.seam(a, value)
        elif (a, b) not in KEEP:
            quad = quad.cell(a, b, value)
    return quad


@settings(max_examples=80, deadline=None, derandomize=True)
@given(edits=st.lists(EDIT, max_size=25))
def test_random_legal_boards_render_like_the_reference_and_judge_reachability_alike(edits):
    quad = _edited(edits)
    with tempfile.TemporaryDirectory() as tmp:
        path = quad.write(Path(tmp))
        run = run_cli("board", "validate", path)
        render = run_cli("board", "render", path, "-o", "-")
    assert run.code in (0, 1) and render.code == run.code, run.err
    board = reference_board(quad.text())
    assert render.out.split("\n")[:-1] == board
    nbrs, codes = reference_graph(board), reference_codes(board)
    dojo = {sq for sq, code in codes.items() if code == "D"}
    seen = bfs(nbrs, [sq for sq, code in codes.items() if code == "S"], dojo)
    lost = {sq for sq in nbrs if sq[0] < 8 and sq[1] < 8 and sq not in dojo and sq not in seen}
    reported = set(re.findall(r"error: row (\d), column (\d): this square cannot be walked to", run.err))
    assert reported == {(str(r), str(c)) for r, c in lost}
