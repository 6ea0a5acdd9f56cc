"""A component cache entry's artifact path is data: an entry planted with an absolute path, a `..` path or a path
onto the project's own launcher (.venv/bin/dojo) writes nothing outside the kit folder, runs nothing, and costs a
rebuild of that component with one warning line; the kit is the pristine one, byte for byte (docs/SECURITY.md)."""

from __future__ import annotations

import os
import shutil

import pytest

from generator.output.cache import write_entry
from generator.output.files import UnsafePath, inside, write_into
from tests.board.helpers import run_cli
from tests.conftest import KIT_EPOCH

from .helpers import copy_project, entry, forge_entry, hashes, split_entry, tree

LANG = "it"
COMPONENT = "kit-calibration"  # quick to render again
LAUNCHER = "#!/bin/sh\necho the project's own launcher\n"
PAYLOAD = b"#!/bin/sh\ntouch /tmp/dojo-pwned\n"


def _targets(root, tmp_path) -> dict[str, tuple[str, object]]:
    """The planted artifact path, by attack, and the file it aims at."""
    outside = tmp_path / "outside" / "x.png"
    return {"absolute": (str(outside), outside),
            "dotdot": ("../../../../x.png", (root / "build/pnp/it/../../../../x.png").resolve()),
            "venv": ("../../../.venv/bin/dojo", root / ".venv/bin/dojo")}


def _plant(root, path: str, how: str) -> None:
    """The entry of COMPONENT with its first artifact's path set to path, its bytes a shell script, every checksum
    recomputed; how: 'forged' (the seal line kept: it no longer matches), 'unsealed' (the earlier format) or
    'resealed' (as if sealed with the user's key: the name check on read must still refuse it)."""
    target = entry(root, LANG, COMPONENT)
    _seal, header, _rest = split_entry(target.read_bytes())
    blobs = [PAYLOAD] + [b""] * (len(header["blobs"]) - 1)

    def edit(h):
        h["artifacts"][0]["path"] = path
    if how == "resealed":
        edit(header)
        write_entry(target, {k: v for k, v in header.items() if k not in ("format", "blobs")}, blobs)
    else:
        forge_entry(target, edit, blobs, keep_seal=how == "forged")


@pytest.mark.parametrize("attack,how", [("absolute", "forged"), ("absolute", "resealed"), ("dotdot", "forged"),
                                        ("dotdot", "unsealed"), ("dotdot", "resealed"), ("venv", "forged"),
                                        ("venv", "resealed")])
def test_a_planted_artifact_path_writes_nothing_outside_and_costs_one_line(pristine_it, tmp_path, monkeypatch,
                                                                             attack, how):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    root = copy_project(pristine_it, tmp_path / "project")
    launcher = root / ".venv/bin/dojo"
    launcher.parent.mkdir(parents=True)
    launcher.write_text(LAUNCHER)
    launcher.chmod(0o755)
    path, aimed = _targets(root, tmp_path)[attack]
    _plant(root, path, how)
    before = tree(tmp_path)
    run = run_cli("build", "--lang", LANG, "--root", root)
    assert run.code == 0 and "Traceback" not in run.err, run.err
    lines = [line for line in run.err.splitlines() if line.startswith("cache:")]
    assert len(lines) == 1 and COMPONENT in lines[0], lines
    assert ("not sealed" in lines[0]) == (how != "resealed") and ("outside the kit folder" in lines[0]) == (
        how == "resealed"), lines[0]
    assert launcher.read_text() == LAUNCHER and os.access(launcher, os.X_OK)
    assert attack == "venv" or not aimed.exists()
    after = tree(tmp_path)
    assert not any(data == PAYLOAD for data in after.values())  # the script landed nowhere
    assert {p for p in after if not p.startswith("project/build/")} == {
        p for p in before if not p.startswith("project/build/")}  # nothing written outside build/
    assert hashes(root / "build/pnp" / LANG) == hashes(pristine_it / "build/pnp" / LANG)
    if attack == "venv" and how == "forged":  # the entry was replaced by a real one: the kit, gone, is assembled
        shutil.rmtree(root / "build/pnp")  # again from the cache (every entry read) without a word
        again = run_cli("build", "--lang", LANG, "--root", root)
        assert again.code == 0 and "cache:" not in again.err, again.err
        assert hashes(root / "build/pnp" / LANG) == hashes(pristine_it / "build/pnp" / LANG)


@pytest.mark.parametrize("rel", ["/etc/x", "../x", "a/../../x", "a\\..\\x", "C:x", "", "a//b", "./a", "a\0b"])
def test_the_one_writer_refuses_a_path_out_of_its_folder(tmp_path, rel):
    folder = tmp_path / "build"
    with pytest.raises(UnsafePath):
        write_into(folder, rel, b"x")
    assert not any(p.is_file() for p in tmp_path.rglob("*"))


def test_the_one_writer_refuses_a_link_that_leads_out(tmp_path):
    """A link planted inside build/ (a copied build folder) pointing elsewhere: cache writes through it refused."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    build = tmp_path / "project" / "build"
    (build / "cache" / "components").mkdir(parents=True)
    (build / "cache" / "components" / "it").symlink_to(outside)
    with pytest.raises(UnsafePath):
        inside(build, "cache/components/it/x.entry")
    with pytest.raises(OSError):
        write_entry(build / "cache" / "components" / "it" / "x.entry", {"component": "x"}, [b"data"])
    assert list(outside.iterdir()) == []
    write_into(build, "cache/components/en/x.entry", b"fine")  # a plain path inside is written
    assert (build / "cache/components/en/x.entry").read_bytes() == b"fine"
