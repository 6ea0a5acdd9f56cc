"""Running the Tabletop Simulator export: the kits built (or reused when up to date) with the kit build, every
stale language exported and checked in memory on the kit's worker pool, then each language's folder installed
at once; a failure anywhere installs nothing.

Like a kit, an installed export is reused while it is up to date: its manifest.json records what it was made
from (the kit's inputs digest, which covers the generator's code, the content, the catalogs and the build
options, the sha256 of every kit file, the language, the image URLs' base) and the sha256 of every file it
installed; any change, or a file missing, added or altered, exports that language again."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable

from ..content.load import load_model
from ..plan import registry
from .. import pipeline
from ..kit.build import BuildResult
from ..kit.workers import run_ordered
from ..output.cache import installed_here, note_installed
from ..output.files import remove_leftovers, replace_tree
from ..problems import CheckFailed, Problem
from . import tts

MANIFEST = "manifest.json"


def tts_root(root: Path) -> Path:
    """Where the export goes: build/tts/ (one folder per language)."""
    return root / "build" / "tts"


def export_digest(kit: dict, lang: str, base_url: str | None, out_root: Path) -> str:
    """What an export of one language is made from (module docstring)."""
    made_of = {"kit": kit.get("inputs"), "files": sorted(e["sha256"] for e in kit["files"]), "lang": lang,
               "base": base_url or (out_root / lang).absolute().as_uri()}
    return hashlib.sha256(json.dumps(made_of, sort_keys=True).encode("utf-8")).hexdigest()


def up_to_date(folder: Path, digest: str, root: Path) -> bool:
    """Whether folder holds exactly the export its manifest records, made from these inputs."""
    try:
        text = (folder / MANIFEST).read_bytes()
        record = json.loads(text)
        if not installed_here(root, folder, text):  # planted or copied from elsewhere: exported again (docs/SECURITY.md)
            return False
        on_disk = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if not p.is_dir()}
        return record["inputs"] == digest and on_disk == set(record["files"]) | {MANIFEST} and all(
            hashlib.sha256((folder / path).read_bytes()).hexdigest() == sha for path, sha in record["files"].items())
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False


def _pieces(game: str) -> int:
    """How much a game's export has to cut and check (its components): the longest are handed out first."""
    return sum(c.game == game for c in registry.COMPONENTS)


def export_files(root: Path, kits: dict[str, BuildResult], base_url: str | None = None, jobs: int = 0,
                 out_root: Path | None = None, last: Callable[[], None] | None = None) -> dict[str, dict[str, bytes]]:
    """Per language of kits, the files of its export folder, checked (CheckFailed listing every problem). last:
    called once when only the last piece of work is left (every other one's result is in: a core has nothing more
    to do), after the workers started."""
    out_root = out_root or tts_root(root)
    model, _problems = load_model(root, registry.deck_sources())  # the kits built: the content is sound
    tts.SHARED.update(root=root, model=model)
    tasks = [(lang, game, str(kit.out_dir), kit.manifest, base_url, str(out_root))
             for game in sorted(tts.GAMES, key=_pieces, reverse=True) for lang, kit in kits.items()]  # longest first
    out: dict[str, dict[str, bytes]] = {lang: {} for lang in kits}
    problems = []
    received = 0

    def arrived(_result: tuple) -> None:
        nonlocal received
        received += 1
        if last is not None and received == len(tasks) - 1:
            last()
    for lang, _game, files, found in run_ordered(tts.game_task, tasks, jobs, on_result=arrived):
        out[lang].update(files)
        problems += found
    if problems:
        raise CheckFailed([Problem("error", "tts", p, hint="nothing was written; fix the deck or the export")
                           for p in problems])
    return {lang: dict(sorted(files.items())) for lang, files in out.items()}


def export_tts(root: Path, langs: tuple[str, ...], base_url: str | None = None, jobs: int = 0,
               out_root: Path | None = None, release: bool = False,
               kits: dict[str, BuildResult] | None = None,
               made: dict[str, dict[str, bytes]] | None = None,
               last: Callable[[], None] | None = None) -> dict[str, tuple[Path, int, bool]]:
    """`dojo export tts`: the kits built or reused, every language not up to date exported and checked, then
    installed into build/tts/<lang>/ (all or nothing); by language, its folder, how many files it holds and
    whether it was exported now (False: it was up to date). out_root: another folder than build/tts (the
    release's copy, made with its placeholder base URL); release: export the release builds of the kits (the
    release's own, just built: reused as they are, never replaced by development builds); kits: those builds by
    language when the caller has just made them (a release: the pipeline is not run again to find them); made: filled
    with the files of each language exported now, as installed (a release packs them without reading them back);
    last: export_files's (a release starts packing its kits then, on the core the export's last piece leaves idle)."""
    out_root = out_root or tts_root(root)
    for lang in langs:
        remove_leftovers(out_root / lang)
    outcomes = [kits[lang] for lang in langs] if kits is not None else \
        pipeline.run(root, langs, "release" if release else "build", jobs=jobs, all_or_nothing=True)
    failed = [p for o in outcomes if isinstance(o, CheckFailed) for p in o.problems]
    if failed:
        raise CheckFailed(failed)
    digests = {lang: export_digest(kit.manifest, lang, base_url, out_root) for lang, kit in zip(langs, outcomes)}
    stale = {lang: kit for lang, kit in zip(langs, outcomes) if not up_to_date(out_root / lang, digests[lang], root)}
    files = export_files(root, stale, base_url, jobs, out_root, last) if stale else {}
    for lang, content in files.items():
        record = {"inputs": digests[lang],
                  "files": {path: hashlib.sha256(data).hexdigest() for path, data in content.items()}}
        content[MANIFEST] = (json.dumps(record, indent=2) + "\n").encode("utf-8")
        replace_tree(out_root / lang, content)
        note_installed(root, out_root / lang, content[MANIFEST])
        if made is not None:
            made[lang] = content
    return {lang: (out_root / lang, sum(1 for p in (out_root / lang).rglob("*") if p.is_file()), lang in stale)
            for lang in langs}


def tts_files(folder: Path) -> dict[str, bytes]:
    """An installed language folder's files by path inside it (sorted: the release zips them)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
