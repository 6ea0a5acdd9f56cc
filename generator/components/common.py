"""Helpers shared by the Dojo components: the small print, and fitting with collected errors."""

from __future__ import annotations

from typing import Callable, TypeVar

from ..kit.model import BuildContext
from ..problems import CheckFailed, Problem

T = TypeVar("T")


def small_print(ctx: BuildContext, title: str) -> str:
    """'title · kit version · LANG · board fingerprint': what every printed component carries."""
    return f"{title} · {ctx.version} · {ctx.lang.upper()} · {ctx.board_fingerprint[:8]}"


class Collect:
    """Run many fitting steps and gather every problem before stopping (one error report, not the first)."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def run(self, step: Callable[[], T]) -> T | None:
        """Run step; on CheckFailed keep its problems and return None."""
        try:
            return step()
        except CheckFailed as exc:
            self.problems.extend(exc.problems)
            return None

    def check(self) -> None:
        """Raise CheckFailed with everything gathered."""
        if self.problems:
            raise CheckFailed(self.problems)
