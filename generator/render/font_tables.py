"""The kit's font tables (each face's code points, advance widths and vertical metrics) read from a file generated
once, instead of from the font files by fontTools in every process.

Reading them with fontTools costs each process that lays out text about 0.04 s of CPU (importing fontTools, then
each face's cmap and hmtx tables): a one-string rebuild, every worker of a build. `generate()` (run by `make
bytecode`, which every make target runs first, as cairo_abi.py's) writes what fontTools reads, in the fonts' own
units, to generator/_font_tables.json (not kept in git) with a digest of the font files' and fontTools' sizes and
times; `tables()` gives them while that digest matches the installed files, and None otherwise (none generated, a
font package upgraded, a file changed or missing): fonts.py then reads the files with fontTools as before.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from functools import lru_cache
import importlib.util
from pathlib import Path
from typing import Any

TABLES = Path(__file__).resolve().parents[1] / "_font_tables.json"


def digest(paths: list[Path]) -> str:
    """sha256 over the font files' names, sizes and modification times and fontTools' (OSError: a file is missing):
    the files of an installed package change only with it, and the project's own bytecode is checked the same way
    (`make bytecode`: compileall --invalidation-mode timestamp); reading and hashing the 2.6 MB of fonts in every
    process would cost about what the tables save."""
    spec = importlib.util.find_spec("fontTools")
    h = hashlib.sha256()
    for path in [*paths, *([Path(spec.origin)] if spec and spec.origin else [])]:
        st = path.stat()
        h.update(f"{path.name}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    return h.hexdigest()


def read_face(path: Path) -> dict[str, Any]:
    """What fonts.py reads of a font file, in its own units: units per em, each code point's advance width (the
    best cmap's), ascent, descent and the advance of glyph 0 (.notdef)."""
    from fontTools.ttLib import TTFont

    with TTFont(str(path), lazy=True) as font:
        hmtx = font["hmtx"]
        return {"upm": font["head"].unitsPerEm,
                "advances": sorted([cp, hmtx[name][0]] for cp, name in font.getBestCmap().items()),
                "ascent": font["hhea"].ascent, "descent": font["hhea"].descent,
                "notdef": hmtx[font.getGlyphOrder()[0]][0]}


def generate(paths: list[Path], target: Path = TABLES) -> bool:
    """Write the tables of the font files at paths (unless current); whether they are current."""
    try:
        if tables(tuple(paths), target) is not None:
            return True
        data = {"digest": digest(paths), "faces": {p.name: read_face(p) for p in paths}}
    except OSError:
        return False
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")  # two may generate
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, separators=(",", ":"))
        os.chmod(tmp, 0o644)  # read by every process, as the sources beside it
        os.replace(tmp, target)
    finally:
        Path(tmp).unlink(missing_ok=True)
    tables.cache_clear()
    return True


@lru_cache(maxsize=4)
def tables(paths: tuple[Path, ...], source: Path = TABLES) -> dict[str, dict] | None:
    """Each font file's tables by file name, from source while they were generated from these very files (None:
    read the files themselves)."""
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
        current = isinstance(data, dict) and data.get("digest") == digest(list(paths))
    except (OSError, ValueError):
        return None
    faces = data.get("faces") if current else None
    if not isinstance(faces, dict) or set(faces) != {p.name for p in paths}:
        return None
    return faces
