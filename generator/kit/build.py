"""Two-phase kit build: load and check everything, render in memory, then write build/pnp/<lang>/ at once."""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import importlib
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import KIT_NAME
from ..board.check import check_dead_ends, design_problems
from ..board.load import load_quadrant
from ..board.model import Board, build_board
from ..components.common import term_spellings
from ..content.dojo import NebbiaDeck
from ..content.load import load_model
from ..i18n.extract import cached_extraction
from ..i18n.gate import check_language as check_catalogs
from ..i18n.fitwatch import watch_fits
from ..i18n.runtime import SOURCE_LANG, load_translations
from ..output.cache import damage_notes, installed_here, note_installed
from ..output.files import remove_leftovers, replace_tree
from ..output.verify import verify_file
from ..pageqa import ink
from ..pageqa.check import page_qa
from ..pageqa.terms import words
from ..problems import CheckFailed, Problem, blocking
from ..render.face import preload_layouts
from ..render.fonts import font_problems, preload_fonts, prime_cairo_fonts
from ..render.layout import hyphenator
from ..render.preview import missing_previews
from ..render.svg import preload_templates
from ..sim.cards import deck_from_nebbia
from ..sim.gate import ProofSettings, cache_key as proof_key, cache_path as proof_path, cached_proof
from ..sim.ground.gate import GroundProofSettings, cache_key as ground_key, cache_path as ground_path, ground_gate
from .bom import check_bom
from .cache import ComponentCache, Reads, recording, settle
from .inputs import inputs_digest
from .langcheck import check_language
from .model import DEV_LANGS, Artifact, BuildContext, BuildOptions
from . import registry, timings
from .registry import Component
from .sheets import sheets_by_game
from .version import kit_version, source_date_epoch
from .workers import forking, run_ordered, worker_count

BOARD_PATH = Path("content/dojo/board/quadrant.txt")


@dataclass(frozen=True)
class BuildResult:
    """What a finished build wrote."""

    out_dir: Path
    manifest: dict
    warnings: tuple[Problem, ...]
    cached: bool = False
    notes: tuple[str, ...] = ()  # one line each, printed by the command (a damaged cache entry discarded)


def board_fingerprint(quadrant_text: str, legend_text: str) -> str:
    """sha256 of the quadrant and legend texts (line endings normalised)."""
    norm = quadrant_text.replace("\r\n", "\n") + "\0" + legend_text.replace("\r\n", "\n")
    return hashlib.sha256(norm.encode("utf-8")).hexdigest()


def load_board(root: Path) -> tuple[Board | None, str, list[Problem]]:
    """Load the project's board with every check an exported board must pass (dead ends are errors)."""
    path = root / BOARD_PATH
    loaded = load_quadrant(path)
    if loaded.quadrant is None:
        return None, "", [_in_file(p, path, root) for p in loaded.problems]
    board = build_board(loaded.quadrant)
    problems = [p for p in design_problems(board) if p.rule != "dead-end"] + check_dead_ends(board, severity="error")
    legend = path.parent / "legend.toml"
    legend_text = legend.read_text(encoding="utf-8-sig") if legend.exists() else ""
    return board, board_fingerprint(loaded.source, legend_text), [_in_file(p, path, root) for p in problems]


@dataclass(frozen=True)
class Inputs:
    """The board and the content model as phase one loads them, with the problems found reading them (loaded once
    for every language of a build)."""

    board: Board | None
    fingerprint: str
    board_problems: list[Problem]
    model: Any
    content_problems: list[Problem]


def load_inputs(root: Path) -> Inputs:
    """Load the project's board (load_board) and content model (load_model) with their problems."""
    board, fingerprint, board_problems = load_board(root)
    model, content_problems = load_model(root, registry.deck_sources())
    return Inputs(board, fingerprint, board_problems, model, content_problems)


def _in_file(p: Problem, path: Path, root: Path) -> Problem:
    """A board problem named by its file relative to the project, as every content problem is."""
    file = Path(p.file or path)
    if file.is_absolute() and file.is_relative_to(root.absolute()):
        file = file.relative_to(root.absolute())
    return dataclasses.replace(p, file=file.as_posix())


def sim_deck(nebbia: NebbiaDeck) -> tuple[int, ...]:
    """The Nebbia deck the proof plays, from the loaded model (CheckFailed when a card has no effect)."""
    try:
        return deck_from_nebbia(nebbia)
    except ValueError as exc:
        raise CheckFailed([Problem("error", "dojo-dataset", str(exc), "content/dojo/nebbia.toml",
                                   hint="give the card an effect in the simulator or use a known id")]) from None


def prepare(root: Path, options: BuildOptions, jobs: int = 1, inputs: Inputs | None = None) -> BuildContext:
    """Phase one: load and check every input (the board and model given, already loaded by load_inputs, or loaded
    here); raise CheckFailed listing every blocking problem found. Proofs that are not cached yet are played side
    by side when `jobs` allows (0: every core)."""
    problems = check_language(options.lang, options.release, root) + font_problems()
    if problems:
        raise CheckFailed(problems)
    inputs = inputs or load_inputs(root)
    board, model = inputs.board, inputs.model
    catalog_problems = check_catalogs(root, options.lang, strict=options.release)
    found = inputs.board_problems + inputs.content_problems + registry.missing_templates(root) + registry.unknown_games(root) + catalog_problems
    blockers = blocking(found)
    try:
        board_proof = board_proof_args(root, inputs, options)
    except CheckFailed as exc:  # reported with every other problem of phase one
        board_proof = None
        blockers += blocking(list(exc.problems))
    proof, (ground_proof, ground_problems) = proofs(board_proof, (root, model.ground if model is not None else None),
                                                    jobs)
    blockers += [] if proof is None or proof.ok else list(proof.problems)
    blockers += ground_problems
    if blockers or board is None or model is None or proof is None:
        raise CheckFailed(blockers)
    warnings = tuple(p for p in found if p.severity == "warning")
    translations = load_translations(root, options.lang)
    return BuildContext(root, options, kit_version(root), board, inputs.fingerprint, proof.summary(), translations,
                        warnings, source_date_epoch(root), ground_proof, model)


def board_proof_args(root: Path, inputs: Inputs, options: BuildOptions) -> tuple | None:
    """The arguments of cached_proof for the loaded board with these options; None without a board and model fit
    to prove; CheckFailed when a Nebbia card has no effect in the simulator."""
    if inputs.board is None or inputs.model is None or blocking(inputs.board_problems):
        return None
    return (root, inputs.board, inputs.fingerprint, sim_deck(inputs.model.dojo.nebbia),
            ProofSettings(games=options.proof_games, seed=options.proof_seed))


def proofs(board: tuple | None, ground: tuple, jobs: int) -> list:
    """[board proof (None without a board to prove), GROUND gate]: the arguments of cached_proof and ground_gate.

    When neither is cached yet (a cold build) the two are played side by side on `jobs` processes (0: every core);
    a cached proof is only read, in this process."""
    cold = board is not None and ground[1] is not None and not (_board_cached(board) or _ground_cached(ground))
    _PROOFS.update(board=board, ground=ground)
    try:
        return run_ordered(_proof, ["board", "ground"], jobs if cold and forking() else 1)
    finally:
        _PROOFS.clear()


def _board_cached(board: tuple) -> bool:
    """Whether the board proof of these cached_proof arguments is in the cache."""
    root, _board, fingerprint, deck, settings = board
    return proof_path(root, proof_key(fingerprint, settings, deck)).exists()


def _ground_cached(ground: tuple) -> bool:
    """Whether the GROUND gate of these ground_gate arguments is in the cache."""
    root, data = ground
    return ground_path(root, ground_key(data, GroundProofSettings())).exists()


_PROOFS: dict[str, tuple | None] = {}  # the arguments of the proofs being played (inherited by forked workers)


def _proof(kind: str) -> object:
    """One of the proofs (a worker's piece of work): "board" or "ground"."""
    args = _PROOFS[kind]
    if kind == "ground":
        return ground_gate(*args)
    return cached_proof(*args) if args is not None else None


def warm(root: Path, options: list[BuildOptions], jobs: int, inputs: Inputs | None = None) -> None:
    """Phase one's slow parts for builds of several languages played side by side into their caches, before phase
    one reads them: the extraction of the sources' messages (first: every catalog check compares with it), the
    board and GROUND proofs not cached yet, and every language's catalog checks and
    compiled catalogs (a cold release checks three languages' catalogs while the proofs play). One language's
    phase one plays its proofs side by side itself (prepare). Whatever fails here, phase one meets again and
    reports."""
    options = [o for o in options if not check_language(o.lang, o.release, root)]  # phase one stops those at once
    langs = list(dict.fromkeys(o.lang for o in options))
    if len(langs) < 2 or not forking():  # only a speed-up: spawned workers would redo what they inherit
        return
    inputs = inputs or load_inputs(root)
    model = inputs.model
    tasks: list[tuple] = [("extract", root)]
    for o in {(o.proof_games, o.proof_seed): o for o in options}.values():  # one proof per setting
        try:
            board_proof = board_proof_args(root, inputs, o)
        except CheckFailed:
            break
        if board_proof is not None and not _board_cached(board_proof):
            tasks.append(("board", *board_proof))
    if model is not None and model.ground is not None and not _ground_cached((root, model.ground)):
        tasks.append(("ground", root, model.ground))
    tasks += [("catalogs", root, lang, release) for lang, release in dict.fromkeys((o.lang, o.release) for o in options)
              if lang not in DEV_LANGS]
    tasks += [("translations", root, lang) for lang in langs if lang not in DEV_LANGS]  # never the pseudo-locale
    _WARM[:] = tasks
    try:
        with timings.phase("phase one: proofs and catalogs side by side"):
            run_ordered(_warm_one, range(len(tasks)), jobs)
    finally:
        _WARM.clear()


_WARM: list[tuple] = []  # the tasks warm() hands out (inherited by forked workers)
_WARMERS = {"extract": cached_extraction, "board": cached_proof, "ground": ground_gate,
            "catalogs": lambda root, lang, release: check_catalogs(root, lang, strict=release),
            "translations": load_translations}


def _warm_one(i: int) -> None:
    """One of warm()'s tasks (a worker's piece of work); a failure is left for phase one to report."""
    kind, *args = _WARM[i]
    try:
        _WARMERS[kind](*args)
    except CheckFailed:
        pass


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
        return [booklets, *others]
    return [(job,) for job in booklets] + others


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


def _adopt(state: tuple) -> None:
    """A spawned worker's start: each build's context made again by phase one (from the caches the parent's
    phase one filled), its component cache keyed as the parent's; the components and term spellings as sent."""
    global _CTXS, _CACHES, _COMPONENTS, _TERMS
    builds, _COMPONENTS, _TERMS = state
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
            warned = [dataclasses.replace(p, severity="warning") for p in found]
            artifacts += [] if component.from_artifacts else missing_previews(artifacts)
            verify({a.path: a.data for a in artifacts}, [a.manifest_entry("") for a in artifacts])
            if _CACHES[k] is not None and not (log.warnings or warned) and ctx.options.page_qa:
                _CACHES[k].store(component, before or [], artifacts, reads)
            return artifacts, [*log.warnings, *warned], timings.cost(start, cpu, qa)
        except CheckFailed as exc:
            return [], list(exc.problems), None


def verify(files: dict[str, bytes], entries: list[dict]) -> None:
    """Read every file back (PDF pages and boxes as its manifest entry states); raise CheckFailed if any fails."""
    by_path = {e["path"]: e for e in entries}
    problems = [p for path, data in files.items() for p in verify_file(path, data, by_path.get(path))]
    if problems:
        raise CheckFailed(problems)


def manifest(ctx: BuildContext, artifacts: list[Artifact]) -> dict:
    """The build's one record: kit, version, language, board proof and every file with its checksum."""
    board = {"fingerprint": ctx.board_fingerprint, **({"proof": ctx.proof} if ctx.proof else {})}
    files = [a.manifest_entry(hashlib.sha256(a.data).hexdigest()) for a in artifacts]
    for entry, a in zip(files, artifacts):
        if ink.home_print(entry):
            # per page: what a home printer spends (pageqa/ink.py), measured by the page QA that read the file
            entry["ink_percent"] = list(a.ink) if a.ink is not None else ink.coverage(a.data)
    ground = {"ground": {"proof": ctx.ground_proof}} if ctx.ground_proof else {}
    return {"kit": KIT_NAME, "version": ctx.version, "lang": ctx.lang, "board": board, **ground,
            "sheets": sheets_by_game(files), "ink": ink.by_game(files), "files": files}


def up_to_date(out_dir: Path, digest: str, root: Path) -> dict | None:
    """The previous manifest when out_dir holds a complete build of exactly these inputs, installed by this user's
    build of the project in root (its sealed record: output/cache.py)."""
    try:
        text = (out_dir / "manifest.json").read_bytes()
        record = json.loads(text)
        if record.get("inputs") != digest or not installed_here(root, out_dir, text):  # planted or copied: built again
            return None
        on_disk = {p.relative_to(out_dir).as_posix() for p in out_dir.rglob("*") if not p.is_dir()}
        if on_disk != {e["path"] for e in record["files"]} | {"manifest.json"}:
            return None  # a file missing, added or replaced by a link or folder
        for entry in record["files"]:
            if hashlib.sha256((out_dir / entry["path"]).read_bytes()).hexdigest() != entry["sha256"]:
                return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return record


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
               jobs: int = 0, all_or_nothing: bool = False) -> list[BuildResult | CheckFailed]:
    """build_kit for several languages: each checked in phase one, then the components of all of them rendered
    on one set of worker processes (render_languages), then each kit installed; per language its result, or
    the CheckFailed that stopped it. The other languages still build, unless all_or_nothing (a release): then a
    language failing phase one stops the others before they render, one failing to render keeps the others
    from being installed; those held back come as a CheckFailed with one "held-back" problem naming the
    languages that stopped them. Languages already up to date are reused in every mix with stale ones."""
    outcomes: dict[int, BuildResult | CheckFailed] = {}
    todo = []  # (number, options, output folder, inputs digest)
    for n, opts in enumerate(options):
        out_dir = (out_root or root / "build" / "pnp") / opts.lang
        with timings.phase("inputs digest, up-to-date check"):
            remove_leftovers(out_dir)
            digest = inputs_digest(root, opts, kit_version(root), source_date_epoch(root))
            cached = None if force else up_to_date(out_dir, digest, root)
        if cached is not None:
            outcomes[n] = BuildResult(out_dir, cached, tuple(Problem(**w) for w in cached.get("warnings", ())),
                                      cached=True)
        else:
            todo.append((n, opts, out_dir, digest))
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
    results, notes = [outcomes[n] for n in range(len(options))], damage_notes()  # catalogs, checks, proofs
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
