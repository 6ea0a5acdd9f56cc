"""Two-phase kit build: load and check everything, render in memory, then write build/pnp/<lang>/ at once."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path

from .. import KIT_NAME
from ..output.cache import damage_mark, damage_notes, note_installed
from ..output.files import replace_tree
from ..pageqa import ink
from ..problems import CheckFailed, Problem
from .cache import ComponentCache, settle
from .installed import BuildResult, Checked, check_installed, up_to_date  # noqa: F401 (up_to_date: importable from here)
from ..plan.model import Artifact, BuildContext, BuildOptions
from . import timings
from ..plan.sheets import sheets_by_game

# The stages, each in its own module; their names stay importable from here (commands, tests and benchmarks use them)
from .phase_one import (BOARD_PATH, Inputs, board_fingerprint, board_proof_args, check_catalogs,  # noqa: F401
                        check_language, load_board, load_inputs, prepare, proofs, warm)
from .phase_two import (Rendered, _pieces, preload, printed_in_english, render_all,  # noqa: F401
                        render_languages, verify)


def manifest(ctx: BuildContext, artifacts: list[Artifact]) -> dict:
    """The build's one record: kit, version, language, board proof and every file with its checksum."""
    board = {"fingerprint": ctx.board_fingerprint, **({"proof": ctx.proof} if ctx.proof else {})}
    files = [a.manifest_entry(hashlib.sha256(a.data).hexdigest()) for a in artifacts]
    for entry, a in zip(files, artifacts):
        if ink.home_print(entry):
            # per page: what a home printer spends (pageqa/ink.py), measured by the page QA that read the file
            entry["ink_percent"] = list(a.ink) if a.ink is not None else ink.coverage(a.data)
    gates = {game: {"proof": summary} for game, summary in ctx.gates.items()}  # each game's gate (phase one)
    return {"kit": KIT_NAME, "version": ctx.version, "lang": ctx.lang, "board": board, **gates,
            "sheets": sheets_by_game(files), "ink": ink.by_game(files), "files": files}


def write_kit(ctx: BuildContext, out_dir: Path, digest: str | None = None, jobs: int = 0,
              cache: ComponentCache | None = None) -> dict:
    """Phase two and output: render every component in memory (on `jobs` processes, 0: every core; unchanged
    ones from the cache), verify, then replace out_dir at once; the manifest (overflows accepted by the "warn"
    policy join its warnings)."""
    overflows: list[Problem] = []
    artifacts = render_all(ctx, jobs=jobs, warnings=overflows, cache=cache)
    return install_kit(ctx, artifacts, overflows, out_dir, digest)


def install_kit(ctx: BuildContext, artifacts: list[Artifact], overflows: list[Problem], out_dir: Path,
                digest: str | None) -> dict:
    """Output: the manifest of rendered artifacts (overflows accepted by the "warn" policy join its warnings),
    then out_dir replaced at once by them; the manifest."""
    if not ctx.options.page_qa:
        raise ValueError("a kit rendered without its page QA (BuildOptions.page_qa) is never installed")
    ctx = dataclasses.replace(ctx, warnings=ctx.warnings + tuple(overflows))
    record = manifest(ctx, artifacts)
    if digest is not None:
        record["inputs"] = digest
    if ctx.warnings:
        record["warnings"] = [dataclasses.asdict(w) for w in ctx.warnings]
    files = {a.path: a.data for a in artifacts}
    if len(files) != len(artifacts):
        twice = sorted({a.path for a in artifacts if sum(b.path == a.path for b in artifacts) > 1})
        raise CheckFailed([Problem("error", "verify", f"two components write {', '.join(twice)}",
                                   hint="give each artifact its own path")])
    files["manifest.json"] = (json.dumps(record, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    with timings.phase("manifest, write"):
        verify({"manifest.json": files["manifest.json"]}, [])  # every other file was verified as it was rendered
        replace_tree(out_dir, files, {e["path"]: e["sha256"] for e in record["files"]})  # hashed for the manifest
        note_installed(ctx.root, out_dir, files["manifest.json"])
    return record


def build_kit(root: Path, options: BuildOptions, out_root: Path | None = None, force: bool = False,
              jobs: int = 0) -> BuildResult:
    """Build one language's kit into out_root/<lang> (default build/pnp/<lang>), all or nothing.

    Components render on `jobs` processes (0: every core); the files do not depend on it. A component whose
    inputs did not change since it was last rendered comes from the component cache (build/cache/components),
    except with force, which renders everything (and refreshes the cache)."""
    (outcome,) = build_kits(root, [options], out_root, force, jobs)
    if isinstance(outcome, CheckFailed):
        raise outcome
    return outcome


def build_kits(root: Path, options: list[BuildOptions], out_root: Path | None = None, force: bool = False,
               jobs: int = 0, all_or_nothing: bool = False,
               checked: Checked | None = None, mark: int | None = None) -> list[BuildResult | CheckFailed]:
    """build_kit for several languages: each checked in phase one, then the components of all of them rendered
    on one set of worker processes (render_languages), then each kit installed; per language its result, or
    the CheckFailed that stopped it. The other languages still build, unless all_or_nothing (a release): then a
    language failing phase one stops the others before they render, one failing to render keeps the others
    from being installed; those held back come as a CheckFailed with one "held-back" problem naming the
    languages that stopped them. Languages already up to date are reused in every mix with stale ones. checked: what
    kit/installed.py's check_installed found for every language; mark: the damage_mark() taken before it."""
    mark = damage_mark() if mark is None else mark  # this build's damaged cache files only
    outcomes: dict[int, BuildResult | CheckFailed]
    outcomes, todo = check_installed(root, options, out_root, force) if checked is None else checked
    inputs = None
    if todo:
        with timings.phase("phase one: load board and content"):
            inputs = load_inputs(root)
    warm(root, [opts for _n, opts, _o, _d in todo], jobs, inputs)
    pending = []  # (number, context, output folder, inputs digest)
    for n, opts, out_dir, digest in todo:
        try:
            with timings.phase("phase one: load, check, proofs"):
                pending.append((n, prepare(root, opts, jobs, inputs), out_dir, digest))
        except CheckFailed as exc:
            outcomes[n] = exc
    if all_or_nothing and _failed(outcomes):
        outcomes.update(_held_back([n for n, *_ in pending], options, outcomes))
        pending = []
    builds = [(ctx, ComponentCache(ctx, read=not force, journal=True)) for _n, ctx, _o, _d in pending]
    caches = {n: cache for (n, *_), (_ctx, cache) in zip(pending, builds)}
    try:
        rendered = render_languages(builds, jobs=jobs)
        if all_or_nothing and any(problems for _a, problems, _o in rendered):
            outcomes.update({n: CheckFailed(problems) for (n, *_), (_a, problems, _o) in zip(pending, rendered)
                             if problems})
            outcomes.update(_held_back([n for n, *_ in pending if n not in outcomes], options, outcomes))
            pending = []
        for (n, ctx, out_dir, digest), (artifacts, problems, overflows) in zip(pending, rendered):
            if problems:
                outcomes[n] = CheckFailed(problems)
                continue
            try:
                record = install_kit(ctx, artifacts, overflows, out_dir, digest)
            except CheckFailed as exc:
                outcomes[n] = exc
                continue
            outcomes[n] = BuildResult(out_dir, record, tuple(Problem(**w) for w in record.get("warnings", ())),
                                      notes=caches[n].notes())
    finally:  # a failed, stopped or interrupted build leaves no cache entry behind; a good one prunes the cache
        settle(root, [(cache, isinstance(outcomes.get(n), BuildResult)) for n, cache in caches.items()])
    results, notes = [outcomes[n] for n in range(len(options))], damage_notes(mark)  # catalogs, checks, proofs
    first = next((i for i, r in enumerate(results) if isinstance(r, BuildResult)), None)
    if notes and first is not None:  # told once, by the first language that built
        results[first] = dataclasses.replace(results[first], notes=results[first].notes + notes)
    return results


def _failed(outcomes: dict[int, BuildResult | CheckFailed]) -> list[int]:
    """The numbers of the languages that failed (up-to-date and built ones are not failures)."""
    return [n for n, outcome in sorted(outcomes.items()) if isinstance(outcome, CheckFailed)]


def _held_back(numbers: list[int], options: list[BuildOptions],
               outcomes: dict[int, BuildResult | CheckFailed]) -> dict[int, CheckFailed]:
    """All or nothing: the languages in `numbers`, ready to render or install, held back by the others' failure,
    each as a failure saying so in words (never an empty one)."""
    by = ", ".join(options[n].lang for n in _failed(outcomes))
    return {n: CheckFailed([Problem("error", "held-back", f"not installed: held back because language {by} "
                                    "failed (a release installs every language or none)",
                                    hint=f"fix the problems of language {by}, then release again")])
            for n in numbers}
