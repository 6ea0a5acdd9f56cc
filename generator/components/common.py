"""Helpers shared by the components: the small print, a deck's files in this build, fitting with collected errors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from ..content.games import call, games as all_games
from ..plan.model import Artifact, BuildContext
from ..problems import CheckFailed, Problem
from ..render.cards import Deck, Imprint, deck_artifacts

T = TypeVar("T")


def small_print(ctx: BuildContext, title: str) -> str:
    """'title · kit version · LANG · board fingerprint': what every printed component carries."""
    return f"{title} · {ctx.version} · {ctx.lang.upper()} · {ctx.board_fingerprint[:8]}"


def imprint(ctx: BuildContext, title: str) -> Imprint:
    """The Imprint of a component in the build being made."""
    return Imprint(title, ctx.version, ctx.lang, ctx.epoch, ctx.options.back_offset_mm,
                   ctx.board_fingerprint[:8], ctx.p_("small print", "board"))


@dataclass(frozen=True)
class BackLook:
    """How this build prints a deck's back: light (the default: paper, with the deck's colour as the ink of its
    outline, title and small art, a few percent of ink) or full (`dojo build --backs full`: the colour to the bleed)."""

    colour: str
    light: bool

    @property
    def ink(self) -> str | None:
        """The back's text colour (None: each slot's own, for the full back)."""
        return self.colour if self.light else None

    @property
    def bleed(self) -> str | None:
        """Deck.back_bleed: the full back's colour bled around the backs on sheets; nothing for a light one."""
        return None if self.light else self.colour

    def values(self) -> dict[str, Any]:
        """The template values of the back: `light`, `ink` (the deck's colour) and, when full, the `body`."""
        return {"light": True, "ink": self.colour} if self.light else \
            {"light": False, "ink": self.colour, "body": self.colour}


def back_look(ctx: BuildContext, colour: str) -> BackLook:
    """The BackLook of a deck whose back colour is colour, as this build's options ask."""
    return BackLook(colour, ctx.options.backs != "full")


def deck_files(ctx: BuildContext, deck: Deck, gutterfold: bool = True) -> list[Artifact]:
    """A deck's files (sheets and gutterfolds in this build's papers, single cards, preview) with its small print."""
    return deck_artifacts(deck, imprint(ctx, deck.title), ctx.options.papers, gutterfold)


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


def term_spellings(ctx: BuildContext, games: frozenset[str] | None = None) -> dict[str, frozenset[str]]:
    """Each game term's spelling in this language -> its other spellings, for the page QA's term check, for the games
    being printed (all by default): the function each game's row of content/games.toml names (`terms`)."""
    out: dict[str, frozenset[str]] = {}
    for code, game in all_games().items():
        if game.terms and (games is None or code in games):
            out.update(call(game, "terms", ctx))
    return out
