"""GROUND's gate before printing (content/games.toml `gate`; kit/phase_one.py plays every game's): its engine plays
the edition's scenarios and the kit is not printed while a blocking finding stands (generator/sim/ground/gate.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..problems import Problem
from ..sim.ground.gate import GroundProofSettings, cache_key, cache_path, ground_gate


def play(root: Path, model: Any) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The gate's summary (the manifest's record) and its blocking problems; nothing without GROUND's data."""
    return ground_gate(root, model.ground if model is not None else None)


def cached(root: Path, model: Any) -> bool:
    """Whether the gate of this model has been played into the cache (phase one then only reads it)."""
    data = model.ground if model is not None else None
    return data is not None and cache_path(root, cache_key(data, GroundProofSettings())).exists()
