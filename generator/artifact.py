"""An output file rendered in memory with its manifest entry: what render makes, check reads and output writes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Artifact:
    """One output file rendered in memory, with its manifest entry."""

    path: str
    component: str
    kind: str
    data: bytes = field(repr=False)
    paper: str | None = None
    layout: str | None = None
    pages: int | None = None
    cards: int | None = None
    pieces: tuple[tuple[str, int], ...] = ()  # (bill-of-materials piece id, how many this file prints)
    gangs: tuple[str, ...] = ()  # a ganged sheet: the components whose pieces it prints (plan/sheets.py)
    places: tuple[tuple[int, str, tuple[float, float, float, float]], ...] = ()  # cards off the 3x3 grid: (page,
    # place name, trim box in mm from the top left) for the page QA; not in the manifest
    same_as: tuple[int, ...] = ()  # per page: the number of an earlier page of this file that it repeats exactly
    # (0: none; empty: not known), for the page QA, which reads such a page once; not in the manifest
    placed: tuple[tuple[tuple[int, int], ...], ...] = field(default=(), compare=False)  # per page: the drawings placed on it in paint order, each
    # as a key shared by every page of the document drawing it (PdfDoc.placed_keys; empty: not known), for the page
    # QA, which reads a drawing once and composes the pages placing it again; not in the manifest nor the cache
    ink: tuple[float, ...] | None = None  # a home-print PDF's ink coverage per page (pageqa/ink.py), from its page QA

    def manifest_entry(self, sha256: str) -> dict[str, Any]:
        """The manifest's record of this file."""
        entry: dict[str, Any] = {"path": self.path, "component": self.component, "kind": self.kind,
                                 "paper": self.paper, "layout": self.layout, "pages": self.pages}
        if self.cards is not None:
            entry["cards"] = self.cards
        if self.gangs:
            entry["gangs"] = list(self.gangs)
        entry["sha256"] = sha256
        return entry

    def card_places(self, page: int) -> list[tuple[str, tuple[float, float, float, float]]]:
        """The card places recorded on page `page` (1-based): (name, trim box mm)."""
        return [(name, box) for p, name, box in self.places if p == page]
