"""Caches hold data, never code, and clean up after themselves (issue 32): planted, truncated and foreign entries
cost a rebuild of their component and one line; a build failing on a full disk leaves no entry behind and the
next build with room succeeds; the cache is pruned least recently used first to its bound; a moved checkout
takes everything from the cache; `dojo clean --cache`; the worker spool is a private folder."""

from __future__ import annotations

import errno
import json
import os
import pickle
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from generator import spool
from generator.output.cache import CACHE_DIR, note_damaged
from generator.output.prune import prune
from tests.board.helpers import run_cli
from tests.conftest import KIT_EPOCH

LANG = "it"
CHEAP = ("kit-calibration", "duel-track", "duel-stance-cards")  # quick to render


def _hashes(kit: Path) -> dict[str, str]:
    return {e["path"]: e["sha256"] for e in json.loads((kit / "manifest.json").read_text(encoding="utf-8"))["files"]}


def _copy(pristine: Path, to: Path) -> Path:
    shutil.copytree(pristine, to, symlinks=True)
    return to


class Payload:
    """Unpickling this runs a shell command that leaves a marker file."""

    def __init__(self, marker: Path):
        self.marker = str(marker)

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def _plant_and_build(root: Path, planted: dict[Path, bytes], marker: Path) -> list[str]:
    """Write the planted files, build: no traceback, nothing ran (no marker); the build's 'cache:' lines."""
    for path, data in planted.items():
        path.write_bytes(data)
    run = run_cli("build", "--lang", LANG, "--root", root)
    assert run.code == 0 and "Traceback" not in run.err, run.err
    assert not marker.exists()
    return [line for line in run.err.splitlines() if line.startswith("cache:")]


def test_planted_entries_cost_a_rebuild_and_one_line(pristine_it, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    root = _copy(pristine_it, tmp_path / "project")
    shutil.rmtree(root / "build/pnp")
    folder = root / CACHE_DIR / LANG
    entry = {name: folder / f"{name}.entry" for name in (*CHEAP, "dojo-pawns")}
    marker = tmp_path / "pwned"
    # an earlier command of this process met a damaged file elsewhere (as a catalog test in the same xdist worker
    # does): not this build's to report
    note_damaged(tmp_path / "elsewhere/build/cache/catalogs/ru/kit.mo.entry", "truncated")
    planted = {
        entry["kit-calibration"]: pickle.dumps(Payload(marker)),  # a pickle payload in place of an entry
        entry["duel-track"]: entry["duel-track"].read_bytes()[:-100],  # truncated
        entry["duel-stance-cards"]: entry["dojo-pawns"].read_bytes(),  # foreign: another component's entry
        entry["dojo-pawns"]: b'{"format": 1, "blobs": "x"}\n',  # a header of nonsense
    }
    lines = _plant_and_build(root, planted, marker)
    assert len(lines) == 1 and "4 damaged or foreign entries" in lines[0], lines
    assert all(p.stem in lines[0] for p in planted)
    assert _hashes(root / "build/pnp" / LANG) == _hashes(pristine_it / "build/pnp" / LANG)
    for path in planted:  # rewritten as real entries
        assert json.loads(path.read_bytes().split(b"\n", 2)[1])["component"]  # sealed line, then header
    assert not list(folder.glob(".*"))  # no journal, no temporary file left
    shutil.rmtree(root / "build/pnp")
    again = run_cli("build", "--lang", LANG, "--root", root)  # everything from the cache now, nothing to say
    assert again.code == 0 and "cache:" not in again.err and _hashes(root / "build/pnp" / LANG) == _hashes(
        pristine_it / "build/pnp" / LANG)


def test_a_moved_checkout_takes_everything_from_the_cache(pristine_it, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    first = _copy(pristine_it, tmp_path / "a")
    moved = tmp_path / "elsewhere" / "deeper" / "b"
    moved.parent.mkdir(parents=True)
    first.rename(moved)
    shutil.rmtree(moved / "build/pnp")  # the kit is built again: from the cache alone
    before = {p: p.stat().st_ino for p in (moved / CACHE_DIR).rglob("*.entry")}
    run = run_cli("build", "--lang", LANG, "--root", moved)
    assert run.code == 0, run.err
    after = {p: p.stat().st_ino for p in (moved / CACHE_DIR).rglob("*.entry")}
    assert before and after == before  # not one entry written again: nothing was rendered
    assert _hashes(moved / "build/pnp" / LANG) == _hashes(pristine_it / "build/pnp" / LANG)


def test_prune_removes_least_recently_used_first(tmp_path):
    folder = tmp_path / CACHE_DIR / LANG
    folder.mkdir(parents=True)
    for age, name in enumerate(["new", "mid", "old"]):
        path = folder / f"{name}.entry"
        path.write_bytes(b"x" * 1000)
        os.utime(path, (1_000_000 - age * 100, 1_000_000 - age * 100))
    orphan, fresh = folder / ".old.entry.abc.tmp", folder / ".new.entry.def.tmp"  # a killed worker's, a running one's
    orphan.write_bytes(b"z")
    fresh.write_bytes(b"z")
    os.utime(orphan, (1_000_000, 1_000_000))
    assert [p.stem for p in prune(tmp_path, 2500)] == ["old"]
    assert not orphan.exists() and fresh.exists()
    assert [p.stem for p in prune(tmp_path, 1000)] == ["mid"]
    assert sorted(p.stem for p in folder.glob("*.entry")) == ["new"]


def test_builds_keep_the_cache_under_its_bound(pristine_it, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    root = _copy(pristine_it, tmp_path / "project")
    stale = root / CACHE_DIR / "zz" / "stale.entry"  # an entry no build uses any more, older than the rest
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"y" * 2_000_000)
    os.utime(stale, (1_000_000, 1_000_000))
    size = sum(p.stat().st_size for p in (root / CACHE_DIR / LANG).glob("*.entry"))
    monkeypatch.setenv("DOJO_CACHE_MB", str((size + 1_000_000) / 1024 / 1024))
    shutil.rmtree(root / "build/pnp")
    assert run_cli("build", "--lang", LANG, "--root", root).code == 0
    assert not stale.exists() and len(list((root / CACHE_DIR / LANG).glob("*.entry"))) == len(
        list((pristine_it / CACHE_DIR / LANG).glob("*.entry")))


def test_clean_removes_outputs_and_with_cache_the_caches(tmp_path):
    for rel in ("build/pnp/it/a.pdf", "build/preview/ru/x.png", "build/cache/components/it/x.entry"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"x")
    run = run_cli("clean", "--root", tmp_path)
    assert run.code == 0 and not (tmp_path / "build/pnp").exists() and not (tmp_path / "build/preview").exists()
    assert (tmp_path / "build/cache/components/it/x.entry").exists()
    run = run_cli("clean", "--cache", "--root", tmp_path)
    assert run.code == 0 and "build/cache" in run.out and not (tmp_path / "build/cache").exists()
    assert run_cli("clean", "--cache", "--root", tmp_path).out.strip() == "nothing to remove"


def _small_disk(where: Path, mb: int) -> bool:
    where.mkdir()
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={mb}m", "tmpfs", str(where)],
                              capture_output=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def test_a_build_failing_on_a_full_disk_leaves_no_cache_entry(pristine_it, tmp_path, monkeypatch):
    """On a real small file system (tmpfs) when this process may mount one; else a write that fails with ENOSPC.
    The project comes with the pristine kit's cache, three cheap components' entries removed: the build renders
    those, writes their entries, then cannot install the kit."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    disk = tmp_path / "disk"
    mounted = _small_disk(disk, 40)
    try:
        root = _copy(pristine_it, (disk if mounted else tmp_path) / "project")
        shutil.rmtree(root / "build/pnp")
        folder = root / CACHE_DIR / LANG
        kept = {p.name: p.read_bytes() for p in folder.glob("*.entry")}
        for name in CHEAP:
            (folder / f"{name}.entry").unlink()
            del kept[f"{name}.entry"]
        filler = disk / "filler"
        if mounted:
            free = shutil.disk_usage(disk).free
            filler.write_bytes(b"\0" * (free - 3 * 1024 * 1024))  # room for the three entries, not for the kit
        else:
            def full(*_args, **_kwargs):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(root / "build/pnp" / LANG))
            monkeypatch.setattr("generator.kit.build.replace_tree", full)
        run = run_cli("build", "--lang", LANG, "--root", root)
        assert run.code == 2 and "Traceback" not in run.err, run.err
        assert "No space left on device" in run.err and len(run.err.strip().splitlines()) == 1, run.err
        assert {p.name: p.read_bytes() for p in folder.glob("*.entry")} == kept  # its own entries removed, no other
        assert not (root / "build/pnp" / LANG / "manifest.json").exists()
        leftovers = [p for p in (root / "build").rglob("*") if p.name.startswith(".") or "staging" in p.name]
        assert leftovers == []
        if mounted:
            filler.unlink()
        else:
            monkeypatch.undo()
            monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
        run = run_cli("build", "--lang", LANG, "--root", root)
        assert run.code == 0, run.err
        assert _hashes(root / "build/pnp" / LANG) == _hashes(pristine_it / "build/pnp" / LANG)
        assert all((folder / f"{name}.entry").exists() for name in CHEAP)
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(disk)], capture_output=True, timeout=30)


def test_the_worker_spool_is_a_private_folder():
    with spool.pool(2) as imap:
        folders = list(imap(_spool_folder, range(2)))
    for folder, mode, uid in folders:
        assert mode == 0o700 and uid == os.geteuid() and Path(folder).name.startswith(spool.PREFIX)
        assert not Path(folder).exists()  # removed when the pool is done
    with pytest.raises(ValueError):
        spool.take("/tmp", "../etc/passwd")


def _spool_folder(_item):
    """(the spool folder this worker writes its result into, its mode, its owner), seen from the worker."""
    import glob

    found = [f for f in glob.glob(f"/tmp/{spool.PREFIX}{os.getppid()}-*") if os.path.isdir(f)]
    st = os.stat(found[0])
    return found[0], stat.S_IMODE(st.st_mode), st.st_uid


def test_damaged_catalog_check_extraction_and_proof_files_cost_a_rebuild_and_one_line(pristine_it, tmp_path,
                                                                                       monkeypatch):
    """The caches beside the component cache (compiled catalogs, catalog checks, the extraction, board proofs):
    a damaged or foreign file is made again and the build says so in one line, naming each."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    root = _copy(pristine_it, tmp_path / "project")
    shutil.rmtree(root / "build/pnp")
    cache = root / "build/cache"
    mo = sorted((cache / "catalogs" / LANG).glob("*.mo.entry"))[0]
    check = sorted((cache / "catalogs" / LANG).glob("*-*.json"))[0]
    (proof,) = cache.glob("proof-*.json")
    ground = sorted(cache.glob("ground-proof-*.json"))
    marker = tmp_path / "pwned"
    planted = {
        mo: mo.read_bytes()[:-50],  # truncated
        check: pickle.dumps(Payload(marker)),  # a pickle payload where JSON belongs
        cache / "extract.json": b"[1, 2",  # not JSON
        proof: json.dumps({**json.loads(proof.read_text(encoding="utf-8")), "key": "0" * 64}).encode(),  # edited
        **{g: g.read_bytes()[:40] for g in ground},  # truncated JSON
    }
    assert ground
    lines = _plant_and_build(root, planted, marker)
    assert len(lines) == 1 and "damaged cache file" in lines[0], lines
    for name in (mo.name, check.name, "extract.json"):
        assert name in lines[0], (name, lines[0])
    assert f"{proof.name} (not sealed" in lines[0] and "ground-proof-" in lines[0] and "not JSON" in lines[0], lines[0]
    assert _hashes(root / "build/pnp" / LANG) == _hashes(pristine_it / "build/pnp" / LANG)
    for path in (check, cache / "extract.json"):  # made again, as data
        assert isinstance(json.loads(path.read_text(encoding="utf-8")), dict)
    shutil.rmtree(root / "build/pnp")
    again = run_cli("build", "--lang", LANG, "--root", root)  # nothing damaged now, nothing to say
    assert again.code == 0 and "cache:" not in again.err, again.err
