"""The Dojo's board as the kit's board (content/games.toml `board`): the quadrant file phase one loads, proves and
fingerprints (the fingerprint is printed on every page of the kit), and the Nebbia deck the board proof plays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..problems import CheckFailed, Problem
from ..sim.dojo.cards import deck_from_nebbia
from ..sim.dojo.gate import ProofSettings as ProofSettings, cache_key as cache_key, cache_path as cache_path, \
    cached_proof as cached_proof  # the board proof, played by the Dojo's engine (phase one calls it)

PATH = Path("content/dojo/board/quadrant.txt")  # the board's quadrant (its legend.toml beside it)


def deck(model: Any) -> tuple[int, ...]:
    """The Nebbia deck the proof plays, from the loaded model (CheckFailed when a card has no effect)."""
    try:
        return deck_from_nebbia(model.dojo.nebbia)
    except ValueError as exc:
        raise CheckFailed([Problem("error", "dojo-dataset", str(exc), "content/dojo/nebbia.toml",
                                   hint="give the card an effect in the simulator or use a known id")]) from None
