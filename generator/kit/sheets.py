"""Paper a printer needs: the sheets of each game's minimum set, per paper, listed in the manifest (`sheets`).

The minimum set is one file per component in its home-print layout — 9-up card sheets (fronts and backs,
double-sided), the booklet imposed two-up (`saddle-stitch`), double-sided token sheets, the board, mats and the
other single-sided sheets — never the alternatives (gutterfold, plain or single pages, the A2 board, the print
shops' single cards). A double-sided file takes one sheet per two pages.
"""

from __future__ import annotations

import math

from ..pageqa.ink import game_of

MINIMUM_LAYOUTS = ("sheet", "saddle-stitch", "duplex-long-edge")
DOUBLE_SIDED_LAYOUTS = ("saddle-stitch", "duplex-long-edge")
DOUBLE_SIDED_SHEET_KINDS = ("cards", "reference", "calibration")  # "sheet" files printed with backs


def minimum_set(entry: dict) -> bool:
    """A manifest entry of a game's minimum set."""
    return entry.get("layout") in MINIMUM_LAYOUTS and entry.get("paper") not in (None, "card", "A2")


def sheets_of(entry: dict) -> int:
    """The sheets of paper one file takes."""
    double = entry["layout"] in DOUBLE_SIDED_LAYOUTS or entry["kind"] in DOUBLE_SIDED_SHEET_KINDS
    return math.ceil(entry["pages"] / 2) if double else entry["pages"]


def sheets_by_game(entries: list[dict]) -> dict[str, dict[str, dict]]:
    """Per game and paper: the sheets of the minimum set and its files ("kit": the calibration page)."""
    out: dict[str, dict[str, dict]] = {}
    for e in entries:
        if minimum_set(e):
            paper = out.setdefault(game_of(e["component"]), {}).setdefault(e["paper"], {"sheets": 0, "files": []})
            paper["sheets"] += sheets_of(e)
            paper["files"].append(e["path"])
    return dict(sorted(out.items()))
