"""docs/RECIPES.md "Adding a simulator policy", followed in a temporary copy of the project (its generator/ too: the
registry is read when the modules are imported): a duel policy written and registered as the recipe says, then
played by `dojo sim`, swept alone, as a pairing and in a ladder, and told game by game by `dojo sweep --sample`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from tests.conftest import ROOT, project_with_code

RECIPE = (ROOT / "docs/RECIPES.md").read_text(encoding="utf-8")


def _recipe_code() -> str:
    """The recipe's own example (the Python block of "Adding a simulator policy")."""
    section = RECIPE.split("## Adding a simulator policy", 1)[1].split("\n## ", 1)[0]
    return "\n".join(line.removeprefix("   ") for line in
                     re.search(r"```python\n(.*?)```", section, re.S).group(1).splitlines())


SESSION = """
import contextlib, io, json, sys
from generator.cli import main
done = []
for args in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as exc:  # argparse's refusals
            code = exc.code if isinstance(exc.code, int) else 2
    done.append([code, out.getvalue(), err.getvalue()])
print(json.dumps(done))
"""


def dojo_session(root, *commands: list[str]) -> list[subprocess.CompletedProcess]:
    """The `dojo` commands run one after another by main() in one process of the copy's code (as tests/board/helpers.py
    run_cli runs them in the test process): the copy's code is imported once, not once a command."""
    run = subprocess.run([sys.executable, "-c", SESSION, json.dumps(commands)], cwd=root, capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": str(root)}, timeout=600)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr[-2000:]
    return [subprocess.CompletedProcess(args, code, out, err)
            for args, (code, out, err) in zip(commands, json.loads(run.stdout.splitlines()[-1]))]


def test_a_policy_added_by_the_recipe_is_played_swept_and_told(tmp_path):
    root = project_with_code(tmp_path / "project")
    play = root / "generator/sim/duel/play.py"
    play.write_text(play.read_text(encoding="utf-8") + "\n\n" + _recipe_code(), encoding="utf-8")

    out = tmp_path / "sweep"
    sim, sweep, sample, ladder, refused = dojo_session(
        root,
        ["sim", "--game", "duel", "--policy", "first", "--games", "20", "--json", str(tmp_path / "s.json")],
        ["sweep", "--game", "duel", "--policy", "first,first/hunter,hunter", "--games", "60", "--seed", "3",
         "--jobs", "1", "--out", str(out)],
        ["sweep", "--sample", str(out), "--cell", "0", "--index", "1"],
        ["sweep", "--game", "duel", "--ladder", "--policy", "first,hunter", "--games", "40", "--jobs", "1", "--out",
         str(tmp_path / "ladder")],
        ["sweep", "--game", "duel", "--policy", "frist", "--games", "10", "--out", str(tmp_path / "x")])

    assert sim.returncode == 0 and "Traceback" not in sim.stderr, sim.stderr[-2000:]
    assert json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))["policies"] == ["first", "first"]

    assert sweep.returncode == 0 and "Traceback" not in sweep.stderr, sweep.stderr[-2000:]
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    cells = {c["cell"]["policy"]: c for c in report["cells"]}
    assert set(cells) == {"first", "first/hunter", "hunter"} and all(c["games"] == 60 for c in cells.values())
    # the new policy really plays: its duels are not the hunter's, and one first player among hunters is measured
    assert cells["first"]["length"] != cells["hunter"]["length"] or cells["first"]["seats"] != cells["hunter"]["seats"]
    assert cells["first/hunter"]["skill"]["win_rate"]["n"] > 0
    assert "<h2>The duel</h2>" in (out / "report.html").read_text(encoding="utf-8")

    assert sample.returncode == 0 and "A (first) and B (first)" in sample.stdout, sample.stdout[-2000:] + \
        sample.stderr[-2000:]

    assert ladder.returncode == 0, ladder.stderr[-2000:]
    rated = json.loads((tmp_path / "ladder/report.json").read_text(encoding="utf-8"))["ladder"]
    assert set(rated["ratings"]) == {"first", "hunter"}

    run = refused
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "--policy frist: --game duel has hunter, random, first" in run.stderr, run.stderr
