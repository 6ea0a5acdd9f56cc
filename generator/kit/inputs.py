"""A digest of every input of a build, so an up-to-date kit is not rebuilt."""

from __future__ import annotations

import hashlib
from pathlib import Path

from ..plan.model import BuildOptions

INPUT_GLOBS = ("content/**/*", "locales/**/*.po", "templates/**/*", "generator/**/*.py", "pyproject.toml")


def input_files(root: Path, globs: tuple[str, ...] = INPUT_GLOBS) -> list[Path]:
    """Every file a build reads (or those matching globs), in a stable order."""
    files: set[Path] = set()
    for pattern in globs:
        files.update(p for p in root.glob(pattern) if p.is_file() and "__pycache__" not in p.parts)
    return sorted(files)


def inputs_digest(root: Path, options: BuildOptions, version: str, epoch: int) -> str:
    """sha256 over input paths and bytes, the build options, the version and the source date."""
    h = hashlib.sha256(f"{options!r}\0{version}\0{epoch}\0".encode())
    for path in input_files(root):
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()
