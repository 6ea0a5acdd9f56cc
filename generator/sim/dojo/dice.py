"""The Dojo engine's dice: d6 rolls from the game's seeded RNG (DR-O11), or a fixed script for scenarios."""

from __future__ import annotations

import random
from typing import Protocol


class Dice(Protocol):
    """A source of d6 rolls."""

    def d6(self) -> int:
        """One d6."""


class RandomDice:
    """Dice from the game's seeded RNG (DR-O11)."""

    __slots__ = ("rng_random",)

    def __init__(self, rng: random.Random):
        self.rng_random = rng.random

    def d6(self) -> int:
        """One d6."""
        return int(self.rng_random() * 6) + 1


class ScriptedDice:
    """Fixed rolls for scenarios; running out is an error, never a silent random roll."""

    def __init__(self, rolls: list[int]):
        self.rolls = list(rolls)

    def d6(self) -> int:
        """The next scripted roll."""
        if not self.rolls:
            raise AssertionError("dice script exhausted")
        return self.rolls.pop(0)
