"""The one pipeline entry the commands call: `run(root, langs, mode)`.

Every mode goes through the same stages of generator/kit/ (phase one: load and check every input, play the proofs;
phase two: render every component in memory, read it back, page-QA it; then install, for the modes that write):

- "build": a development kit per language into build/pnp/<lang>/ (`dojo build`, `make pnp`); each language
  stands alone: one failing does not stop the others.
- "release": release kits (every string translated, catalogs strict), all languages or none (`dojo release`).
- "check": render every component of each language in memory and install nothing (`dojo i18n check --render`):
  what rendering finds (an overflowing slot, a missing glyph, in a non-English kit a printed word no catalog gives:
  i18n/visible.py) comes back as the language's problems.
- "preview": render each language in memory through its component cache and install nothing (the live preview,
  `dojo i18n watch`); `loaded` hands back the contexts of an earlier run to render again without phase one.
- "load": phase one only, with the preview's options: each language's context, to pass to "preview" as `loaded`
  (the preview loads again only when content or templates change).
- "record": render each language in memory in this process, pages not read back, logging every fit (the slot map,
  `dojo i18n slots`).

The pseudo-locale is rendered with the overflow policy "warn" (an overflow is outlined in red and reported as a
warning); every other language with "error", but in "preview", "load" and "record" (every language "warn"). Per
language, in the order asked: a BuildResult (build, release), a Checked (check), a Previewed (preview), a
BuildContext (load), a FitLog (record), or the CheckFailed that stopped it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Union

from . import interrupts
from .kit.installed import BuildResult, check_installed
from .output.cache import damage_mark
from .plan.model import DEV_LANGS, Artifact, BuildContext, BuildOptions
from .problems import CheckFailed, Problem, blocking

if TYPE_CHECKING:
    from .i18n.fitwatch import FitLog
    from .kit.cache import ComponentCache

# The stages (kit/build.py and what it draws with) are imported when a mode first needs them: a build whose kits are
# all up to date (kit/installed.py) imports none of them.
(PSEUDO_LANG,) = DEV_LANGS  # i18n/catalogs.py's PSEUDO_LANG

MODES = ("build", "release", "check", "preview", "load", "record")
WARN_ALWAYS = ("preview", "load", "record")  # modes that outline an overflow in every language instead of stopping


@dataclass(frozen=True)
class Checked:
    """A language rendered in memory by the "check" mode without a blocking problem: the warnings it gave."""

    lang: str
    warnings: tuple[Problem, ...]


@dataclass(frozen=True)
class Previewed:
    """A language rendered in memory by the "preview" mode: its context (pass it back as `loaded` to render again
    without phase one), its component cache (what each component looked up), its artifacts, the overflows accepted
    as warnings, and the problems that stopped its render (then no artifacts; the context is still loaded)."""

    ctx: BuildContext
    cache: "ComponentCache"
    artifacts: list[Artifact]
    warnings: list[Problem]
    problems: tuple[Problem, ...] = ()


Outcome = Union[BuildResult, Checked, Previewed, BuildContext, "FitLog", CheckFailed]


def options_for(langs: list[str] | tuple[str, ...], mode: str, **settings) -> list[BuildOptions]:
    """The build options of each language in this mode (settings: BuildOptions fields, e.g. back_offset_mm)."""
    if mode not in MODES:
        raise ValueError(f"pipeline mode {mode!r}: one of {', '.join(MODES)}")
    own = {"page_qa": False} if mode == "record" else {}  # the slot map records fits only: no read-back
    return [BuildOptions(lang=lang, release=mode == "release", **{
        "overflow": "warn" if lang == PSEUDO_LANG or mode in WARN_ALWAYS else "error", **own, **settings})
        for lang in langs]


def run(root: Path, langs: list[str] | tuple[str, ...], mode: str = "build", *, jobs: int = 0, force: bool = False,
        out_root: Path | None = None, all_or_nothing: bool | None = None,
        loaded: list[BuildContext] | None = None, **settings) -> list[Outcome]:
    """Run the pipeline for each language of langs in one mode (MODES) on `jobs` processes (0: every core); the
    outcome of each language in order. force: render everything again (build, release); out_root: another folder
    than ROOT/build/pnp (build); all_or_nothing: install every language or none (default: in a release; an export
    of development kits asks for it too); loaded: each language's context from an earlier "preview" run (its
    translations may be replaced), rendered again without phase one; settings: BuildOptions fields
    (back_offset_mm, backs, …)."""
    options = options_for(langs, mode, **settings)
    if mode == "check":
        return _check(root, options, jobs)
    if mode == "preview":
        return [_preview(root, opts, jobs, loaded[n] if loaded else None) for n, opts in enumerate(options)]
    if mode == "load":
        return [_load(root, opts, jobs) for opts in options]
    if mode == "record":
        return [_record(root, opts) for opts in options]
    together = mode == "release" if all_or_nothing is None else all_or_nothing
    mark = damage_mark()  # this build's damaged cache files only
    installed, todo = check_installed(root, options, out_root, force)
    if not todo:  # every kit up to date
        return [installed[n] for n in range(len(options))]
    with interrupts.deferred():  # a signal inside a native module's start-up (pikepdf's) would abort the process
        from .kit import build

    return build.build_kits(root, options, out_root, force=force, jobs=jobs, all_or_nothing=together,
                            checked=(installed, todo), mark=mark)


def _check(root: Path, options: list[BuildOptions], jobs: int) -> list[Outcome]:
    """Phase one and phase two of each language, nothing installed; a component whose inputs are unchanged since it
    last rendered without a problem comes from the component cache."""
    from .i18n.visible import visible_problems
    from .kit import build
    from .kit.cache import ComponentCache

    inputs = build.load_inputs(root)
    build.warm(root, options, jobs, inputs)  # the languages' catalog checks and compiled catalogs side by side
    outcomes: dict[int, Outcome] = {}
    ready = []
    for n, opts in enumerate(options):
        try:
            ready.append((n, build.prepare(root, opts, inputs=inputs)))
        except CheckFailed as exc:
            outcomes[n] = exc
    rendered = build.render_languages([(ctx, ComponentCache(ctx)) for _n, ctx in ready], jobs=jobs)
    for (n, ctx), (artifacts, found, warnings) in zip(ready, rendered):
        if not found:  # every printed word from a catalog (i18n/visible.py): the kit's pages read back
            seen = visible_problems(root, ctx.lang, artifacts)
            found, warnings = blocking(seen), [*warnings, *(p for p in seen if p.severity == "warning")]
        outcomes[n] = CheckFailed([*found, *warnings]) if found else Checked(ctx.lang, tuple(warnings))
    return [outcomes[n] for n in range(len(options))]


def _load(root: Path, options: BuildOptions, jobs: int) -> BuildContext | CheckFailed:
    """Phase one of one language (its proofs side by side on `jobs` processes)."""
    from .kit import build

    try:
        return build.prepare(root, options, jobs)
    except CheckFailed as exc:
        return exc


def _preview(root: Path, options: BuildOptions, jobs: int, ctx: BuildContext | None) -> Previewed | CheckFailed:
    """Phase one (unless the context is loaded already), then phase two through the language's component cache."""
    from .kit import build
    from .kit.cache import ComponentCache

    ctx = ctx or _load(root, options, jobs)
    if isinstance(ctx, CheckFailed):
        return ctx
    cache, warnings = ComponentCache(ctx), []  # entries stored with what each component looked up in the catalogs
    try:
        artifacts = build.render_all(ctx, None, jobs=jobs, warnings=warnings, cache=cache)
    except CheckFailed as exc:
        return Previewed(ctx, cache, [], warnings, tuple(exc.problems))
    return Previewed(ctx, cache, artifacts, warnings)


def _record(root: Path, options: BuildOptions) -> FitLog | CheckFailed:
    """Phase one, then phase two in this process (the fit log sees every fit), logging every fit."""
    from .i18n.fitwatch import watch_fits
    from .kit import build

    try:
        ctx = build.prepare(root, options)
        with watch_fits(root, options.lang, ctx.translations, accept_overflow=True, record=True) as log:
            build.render_all(ctx, jobs=1)
    except CheckFailed as exc:
        return exc
    return log


def problems(outcomes: list[Outcome]) -> list[Problem]:
    """Every problem and warning the outcomes carry, in order (what `dojo i18n check --render` prints)."""
    out: list[Problem] = []
    for o in outcomes:
        out += list(o.problems) if isinstance(o, CheckFailed) else list(o.warnings)
    return out
