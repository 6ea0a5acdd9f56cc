"""GROUND seat markers: content/ground/pieces.toml -> owned markers per seat, seat symbols, mat spaces they use."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from ..problems import Problem, blocking
from .toml_source import load_toml

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
    count: int = 1  # how many every seat owns (e.g. one relation tile per relation slot)


@dataclass(frozen=True)
class GroundPieces:
    """The validated seat-markers file."""

    context: str
    title: str
    instructions: str
    owned_tokens: tuple[str, ...]
    symbols: Mapping[str, str]
    markers: tuple[Marker, ...]
    path: str = str(PIECES_PATH)

    def __post_init__(self) -> None:
        object.__setattr__(self, "symbols", MappingProxyType(dict(self.symbols)))


def load_ground_pieces(root: Path) -> tuple[GroundPieces | None, list[Problem]]:
    """The seat markers, or None and the problems naming file, line and field."""
    doc = load_toml(root / PIECES_PATH, root, RULE)
    if not doc.parsed:
        return None, doc.problems
    top = doc.table()
    sym = doc.table("symbols")
    symbols = {seat: sym.choice(seat, SYMBOLS) or "circle" for seat in sym.table}
    if len(set(symbols.values())) != len(symbols):
        sym.error("two seats share a symbol: each seat needs its own", hint="give every seat its own symbol")
    markers = []
    for f in doc.rows("marker", what="marker"):
        f.unknown({"id", "name", "back", "size", "space", "count"})
        size = f.get("size", (int, float))
        if size is not None and not 8 <= size <= 30:
            f.error(f"size {size} mm: a marker is 8 to 30 mm across", "size", "use 8 to 30")
        markers.append(Marker(f.text("id") or "", f.text("name") or "", f.get("back", str, ""), float(size or 0),
                              f.get("space", str, ""), f.line("size"), f.integer("count", 1, 4, 1) or 1))
    pieces = GroundPieces(top.text("context", "ground-pieces") or "ground-pieces", top.text("title") or "",
                          top.text("instructions") or "", top.strings("owned_tokens", required=False), symbols,
                          tuple(markers), doc.name)
    return (None if blocking(doc.problems) else pieces), doc.problems
