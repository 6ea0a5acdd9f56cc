"""Phase two split in two for the preview's quick path after a catalog edit (`dojo i18n watch`,
generator/commands/preview.py): only the components printing an entry whose text changed draw again, in the
watcher's own warm process (fonts, templates, code and catalogs already loaded, no worker pool to start), and
their pages are shown before they are checked. The page QA, the component cache entry,
the other pages, the contact sheets and the maps follow (Preview.step), one piece at a time between two looks at
the watched files.

Which components print an entry is known from what each one looked up the last time it drew (every gettext call,
with the text it got: the component cache's record): a component draws again when one of its lookups gives another
text now."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .cache import ComponentCache, Reads, lookup, recording
from ..plan.model import Artifact, BuildContext
from ..plan.registry import Component
from ..output.cache import entry_path, read_entry
from ..problems import CheckFailed, Problem
from ..i18n.fitwatch import watch_fits


@dataclass
class Drawn:
    """A component drawn in this process and not checked yet: its artifacts (no page QA, no cache entry), what it
    looked up, the overflows its fit watcher accepted, or the problems that stopped it."""

    component: Component
    artifacts: list[Artifact]
    reads: Reads
    warnings: list[Problem] = field(default_factory=list)
    failed: list[Problem] = field(default_factory=list)


def lookups_of(reads: Reads) -> dict[tuple, str]:
    """Every lookup a component made -> the text it got (keys as the cache records them)."""
    return {tuple(k): t for k, t in reads.lookups.items()}


def cached_lookups(cache: ComponentCache, component: Component, before: list[Artifact]) -> dict[tuple, str] | None:
    """The lookups an up-to-date cached component made, with the texts it got (None: no up-to-date entry)."""
    if cache.load(component, before) is None:
        return None
    found = read_entry(entry_path(cache.ctx.root, cache.ctx.lang, component.id))
    return None if found is None else {tuple(key): text for *key, text in found[0]["lookups"]}


def stale(lookups: dict[tuple, str] | None, translations) -> bool:
    """Whether a component that made these lookups prints something else with these translations (None: unknown)."""
    return lookups is None or any(lookup(translations, key) != text for key, text in lookups.items())


def changed_keys(lookups: dict[tuple, str], translations) -> set[tuple]:
    """(msgctxt, msgid) of the lookups that give another text now."""
    return {(key[1], key[2]) for key, text in lookups.items() if lookup(translations, key) != text}


def draw(ctx: BuildContext, component: Component, before: list[Artifact]) -> Drawn:
    """One component drawn here, every lookup recorded, overflows accepted as warnings (outlined in red); nothing
    read back yet (check)."""
    with recording(ctx) as (rctx, reads), \
            watch_fits(ctx.root, ctx.lang, ctx.translations, accept_overflow=True) as log:
        try:
            made = component.build(rctx, before if component.from_artifacts else [])
        except CheckFailed as exc:
            return Drawn(component, [], reads, failed=list(exc.problems))
    return Drawn(component, list(made), reads, list(log.warnings))


def check(ctx: BuildContext, cache: ComponentCache | None, drawn: Drawn, before: list[Artifact],
          terms: dict) -> tuple[list[Artifact], list[Problem]]:
    """What the build does after drawing a component (kit/phase_two._render_one): its pages read back (page QA,
    findings as warnings, as the preview's overflow policy has them), a preview added when it draws none, every file
    verified, and, when nothing was found, the artifacts stored in the component cache. Its artifacts (with their
    ink measured) and its problems."""
    steps = checking(ctx, cache, drawn, before, terms)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def checking(ctx: BuildContext, cache: ComponentCache | None, drawn: Drawn, before: list[Artifact], terms: dict):
    """check() one PDF at a time: a generator that reads one more PDF back at each next() and returns check()'s
    result (the watcher looks at the files between two PDFs)."""
    from ..pageqa.check import page_qa
    from .phase_two import finish, printed_in_english

    if drawn.failed:
        return [], list(drawn.failed)
    english = printed_in_english(ctx.lang, drawn.reads)
    found: list[Problem] = []
    artifacts: list[Artifact] = []
    try:
        for a in drawn.artifacts:
            seen, measured = page_qa([a], ctx.lang, ctx.options.back_offset_mm, terms, english)
            found += seen
            artifacts += measured
            if a.path.endswith(".pdf"):
                yield
        return finish(cache, drawn.component, before, artifacts, drawn.reads, found, drawn.warnings)
    except CheckFailed as exc:
        return [], list(exc.problems)


def new_cache(ctx: BuildContext, terms: dict) -> ComponentCache:
    """The component cache of a preview's context, keyed as render_all keys it (the term spellings its page QA
    checked against)."""
    cache = ComponentCache(ctx)
    cache.extend_key(terms)
    return cache


def term_spellings_of(ctx: BuildContext) -> dict:
    """The term spellings the page QA checks the whole kit against (as render_all computes them)."""
    from ..components.common import term_spellings
    from ..plan import registry

    return term_spellings(ctx, frozenset(c.game for c in registry.COMPONENTS))


def catalogs_changed(changed: list[Path]) -> bool:
    """Whether every changed file is a catalog (the quick path); a content or template edit draws everything."""
    return bool(changed) and all(p.suffix == ".po" for p in changed)
