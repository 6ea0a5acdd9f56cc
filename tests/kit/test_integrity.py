"""Build integrity under faults: verified files, atomic swaps, interrupts, full disks, concurrent writers.

After every fault the kit is the previous one or the new one, every installed PDF parses and the next build
succeeds. A few representative interrupts run here; `benchmarks/soak_integrity.py` runs many more.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import random
import shutil
import signal
import stat
import multiprocessing.connection
import select
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from generator import interrupts, spool
from generator.interrupts import Interrupted
from generator.kit.build import up_to_date
from generator.output.cache import note_installed
from generator.kit.workers import run_ordered
from generator.output import files as output_files
from generator.output.files import remove_leftovers, replace_tree
from generator.output.verify import verify_file, verify_pdf, verify_png
from generator.problems import CheckFailed
from generator.render.pdf import MEMORY_FILES, CallbackSink, FileSink, PdfDoc, set_boxes
from tests.board.helpers import run_cli
from tests.conftest import built_kit, pristine_seconds
from tests.kit.faults import ROOT, SIGNALS, dojo, interrupt_after, kit_state, leftovers, run_script


def _pdf(pages: int = 2, size: tuple[float, float] = (210.0, 297.0)) -> bytes:
    doc = PdfDoc(0, "test")
    for n in range(pages):
        cr = doc.page(*size)
        cr.rectangle(10 + n, 10, 100, 100)
        cr.fill()
    return doc.finish()


# ---- every file is read back before it is installed ----

def test_a_truncated_or_damaged_pdf_is_refused():
    data = _pdf()
    assert verify_pdf("x.pdf", data, 2, "A4") == []
    for cut in (len(data) // 5, len(data) // 2, len(data) - 40):
        problems = verify_pdf("x.pdf", data[:cut], 2, "A4")
        assert problems and "does not parse" in problems[0].message, cut
    assert "1 page(s)" in verify_pdf("x.pdf", _pdf(1), 2, "A4")[0].message
    assert "not Letter" in verify_pdf("x.pdf", data, 2, "Letter")[0].message
    assert verify_file("x.pdf", data, {"pages": None})[0].rule == "verify"  # a PDF must state its pages


def test_print_shop_pdfs_need_their_boxes():
    card = _pdf(2, (69.5, 94.9))
    assert "TrimBox" in verify_pdf("c.pdf", card, 2, "card")[0].message
    boxed = set_boxes(card, 3.0)
    assert verify_pdf("c.pdf", boxed, 2, "card") == []
    assert boxed == set_boxes(card, 3.0)  # byte-reproducible: no random /ID
    assert boxed.startswith(b"%PDF-1.5")


def test_a_damaged_png_is_refused():
    from generator.render.svg import png_bytes, svg_drawing

    png = png_bytes(svg_drawing('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"/>'), 20)
    assert verify_png("p.png", png) == []
    assert verify_png("p.png", png[:-5])
    flipped = bytearray(png)
    flipped[40] ^= 0xFF
    assert verify_png("p.png", bytes(flipped))


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # cffi reports what it swallowed
def test_an_interrupt_inside_cairos_write_callback_is_not_swallowed():
    """cffi swallows exceptions raised in cairo's write callback: the recorded signal still stops the build."""
    class Killer:
        def __init__(self, buf):
            self.buf, self.calls = buf, 0

        def write(self, data):
            self.calls += 1
            if self.calls == 3:
                os.kill(os.getpid(), signal.SIGINT)
            return self.buf.write(data)

    with interrupts.watch(), pytest.raises(Interrupted) as caught:
        doc = PdfDoc(0, "test", CallbackSink())  # where there are no memory files (FileSink runs no Python)
        doc.sink.buf = Killer(doc.sink.buf)
        for n in range(4):
            doc.page(100, 100).rectangle(n, n, 10, 10)
        doc.finish()
    assert caught.value.exit_code == 130


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_write_error_in_cairo_is_a_build_error():
    class Broken:
        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

    doc = PdfDoc(0, "test", CallbackSink())
    doc.sink.buf = Broken()
    doc.page(100, 100).rectangle(0, 0, 10, 10)
    with pytest.raises(CheckFailed) as caught:
        doc.finish()
    assert caught.value.problems[0].rule == "render" and "No space left" in caught.value.problems[0].message


@pytest.mark.skipif(not MEMORY_FILES, reason="memory files (memfd) are Linux's")
def test_a_write_error_in_cairos_own_file_output_is_a_build_error():
    """The default output (a memory file cairo writes itself): a failing write (here /dev/full) stops the build."""
    sink = FileSink()
    sink.target = "/dev/full"
    with pytest.raises(CheckFailed) as caught:  # at the page cairo first flushes its buffer, or at the end
        doc = PdfDoc(0, "test", sink)
        for n in range(40):
            doc.page(100, 100).rectangle(n, n, 10, 10)
        doc.finish()
    assert caught.value.problems[0].rule == "render" and "cairo could not write" in caught.value.problems[0].message


def test_the_default_output_holds_the_same_bytes_as_the_callback():
    """cairo writes the same document through its own file output and through the write callback."""
    def draw(doc: PdfDoc) -> bytes:
        for n in range(3):
            doc.page(100, 100).rectangle(n, n, 10, 10)
            doc.cr.fill()
        return doc.finish()

    default, callback = draw(PdfDoc(0, "same")), draw(PdfDoc(0, "same", CallbackSink()))
    assert default == callback and default.startswith(b"%PDF-1.5")


# ---- "up to date" only when it is ----

def _fake_kit(tmp_path: Path) -> Path:
    files = {"a.txt": b"alpha\n", "sub/b.txt": b"beta\n"}
    entries = [{"path": p, "sha256": hashlib.sha256(d).hexdigest()} for p, d in files.items()]
    files["manifest.json"] = json.dumps({"inputs": "D", "files": entries}).encode()
    replace_tree(tmp_path / "it", files)
    return tmp_path / "it"


def test_a_file_that_does_not_read_back_as_its_digest_installs_nothing(tmp_path):
    """replace_tree checks what it wrote against the digests the build computed for the manifest."""
    kit = _fake_kit(tmp_path)
    before = {p: p.read_bytes() for p in kit.rglob("*") if p.is_file()}
    with pytest.raises(OSError) as caught:
        replace_tree(kit, {"a.txt": b"alpha 2\n", "sub/b.txt": b"beta\n"},
                     {"a.txt": hashlib.sha256(b"alpha\n").hexdigest()})  # not what a.txt holds now
    assert "does not read back" in str(caught.value)
    assert {p: p.read_bytes() for p in kit.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["it"]  # no staging folder left
    replace_tree(kit, {"a.txt": b"alpha 2\n"}, {"a.txt": hashlib.sha256(b"alpha 2\n").hexdigest()})
    assert (kit / "a.txt").read_bytes() == b"alpha 2\n"


@pytest.mark.parametrize("damage", ["edit", "delete", "extra", "folder", "manifest"])
def test_a_damaged_kit_is_not_up_to_date(tmp_path, damage):
    kit = _fake_kit(tmp_path)
    assert up_to_date(kit, "D", tmp_path) is None  # not installed by a build: planted, whatever it claims
    note_installed(tmp_path, kit, (kit / "manifest.json").read_bytes())
    assert up_to_date(kit, "D", tmp_path) is not None and up_to_date(kit, "other", tmp_path) is None
    {"edit": lambda: (kit / "sub/b.txt").write_bytes(b"bet\n"),
     "delete": lambda: (kit / "a.txt").unlink(),
     "extra": lambda: (kit / "sub/c.pdf").write_bytes(b"%PDF"),
     "folder": lambda: ((kit / "a.txt").unlink(), (kit / "a.txt").mkdir()),
     "manifest": lambda: (kit / "manifest.json").write_bytes(b"{")}[damage]()
    assert up_to_date(kit, "D", tmp_path) is None


# ---- the folder swap: atomic, and leftovers of killed writes cleaned up ----

KILL_AT = """
import os, signal, sys
from pathlib import Path
from generator.output import files as f
step, target, fallback = sys.argv[1], Path(sys.argv[2]), sys.argv[3] == "fallback"
if fallback:
    f.exchange = lambda a, b: False
real_replace, real_exchange, real_write = os.replace, f.exchange, f._write_verified
def die():
    os.kill(os.getpid(), signal.SIGKILL)
def replace(a, b):
    real_replace(a, b)
    if step == "between-renames" and ".old." in str(b):
        die()
def exchange(a, b):
    done = real_exchange(a, b)
    if step == "after-swap":
        die()
    return done
def write(folder, files, *digests):
    real_write(folder, dict(list(files.items())[:1]), *digests)
    if step == "staging":
        die()
    real_write(folder, files, *digests)
f.os.replace, f.exchange, f._write_verified = replace, exchange, write
f.replace_tree(target, {"a.txt": b"new", "b/c.txt": b"new"})
"""


@pytest.mark.parametrize("step, fallback", [("staging", "exchange"), ("after-swap", "exchange"),
                                            ("between-renames", "fallback"), ("after-swap", "fallback")])
def test_a_kill_at_any_step_of_the_swap_leaves_old_or_new(tmp_path, step, fallback):
    target = tmp_path / "it"
    replace_tree(target, {"a.txt": b"old", "b/c.txt": b"old"})
    run = run_script(KILL_AT, step, str(target), fallback)
    assert run.returncode == -signal.SIGKILL, run.stderr
    if step == "between-renames":
        assert not target.exists()  # the fallback's documented gap ...
    remove_leftovers(target)  # ... closed by the next build's start
    contents = {p.relative_to(target).as_posix(): p.read_bytes() for p in target.rglob("*") if p.is_file()}
    assert contents in ({"a.txt": b"old", "b/c.txt": b"old"}, {"a.txt": b"new", "b/c.txt": b"new"})
    assert leftovers(tmp_path) == []
    replace_tree(target, {"a.txt": b"next"})
    assert (target / "a.txt").read_bytes() == b"next" and leftovers(tmp_path) == []


def test_a_full_disk_keeps_the_previous_folder(tmp_path, monkeypatch):
    target = tmp_path / "it"
    replace_tree(target, {"a.txt": b"old"})
    real = output_files.Path.write_bytes

    def full(self, data):
        if self.name == "b.txt":
            raise OSError(errno.ENOSPC, "No space left on device", str(self))
        return real(self, data)

    monkeypatch.setattr(output_files.Path, "write_bytes", full)
    with pytest.raises(OSError, match="No space"):
        replace_tree(target, {"a.txt": b"new", "b.txt": b"new"})
    assert (target / "a.txt").read_bytes() == b"old" and leftovers(tmp_path) == []


def test_a_read_only_folder_is_a_clear_error_and_writes_nothing(proved_project, monkeypatch):
    project = proved_project
    def denied(*_a, **_k):
        raise PermissionError(errno.EACCES, "Permission denied", str(project / "build" / "pnp"))

    monkeypatch.setattr(output_files.tempfile, "mkdtemp", denied)
    monkeypatch.setattr("generator.kit.build.render_languages",  # the write is what this test is about
                        lambda builds, *_a, **_k: [([], [], []) for _ in builds])
    run = run_cli("build", "--lang", "en", "--root", project)
    assert run.code == 2 and "Permission denied" in run.err and "previous kit is unchanged" in run.err
    assert "Traceback" not in run.err
    assert not (project / "build" / "pnp" / "en").exists()


WRITER = """
import sys
from pathlib import Path
from generator.output.files import replace_tree
target, tag = Path(sys.argv[1]), sys.argv[2]
for n in range(15):
    replace_tree(target, {f"f{k}.txt": f"{tag}-{n}".encode() for k in range(20)})
"""


def _snapshot(target: Path) -> set[bytes] | None:
    """The contents of every file of one generation of the folder (read through one folder handle)."""
    fd = os.open(target, os.O_RDONLY | os.O_DIRECTORY)  # FileNotFoundError here: the folder was missing
    try:
        values = set()
        for k in range(20):
            f = os.open(f"f{k}.txt", os.O_RDONLY, dir_fd=fd)
            values.add(os.read(f, 100))
            os.close(f)
        return values
    except FileNotFoundError:
        return None  # this generation was swapped out and removed while being read
    finally:
        os.close(fd)


def test_concurrent_writers_never_show_a_missing_or_mixed_folder(tmp_path):
    target = tmp_path / "it"
    replace_tree(target, {f"f{k}.txt": b"start" for k in range(20)})
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(target), tag], env=env) for tag in "AB"]
    reads = 0
    while any(p.poll() is None for p in procs):
        values = _snapshot(target)
        assert values is None or len(values) == 1, values
        reads += values is not None
    assert all(p.returncode == 0 for p in procs) and reads
    assert len(_snapshot(target)) == 1 and leftovers(tmp_path) == []


SIGNAL_IN_IMPORT = """
import json, os, signal, sys

class SignalAtImport:  # sends SIGTERM as pikepdf's native module starts loading, then runs on for a while
    def find_spec(self, name, path=None, target=None):
        if name == "pikepdf._core":
            os.kill(os.getpid(), signal.SIGTERM)
            sum(range(100000))  # Python bytecode: a handler that is not held back runs here
        return None

sys.meta_path.insert(0, SignalAtImport())
from generator import cli
code = cli.main(["build", "--lang", "it", "--root", sys.argv[1]])
print(json.dumps({"code": code, "imported": "pikepdf._core" in sys.modules}))
"""


def test_a_signal_while_the_commands_are_imported_waits_for_the_imports(tmp_path):
    """A signal arriving inside a native module's start-up must not raise there (pikepdf's nanobind enums abort
    the process with a traceback when a Python handler raises): it is held back until the imports are done,
    then stops the command with its one line (a build imports what draws once it knows its kit is stale: the
    build's own line then says the previous kit is unchanged)."""
    run = run_script(SIGNAL_IN_IMPORT, str(tmp_path))
    assert "Traceback" not in run.stderr, run.stderr
    assert json.loads(run.stdout) == {"code": 128 + signal.SIGTERM, "imported": True}, run
    assert run.stderr.strip() in ("interrupted by SIGTERM",
                                  "interrupted by SIGTERM: nothing was installed, the previous kit is unchanged")


def _megabyte(i: int) -> bytes:
    return bytes([i]) * (1 << 20)


def test_worker_results_cross_the_pipe_as_names_written_whole(tmp_path, monkeypatch):
    """A worker killed while it sent a large result (the pool's terminate() ends the workers at an interrupt)
    left the pool waiting forever for the rest of the message: one build in sixty of the soak test hung. Every
    message on the pool's pipes must be one write the kernel makes whole or not at all (PIPE_BUF): the results
    come through files (generator/spool.py), the pipe carries only their names."""
    sizes = tmp_path / "sizes"
    send = multiprocessing.connection.Connection._send_bytes

    def recording(self, buf):
        with open(sizes, "a") as f:  # in the workers (forked with this patch) and the parent
            f.write(f"{len(buf)}\n")
        return send(self, buf)

    monkeypatch.setattr(multiprocessing.connection.Connection, "_send_bytes", recording)
    assert run_ordered(_megabyte, range(4), 2) == [_megabyte(i) for i in range(4)]
    sent = [int(n) for n in sizes.read_text().split()]
    assert len(sent) >= 4 and max(sent) <= select.PIPE_BUF, sent
    assert not list(Path(tempfile.gettempdir()).glob(f"{spool.PREFIX}{os.getpid()}-*"))  # its folder removed


# ---- interrupting real builds (subprocesses; signals at seeded random times) ----

@pytest.fixture(scope="module")
def built(pristine_it, tmp_path_factory) -> tuple[Path, float]:
    """A copy of a project with an Italian kit built by the real command (tests/conftest.py pristine_it, in
    GROUPS with these tests), and how long that build took."""
    root = tmp_path_factory.mktemp("integrity") / "project"
    shutil.copytree(pristine_it, root)
    return root, float(pristine_seconds(pristine_it).read_text())


def test_interrupted_builds_install_nothing_and_the_next_build_succeeds(built):
    root, duration = built
    kit = root / "build" / "pnp" / "it"
    before = kit_state(kit)
    rng = random.Random(15)
    env = {"SOURCE_DATE_EPOCH": "1767225600"}
    for signum in SIGNALS + (signal.SIGINT,):
        delay = rng.uniform(0.05, 0.6) * duration
        done = interrupt_after(dojo("build", "--lang", "it", "--root", root, "--force", env=env), delay, signum)
        assert "Traceback" not in done.err, done.err
        if done.code != 0:
            assert done.code == 128 + signum, (delay, done)
            assert done.err.startswith("interrupted by") and len(done.err.strip().splitlines()) == 1, done.err
        assert kit_state(kit) == before  # same inputs: the previous kit, or an identical new one
        assert leftovers(kit.parent) == []
    proc = dojo("build", "--lang", "it", "--root", root, env=env)
    assert proc.wait(timeout=300) == 0
    assert kit_state(kit) == before


def test_one_core_and_every_core_write_identical_files(built):
    """pristine_it's kit, built by the command on every core, and the session's Italian kit (conftest.built_kit),
    rendered on one core in the test process from another copy of the same inputs, dates and version: the same
    files, byte for byte."""
    root, _ = built
    serial = built_kit("it")
    parallel = json.loads((root / "build" / "pnp" / "it" / "manifest.json").read_text(encoding="utf-8"))
    assert serial.manifest["version"] == parallel["version"] and len(parallel["files"]) > 80
    assert serial.manifest["files"] == parallel["files"]
    for entry in parallel["files"][:: 7]:  # and the bytes on disk, a sample of them
        assert (serial.out / entry["path"]).read_bytes() == (root / "build/pnp/it" / entry["path"]).read_bytes()


def test_a_damaged_installed_pdf_is_rebuilt_not_called_up_to_date(built):
    root, _ = built
    kit = root / "build" / "pnp" / "it"
    before = kit_state(kit)
    pdf = kit / "dojo/belt-ladder-A4.pdf"
    pdf.write_bytes(pdf.read_bytes()[: pdf.stat().st_size // 2])
    proc = dojo("build", "--lang", "it", "--root", root, env={"SOURCE_DATE_EPOCH": "1767225600"})
    assert proc.wait(timeout=300) == 0
    assert kit_state(kit) == before


def test_sigterm_stops_a_release_and_leaves_no_temporary_folder(built):
    """From a development build of one language (a mixed state: that kit stale for a release, the others
    missing; tests/release/test_release.py releases from the other mixed states of issue 34): a SIGTERM leaves no
    temporary folder and no mixed kit."""
    root, duration = built
    proc = dojo("release", "--root", root, "--jobs", "2", env={"SOURCE_DATE_EPOCH": "1767225600"})
    done = interrupt_after(proc, 0.4 * duration, signal.SIGTERM)  # while the languages are being rendered
    assert done.code in (0, 143) and "Traceback" not in done.err, done.err
    for lang in ("it", "en", "ru"):
        if (root / "build" / "pnp" / lang).exists():
            kit_state(root / "build" / "pnp" / lang)
    assert leftovers(root / "build" / "pnp") == []

# ---- options and inputs ----

@pytest.mark.parametrize("args, words", [
    (["build", "--lang", "it", "--back-offset", "nan,0"], "between -10 and 10"),
    (["build", "--lang", "it", "--back-offset", "5000,5000"], "between -10 and 10"),
    (["build", "--lang", "it", "--back-offset", "1,-inf"], "between -10 and 10"),
    (["release", "--jobs", "-1"], "--jobs"),
    (["release", "--jobs", "lots"], "--jobs"),
    (["release", "--jobs", "5000"], "--jobs"),
])
def test_bad_options_exit_2_with_a_message(project, args, words):
    run = run_cli(*args, "--root", project)
    assert run.code == 2 and words in run.err and "Traceback" not in run.err
    assert not (project / "build").exists()


def test_release_jobs_are_capped_at_cores_and_languages():
    from generator.kit.workers import worker_count

    cores = len(os.sched_getaffinity(0))
    assert worker_count(64, 3) == min(3, cores) and worker_count(0, 8) == min(8, cores)
    assert worker_count(1, 3) == 1


@pytest.mark.parametrize("kind", ["device", "huge"])
def test_a_rules_source_that_is_a_device_or_huge_is_refused(project, kind):
    from generator.inputfile import read_input

    rules = project / "content" / "duel" / "rules.md"
    rules.unlink()
    if kind == "device":
        rules.symlink_to("/dev/zero")
    else:
        rules.write_bytes(b"# Duel\n" + b"x" * (5 * 1024 * 1024))
    with pytest.raises(CheckFailed) as caught:
        read_input(rules, "rules source", "content/duel/rules.md")
    problem = caught.value.problems[0]
    assert problem.file == "content/duel/rules.md"
    assert ("device" if kind == "device" else "too large") in problem.message


# ---- an incremental build rewrites only what changed: unchanged files are linked from the kit it replaces ----

def test_unchanged_files_are_linked_from_the_previous_folder_and_changed_ones_written(tmp_path):
    kit = tmp_path / "it"
    replace_tree(kit, {"a.txt": b"same", "sub/b.txt": b"old", "c.txt": b"gone"})
    inode = {rel: (kit / rel).stat().st_ino for rel in ("a.txt", "sub/b.txt")}
    replace_tree(kit, {"a.txt": b"same", "sub/b.txt": b"new", "d.txt": b"added"})
    assert {p.relative_to(kit).as_posix(): p.read_bytes() for p in kit.rglob("*") if p.is_file()} == {
        "a.txt": b"same", "sub/b.txt": b"new", "d.txt": b"added"}
    assert (kit / "a.txt").stat().st_ino == inode["a.txt"]  # linked, not written again
    assert (kit / "a.txt").stat().st_nlink == 1 and leftovers(tmp_path) == []  # the previous folder is gone
    assert (kit / "sub/b.txt").stat().st_ino != inode["sub/b.txt"]


@pytest.mark.parametrize("tamper", ["edited", "symlink", "second-link", "mode", "hardlink-out"])
def test_a_tampered_file_of_the_previous_folder_is_never_linked(tmp_path, tamper):
    """A file of the kit being replaced is taken only when it holds exactly the bytes meant, is a plain file with a
    new file's permissions and has no other link (else someone could change the installed kit from outside)."""
    kit, outside = tmp_path / "it", tmp_path / "outside.txt"
    replace_tree(kit, {"a.txt": b"same", "b.txt": b"keep"})
    a = kit / "a.txt"
    if tamper == "edited":
        a.write_bytes(b"SAME")  # the same size
    elif tamper == "symlink":
        outside.write_bytes(b"same")
        a.unlink()
        a.symlink_to(outside)
    elif tamper == "second-link":
        os.link(a, outside)
    elif tamper == "mode":
        a.chmod(0o777)
    else:
        a.unlink()
        outside.write_bytes(b"same")
        os.link(outside, a)
    before = a.lstat()
    replace_tree(kit, {"a.txt": b"same", "b.txt": b"keep"})
    now = a.lstat()
    assert a.read_bytes() == b"same" and stat.S_ISREG(now.st_mode) and now.st_nlink == 1
    assert now.st_ino != before.st_ino and stat.S_IMODE(now.st_mode) == stat.S_IMODE((kit / "b.txt").stat().st_mode)
    if tamper in ("symlink", "second-link", "hardlink-out"):
        outside.write_bytes(b"evil")  # changing the file outside leaves the kit alone
        assert a.read_bytes() == b"same"
