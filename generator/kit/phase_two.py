"""Phase two of a kit build: every component rendered in memory on worker processes, each artifact read back
(verify, page QA) and stored in the component cache; nothing is written to the kit's folder here."""

from __future__ import annotations

import dataclasses
import gc
import importlib
import time
from pathlib import Path
from typing import Any

from ..components.common import term_spellings
from ..i18n.fitwatch import watch_fits
from ..i18n.runtime import SOURCE_LANG
from ..output.compiled import template_cache
from ..output.verify import verify_file
from ..pageqa.check import page_qa
from ..pageqa.terms import words
from ..problems import CheckFailed, Problem
from ..render.face import preload_layouts
from ..render.fonts import preload_fonts, prime_cairo_fonts
from ..render.layout import hyphenator
from ..render.preview import missing_previews
from ..render.svg import keep_art, keep_compiled, preload_templates
from ..render.templates import OPTIONS as TEMPLATE_OPTIONS
from ..plan.bom import check_bom
from .phase_one import prepare
from .artcache import ArtCache
from .cache import ComponentCache, Reads, recording
from ..plan.model import Artifact, BuildContext
from . import timings
from ..plan import registry
from ..plan.registry import Component
from .workers import run_ordered, worker_count


def render_all(ctx: BuildContext, components: tuple[Component, ...] | None = None, jobs: int = 0,
               warnings: list[Problem] | None = None, cache: ComponentCache | None = None) -> list[Artifact]:
    """Phase two: every registered component (or the given ones) rendered in memory, in manifest order, each
    artifact read back (verify, and the page QA of generator/pageqa); components render on `jobs` processes (0: every core).

    With a cache, a component whose inputs are unchanged is taken from it and every component rendered without
    a problem or warning is stored in it (kit/cache.py). The problems of all components are gathered and raised
    together, before anything is written. A component built from the artifacts before it (a contact sheet)
    renders afterwards in this process, in its place. An overflow names its catalog entry (.po file, line,
    msgctxt); with the overflow policy "warn" (set in each worker, generator/i18n/fitwatch.py) it comes back as a
    warning, appended to `warnings`, and is drawn with a red outline. A caller watching fits itself
    (record=True) renders with jobs=1, in its own process.
    """
    ((artifacts, problems, accepted),) = render_languages([(ctx, cache)], components, jobs)
    if warnings is not None:
        warnings.extend(accepted)
    if problems:
        raise CheckFailed(problems)
    return artifacts


Rendered = tuple[list[Artifact], list[Problem], list[Problem]]  # artifacts, blocking problems, accepted warnings


def render_languages(builds: list[tuple[BuildContext, ComponentCache | None]],
                     components: tuple[Component, ...] | None = None, jobs: int = 0) -> list[Rendered]:
    """render_all for several contexts (languages) at once, on one set of worker processes: every language's
    booklets are handed out first, so that both cores stay busy to the end of the last language, and what the
    workers share is loaded once. For each context: its artifacts, its blocking problems (then no artifacts are
    to be written) and the warnings its fit watchers accepted."""
    global _CTXS, _CACHES, _COMPONENTS, _TERMS
    if not builds:
        return []
    chosen = registry.COMPONENTS if components is None else tuple(components)
    _keep_made(builds[0][0].root)
    with timings.phase("cache lookups, imports, preload"):
        terms, cached = [], []
        for ctx, cache in builds:
            terms.append(term_spellings(ctx, frozenset(c.game for c in chosen)))
            if cache:
                cache.extend_key(terms[-1])  # the page QA of a cached component passed with these term spellings
            cached.append({i: made for i, c in enumerate(chosen)
                           if not c.from_artifacts and cache and (made := cache.load(c, [])) is not None})
        todo = [(k, i) for k in range(len(builds)) for i, c in enumerate(chosen)
                if not c.from_artifacts and i not in cached[k]]
        pieces = _pieces(todo, chosen, worker_count(jobs, len(todo)))
        apart = pieces[0] if pieces and len(pieces[0]) > 1 else ()  # the booklets, typeset in one worker
        for module in dict.fromkeys(chosen[i].builder.split(":")[0] for _k, i in todo if (_k, i) not in apart):
            importlib.import_module(module)  # every builder's module imported here, once, before the workers fork
        if todo or any(c.from_artifacts for c in chosen):
            prime_cairo_fonts()  # text renders the same whichever component a process draws first
        if len(todo) > 1:  # read and compiled once here, shared by the forked workers
            langs = [builds[k][0].lang for k in dict.fromkeys(k for k, _i in todo)]
            preload(builds[0][0].root, langs, reportlab=not apart and any("rules" in chosen[i].kinds for _k, i in todo))
    _CTXS, _CACHES, _COMPONENTS, _TERMS = [ctx for ctx, _cache in builds], [c for _ctx, c in builds], chosen, terms
    gc.freeze()  # what the workers inherit is never scanned by their cycle collector (nor copied by it)
    try:
        with timings.phase(f"components on {worker_count(jobs, len(todo))} process(es)"):
            def state() -> tuple:  # what a spawned worker needs to make the same contexts (_adopt)
                return [(c.root, c.options, cache is not None) for c, cache in builds], chosen, terms

            rendered = {job: made for piece, results in zip(pieces, run_ordered(_render_piece, pieces, jobs,
                                                                                  adopt=(_adopt, state)))
                        for job, made in zip(piece, results)}
        return [_assemble(k, ctx, cache, chosen, cached[k], rendered, components is None)
                for k, (ctx, cache) in enumerate(builds)]
    finally:
        gc.unfreeze()
        _CTXS, _CACHES, _COMPONENTS, _TERMS = [], [], (), []


def printed_in_english(lang: str, reads: Reads) -> frozenset[str]:
    """The words of the strings a component printed in English for want of a translation (a development build
    warns about them as missing): in another language, a lookup that gave back its own English text."""
    if lang == SOURCE_LANG:
        return frozenset()
    return frozenset().union(*(words(text) for text in reads.in_english()))


def _pieces(todo: list[tuple[int, int]], chosen: tuple[Component, ...], workers: int) -> list[tuple[tuple[int, int], ...]]:
    """The jobs as the pieces of work handed to the workers, the booklets (the longest renders) first, so that the
    last to finish are short ones. On several workers, with at least as many other components to draw, every
    booklet goes in one piece: one worker imports the typesetting libraries and typesets them all while the
    others draw cards (the parent then need not import them before the workers start)."""
    booklets = tuple(job for job in todo if "rules" in chosen[job[1]].kinds)
    others = [(job,) for job in todo if job not in booklets]
    if workers > 1 and booklets and len(others) >= len(booklets):
        return [booklets, *_after_figures(others, booklets[0], chosen)]
    return [(job,) for job in booklets] + others


def _after_figures(others: list[tuple[tuple[int, int], ...]], first: tuple[int, int],
                   chosen: tuple[Component, ...]) -> list[tuple[tuple[int, int], ...]]:
    """The other pieces, those of the first booklet's game and language last (each group in its order): that booklet
    draws its figures as the other workers start, and a figure's art that a component of its game shows too (the
    Dojo board) is then drawn once, kept by the booklet's worker (svg.keep_art), instead of by two workers at once."""
    def figures_first(piece: tuple[tuple[int, int], ...]) -> bool:
        (k, i), = piece
        return k == first[0] and chosen[i].game == chosen[first[1]].game
    return sorted(others, key=figures_first)  # stable: False (the rest) first


def _render_piece(piece: tuple[tuple[int, int], ...]) -> list:
    """_render_one for each job of a piece of work, in order (a worker's piece of work)."""
    return [_render_one(job) for job in piece]


def _assemble(k: int, ctx: BuildContext, cache: ComponentCache | None, chosen: tuple[Component, ...],
              cached: dict[int, list[Artifact]], rendered: dict, whole_kit: bool) -> Rendered:
    """One context's artifacts in manifest order: from the cache, the workers, or drawn here from the artifacts
    before them (a contact sheet; _render_one stores what it draws in the cache); the bill of materials checked
    when it is the whole kit."""
    artifacts: list[Artifact] = []
    problems: list[Problem] = []
    accepted: list[Problem] = []
    for index, component in enumerate(chosen):
        before = list(artifacts) if component.from_artifacts else []
        if index in cached:
            made, found, cost = cached[index], [], None
        elif component.from_artifacts:
            if problems:
                continue  # a contact sheet of a failed build would only repeat the failure
            made = cache.load(component, before) if cache else None
            made, found, cost = (made, [], None) if made is not None else _render_one((k, index), before)
        else:
            made, found, cost = rendered[k, index]
        timings.component(component.id, cost)
        artifacts.extend(made)
        problems.extend(p for p in found if p.severity != "warning")
        accepted.extend(p for p in found if p.severity == "warning")
    if not problems and whole_kit:  # the bill of materials is proved on the whole kit only
        problems = check_bom(ctx.model.boms, artifacts, ctx.options.papers)
    return ([] if problems else artifacts), problems, accepted


def preload(root: Path, langs: list[str], reportlab: bool) -> None:
    """What every worker would otherwise read or compile for itself: fonts, SVG templates, face layouts and each
    language's hyphenation dictionary."""
    templates = root / "templates"
    preload_fonts(reportlab)
    preload_templates(templates)
    preload_layouts(templates)
    for lang in langs:
        hyphenator(lang)


_CTXS: list[BuildContext] = []  # the contexts of the builds being rendered (inherited by forked workers)
_COMPONENTS: tuple[Component, ...] = ()  # the components being rendered (inherited by forked workers)
_CACHES: list[ComponentCache | None] = []  # the component cache of each build, or None (inherited by workers)
_TERMS: list[dict[str, frozenset[str]]] = []  # each build's term spellings for the page QA (inherited by workers)


def _keep_made(root: Path) -> None:
    """This process's templates compiled and art drawn kept between processes: what an earlier process compiled
    and drew is read, not made again (the building process and each spawned worker)."""
    keep_compiled(template_cache(TEMPLATE_OPTIONS))
    keep_art(ArtCache(root))


def _adopt(state: tuple) -> None:
    """A spawned worker's start: each build's context made again by phase one (from the caches the parent's
    phase one filled), its component cache keyed as the parent's; the components and term spellings as sent."""
    global _CTXS, _CACHES, _COMPONENTS, _TERMS
    builds, _COMPONENTS, _TERMS = state
    _keep_made(builds[0][0])
    _CTXS = [prepare(root, options) for root, options, _cached in builds]
    _CACHES = [ComponentCache(ctx) if cached else None for ctx, (_r, _o, cached) in zip(_CTXS, builds)]
    for cache, terms in zip(_CACHES, _TERMS):
        if cache is not None:
            cache.extend_key(terms)
    prime_cairo_fonts()


def _render_one(job: tuple[int, int], before: list[Artifact] | None = None) -> tuple[list[Artifact], list[Problem], Any]:
    """One component (job: context number, component number) rendered: its artifacts, each read back (verify)
    and its pages checked (page QA), with a preview when it draws none, and the overflows its fit watcher accepted
    (warnings); or its problems (a worker returns them rather than raising); and what it cost (kit/timings.py).
    Rendered without a problem or warning, it is stored in its build's component cache with what it read, by the
    process that drew it. In the pseudo-locale (overflow policy "warn") page QA findings are warnings too."""
    k, index = job
    start, cpu = timings.now(), time.process_time()
    with recording(_CTXS[k]) as (ctx, reads):
        try:
            component = _COMPONENTS[index]
            with watch_fits(ctx.root, ctx.lang, _CTXS[k].translations,
                            accept_overflow=ctx.options.overflow == "warn") as log:
                artifacts = component.build(ctx, before or [])
            checked = time.process_time()
            found, artifacts = page_qa(artifacts, ctx.lang, ctx.options.back_offset_mm, _TERMS[k],
                                       printed_in_english(ctx.lang, reads)) if ctx.options.page_qa else ([], artifacts)
            qa = time.process_time() - checked
            if found and ctx.options.overflow != "warn":
                return [], found, None
            artifacts, problems = finish(_CACHES[k] if ctx.options.page_qa else None, component, before or [],
                                         artifacts, reads, found, log.warnings)
            return artifacts, problems, timings.cost(start, cpu, qa)
        except CheckFailed as exc:
            return [], list(exc.problems), None


def finish(cache: ComponentCache | None, component: Component, before: list[Artifact], artifacts: list[Artifact],
           reads: Reads, found: list[Problem], fit_warnings: list[Problem]) -> tuple[list[Artifact], list[Problem]]:
    """What follows a component's page QA, in a build worker and in the preview's quick path (kit/redraw.py): its
    findings (found: the ones a build lets through) as warnings, a preview added when it draws none, every file
    read back (verify: CheckFailed), and, when there was nothing to say, the artifacts stored in the component cache
    with what the component read. Its artifacts and its warnings."""
    warned = [dataclasses.replace(p, severity="warning") for p in found]
    artifacts = artifacts + ([] if component.from_artifacts else missing_previews(artifacts))
    verify({a.path: a.data for a in artifacts}, [a.manifest_entry("") for a in artifacts])
    if cache is not None and not (fit_warnings or warned):
        cache.store(component, before if component.from_artifacts else [], artifacts, reads)
    return artifacts, [*fit_warnings, *warned]


def verify(files: dict[str, bytes], entries: list[dict]) -> None:
    """Read every file back (PDF pages and boxes as its manifest entry states); raise CheckFailed if any fails."""
    by_path = {e["path"]: e for e in entries}
    problems = [p for path, data in files.items() for p in verify_file(path, data, by_path.get(path))]
    if problems:
        raise CheckFailed(problems)


