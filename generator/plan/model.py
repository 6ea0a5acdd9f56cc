"""Typed build inputs and outputs: the context every component renders from, and its artifacts."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from ..artifact import Artifact  # noqa: F401 (re-exported: components build Artifacts)
from ..board.model import Board
from ..content.languages import language_codes
from ..content.model import KitModel
from ..problems import CheckFailed

if TYPE_CHECKING:  # an annotation only: a no-op build (kit/installed.py imports this module) imports no babel
    from babel.support import NullTranslations


def _released() -> tuple[str, ...]:
    try:
        return language_codes(released=True)
    except CheckFailed:
        return ()  # every command meets the broken table in its language check and reports it there


LANGS = _released()  # this checkout's released languages (locales/languages.toml), for lists made at import time
DEV_LANGS = ("xx",)  # the pseudo-locale: development builds only, never released
PAPERS = ("A4", "Letter")


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked for: language, papers, duplex back offset, simulation proof size."""

    lang: str
    papers: tuple[str, ...] = PAPERS
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    proof_games: int = 500
    proof_seed: int = 1
    release: bool = False
    overflow: str = "error"  # "warn" (pseudo-locale): overflowing text is outlined in red and listed as a warning
    backs: str = "light"  # card backs: "light" (paper, outline, title, small art: little ink) or "full" (the dark art)
    page_qa: bool = True  # False: pages are not read back (the slot map, commands/slots.py, only records fits); nothing
    # rendered so is cached or written


@dataclass(frozen=True)
class BuildContext:
    """Everything loaded and checked before rendering starts; components only read it.

    ``model`` holds every content input (``generator.content.model.KitModel``: each game's parts, ``.rules``,
    ``.decks``, ``.boms``); ``board`` the proved board; ``gates`` each game's gate summary; ``translations`` the
    language's catalogs. Components read these and never open a file.
    """

    root: Path
    options: BuildOptions
    version: str
    board: Board
    board_fingerprint: str
    proof: dict[str, Any]
    translations: NullTranslations = field(repr=False)
    warnings: tuple = ()
    epoch: int = 0  # SOURCE_DATE_EPOCH of the build: the date printed into every file
    gates: Mapping[str, Any] = field(default_factory=dict)  # each game's gate before printing: its summary
    model: KitModel | None = None  # always set by prepare()

    @property
    def lang(self) -> str:
        """The language being built."""
        return self.options.lang

    def _(self, message: str) -> str:
        """Translate a message id."""
        return self.translations.gettext(message)

    def p_(self, context: str, message: str) -> str:
        """Translate a message id in a context (msgctxt), e.g. a card id."""
        return self.translations.pgettext(context, message)

    def n_(self, singular: str, plural: str, n: int) -> str:
        """Translate a quantity with the language's plural forms."""
        return self.translations.ngettext(singular, plural, n)
