"""Input that cannot be read as a board exits 2 with a message, never a traceback."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from .helpers import OPEN, ROOT, Quad, run_cli

BASE = Quad.read(OPEN)


def _write(folder, data: bytes, name: str = "quadrant.txt"):
    path = folder / name
    path.write_bytes(data)
    return path


UNREADABLE = [
    ("empty", b"", "no board lines"),
    ("only comments", b"# nothing\n\n   \n# here\n", "no board lines"),
    ("binary", b"\x00\x01\x02PNG\x00" * 50, "binary"),
    ("huge", b"# " + b"x" * 200_000 + b"\n", "too large"),
    ("not UTF-8", BASE.text().encode("utf-8").replace(b" S ", b" \xe9 ", 1), "not UTF-8"),
    ("latin-1 comment", b"# \xe0 la carte\n" + BASE.text().encode(), "not UTF-8"),
    ("UTF-16", BASE.text().encode("utf-16"), "binary"),
    ("a thousand lines", b"+---+\n" * 1000, "board lines"),
    ("one very long line", b"+" + b"---+" * 5000 + b"\n", "characters long"),
]


@pytest.mark.parametrize("data, words", [c[1:] for c in UNREADABLE], ids=[c[0] for c in UNREADABLE])
@pytest.mark.parametrize("command", ["validate", "render"])
def test_unreadable_quadrant_exits_2_with_a_message(tmp_path, data, words, command):
    path = _write(tmp_path, data)
    extra = ["-o", str(tmp_path / "out.txt")] if command == "render" else []
    run = run_cli("board", command, path, *extra)
    assert run.code == 2
    assert words in run.err and str(path) in run.err
    assert "Traceback" not in run.err
    assert not (tmp_path / "out.txt").exists()


def test_folder_missing_file_and_device(tmp_path):
    for path, words in ((tmp_path, "folder"), (tmp_path / "nope.txt", "no quadrant file"),
                        (pathlib.Path("/dev/zero"), "device"), (pathlib.Path("/dev/null"), "device")):
        if not path.parent.exists():
            continue
        run = run_cli("board", "validate", path)
        assert run.code == 2, path
        assert words in run.err, run.err


def test_unreadable_legend_exits_2(tmp_path):
    path = BASE.write(tmp_path)
    for data, words in ((b"\xff\xfe[tunnels]", "not UTF-8"), (b"\x00" * 10, "binary"), (b"#" * 70_000, "too large")):
        (tmp_path / "legend.toml").write_bytes(data)
        run = run_cli("board", "validate", path)
        assert run.code == 2 and words in run.err and "legend" in run.err
    (tmp_path / "legend.toml").unlink()
    (tmp_path / "legend.toml").mkdir()
    run = run_cli("board", "validate", path)
    assert run.code == 2 and "folder" in run.err


def test_permission_denied_is_a_message(tmp_path, monkeypatch):
    path = BASE.write(tmp_path)
    real_open = pathlib.Path.open

    def deny(self, *args, **kwargs):
        if self.name == "quadrant.txt":
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "open", deny)
    run = run_cli("board", "validate", path)
    assert run.code == 2
    assert "Permission denied" in run.err and str(path) in run.err


def test_chmod_000_is_a_message(tmp_path):
    """A quadrant its reader may not open: exit 2 and a message. Root reads every file (its capabilities
    CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH), so as root (CI) the real console script runs without them
    (util-linux's setpriv takes them out of the bounding set before it starts the command)."""
    path = BASE.write(tmp_path)
    path.chmod(0)
    try:
        if os.geteuid() != 0:
            run = run_cli("board", "validate", path)
            code, err = run.code, run.err
        else:
            setpriv = shutil.which("setpriv")
            assert setpriv, "as root this test needs util-linux's setpriv (apt-get install util-linux)"
            proc = subprocess.run([setpriv, "--bounding-set=-dac_override,-dac_read_search", "--",
                                   str(_dojo()), "board", "validate", str(path)],
                                  capture_output=True, text=True, timeout=60)
            code, err = proc.returncode, proc.stderr
    finally:
        path.chmod(0o644)
    assert code == 2 and "cannot read" in err and str(path) in err and "Traceback" not in err, err


def test_render_to_an_unwritable_place_exits_2(tmp_path):
    path = BASE.write(tmp_path)
    run = run_cli("board", "render", path, "-o", tmp_path)  # a folder
    assert run.code == 2 and "cannot write" in run.err


def test_bad_arguments_exit_2_with_usage():
    run = run_cli("board", "validate", "--no-such-flag")
    assert run.code == 2 and "usage:" in run.err
    run = run_cli("board", "render")  # -o is required
    assert run.code == 2 and "-o" in run.err


def _dojo() -> pathlib.Path:
    """The installed console script."""
    dojo = pathlib.Path(sys.executable).parent / "dojo"
    return dojo if dojo.exists() else ROOT / ".venv" / "bin" / "dojo"


def test_installed_command_in_a_subprocess(tmp_path):
    """Once through the real console script: exit codes and no traceback."""
    dojo = _dojo()
    good = BASE.write(tmp_path / "good")
    binary = _write(tmp_path, b"\x00\xff" * 100, "binary.txt")
    for path, code in ((good, 0), (binary, 2)):
        proc = subprocess.run([str(dojo), "board", "validate", str(path)], capture_output=True, text=True, timeout=60)
        assert proc.returncode == code, proc.stderr
        assert "Traceback" not in proc.stderr
    proc = subprocess.run([str(dojo), "board", "render", str(good), "-o", "-"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and len(proc.stdout.splitlines()) == 33
