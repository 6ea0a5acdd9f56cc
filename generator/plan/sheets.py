"""Paper a printer needs: the sheets of each game's minimum set, per paper, listed in the manifest (`sheets`).

The minimum set is one file per component in its home-print layout — 9-up card sheets (fronts and backs,
double-sided; reference cards one-sided), the booklet imposed two-up (`saddle-stitch`), double-sided token sheets,
the board, mats and the other single-sided sheets — never the alternatives (gutterfold, plain or single pages, the
A2 board, the print shops' single cards). A ganged sheet (its manifest entry lists `gangs`: the components whose
pieces it prints, e.g. GROUND's Scenario, Mode and reference cards on one sheet) stands for those components'
own files of its paper, which become alternatives. A double-sided file takes one sheet per two pages.

The bill-of-materials proof counts the pieces of the minimum set only (plan/bom.py), so the set a printer is told
to print is the set proved complete.
"""

from __future__ import annotations

import math
from typing import Iterable

from ..pageqa.ink import game_of

MINIMUM_LAYOUTS = ("sheet", "single-sided", "saddle-stitch", "duplex-long-edge")
DOUBLE_SIDED_LAYOUTS = ("saddle-stitch", "duplex-long-edge")
DOUBLE_SIDED_SHEET_KINDS = ("cards", "reference", "calibration")  # layout "sheet" files printed with backs
ALTERNATIVE_PAPERS = (None, "card", "A2")


def home_layout(entry: dict) -> bool:
    """A manifest entry in a minimum-set layout and paper (before ganged sheets take components' places)."""
    return entry.get("layout") in MINIMUM_LAYOUTS and entry.get("paper") not in ALTERNATIVE_PAPERS


def ganged(entries: Iterable[dict]) -> set[tuple[str, str]]:
    """(paper, component) of every component a ganged sheet stands for on that paper."""
    return {(e["paper"], c) for e in entries for c in e.get("gangs", ())}


def minimum_entries(entries: Iterable[dict]) -> list[dict]:
    """The entries of every game's minimum set, in manifest order: home layouts, less the files of components a
    ganged sheet of the same paper stands for."""
    entries = [e for e in entries if home_layout(e)]
    over = ganged(entries)
    return [e for e in entries if (e["paper"], e["component"]) not in over]


def double_sided(entry: dict) -> bool:
    """Whether a home-print file is printed on both sides of the paper."""
    return entry["layout"] in DOUBLE_SIDED_LAYOUTS or (entry["layout"] == "sheet" and
                                                        entry["kind"] in DOUBLE_SIDED_SHEET_KINDS)


def sheets_of(entry: dict) -> int:
    """The sheets of paper one file takes."""
    return math.ceil(entry["pages"] / 2) if double_sided(entry) else entry["pages"]


def sheets_by_game(entries: list[dict]) -> dict[str, dict[str, dict]]:
    """Per game and paper: the sheets of the minimum set and its files ("kit": the calibration page alone). Every
    game's count includes the duplex calibration sheet of its paper, listed first: the printing guide asks for it
    before the first card sheet of every game (issue 47: honest sheet counts)."""
    out: dict[str, dict[str, dict]] = {}
    for e in minimum_entries(entries):
        paper = out.setdefault(game_of(e["component"]), {}).setdefault(e["paper"], {"sheets": 0, "files": []})
        paper["sheets"] += sheets_of(e)
        paper["files"].append(e["path"])
    for game, papers in out.items():
        for name, counted in papers.items():
            calibration = out.get("kit", {}).get(name)
            if game != "kit" and calibration:
                counted["sheets"] += calibration["sheets"]
                counted["files"][:0] = calibration["files"]
                counted["calibration"] = calibration["sheets"]
    return dict(sorted(out.items()))
