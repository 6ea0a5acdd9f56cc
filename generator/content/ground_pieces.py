"""GROUND seat markers: content/ground/pieces.toml -> owned markers per seat, seat symbols, mat spaces they use."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..problems import CheckFailed, blocking
from .tomlsrc import read

PIECES_PATH = Path("content/ground/pieces.toml")
RULE = "ground-pieces"
SYMBOLS = ("circle", "square", "triangle", "diamond", "star", "hexagon")


@dataclass(frozen=True)
class Marker:
    """A marker every seat owns: front and back text, diameter (mm), the mat space it sits on ('' = none)."""

    id: str
    name: str
    back: str
    size: float
    space: str
    line: int | None = None


@dataclass(frozen=True)
class GroundPieces:
    """The validated seat-markers file."""

    context: str
    title: str
    instructions: str
    owned_tokens: tuple[str, ...]
    symbols: dict[str, str]
    markers: tuple[Marker, ...]
    path: str = str(PIECES_PATH)


def load_ground_pieces(root: Path) -> GroundPieces:
    """Load and check the seat markers; CheckFailed names file, line and field."""
    doc = read(root / PIECES_PATH, root, RULE)
    if blocking(doc.problems):
        raise CheckFailed(blocking(doc.problems))
    g = lambda key, typ=str: doc.get(doc.data, "", 0, key, typ)  # noqa: E731
    symbols = doc.table("symbols")
    for seat, sym in symbols.items():
        if sym not in SYMBOLS:
            doc.error(f"seat {seat}: unknown symbol {sym!r}; use one of {', '.join(SYMBOLS)}", "symbols", 0, seat)
    if len(set(symbols.values())) != len(symbols):
        doc.error("two seats share a symbol: each seat needs its own", "symbols")
    markers = []
    for i, row in enumerate(doc.rows("marker")):
        doc.unknown(row, "marker", i, {"id", "name", "back", "size", "space"})
        r = lambda key, typ=str, d=...: doc.get(row, "marker", i, key, typ, d)  # noqa: E731
        size = r("size", (int, float))
        if size is not None and not 8 <= size <= 30:
            doc.error(f"size {size} mm: a marker is 8 to 30 mm across", "marker", i, "size")
        markers.append(Marker(r("id") or "", r("name") or "", r("back", str, ""), float(size or 0),
                              r("space", str, ""), doc.line("marker", i, "size")))
    pieces = GroundPieces(g("context") or "ground-pieces", g("title") or "", g("instructions") or "",
                          tuple(map(str, g("owned_tokens", list) or [])), dict(symbols), tuple(markers))
    if blocking(doc.problems):
        raise CheckFailed(blocking(doc.problems))
    return pieces
