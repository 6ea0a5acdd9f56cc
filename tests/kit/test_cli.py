"""`dojo build` argument errors and a broken board: clear messages, no traceback, previous kit untouched."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.board.helpers import DEAD_END, OPEN, Quad, run_cli

BOARD = Path("content/dojo/board")


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.rglob("*"))
            if p.is_file()}


@pytest.mark.parametrize("lang", ["xx_bad", "", "IT", "../it", "it,en"])
def test_unknown_language_lists_the_languages(project, lang):
    run = run_cli("build", "--lang", lang, "--root", project)
    assert run.code != 0
    assert "it, en, ru" in run.err and repr(lang) in run.err
    assert "Traceback" not in run.err
    assert not (project / "build").exists()


def test_missing_lang_and_bad_back_offset_are_usage_errors(project):
    run = run_cli("build", "--root", project)
    assert run.code == 2 and "--lang" in run.err
    run = run_cli("build", "--lang", "it", "--root", project, "--back-offset", "1")
    assert run.code == 2 and "--back-offset" in run.err
    run = run_cli("build", "--lang", "it", "--root", project / "missing")
    assert run.code == 1 and "no quadrant file here" in run.err


BROKEN = [
    ("design error", Quad.read(OPEN).hwall(3, 3), None, "[safe.shortcut]"),  # the room becomes a shortcut
    ("format error", Quad.read(OPEN).cell(3, 4, "X"), None, "[format.code]"),
    ("bad legend", Quad.read(OPEN), "[tunnels.1]\nquadrant_offset = 7\n", "[format.legend]"),
    ("dead ends only", Quad.read(DEAD_END), None, "error: "),  # a warning in validate, an error in a kit
]


@pytest.fixture(scope="module")
def built_project(pristine_it) -> Path:
    """A project copy with a kit built once by the real command (shared by the broken-board cases)."""
    return pristine_it


@pytest.mark.parametrize("quad, legend, words", [c[1:] for c in BROKEN], ids=[c[0] for c in BROKEN])
def test_broken_board_stops_the_build_and_keeps_the_previous_kit(built_project, tmp_path, quad, legend, words):
    project = tmp_path / "project"
    shutil.copytree(built_project, project)
    kit = project / "build" / "pnp" / "it"
    before = _snapshot(kit)
    assert "dojo/board.txt" in before and "manifest.json" in before
    board = project / BOARD
    (board / "legend.toml").unlink(missing_ok=True)
    quad.write(board, legend=legend)
    run = run_cli("build", "--lang", "it", "--root", project)
    assert run.code == 1, run.out + run.err
    assert words in run.err and "build stopped" in run.err
    assert "Traceback" not in run.err
    assert f"{BOARD.as_posix()}/" in run.err and str(project) not in run.err  # named as in the project, as
    # every content problem is
    assert _snapshot(kit) == before
    assert sorted(p.name for p in kit.parent.iterdir()) == ["it"]  # no staging folder left behind


def test_dead_end_is_an_error_when_exported(project):
    Quad.read(DEAD_END).write(project / BOARD)
    (project / BOARD / "legend.toml").unlink()
    assert run_cli("board", "validate", project / BOARD / "quadrant.txt").code == 0
    run = run_cli("build", "--lang", "en", "--root", project)
    assert run.code == 1
    assert "[dead-end]" in run.err and "error: " in run.err


def test_the_console_command_flushes_its_output_and_keeps_its_exit_code(project):
    """`python -m generator.cli` (as the `dojo` script) leaves with os._exit: what it printed through a pipe is
    all there, and the exit code is the command's."""
    import subprocess
    import sys

    ok = subprocess.run([sys.executable, "-m", "generator.cli", "board", "validate",
                         str(project / BOARD / "quadrant.txt")], capture_output=True, text=True, cwd=project)
    assert ok.returncode == 0 and ok.stdout.rstrip().endswith("OK (0 errors, 0 warnings)"), ok.stderr
    assert ok.stdout.count("\n") > 5
    bad = subprocess.run([sys.executable, "-m", "generator.cli", "build", "--lang", "zz", "--root", str(project)],
                         capture_output=True, text=True, cwd=project)
    assert bad.returncode == 1 and "it, en, ru" in bad.stderr and "Traceback" not in bad.stderr


def test_each_command_is_registered_by_the_module_the_cli_imports_for_it(capsys):
    """A command line naming a command imports only that command's module (cli.COMMANDS): the table must name the
    module that registers it, and every registered command must be in it (else it would be found only by --help)."""
    import argparse
    import importlib

    from generator import cli

    registered = {}
    for name in cli.COMMAND_MODULES:
        sub = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(name).register(sub)
        registered.update(dict.fromkeys(sub.choices, name))
    assert registered == cli.COMMANDS
    for command, module in cli.COMMANDS.items():  # a parser made for one command line knows that module's only
        for other, owner in cli.COMMANDS.items():
            with pytest.raises(SystemExit):
                cli.build_parser([command]).parse_args([other, "--no-such-option"])
            said = capsys.readouterr().err
            assert ("invalid choice" in said) == (owner != module), (command, other, said)
    assert vars(cli.build_parser(["nosuch"]).parse_args(["build", "--lang", "it"]))["lang"] == "it"


def test_a_command_line_imports_only_its_command():
    import subprocess
    import sys

    code = ("import sys, generator.cli as c; c.build_parser(['board', 'validate']); "
            "print(sorted(m for m in ('generator.pipeline', 'generator.sim.cli', 'cairosvg') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
