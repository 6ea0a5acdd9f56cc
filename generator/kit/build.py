"""Two-phase kit build: load and check everything, render in memory, then write build/pnp/<lang>/ at once."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from .. import KIT_NAME
from ..board.check import check_dead_ends, design_problems
from ..board.load import load_quadrant
from ..board.model import Board, build_board
from ..components.common import term_spellings
from ..i18n.gate import check_language as check_catalogs
from ..i18n.runtime import load_translations
from ..output.files import replace_tree
from ..pageqa.check import page_problems
from ..render.preview import missing_previews
from ..problems import CheckFailed, Problem, blocking
from ..sim.cards import load_deck
from ..sim.gate import ProofSettings, cached_proof
from .components import builders
from .contact import contact_sheet
from .inputs import inputs_digest
from .model import DEV_LANGS, LANGS, Artifact, BuildContext, BuildOptions
from .version import kit_version, source_date_epoch

BOARD_PATH = Path("content/dojo/board/quadrant.txt")


@dataclass(frozen=True)
class BuildResult:
    """What a finished build wrote."""

    out_dir: Path
    manifest: dict
    warnings: tuple[Problem, ...]
    cached: bool = False


def board_fingerprint(quadrant_text: str, legend_text: str) -> str:
    """sha256 of the quadrant and legend texts (line endings normalised)."""
    norm = quadrant_text.replace("\r\n", "\n") + "\0" + legend_text.replace("\r\n", "\n")
    return hashlib.sha256(norm.encode("utf-8")).hexdigest()


def load_board(root: Path) -> tuple[Board | None, str, list[Problem]]:
    """Load the project's board with every check an exported board must pass (dead ends are errors)."""
    path = root / BOARD_PATH
    loaded = load_quadrant(path)
    if loaded.quadrant is None:
        return None, "", list(loaded.problems)
    board = build_board(loaded.quadrant)
    problems = [p for p in design_problems(board) if p.rule != "dead-end"] + check_dead_ends(board, severity="error")
    legend = path.parent / "legend.toml"
    legend_text = legend.read_text(encoding="utf-8-sig") if legend.exists() else ""
    return board, board_fingerprint(loaded.source, legend_text), [_in_file(p, path) for p in problems]


def _in_file(p: Problem, path: Path) -> Problem:
    if p.file:
        return p
    return Problem(p.severity, p.rule, p.message, str(path), p.line, p.col, p.where, p.hint)


def check_language(lang: str, release: bool = False) -> list[Problem]:
    """An unknown language is an error listing the available ones; the pseudo-locale is never released."""
    if lang in LANGS or (lang in DEV_LANGS and not release):
        return []
    if lang in DEV_LANGS:
        return [Problem("error", "lang", f"{lang!r} is the pseudo-locale for layout tests; it is never released",
                        hint=f"release one of {', '.join(LANGS)}")]
    return [Problem("error", "lang", f"unknown language {lang!r}; available: {', '.join(LANGS)} "
                    f"(and {', '.join(DEV_LANGS)}, the pseudo-locale, for development builds)",
                    hint="run e.g. `make pnp LANG=it`")]


def sim_deck(root: Path) -> tuple[int, ...]:
    """The Nebbia deck the proof plays, from the loaded content (CheckFailed when the content is broken)."""
    try:
        return load_deck(root)
    except ValueError as exc:
        raise CheckFailed([Problem("error", "dojo-dataset", str(exc), "content/dojo/nebbia.toml",
                                   hint="give the card an effect in the simulator or use a known id")]) from None


def prepare(root: Path, options: BuildOptions) -> BuildContext:
    """Phase one: load and check every input; raise CheckFailed listing every blocking problem found."""
    problems = check_language(options.lang, options.release)
    if problems:
        raise CheckFailed(problems)
    board, fingerprint, board_problems = load_board(root)
    catalog_problems = check_catalogs(root, options.lang, strict=options.release)
    blockers = blocking(board_problems) + blocking(catalog_problems)
    proof = None
    if board is not None and not blocking(board_problems):
        try:
            deck = sim_deck(root)
        except CheckFailed as exc:  # reported with every other problem of phase one
            blockers += blocking(list(exc.problems))
        else:
            proof = cached_proof(root, board, fingerprint, deck,
                                 ProofSettings(games=options.proof_games, seed=options.proof_seed))
            blockers += [] if proof.ok else list(proof.problems)
    if blockers or board is None or proof is None:
        raise CheckFailed(blockers)
    warnings = tuple(p for p in board_problems + catalog_problems if p.severity == "warning")
    translations = load_translations(root, options.lang)
    return BuildContext(root, options, kit_version(root), board, fingerprint, proof.summary(), translations, warnings,
                        source_date_epoch(root))


def render_all(ctx: BuildContext) -> list[Artifact]:
    """Phase two: every component rendered in memory; any failure raises before anything is written."""
    artifacts: list[Artifact] = []
    problems: list[Problem] = []
    for build in builders():
        try:
            artifacts.extend(build(ctx))
        except CheckFailed as exc:
            problems.extend(exc.problems)
    if problems:
        raise CheckFailed(problems)
    problems = page_problems(artifacts, ctx.lang, ctx.options.back_offset_mm, term_spellings(ctx))  # read back
    if problems:
        raise CheckFailed(problems)
    return artifacts


def manifest(ctx: BuildContext, artifacts: list[Artifact]) -> dict:
    """The build's one record: kit, version, language, board proof and every file with its checksum."""
    board = {"fingerprint": ctx.board_fingerprint, **({"proof": ctx.proof} if ctx.proof else {})}
    files = [a.manifest_entry(hashlib.sha256(a.data).hexdigest()) for a in artifacts]
    return {"kit": KIT_NAME, "version": ctx.version, "lang": ctx.lang, "board": board, "files": files}


def up_to_date(out_dir: Path, digest: str) -> dict | None:
    """The previous manifest when out_dir holds a complete build of exactly these inputs."""
    try:
        record = json.loads((out_dir / "manifest.json").read_text(encoding="utf-8"))
        if record.get("inputs") != digest:
            return None
        for entry in record["files"]:
            if hashlib.sha256((out_dir / entry["path"]).read_bytes()).hexdigest() != entry["sha256"]:
                return None
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return record


def build_kit(root: Path, options: BuildOptions, out_root: Path | None = None, force: bool = False) -> BuildResult:
    """Build one language's kit into out_root/<lang> (default build/pnp/<lang>), all or nothing."""
    out_dir = (out_root or root / "build" / "pnp") / options.lang
    digest = inputs_digest(root, options, kit_version(root), source_date_epoch(root))
    cached = None if force else up_to_date(out_dir, digest)
    if cached is not None:
        warnings = tuple(Problem(**w) for w in cached.get("warnings", ()))
        return BuildResult(out_dir, cached, warnings, cached=True)
    ctx = prepare(root, options)
    artifacts = render_all(ctx)
    artifacts += missing_previews(artifacts)
    artifacts.append(contact_sheet(ctx, artifacts))
    record = manifest(ctx, artifacts)
    record["inputs"] = digest
    if ctx.warnings:
        record["warnings"] = [dataclasses.asdict(w) for w in ctx.warnings]
    files = {a.path: a.data for a in artifacts}
    files["manifest.json"] = (json.dumps(record, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    replace_tree(out_dir, files)
    return BuildResult(out_dir, record, ctx.warnings)
