"""Ganged sheets (issue 29, sheet economy): the small decks and pieces of several components on shared sheets of
paper, the files a printer is told to print (the minimum set, plan/sheets.py). Each is drawn from the same faces as
its components' own files, which stay in the kit as alternatives (and for the digital table and the print shops):

Each game's ganged sheets are in its own modules (``components/<game>_gangs.py``), declared in
content/games.toml like any component.

A ganged file's manifest entry lists the components it stands for (``gangs``) and carries their bill-of-materials
counts, so the proof of the pieces is made on what a printer prints.
"""

from __future__ import annotations

from ..plan.model import Artifact
from ..render.preview import pdf_preview


def preview(component: str, slug: str, first: Artifact) -> Artifact:
    """A ganged sheet's preview: its first file's first page."""
    return Artifact(f"previews/{slug}.png", component, "preview", pdf_preview(first.data))
