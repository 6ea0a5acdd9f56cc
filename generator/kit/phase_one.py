"""Phase one of a kit build: load the board and the content model, check every input, play the proofs (the
board's and GROUND's), and hand the renderers a BuildContext; nothing is drawn or written here."""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..board.check import check_dead_ends, design_problems
from ..board.load import load_quadrant
from ..board.model import Board, build_board
from ..content.dojo import NebbiaDeck
from ..content.load import load_model
from ..i18n.extract import cached_extraction
from ..i18n.gate import check_language as check_catalogs
from ..i18n.runtime import load_translations
from ..problems import CheckFailed, Problem, blocking
from ..render.fonts import font_problems
from ..sim.cards import deck_from_nebbia
from ..sim.gate import ProofSettings, cache_key as proof_key, cache_path as proof_path, cached_proof
from ..sim.ground.gate import GroundProofSettings, cache_key as ground_key, cache_path as ground_path, ground_gate
from .langcheck import check_language
from ..plan.model import DEV_LANGS, BuildContext, BuildOptions
from . import timings
from ..plan import registry
from ..version import kit_version, source_date_epoch
from .workers import forking, run_ordered


BOARD_PATH = Path("content/dojo/board/quadrant.txt")


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


