"""docs/RECIPES.md "Adding a simulator policy", followed in a temporary copy of the project (its generator/ too: the
registry is read when the modules are imported): a duel policy written and registered as the recipe says, then
played by `dojo sim`, swept alone, as a pairing and in a ladder, and told game by game by `dojo sweep --sample`."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

from tests.conftest import ROOT, copy_project

RECIPE = (ROOT / "docs/RECIPES.md").read_text(encoding="utf-8")


def _recipe_code() -> str:
    """The recipe's own example (the Python block of "Adding a simulator policy")."""
    section = RECIPE.split("## Adding a simulator policy", 1)[1].split("\n## ", 1)[0]
    return "\n".join(line.removeprefix("   ") for line in
                     re.search(r"```python\n(.*?)```", section, re.S).group(1).splitlines())


def project_with_code(folder):
    """The project copied into folder with its generator/ (the copy's modules read the copy's tables), bytecode
    included (make bytecode's, still valid: copytree keeps the sources' times)."""
    root = copy_project(folder)
    shutil.copytree(ROOT / "generator", root / "generator")
    return root


def dojo(root, *args):
    """The `dojo` command run in the copy, on the copy's code."""
    return subprocess.run([sys.executable, "-c", "from generator.cli import main; raise SystemExit(main())", *args],
                          cwd=root, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(root)},
                          timeout=600)


def test_a_policy_added_by_the_recipe_is_played_swept_and_told(tmp_path):
    root = project_with_code(tmp_path / "project")
    play = root / "generator/sim/duel/play.py"
    play.write_text(play.read_text(encoding="utf-8") + "\n\n" + _recipe_code(), encoding="utf-8")

    run = dojo(root, "sim", "--game", "duel", "--policy", "first", "--games", "20", "--json", str(tmp_path / "s.json"))
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr[-2000:]
    assert json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))["policies"] == ["first", "first"]

    out = tmp_path / "sweep"
    run = dojo(root, "sweep", "--game", "duel", "--policy", "first,first/hunter,hunter", "--games", "60",
                "--seed", "3", "--jobs", "1", "--out", str(out))
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr[-2000:]
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    cells = {c["cell"]["policy"]: c for c in report["cells"]}
    assert set(cells) == {"first", "first/hunter", "hunter"} and all(c["games"] == 60 for c in cells.values())
    # the new policy really plays: its duels are not the hunter's, and one first player among hunters is measured
    assert cells["first"]["length"] != cells["hunter"]["length"] or cells["first"]["seats"] != cells["hunter"]["seats"]
    assert cells["first/hunter"]["skill"]["win_rate"]["n"] > 0
    assert "<h2>The duel</h2>" in (out / "report.html").read_text(encoding="utf-8")

    run = dojo(root, "sweep", "--sample", str(out), "--cell", "0", "--index", "1")
    assert run.returncode == 0 and "A (first) and B (first)" in run.stdout, run.stdout[-2000:] + run.stderr[-2000:]

    run = dojo(root, "sweep", "--game", "duel", "--ladder", "--policy", "first,hunter", "--games", "40", "--jobs",
                "1", "--out", str(tmp_path / "ladder"))
    assert run.returncode == 0, run.stderr[-2000:]
    ladder = json.loads((tmp_path / "ladder/report.json").read_text(encoding="utf-8"))["ladder"]
    assert set(ladder["ratings"]) == {"first", "hunter"}

    run = dojo(root, "sweep", "--game", "duel", "--policy", "frist", "--games", "10", "--out", str(tmp_path / "x"))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "--policy frist: --game duel has hunter, random, first" in run.stderr, run.stderr
