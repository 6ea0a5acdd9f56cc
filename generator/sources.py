"""Digests of source files: what a cached result (a component, an extraction) was computed from."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from importlib import metadata
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent  # the generator that runs (a project copy may have none of its own)
LIBRARIES = ("cairocffi", "cairosvg", "reportlab", "rl-accel", "pikepdf", "jinja2", "babel", "pyphen", "pillow",
             "fonttools", "fontpkg-pt-sans", "fontpkg-pt-sans-narrow", "svgwrite")


def files_digest(base: Path, paths: list[Path]) -> str:
    """sha256 over the paths (relative to base) and the bytes of each file, in the order given."""
    h = hashlib.sha256()
    for path in paths:
        h.update(path.relative_to(base).as_posix().encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


@lru_cache(maxsize=1)
def generator_digest() -> str:
    """sha256 over the running generator's Python files and the versions of the libraries it renders with."""
    h = hashlib.sha256(files_digest(PACKAGE, sorted(p for p in PACKAGE.rglob("*.py")
                                                    if "__pycache__" not in p.parts)).encode())
    for lib in LIBRARIES:
        try:
            h.update(f"{lib}={metadata.version(lib)}\0".encode())
        except metadata.PackageNotFoundError:
            h.update(f"{lib}=-\0".encode())
    return h.hexdigest()
