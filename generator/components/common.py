"""Helpers shared by the components: the small print, a deck's files in this build, fitting with collected errors."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from ..content.dojo import NEBBIA_CTX
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


def duel_term(ctx: BuildContext, item_id: str, romaji: str) -> str:
    """A duel term (stance, strike) as cards, booklet and reference print it: one spelling per language, the
    catalog's transliteration of the romaji (Russian: the seed's Cyrillic), never both scripts at once."""
    return ctx.p_(f"duel/{item_id}", romaji)


def term_spellings(ctx: BuildContext, games: frozenset[str] = frozenset({"dojo", "duel"})) -> dict[str, frozenset[str]]:
    """Each game term's spelling in this language -> its other spellings, for the page QA's term check: the duel's
    stances and strikes (seed script, romaji) and the Dojo cards named 'Term (gloss)' (Kaeshi, Uke, Irimi), for
    the games being printed (only their terms are looked up)."""
    out = {}
    for item in (ctx.model.duel.stances + ctx.model.duel.strikes) if "duel" in games else ():
        spelled = duel_term(ctx, item.id, item.romaji)
        out[spelled] = frozenset({item.term, item.romaji} - {spelled})
    for card in ctx.model.dojo.nebbia.cards if "dojo" in games else ():
        if re.match(r"\S+ \(", card.name):
            spelled = ctx.p_(f"{NEBBIA_CTX}/{card.id}", card.name).split()[0]
            out[spelled] = frozenset({card.name.split()[0]} - {spelled})
    return out
