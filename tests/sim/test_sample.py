"""Drill-down: a game of a cell told turn by turn with rule ids is the very game the report counted (its result is
the slice's record of that game), and the same lines every time."""

import json

import pytest

from generator.cli import main
from generator.sim.sweep.run import done


@pytest.mark.parametrize("game, extra, result", [
    ("duel", ["--rule", "D14=12,0"], "result: "),
    ("dojo", ["--players", "3"], "result: "),
])
def test_a_sample_game_is_the_counted_game(tmp_path, capsys, game, extra, result):
    out = tmp_path / game
    assert main(["sweep", "--game", game, "--games", "10", *extra, "--out", str(out), "--jobs", "1"]) == 0
    spec = json.loads((out / "sweep.json").read_text(encoding="utf-8"))
    have = done(out, spec)
    capsys.readouterr()
    for c in range(len(spec["cells"])):
        record = "".join(have[(c, 0, 10)].outcomes)
        for i in (0, 7):
            assert main(["sweep", "--sample", str(out), "--cell", str(c), "--index", str(i)]) == 0
            lines = capsys.readouterr().out.splitlines()
            assert lines[0].startswith(f"cell {c}, game {i}: seed 1") and len(lines) > 3
            last = next(line for line in reversed(lines) if result in line)
            want = record[i]
            if game == "duel":
                assert last.endswith({"0": "A", "1": "B", "n": "draw", "u": "(60)"}[want] if want != "t" else "draw")
                assert last[:5] in ({"[D12]"} if want in "01" else {"[D12]", "[D14]"} if want == "n" else {"resul"})
            else:
                assert (f"seat {int(want) + 1} " in last) if want.isdigit() else "unfinished" in last
            assert main(["sweep", "--sample", str(out), "--cell", str(c), "--index", str(i)]) == 0
            assert capsys.readouterr().out.splitlines() == lines


def test_a_sample_outside_the_sweep_is_refused(tmp_path, capsys):
    out = tmp_path / "s"
    assert main(["sweep", "--game", "duel", "--games", "5", "--out", str(out), "--jobs", "1"]) == 0
    assert main(["sweep", "--sample", str(out), "--cell", "3"]) == 2
    assert "--cell 3: the sweep in" in capsys.readouterr().err
    assert main(["sweep", "--sample", str(out), "--index", "5"]) == 2
    assert "--index 5" in capsys.readouterr().err
