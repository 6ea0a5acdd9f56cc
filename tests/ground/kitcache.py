"""Shared by the GROUND and duel tests: each language's GROUND and duel components rendered once per session."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from babel.support import NullTranslations

from generator.components import duel_cards, duel_pieces, ground_cards, ground_markers, ground_mats
from generator.kit.build import prepare
from generator.kit.model import Artifact, BuildContext, BuildOptions

ROOT = Path(__file__).resolve().parents[2]
BUILDERS = (ground_cards.solution_deck, ground_cards.problem_cards, ground_cards.scenario_cards,
            ground_cards.mode_cards, ground_cards.action_cards, ground_mats.player_mats, ground_mats.tokens,
            ground_cards.reference_card, ground_markers.build, duel_cards.track, duel_cards.stance_cards,
            duel_cards.strike_cards, duel_cards.reference_card, duel_pieces.build)


class Recorder(NullTranslations):
    """Real translations that also remember every (msgctxt, msgid) looked up."""

    def __init__(self, inner: NullTranslations):
        super().__init__()
        self.inner = inner
        self.seen: set[tuple[str, str]] = set()

    def gettext(self, message):
        return self.inner.gettext(message)

    def pgettext(self, context, message):
        self.seen.add((context, message))
        return self.inner.pgettext(context, message)

    def ngettext(self, singular, plural, n):
        return self.inner.ngettext(singular, plural, n)


@dataclass(frozen=True)
class Built:
    """One language's rendered components, the context and every string looked up."""

    ctx: BuildContext
    artifacts: tuple[Artifact, ...]
    printed: frozenset[tuple[str, str]]

    def pdf(self, component: str, layout: str) -> Artifact:
        """The PDF artifact of a component in a layout."""
        return next(a for a in self.artifacts if a.component == component and a.layout == layout and a.path.endswith(".pdf"))


@lru_cache(maxsize=None)
def build_lang(lang: str) -> Built:
    """Every GROUND and duel builder for one language, A4 only (fast)."""
    ctx = prepare(ROOT, BuildOptions(lang, papers=("A4",)))
    rec = Recorder(ctx.translations)
    rctx = replace(ctx, translations=rec)
    arts = tuple(a for build in BUILDERS for a in build(rctx))
    return Built(ctx, arts, frozenset(rec.seen))
