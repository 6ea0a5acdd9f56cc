"""Problems found while loading or checking: one shape for every checker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Literal

Severity = Literal["format", "error", "warning"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input, with where it is and what to do."""

    severity: Severity
    rule: str
    message: str
    file: str | None = None
    line: int | None = None
    col: int | None = None
    where: str | None = None
    hint: str | None = None

    def location(self) -> str:
        """Human location: file:line:col, then any extra place such as a row/column or card."""
        parts = []
        if self.file:
            loc = self.file
            if self.line is not None:
                loc += f":{self.line}"
                if self.col is not None:
                    loc += f":{self.col}"
            parts.append(loc)
        if self.where:
            parts.append(self.where)
        return ", ".join(parts)

    def render(self) -> str:
        """One readable line (plus an indented hint) for a terminal."""
        loc = self.location()
        head = f"{self.severity}: {loc}: " if loc else f"{self.severity}: "
        text = f"{head}{self.message} [{self.rule}]"
        if self.hint:
            text += f"\n    fix: {self.hint}"
        return text


class CheckFailed(Exception):
    """Raised to stop a build when checks found blocking problems."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = tuple(dict.fromkeys(problems))  # one line per problem: the same one met on every card once
        if not self.problems:  # a failure that says nothing is a bug of the caller, never a result
            raise ValueError("CheckFailed needs at least one problem")
        super().__init__("\n".join(p.render() for p in self.problems))


def blocking(problems: Iterable[Problem]) -> list[Problem]:
    """The problems that stop a build (format and error severities)."""
    return [p for p in problems if p.severity in ("format", "error")]
