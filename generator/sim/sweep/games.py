"""The games as a sweep plays them, dispatched on the games table (each game's part: its lab, generator/sim/lab.py):
load the content once (a pickleable context sent to every worker), play games start..stop of one cell into a Tally.

A cell is a JSON-ready dict: game, players, policy, rules {id: value} and the game's own axes (its lab's `axes`).
Game i of a cell uses the seed its game's `sim` runner derives from (seed, i) (and whatever else of the cell the
game mixes in), so a slice plays the same games wherever and whenever it runs, and every rule value of a grid is
measured on the same seeds (common random numbers: a smaller error on the difference).
"""

from __future__ import annotations

from pathlib import Path

from ..lab import lab
from .tally import Tally


def slice_size(game: str) -> int:
    """Games per slice of a game (a unit of work and a file)."""
    return lab(game).slice


# ---- loading (the parent, once) ----------------------------------------------------------------------
def load(game: str, root: Path, inputs: list[str]) -> object:
    """The context a worker needs (ValueError naming the file and the fix when the content does not load); inputs:
    the files the cells name (the game's lab's `inputs`, e.g. boards)."""
    return lab(game).load(root, inputs)


# ---- playing (a worker) -----------------------------------------------------------------------------
_CACHE: dict = {}  # per process: what a game's lab keeps between slices (tables per board, rule variants per cell)


def cached(key: tuple, make):
    """The value made once per process for key (keys start with what names their game)."""
    if key not in _CACHE:
        _CACHE[key] = make()
    return _CACHE[key]


def play(ctx: object, cell: dict, seed: int, start: int, stop: int) -> Tally:
    """Games start..stop of a cell."""
    return lab(cell["game"]).play(ctx, cell, seed, start, stop)
