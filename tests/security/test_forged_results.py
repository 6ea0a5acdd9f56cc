"""Cached results a forger could rewrite are not believed: a proof edited with its old checksum recomputed, Tabletop
Simulator pictures and card texts poisoned with every sha256 recomputed, a designer page cache holding a
`<script>`, an installed kit or export folder planted with a manifest that claims the right inputs. Each is rejected
with one warning line and made again; what the kit or release prints is the genuine result."""

from __future__ import annotations

import copy
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from PIL import Image

from generator.export import tts_run
from generator.export.tts_cache import FOLDER, PictureCache
from generator.kit.build import up_to_date
from generator.output.cache import CACHE_DIR, damage_notes, note_installed
from generator.output.cache import _installed
from generator.sim import designer
from generator.sim.designer_html import page
from tests.board.helpers import run_cli
from tests.conftest import KIT_EPOCH, ROOT, with_tts_pictures

from .helpers import forge_entry, hashes

LANG = "it"


def installed_record(root: Path, folder: Path) -> Path:
    return _installed(root, folder)[0]


def _png(colour: tuple[int, int, int]) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), colour).save(buf, "PNG")
    return buf.getvalue()


def test_a_forged_proof_with_its_checksum_recomputed_is_proved_again(pristine_it, tmp_path, monkeypatch):
    """The attack of issue 41: stuck moves 37, unfinished games 12, the old self-checksum recomputed; the next build
    must print the genuine proof in the manifest. (The issue's `dojo build --force` makes the up-to-date kit build
    again; here the installed kit is removed instead, so the build reads the proof cache in phase one as a forced
    build does — prepare() takes no force — and takes the components from the component cache, whose entries key on
    the proof they printed: a believed forged proof would miss them and print other bytes.)"""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    root = tmp_path / "project"
    shutil.copytree(pristine_it, root, symlinks=True)
    proof = next((root / "build/cache").glob("proof-*.json"))
    data = json.loads(proof.read_text(encoding="utf-8"))
    data.pop("seal")
    data["summary"].update(stuck_moves=37, unfinished=12, finished=data["summary"]["finished"] - 12)
    data["seal"] = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()  # what anyone computes
    proof.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
    shutil.rmtree(root / "build/pnp" / LANG)
    run = run_cli("build", "--lang", LANG, "--root", root)
    assert run.code == 0 and "Traceback" not in run.err, run.err
    lines = [line for line in run.err.splitlines() if line.startswith("cache:")]
    assert len(lines) == 1 and proof.name in lines[0] and "not sealed" in lines[0], lines
    manifest = json.loads((root / "build/pnp" / LANG / "manifest.json").read_text(encoding="utf-8"))
    genuine = json.loads((pristine_it / "build/pnp" / LANG / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["board"]["proof"] == genuine["board"]["proof"] and manifest["board"]["proof"]["stuck_moves"] == 0
    assert hashes(root / "build/pnp" / LANG) == hashes(pristine_it / "build/pnp" / LANG)
    assert json.loads(proof.read_text(encoding="utf-8"))["summary"]["stuck_moves"] == 0  # replaced by the genuine


def test_poisoned_pictures_and_texts_are_made_again_with_one_line(tmp_path, capsys):
    """A picture cache entry rewritten with all-red pictures and "POISONED" card texts, its checksums recomputed
    (with its seal line kept, or in the earlier unsealed format): not taken; one line; the entry removed."""
    genuine = {"fronts": 1, "backs": 1, "front_of": [0], "back_of": [0], "texts": ["Fendente"], "grids": []}
    blobs = [_png((250, 250, 240)), _png((30, 30, 90))]
    for keep_seal in (True, False):
        made = PictureCache(tmp_path)
        key = made.key("deck", b"%PDF-1.7 a deck", 1, 2, 3)
        made.put(key, genuine, blobs)
        made.save()
        assert PictureCache(tmp_path).get(key) == (genuine, blobs)  # a sealed entry of this user's is taken
        path = tmp_path / CACHE_DIR / FOLDER / f"{key}.entry"
        forge_entry(path, lambda h: h["meta"].update(texts=["POISONED"]), [_png((255, 0, 0))] * 2, keep_seal)
        capsys.readouterr()
        cache = PictureCache(tmp_path)
        assert cache.get(key) is None and cache.hits == 0
        err = capsys.readouterr().err.splitlines()
        assert len(err) == 1 and err[0].startswith("cache: ") and "not sealed" in err[0] and key in err[0], err
        assert not path.exists()


def test_a_planted_export_or_kit_folder_is_not_reused(tmp_path):
    """A folder whose manifest claims exactly the right inputs and whose files match it, but that this user's build
    did not install (a copied build folder, a CI cache), is exported or built again."""
    folder = tmp_path / "build" / "tts" / LANG
    folder.mkdir(parents=True)
    (folder / "duel.json").write_text('{"Description": "POISONED"}')
    sha = hashlib.sha256((folder / "duel.json").read_bytes()).hexdigest()
    (folder / "manifest.json").write_text(json.dumps({"inputs": "D", "files": {"duel.json": sha}}))
    assert not tts_run.up_to_date(folder, "D", tmp_path)
    note_installed(tmp_path, folder, (folder / "manifest.json").read_bytes())
    assert tts_run.up_to_date(folder, "D", tmp_path)  # what this user's export installed is reused
    kit = tmp_path / "build" / "pnp" / LANG
    kit.mkdir(parents=True)
    (kit / "a.txt").write_text("POISONED")
    record = {"inputs": "D", "files": [{"path": "a.txt", "sha256": hashlib.sha256(b"POISONED").hexdigest()}]}
    (kit / "manifest.json").write_text(json.dumps(record))
    assert up_to_date(kit, "D", tmp_path) is None
    shutil.copy(installed_record(tmp_path, folder), installed_record(tmp_path, kit))  # another folder's genuine one
    assert up_to_date(kit, "D", tmp_path) is None


SMALL = {"dojo": {"players": 4, "games": 12, "policy": "p0", "skill": ["lookahead/p0", 8]},
         "ground": {"players": 4, "games": 2, "policies": ["heuristic"], "skill": ["rollout/heuristic", 4],
                    "skill_mode": "mode-common-problem"},
         "duel": {"games": 20, "policy": "hunter", "max_turns": 60, "skill": ["hunter/random", 20]}}
SCRIPT = "<script>alert(1)</script>"


def _poison(value):
    """Every string of a report with a script appended (numbers kept: the page formats them)."""
    if isinstance(value, str):
        return value + SCRIPT
    if isinstance(value, list):
        return [_poison(v) for v in value]
    if isinstance(value, dict):
        return {k: _poison(v) for k, v in value.items()}
    return value


def test_a_script_planted_in_the_designer_page_cache_never_reaches_the_page(tmp_path, monkeypatch):
    monkeypatch.setattr(designer, "SETTINGS", copy.deepcopy(SMALL))
    for part in ("content", "locales"):
        shutil.copytree(ROOT / part, tmp_path / part)
    genuine = designer.designer_report(tmp_path, jobs=1)
    path = next((tmp_path / "build/cache").glob("designer-*.json"))
    planted = dict(_poison({k: v for k, v in genuine.items() if k != "key"}), key=genuine["key"])
    planted["games"]["duel"]["texts"] = {"D03": SCRIPT}
    path.write_text(json.dumps(planted), encoding="utf-8")  # unsealed, as anyone can write it
    damage_notes()
    again = designer.designer_report(tmp_path, jobs=1)
    lines = damage_notes()
    assert len(lines) == 1 and path.name in lines[0] and "not sealed" in lines[0], lines
    assert again == genuine  # the planted figures were not believed: played again
    html = page(again, "1.0")
    assert "<script" not in html and SCRIPT not in json.dumps(again)
    # and the page escapes whatever a report holds (a cache entry sealed by a bug, a hostile content file)
    hostile = page(_poison(genuine), "1.0" + SCRIPT)
    assert "<script" not in hostile and "&lt;script&gt;alert(1)&lt;/script&gt;" in hostile
    assert Path(path).exists() and "seal" in json.loads(path.read_text(encoding="utf-8"))


def _poisoned(value):
    """Every string of a picture cache entry's data replaced by "POISONED" (numbers and shapes kept)."""
    if isinstance(value, str):
        return "POISONED"
    if isinstance(value, list):
        return [_poisoned(v) for v in value]
    if isinstance(value, dict):
        return {k: _poisoned(v) for k, v in value.items()}
    return value


def test_an_export_from_a_poisoned_picture_cache_is_the_genuine_export(pristine_it, tts_pictures, tmp_path,
                                                                       monkeypatch):
    """The attack of issue 41 end to end: every Tabletop Simulator picture cache entry rewritten with all-red
    pictures and "POISONED" texts, checksums recomputed; `dojo export tts` writes the genuine saves and pictures
    (the export from the session's genuine picture cache, conftest.tts_pictures), one line per rejected entry."""
    from tests.security.helpers import tree

    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    root = tmp_path / "project"
    shutil.copytree(pristine_it, root, symlinks=True)
    with_tts_pictures(root, tts_pictures)
    first = run_cli("export", "tts", "--lang", LANG, "--root", root)
    assert first.code == 0, first.err
    genuine = tree(root / "build" / "tts" / LANG)
    entries = sorted((root / CACHE_DIR / FOLDER).glob("*.entry"))
    assert entries
    red = _png((255, 0, 0))
    for path in entries:
        forge_entry(path, lambda h: h.update(meta=_poisoned(h["meta"])),
                    [red] * len(json.loads(path.read_bytes().split(b"\n", 2)[1])["blobs"]))
    shutil.rmtree(root / "build" / "tts" / LANG)
    again = subprocess.run([sys.executable, "-m", "generator.cli", "export", "tts", "--lang", LANG, "--root",
                            str(root)], env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                           timeout=1800)  # a process of its own: its workers' stderr is the command's
    assert again.returncode == 0 and "Traceback" not in again.stderr, again.stderr
    lines = [line for line in again.stderr.splitlines() if line.startswith("cache:")]
    assert 0 < len(lines) <= len(entries) and all("not sealed" in line for line in lines), lines  # one line for
    assert len(set(lines)) == len(lines)  # each poisoned entry the export met (once each)
    made = tree(root / "build" / "tts" / LANG)
    assert made == genuine and not any(b"POISONED" in data or data == red for data in made.values())
