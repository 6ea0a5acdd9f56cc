"""`make test` on a clone alone (issue 41): a test that needs reference data outside the repository (../shared)
skips and prints why when it is absent, and under CI=true (CI has ../shared beside its clone) that skip fails."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NEEDS_SHARED = '''
from tests.conftest import shared_dir

def test_needs_reference_data():
    assert shared_dir("no-such-reference-data-41").is_dir()
'''


def _pytest(folder: Path, ci: str | None) -> subprocess.CompletedProcess:
    """pytest run on folder/test_needs.py with the project's conftest, in a fresh process (CI set or not), its
    temporary folders in folder: a run that made its own numbered folder in pytest's temporary root would delete
    the oldest there (pytest keeps 3), whole earlier suites' kits (about 2 GB each: 26 s of this test in a full
    run)."""
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER")}
    if ci is not None:
        env["CI"] = ci
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider",
                           "-p", "no:xdist", "-p", "no:hypothesispytest", "-q", "-rs",
                           f"--basetemp={folder / f'basetemp-{ci}'}", str(folder / "test_needs.py")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_absent_reference_data_skips_with_a_reason_and_fails_under_ci(tmp_path):
    (tmp_path / "test_needs.py").write_text(NEEDS_SHARED, encoding="utf-8")
    alone = _pytest(tmp_path, None)
    assert alone.returncode == 0 and "1 skipped" in alone.stdout, alone.stdout + alone.stderr
    assert "SKIPPED" in alone.stdout and "no shared/no-such-reference-data-41 beside" in alone.stdout
    ci = _pytest(tmp_path, "true")
    assert ci.returncode == 1 and "1 failed" in ci.stdout, ci.stdout + ci.stderr
    assert "CI=true, and this test skipped" in ci.stdout
