"""User-named outputs behave as a shell's redirection does (issue 41): a regular file is replaced atomically, a
symbolic link's target is replaced (the link stays), a FIFO and a character device are written in place (never
replaced by a regular file), a folder is an error naming the option; through the one writer
(generator.output.userfile.write_output) and through the commands that take such an option."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from generator.output.userfile import OutputError, write_output
from tests.board.helpers import VALID, run_cli


def test_a_regular_file_is_replaced_atomically_keeping_its_permissions(tmp_path):
    out = tmp_path / "report.json"
    out.write_text("old")
    out.chmod(0o640)
    before = out.stat()
    assert write_output(out, '{"new": 1}\n', "--json") == "replaced"
    after = out.stat()
    assert out.read_text() == '{"new": 1}\n' and stat.S_IMODE(after.st_mode) == 0o640
    assert after.st_ino != before.st_ino  # a new file renamed over it, not the old one rewritten
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]  # no temporary file left
    fresh = tmp_path / "new" / "plot.png"
    write_output(fresh, b"\x89PNG", "--plot")
    assert fresh.read_bytes() == b"\x89PNG"


def test_a_symlink_keeps_being_a_link_and_its_target_is_replaced(tmp_path):
    (tmp_path / "data").mkdir()
    target = tmp_path / "data" / "latest.json"
    target.write_text("stale")
    link = tmp_path / "report.json"
    link.symlink_to(Path("data") / "latest.json")
    chain = tmp_path / "again.json"  # a link to the link
    chain.symlink_to("report.json")
    assert write_output(chain, "fresh", "--json") == "replaced"
    assert link.is_symlink() and chain.is_symlink() and os.readlink(link) == str(Path("data") / "latest.json")
    assert target.read_text() == "fresh"
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["latest.json"]
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "data" / "not-yet.json")
    write_output(dangling, "created", "--json")
    assert dangling.is_symlink() and (tmp_path / "data" / "not-yet.json").read_text() == "created"


def test_a_fifo_is_written_in_place_to_its_reader(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    payload = b"x" * 300_000  # more than a pipe's buffer: every byte reaches the reader
    how = write_output(fifo, payload, "--json")
    reader.join(timeout=10)
    assert how == "in place" and got == [payload]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # still a FIFO, not a regular file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_dev_null_stays_the_character_device(tmp_path):
    with open("/dev/null", "rb") as held:  # the device as it was, opened read-only
        device = os.fstat(held.fileno())
        link = tmp_path / "discard.json"  # through a link: a regression replaces the link, never /dev/null itself
        link.symlink_to("/dev/null")
        assert write_output(link, "report", "--json") == "in place"
        assert link.is_symlink() and os.readlink(link) == "/dev/null"
        if os.geteuid() != 0:  # the path itself (as root a regression would replace the machine's /dev/null)
            assert write_output("/dev/null", "report", "--json") == "in place"
        now = os.stat("/dev/null")
        assert stat.S_ISCHR(now.st_mode) and (now.st_ino, now.st_rdev) == (device.st_ino, device.st_rdev)


def test_dev_stdout_writes_into_the_shells_file(tmp_path):
    out = tmp_path / "redirected.json"
    with out.open("wb") as fh:
        ino = os.fstat(fh.fileno()).st_ino
        subprocess.run([sys.executable, "-c", "from generator.output.userfile import write_output; "
                        "print(write_output('/dev/stdout', 'report\\n', '--json'), file=__import__('sys').stderr)"],
                       stdout=fh, stderr=subprocess.PIPE, check=True, cwd=Path(__file__).resolve().parents[2])
    assert out.read_text() == "report\n" and out.stat().st_ino == ino


def test_a_folder_is_an_error_naming_the_option(tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "to-folder").symlink_to("out")
    for path in (tmp_path / "out", tmp_path / "to-folder"):
        with pytest.raises(OutputError, match=r"^--plot .*: cannot write: it is a folder; give a file name"):
            write_output(path, b"png", "--plot")
    assert list((tmp_path / "out").iterdir()) == []


def test_the_commands_write_user_named_paths_the_same_way(tmp_path):
    """`dojo board render -o` and `dojo sim --json`: a FIFO read by a thread, a link, a folder (exit 2, one line)."""
    fifo = tmp_path / "board.fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text(encoding="utf-8")))
    reader.start()
    run = run_cli("board", "render", VALID, "-o", fifo)
    reader.join(timeout=10)
    assert run.code == 0 and stat.S_ISFIFO(os.lstat(fifo).st_mode) and got and got[0].count("\n") >= 30
    (tmp_path / "kept.json").write_text("old")
    (tmp_path / "link.json").symlink_to("kept.json")
    run = run_cli("sim", "--games", "3", "--json", tmp_path / "link.json")
    assert run.code == 0, run.err
    assert (tmp_path / "link.json").is_symlink() and json.loads((tmp_path / "kept.json").read_text())
    (tmp_path / "folder").mkdir()
    for args in (("sim", "--games", "3", "--json", tmp_path / "folder"),
                 ("board", "render", VALID, "-o", tmp_path / "folder")):
        run = run_cli(*args)
        assert run.code == 2 and "Traceback" not in run.err, run.err
        line = [ln for ln in run.err.splitlines() if "folder" in ln]
        assert line and (args[-2] in line[0]) and "is a folder" in line[0], run.err
    assert list((tmp_path / "folder").iterdir()) == []
