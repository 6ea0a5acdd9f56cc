"""Developer notation on a player's page: spec and ruling ids, variant syntax, "provisional" (issue 47).

Players read "Ruling 4"; the ids (GR-R05, U3, DR-S07, D04, G4), the variant syntax (D04=true, G4=lead-order) and
the rulings' status ("provisional") belong to the designer's documents (designer.html, docs/PAPER-PLAY.md,
`dojo sim --explain`). The patterns are written for every language the kit prints: the ids and the syntax are the
same in all of them, the status word is matched in each language's forms.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..content.games import with_qa
from .terms import RUNS_KEPT

# (what a player would see, pattern): ids are upper-case letters then digits (the board's tunnel codes are a digit
# then a letter, 1A; dice are lower-case, 2d6), variant syntax is a name, "=", a value.
NOTATION: tuple[tuple[str, re.Pattern], ...] = (
    ("a rules-spec id", re.compile(r"\b(?:GR|DR|DS|CORE)-[A-Z]*\d*\b")),
    ("a ruling id", re.compile(r"(?<![\w.-])(?:D\d{2}|G\d|U\d{1,2})(?![\w-])")),
    ("variant syntax", re.compile(r"\b[A-Za-z]\w*=[\w-]+")),
    ("a ruling's status", re.compile(r"(?i)\bprovisional\w*|\bprovvisori\w*|\bпредварительн\w*")),
)


# Components whose pages print grid coordinates (a board's columns A-P and rows 1-16: D12 is a square, not a ruling;
# content/games.toml: qa = ["coordinates"]): the ruling-id pattern is not applied there.
COORDINATES = with_qa("coordinates")


def notation(text: str, coordinates: bool = False) -> list[str]:
    """One message per piece of developer notation found in a page's text (coordinates: the page prints grid
    coordinates, so letter-digit codes are squares, not ruling ids)."""
    out = []
    for what, pattern in NOTATION:
        if coordinates and what == "a ruling id":
            continue
        for found in sorted({m.group(0) for m in pattern.finditer(text)}):
            out.append(f"{what} on a player's page: {found!r}")
    return out


@lru_cache(maxsize=RUNS_KEPT)
def _run_matches(text: str) -> tuple[frozenset[str], ...]:
    """What each pattern of NOTATION finds in a run's text, kept per process (pages repeat their runs)."""
    return tuple(frozenset(m.group(0) for m in pattern.finditer(text)) for _, pattern in NOTATION)


def runs_notation(texts: list[str], coordinates: bool = False) -> list[str]:
    """notation(" ".join(texts), coordinates), each text's matches found once per process: no pattern matches a
    space, and a space or either end of the text gives every pattern's boundaries and lookarounds the same
    context, so the joined text's matches are those of its parts (pages repeat their runs: a deck's faces on
    every paper and layout)."""
    found: list[set[str]] = [set() for _ in NOTATION]
    for text in texts:
        for into, these in zip(found, _run_matches(text)):
            if these:
                into.update(these)
    out = []
    for (what, _), these in zip(NOTATION, found):
        if coordinates and what == "a ruling id":
            continue
        out.extend(f"{what} on a player's page: {m!r}" for m in sorted(these))
    return out
