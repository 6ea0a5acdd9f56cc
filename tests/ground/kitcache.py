"""Shared by the GROUND and duel tests: each language's GROUND and duel components rendered once per session
(by the first xdist worker to ask; the other reads them)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from babel.support import NullTranslations

from generator.kit.build import render_all
from generator.plan.model import Artifact, BuildContext
from generator.plan.registry import COMPONENTS
from tests.conftest import kit_context, session_shared

ROOT = Path(__file__).resolve().parents[2]
# the GROUND and duel components, booklets aside
PIECES = tuple(c for c in COMPONENTS if c.game in ("ground", "duel") and not c.id.endswith("-rules"))


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
    ctx = kit_context(lang)
    ctx = replace(ctx, options=replace(ctx.options, papers=("A4",)))
    arts, printed = session_shared(f"pieces-{lang}", lambda: _render(ctx))
    return Built(ctx, arts, printed)


def _render(ctx: BuildContext) -> tuple[tuple[Artifact, ...], frozenset[tuple[str, str]]]:
    """The pieces' artifacts and every (msgctxt, msgid) they looked up."""
    rec = Recorder(ctx.translations)
    arts = tuple(render_all(replace(ctx, translations=rec), PIECES, jobs=1))
    return arts, frozenset(rec.seen)
