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
    ink: tuple[float, ...] | None = None  # a home-print PDF's ink coverage per page (pageqa/ink.py), from its page QA

    def manifest_entry(self, sha256: str) -> dict[str, Any]:
        """The manifest's record of this file."""
        entry: dict[str, Any] = {"path": self.path, "component": self.component, "kind": self.kind,
                                 "paper": self.paper, "layout": self.layout, "pages": self.pages}
        if self.cards is not None:
            entry["cards"] = self.cards
        entry["sha256"] = sha256
        return entry
