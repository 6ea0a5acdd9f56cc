"""What the simulator's results depend on, as digests: the engine's own code and the inputs it reads."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent  # generator/sim
CODE = (PACKAGE, PACKAGE.parent / "board" / "model.py")  # the engine, and the board model its tables read


def code_files() -> list[Path]:
    """Every source file the engine's behaviour depends on, in a fixed order."""
    out: list[Path] = []
    for item in CODE:
        out.extend(sorted(item.rglob("*.py")) if item.is_dir() else [item])
    return out


@lru_cache(maxsize=1)
def engine_digest() -> str:
    """sha256 over the engine's source files (relative path and bytes): any code change changes it."""
    h = hashlib.sha256()
    root = PACKAGE.parent
    for path in code_files():
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def engine_id() -> str:
    """The short engine digest reports and the manifest print."""
    return "sim-" + engine_digest()[:12]
