"""Kits already installed and up to date: what `dojo build` checks before it imports the build's stages (a no-op
build reads the inputs and the installed kit, and neither draws nor imports anything that draws)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from ..output.cache import installed_here
from ..output.files import remove_leftovers
from ..plan.model import BuildOptions
from ..problems import Problem
from ..version import kit_version, source_date_epoch
from . import timings
from .inputs import inputs_digest


@dataclass(frozen=True)
class BuildResult:
    """What a finished build wrote."""

    out_dir: Path
    manifest: dict
    warnings: tuple[Problem, ...]
    cached: bool = False
    notes: tuple[str, ...] = ()  # one line each, printed by the command (a damaged cache entry discarded)


def up_to_date(out_dir: Path, digest: str, root: Path) -> dict | None:
    """The previous manifest when out_dir holds a complete build of exactly these inputs, installed by this user's
    build of the project in root (its sealed record: output/cache.py)."""
    try:
        text = (out_dir / "manifest.json").read_bytes()
        record = json.loads(text)
        if record.get("inputs") != digest or not installed_here(root, out_dir, text):  # planted or copied: built again
            return None
        on_disk = {p.relative_to(out_dir).as_posix() for p in out_dir.rglob("*") if not p.is_dir()}
        if on_disk != {e["path"] for e in record["files"]} | {"manifest.json"}:
            return None  # a file missing, added or replaced by a link or folder
        for entry in record["files"]:
            if hashlib.sha256((out_dir / entry["path"]).read_bytes()).hexdigest() != entry["sha256"]:
                return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return record


Checked = tuple[dict[int, BuildResult], list[tuple[int, BuildOptions, Path, str]]]  # up to date; the rest to build


def check_installed(root: Path, options: list[BuildOptions], out_root: Path | None, force: bool) -> Checked:
    """Each language's kit folder cleaned up after killed builds and checked: (the results of those up to date,
    by number; (number, options, output folder, inputs digest) of the others). force: none is up to date."""
    outcomes: dict[int, BuildResult] = {}
    todo: list[tuple[int, BuildOptions, Path, str]] = []
    for n, opts in enumerate(options):
        out_dir = (out_root or root / "build" / "pnp") / opts.lang
        with timings.phase("inputs digest, up-to-date check"):
            remove_leftovers(out_dir)
            digest = inputs_digest(root, opts, kit_version(root), source_date_epoch(root))
            cached = None if force else up_to_date(out_dir, digest, root)
        if cached is not None:
            outcomes[n] = BuildResult(out_dir, cached, tuple(Problem(**w) for w in cached.get("warnings", ())),
                                      cached=True)
        else:
            todo.append((n, opts, out_dir, digest))
    return outcomes, todo
