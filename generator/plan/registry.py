"""The one component registry: every component of the kit is declared here once, in manifest order.

A ``Component`` has an ``id`` (the manifest's ``component``), a printable ``name`` (an English message id,
translated in the ``kit`` catalog), the ``game`` it belongs to, the manifest ``kinds`` and ``papers`` it writes,
and a ``builder``: ``"module:function"`` taking a ``BuildContext`` and returning ``Artifact`` s, rendered in memory
from ``ctx.model`` (never opening a content file). A component with ``from_artifacts=True`` (a contact sheet)
also receives every artifact rendered before it (with ``entries_only=True``, a printing guide, it reads only their
manifest entries, and its cache entry is keyed on those).

A simple deck needs no code: ``deck("toy-cards", N_("Toy: cards"), "content/toy/cards.deck.toml",
"toy/cards-front.svg.j2")`` -- phase one loads the TOML (``generator/content/deck.py``) into ``ctx.model.decks``
and ``generator/components/simple_deck.py`` draws it with the front template (see docs/RECIPES.md, "Adding a deck").

The build (``kit/build.py``), the contact sheet (``kit/contact.py``), the release index (``release/index.py``),
message extraction (``N_`` names below) and the tests all read ``COMPONENTS``. Adding a component is one entry.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Callable

from ..content.games import KIT, Part, game_of, games
from ..messages import N_
from ..problems import CheckFailed, Problem
from .model import Artifact, BuildContext

CARD_PAPERS = ("A4", "Letter", "card")  # sheets and gutterfolds per paper, print-shop single cards
DECK = ("cards", "preview")


@dataclass(frozen=True)
class Component:
    """One printed component of the kit (see the module docstring)."""

    id: str
    name: str
    game: str
    kinds: tuple[str, ...]
    papers: tuple[str, ...]
    builder: str
    from_artifacts: bool = False
    entries_only: bool = False  # from_artifacts, reading only the manifest entries of the files before it, not bytes
    source: str | None = None  # a simple deck's content file (content/<game>/<name>.deck.toml)
    template: str | None = None  # a simple deck's front template (under templates/, extends deck/front.svg.j2)

    @property
    def slug(self) -> str:
        """A simple deck's file stem, from its content file: content/toy/cards.deck.toml -> 'toy/cards'."""
        path = PurePosixPath(self.source or "")
        return f"{path.parent.name}/{path.name.split('.')[0]}"

    def build(self, ctx: BuildContext, before: list[Artifact]) -> list[Artifact]:
        """Render this component's artifacts (in memory)."""
        module, func = self.builder.split(":")
        fn: Callable = getattr(importlib.import_module(module), func)
        if self.source or self.builder == BOOKLET_BUILDER:  # a simple deck, a rules booklet: told which
            return fn(ctx, self)
        return fn(ctx, before) if self.from_artifacts else fn(ctx)


def deck(id: str, name: str, source: str, template: str = "deck/front.svg.j2") -> Component:
    """A simple deck: a content/<game>/<name>.deck.toml file; its front template extends deck/front.svg.j2."""
    return Component(id, name, id.split("-", 1)[0], DECK, CARD_PAPERS, "generator.components.simple_deck:build",
                     source=source, template=template)


BOOKLET_BUILDER = "generator.booklet.builders:rules_booklet"


def booklet(game: str, name: str) -> Component:
    """A game's rules booklet: content/<game>/rules.md typeset in every booklet format (one builder for every game)."""
    return Component(f"{game}-rules", name, game, RULES, BOOKLET, BOOKLET_BUILDER)


def _c(id: str, name: str, kinds: tuple[str, ...], papers: tuple[str, ...], builder: str,
       from_artifacts: bool = False, shared: bool = False, entries_only: bool = False) -> Component:
    """A component with its own builder; its game is the id's first word, a code of content/games.toml (checked in
    phase one: unknown_games), or "kit" for a piece no game owns (shared=True)."""
    return Component(id, name, KIT if shared else id.split("-", 1)[0], kinds, papers, builder, from_artifacts,
                     entries_only)


C = "generator.components."
REFERENCE = ("reference", "preview")
BOOKLET = ("A4", "A5", "Letter", "HalfLetter")
RULES = ("rules", "preview")  # components without a preview of their own get one (render/preview.missing_previews)
SHEET = ("sheet", "preview")


def _of_game(code: str, part: Part) -> Component:
    """A component row of the games table ([[game.component]]) as the registry's Component."""
    if part.builder == "booklet":
        return Component(part.id, part.name, code, part.kinds, part.papers, BOOKLET_BUILDER)
    if part.builder == "deck":
        return Component(part.id, part.name, code, part.kinds, part.papers or CARD_PAPERS,
                         "generator.components.simple_deck:build", source=part.source,
                         template=part.template or "deck/front.svg.j2")
    return Component(part.id, part.name, code, part.kinds, part.papers, part.builder, part.from_artifacts)


SHARED: tuple[Component, ...] = (  # the pieces no game owns, after every game's
    _c("kit-calibration", N_("Duplex calibration page"), ("calibration", "preview"), ("A4", "Letter"),
       C + "kit_calibration:calibration"),
    _c("kit-printing-guide", N_("Printing guide"), ("guide", "preview"), ("A4", "Letter"),
       C + "kit_guide:printing_guide", True, shared=True, entries_only=True),
    _c("contact-sheet", N_("Contact sheet"), ("sheet",), (), "generator.kit.contact:contact_sheet", True, shared=True),
)
# every game's components (content/games.toml, [[game.component]]) in table order, then the shared pieces
COMPONENTS: tuple[Component, ...] = (*(_of_game(code, part) for code, game in games().items()
                                       for part in game.components), *SHARED)


def unknown_games(root: Path | None = None) -> list[Problem]:
    """Phase one: every component's game is a row of the games table (content/games.toml), or the shared "kit";
    one problem per game the table lacks, naming the table, its line and the fix."""
    try:
        table = games(root)
    except CheckFailed as exc:
        return list(exc.problems)
    out: dict[str, Problem] = {}
    for c in COMPONENTS:
        if c.game != KIT and c.game not in table and c.game not in out:
            try:
                game_of(c.id, root)
            except CheckFailed as exc:
                out[c.game] = exc.problems[0]
    return list(out.values())


def by_id(component_id: str) -> Component | None:
    """The registered component with this id."""
    return next((c for c in COMPONENTS if c.id == component_id), None)


def component_name(component_id: str) -> str:
    """The printable name (English message id) of a component id; the id itself when it is not registered."""
    component = by_id(component_id)
    return component.name if component else component_id


def unreached() -> dict[tuple[str | None, str], tuple[str, str]]:
    """(msgctxt, msgid) -> (component id, where and when it prints) of every entry a component declares it prints
    only in a state a kit build never reaches (a module's UNREACHED: e.g. the board's proof line when the proof
    failed, which stops the build)."""
    out = {}
    for c in COMPONENTS:
        module = importlib.import_module(c.builder.split(":")[0])
        out.update({key: (c.id, why) for key, why in getattr(module, "UNREACHED", {}).items()})
    return out


def missing_templates(root: Path) -> list[Problem]:
    """A simple deck whose front template is missing: an error in phase one, before anything renders."""
    return [Problem("error", "registry", f"component {c.id}: template {c.template!r} not found in templates/",
                    "generator/plan/registry.py", hint=f"add templates/{c.template} or fix the entry")
            for c in COMPONENTS if c.template and not (root / "templates" / c.template).is_file()]


def deck_sources() -> dict[str, str]:
    """component id -> content file of every simple deck (phase one loads them into the model)."""
    return {c.id: c.source for c in COMPONENTS if c.source}
