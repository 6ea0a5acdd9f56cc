"""The code's own gates that `make test` runs: ruff's lint (the rule set in pyproject.toml, [tool.ruff]) over
generator/, tests/ and benchmarks/, and the module-size ceiling (no module over 600 lines)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

CEILING = 600  # lines a module may hold (docs/ARCHITECTURE.md): split a longer one by what its parts do
TREES = ("generator", "tests", "benchmarks")
GENERATED = "_cairo_abi"  # generator/_cairo_abi*.py: cffi's declarations, written by `make bytecode`, git-ignored


def ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def test_ruff_passes():
    run = ruff("check", "--no-cache", "--output-format", "concise", *TREES)
    assert run.returncode == 0, f"ruff check {' '.join(TREES)} (fix it, or `ruff check --fix`):\n{run.stdout}{run.stderr}"


def test_ruff_reads_the_projects_rules(tmp_path):
    """The configuration is pyproject.toml's, and it finds what it is there for (an unused import, an undefined
    name): a lint that checks nothing would pass the test above."""
    shown = ruff("check", "--show-settings", "generator/cli.py")
    assert shown.returncode == 0, shown.stderr
    assert str(ROOT / "pyproject.toml") in shown.stdout
    bad = tmp_path / "generator" / "bad.py"
    bad.parent.mkdir()
    bad.write_text("import os\n\n\ndef f():\n    return undefined_name\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    run = ruff("check", "--no-cache", "--output-format", "concise", "generator", cwd=tmp_path)
    assert run.returncode == 1 and "F401" in run.stdout and "F821" in run.stdout, run.stdout + run.stderr


def modules_over(limit: int, root: Path = ROOT) -> list[tuple[str, int]]:
    """(path, lines) of every Python module of the trees longer than limit lines."""
    found = []
    for tree in TREES:
        for path in sorted((root / tree).rglob("*.py")):
            if "__pycache__" in path.parts or path.name.startswith(GENERATED):
                continue
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > limit:
                found.append((path.relative_to(root).as_posix(), lines))
    return found


def test_no_module_over_the_ceiling():
    found = modules_over(CEILING)
    assert not found, f"modules over {CEILING} lines (split them by stage or concern): " + ", ".join(
        f"{p} ({n})" for p, n in found)


def test_the_ceiling_counts_lines(tmp_path):
    for tree in TREES:
        (tmp_path / tree).mkdir()
    (tmp_path / "generator" / "long.py").write_text("x = 1\n" * (CEILING + 1), encoding="utf-8")
    (tmp_path / "generator" / "short.py").write_text("x = 1\n" * CEILING, encoding="utf-8")
    assert modules_over(CEILING, tmp_path) == [("generator/long.py", CEILING + 1)]
    assert max(n for _, n in modules_over(0)) > 400  # the real tree is read
