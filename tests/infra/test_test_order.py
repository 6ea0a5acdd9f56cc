"""The suite passes in any order on any worker (CI's xdist order is not ours): conftest puts back after each test the
process-global state a test or a build it ran changed, and --test-order runs the files and their tests in reverse
(or shuffled) to check it. Run here on two small test files in a pytest of its own, with the suite's conftest."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT

LEAKS = '''
import gc, os, signal
import pytest
from generator.output.compiled import template_cache
from generator.render import svg, templates

def test_a_leaves_the_state_changed(tmp_path):
    print("ran a")
    os.chdir(tmp_path)
    os.environ["DOJO_TEST_LEAK"] = "1"
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.disable()
    svg.keep_art(object())
    templates.keep_compiled(object())

def test_b_finds_what_every_test_starts_from():
    print("ran b")
    assert os.getcwd() == {root!r} and "DOJO_TEST_LEAK" not in os.environ
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler and gc.isenabled()
    assert svg._STORE is None and templates._COMPILED is template_cache(templates.OPTIONS)  # as a build sets it

@pytest.fixture(scope="module")
def built_in_a_fixture():
    svg.keep_art(object())  # as a module's release, or a session kit, built in this process leaves it

def test_d_after_a_fixture_that_built(built_in_a_fixture):
    assert svg._STORE is None
'''

LAST = '''
def test_c_from_another_file():
    print("ran c")
'''


def test_every_test_starts_from_the_same_state_and_the_order_can_be_reversed(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "TEST_CPU_REPORT"))}  # not this run's
    env["PYTHONPATH"] = str(ROOT)  # options (PYTEST_ADDOPTS="-p tests.cpu_report"), worker or report file
    (tmp_path / "test_leaks.py").write_text(LEAKS.format(root=str(ROOT)), encoding="utf-8")
    (tmp_path / "test_last.py").write_text(LAST, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider", "-s",
                          "-q", "--rootdir", str(tmp_path), "-c", os.devnull, "--test-order=reverse",
                          "--state-report", str(tmp_path / "test_leaks.py"), str(tmp_path / "test_last.py")],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    ran = [line.split("ran ", 1)[1][0] for line in run.stdout.splitlines() if "ran " in line]
    assert ran == ["c", "b", "a"], run.stdout  # the files, and the tests in each, in reverse
    assert "test_a_leaves_the_state_changed: keep_compiled, keep_art, environment variables, working folder, " \
           "signal handlers, cycle collector" in run.stdout, run.stdout
    assert "test_d_after_a_fixture_that_built (its fixtures, before it): keep_art" in run.stdout, run.stdout
    again = subprocess.run([*run.args[:run.args.index("--test-order=reverse")], *run.args[-2:]], cwd=ROOT,
                           env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stdout + again.stderr  # a then b: b finds the state a left put back
