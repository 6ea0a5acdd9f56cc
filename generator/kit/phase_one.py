"""Phase one of a kit build: load the board and the content model, check every input, play the proofs (the
board's and each game's gate, content/games.toml `gate`), and hand the renderers a BuildContext; nothing is drawn
or written here."""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..board.check import check_dead_ends, design_problems
from ..board.load import load_quadrant
from ..board.model import Board, build_board
from ..content.games import each
from ..content.load import load_model
from ..i18n.extract import cached_extraction
from ..i18n.gate import check_language as check_catalogs
from ..i18n.runtime import load_translations
from ..problems import CheckFailed, Problem, blocking
from ..render.fonts import font_problems
from .langcheck import check_language
from ..plan.model import DEV_LANGS, BuildContext, BuildOptions
from . import timings
from ..plan import registry
from ..version import kit_version, source_date_epoch
from .workers import forking, run_ordered


BOARD = next(iter(each("board").values()), None)  # the game whose board the kit proves (content/games.toml `board`)
BOARD_PATH = BOARD.PATH if BOARD is not None else None
# its proof (the board module's: ProofSettings, cache_key, cache_path, cached_proof; None without a board game)
ProofSettings, proof_key, proof_path, cached_proof = (BOARD.ProofSettings, BOARD.cache_key, BOARD.cache_path,
                                                      BOARD.cached_proof) if BOARD is not None else (None,) * 4


def board_fingerprint(quadrant_text: str, legend_text: str) -> str:
    """sha256 of the quadrant and legend texts (line endings normalised)."""
    norm = quadrant_text.replace("\r\n", "\n") + "\0" + legend_text.replace("\r\n", "\n")
    return hashlib.sha256(norm.encode("utf-8")).hexdigest()


def load_board(root: Path) -> tuple[Board | None, str, list[Problem]]:
    """Load the project's board with every check an exported board must pass (dead ends are errors)."""
    if BOARD_PATH is None:
        return None, "", [Problem("error", "games", "no game of the games table has the kit's board",
                                  "content/games.toml", hint='add board = "generator.kit.<game>_proof" (a module with PATH, '
                                  "deck(model) and the board proof) to the row of the game whose board the kit proves and prints")]
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
    proof, *played = proofs(board_proof, root, model, jobs)
    blockers += [] if proof is None or proof.ok else list(proof.problems)
    gates = {}  # each game's gate (content/games.toml `gate`): its summary, recorded in the manifest
    for code, (summary, problems) in zip(each("gate"), played):
        blockers += problems
        if summary:
            gates[code] = summary
    if blockers or board is None or model is None or proof is None:
        raise CheckFailed(blockers)
    warnings = tuple(p for p in found if p.severity == "warning")
    translations = load_translations(root, options.lang)
    return BuildContext(root, options, kit_version(root), board, inputs.fingerprint, proof.summary(), translations,
                        warnings, source_date_epoch(root), gates, model)


def board_proof_args(root: Path, inputs: Inputs, options: BuildOptions) -> tuple | None:
    """The arguments of cached_proof for the loaded board with these options; None without a board and model fit
    to prove; CheckFailed when a Nebbia card has no effect in the simulator."""
    if inputs.board is None or inputs.model is None or blocking(inputs.board_problems):
        return None
    return (root, inputs.board, inputs.fingerprint, BOARD.deck(inputs.model),
            ProofSettings(games=options.proof_games, seed=options.proof_seed))


def proofs(board: tuple | None, root: Path, model: Any, jobs: int) -> list:
    """[board proof (None without a board to prove), then each game's gate (content/games.toml `gate`, in table
    order): (summary, problems)]; board: the arguments of cached_proof.

    When none is cached yet (a cold build) they are played side by side on `jobs` processes (0: every core); a
    cached proof is only read, in this process."""
    gated = each("gate")
    cold = board is not None and model is not None and bool(gated) and not (
        _board_cached(board) or any(gate.cached(root, model) for gate in gated.values()))
    _PROOFS.update(board=board, root=root, model=model)
    try:
        return run_ordered(_proof, ["board", *gated], jobs if cold and forking() else 1)
    finally:
        _PROOFS.clear()


def _board_cached(board: tuple) -> bool:
    """Whether the board proof of these cached_proof arguments is in the cache."""
    root, _board, fingerprint, deck, settings = board
    return proof_path(root, proof_key(fingerprint, settings, deck)).exists()


_PROOFS: dict[str, Any] = {}  # the proofs being played: the board's arguments, the root and model (forked workers)


def _proof(kind: str) -> object:
    """One of the proofs (a worker's piece of work): "board" or a game's code (its gate)."""
    if kind != "board":
        return each("gate")[kind].play(_PROOFS["root"], _PROOFS["model"])
    args = _PROOFS["board"]
    return cached_proof(*args) if args is not None else None


def warm(root: Path, options: list[BuildOptions], jobs: int, inputs: Inputs | None = None) -> None:
    """Phase one's slow parts for builds of several languages played side by side into their caches, before phase
    one reads them: the extraction of the sources' messages (first: every catalog check compares with it), the
    board proof and the games' gates not cached yet, and every language's catalog checks and
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
    tasks += [("gate", code, root, model) for code, gate in each("gate").items()
              if model is not None and not gate.cached(root, model)]
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
_WARMERS = {"extract": cached_extraction, "board": cached_proof,
            "gate": lambda code, root, model: each("gate")[code].play(root, model),
            "catalogs": lambda root, lang, release: check_catalogs(root, lang, strict=release),
            "translations": load_translations}


def _warm_one(i: int) -> None:
    """One of warm()'s tasks (a worker's piece of work); a failure is left for phase one to report."""
    kind, *args = _WARM[i]
    try:
        _WARMERS[kind](*args)
    except CheckFailed:
        pass


