"""Running the Tabletop Simulator export: the kits built (or reused when up to date) with the kit build, every
language exported and checked in memory, then each language's folder installed at once; a failure anywhere
installs nothing."""

from __future__ import annotations

from pathlib import Path

from ..content.load import load_model
from ..kit import registry
from ..kit.build import build_kits
from ..kit.model import BuildOptions
from ..output.files import remove_leftovers, replace_tree
from ..kit.workers import run_ordered
from ..problems import CheckFailed, Problem
from . import tts


def tts_root(root: Path) -> Path:
    """Where the export goes: build/tts/ (one folder per language)."""
    return root / "build" / "tts"


def export_files(root: Path, langs: tuple[str, ...], base_url: str | None = None, jobs: int = 0,
                 out_root: Path | None = None) -> dict[str, dict[str, bytes]]:
    """Per language, the files of its export folder, checked (CheckFailed listing every problem of every
    language: the kit's, then the export's)."""
    out_root = out_root or tts_root(root)
    outcomes = build_kits(root, [BuildOptions(lang) for lang in langs], jobs=jobs, all_or_nothing=True)
    failed = [p for o in outcomes if isinstance(o, CheckFailed) for p in o.problems]
    if failed:
        raise CheckFailed(failed)
    model, _problems = load_model(root, registry.deck_sources())  # the kits built: the content is sound
    tts.SHARED.update(root=root, model=model)
    tasks = [(lang, game, str(kit.out_dir), kit.manifest, base_url, str(out_root))
             for game in ("ground", "dojo", "duel") for lang, kit in zip(langs, outcomes)]  # the longest first
    out: dict[str, dict[str, bytes]] = {lang: {} for lang in langs}
    problems = []
    for lang, _game, files, found in run_ordered(tts.game_task, tasks, jobs):
        out[lang].update(files)
        problems += found
    if problems:
        raise CheckFailed([Problem("error", "tts", p, hint="nothing was written; fix the deck or the export")
                           for p in problems])
    return {lang: dict(sorted(files.items())) for lang, files in out.items()}


def export_tts(root: Path, langs: tuple[str, ...], base_url: str | None = None,
               jobs: int = 0) -> dict[str, tuple[Path, int]]:
    """`dojo export tts`: every language exported and checked, then installed into build/tts/<lang>/; by language,
    the folder written and how many files it holds."""
    out_root = tts_root(root)
    for lang in langs:
        remove_leftovers(out_root / lang)
    files = export_files(root, langs, base_url, jobs, out_root)
    for lang, content in files.items():
        replace_tree(out_root / lang, content)
    return {lang: (out_root / lang, len(content)) for lang, content in files.items()}


def tts_files(folder: Path) -> dict[str, bytes]:
    """An installed language folder's files by path inside it (sorted: the release zips them)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
