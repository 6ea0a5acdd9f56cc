"""`dojo build`: the whole print-and-play kit for one language (what `make pnp LANG=xx` runs)."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any, Callable, TypeVar

from .. import interrupts, pipeline
from ..problems import CheckFailed
from . import timings
from .build import BuildResult

T = TypeVar("T")


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `build` command."""
    b = sub.add_parser("build", help="build the print-and-play kit for one language into build/pnp/<lang>/")
    b.add_argument("--lang", required=True,
                   help="language: a code of locales/languages.toml, e.g. it, en, ru (xx: the pseudo-locale)")
    b.add_argument("--root", type=Path, default=Path("."), help="project folder (default: current folder)")
    b.add_argument("--out", type=Path, help="output folder (default: ROOT/build/pnp)")
    b.add_argument("--back-offset", default="0,0", metavar="X,Y",
                   help="shift card backs by X,Y mm to correct a duplex printer's drift")
    b.add_argument("--backs", choices=("light", "full"), default="light",
                   help="card backs: light (default: outline, title and small art on paper, saves ink) or full "
                   "(the dark art to the bleed)")
    b.add_argument("--force", action="store_true", help="rebuild even when the kit is up to date")
    b.add_argument("--jobs", type=jobs_count, default=0,
                   help="processes rendering components (default 0: all cores); the files do not depend on it")
    b.add_argument("--timings", action="store_true",
                   help="print where the build's time went: its phases, and each component's render and page QA")
    b.set_defaults(run=run_build)
    c = sub.add_parser("clean", help="remove the built kits, releases and previews (build/pnp, build/release, "
                       "build/preview); --cache: every cache too (build/cache)")
    c.add_argument("--root", type=Path, default=Path("."), help="project folder (default: current folder)")
    c.add_argument("--cache", action="store_true",
                   help="also remove build/cache (component entries, compiled catalogs, board proofs: the next "
                        "build renders and proves everything again)")
    c.set_defaults(run=run_clean)


def run_clean(args: argparse.Namespace) -> int:
    """Remove outputs (and, with --cache, the caches); say what went."""
    from ..output.prune import clean

    root = args.root.resolve()
    try:
        removed = clean(root, args.cache)
    except OSError as exc:
        print(f"error: {exc.filename or root}: {exc.strerror or exc}; check its permissions", file=sys.stderr)
        return 2
    gone = ", ".join(str(p.relative_to(root)) for p in removed)
    print(f"removed {gone}" if removed else "nothing to remove")
    return 0


def jobs_count(text: str) -> int:
    """--jobs: a whole number of processes, 0 (every core) or more; argparse turns the error into exit 2."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants a whole number of processes, e.g. 2; got {text!r}") from None
    if not 0 <= value <= 4096:
        raise argparse.ArgumentTypeError(f"wants 0 (every core) to 4096 processes; got {value}")
    return value


def run_reported(what: str, work: Callable[[], T]) -> tuple[int | None, T | None]:
    """Run a command's work (a release, an export) with interrupts watched: (exit code, None) when it was
    interrupted (one line said what is installed) or failed (failure_code), else (None, its result)."""
    with interrupts.watch():
        try:
            outcome: Any = work()
        except (CheckFailed, OSError, interrupts.Interrupted) as exc:
            outcome = exc
        stopped = interrupts.report(what)
    if stopped is not None:
        return stopped, None
    failed = failure_code(outcome, what)
    return (failed, None) if failed is not None else (None, outcome)


def failure_code(outcome: object, what: str) -> int | None:
    """A command's failed outcome told on stderr: problems of a CheckFailed one per line (exit 1), an OSError or
    other exception in one line (exit 2); None when the outcome is a result. `what`: 'release', 'export'."""
    if isinstance(outcome, CheckFailed):
        for p in outcome.problems:
            print(p.render(), file=sys.stderr)
        print(f"{what} refused: {len(outcome.problems)} problem(s); nothing was written", file=sys.stderr)
        return 1
    if isinstance(outcome, BaseException):
        where = f"{outcome.filename}: " if isinstance(outcome, OSError) and outcome.filename else ""
        reason = outcome.strerror if isinstance(outcome, OSError) and outcome.strerror else outcome
        print(f"error: {where}{reason}; the {what} was not written", file=sys.stderr)
        return 2
    return None


MAX_BACK_OFFSET_MM = 10.0  # a duplex drift beyond 1 cm is a mistyped reading, not a printer


def parse_offset(text: str) -> tuple[float, float]:
    """'1.5,-2' -> (1.5, -2.0); raises ValueError with a readable message (finite, within ±10 mm)."""
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise ValueError(f"--back-offset wants X,Y in millimetres, e.g. 1.5,-0.5; got {text!r}") from None
    if not all(math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET_MM for v in (x, y)):
        raise ValueError(f"--back-offset {text!r}: each of X and Y must be a number of millimetres between "
                         f"-{MAX_BACK_OFFSET_MM:g} and {MAX_BACK_OFFSET_MM:g} (read them off the calibration page)")
    return x, y


def run_build(args: argparse.Namespace) -> int:
    """Build the kit; on failure or interrupt print why and leave the previous kit untouched."""
    try:
        offset = parse_offset(args.back_offset)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    with interrupts.watch(), timings.collecting() as spent:
        try:
            (outcome,) = pipeline.run(args.root.resolve(), [args.lang], "build", jobs=args.jobs, force=args.force,
                                      out_root=args.out, back_offset_mm=offset, backs=args.backs)
        except (CheckFailed, OSError, ValueError, interrupts.Interrupted) as exc:
            outcome = exc
        stopped = interrupts.report("kit")
    if stopped is not None:
        return stopped
    if args.timings:
        print(spent.table(), file=sys.stderr)
    return report(outcome)


def report(outcome: BuildResult | BaseException) -> int:
    """Print the result of a build (or why it failed) and return the exit code."""
    if isinstance(outcome, CheckFailed):
        for p in outcome.problems:
            print(p.render(), file=sys.stderr)
        print(f"build stopped: {len(outcome.problems)} problem(s); nothing was written, the previous kit is unchanged",
              file=sys.stderr)
        return 1
    if isinstance(outcome, OSError):
        where = f"{outcome.filename}: " if outcome.filename else ""
        print(f"error: {where}{outcome.strerror or outcome}; nothing was installed, the previous kit is unchanged "
              "(check the path, its permissions and the free disk space)", file=sys.stderr)
        return 2
    if isinstance(outcome, BaseException):
        print(f"error: {outcome}", file=sys.stderr)
        return 2
    result = outcome
    for note in result.notes:
        print(note, file=sys.stderr)
    for w in result.warnings:
        print(w.render(), file=sys.stderr)
    if result.warnings:
        print(f"warning: {len(result.warnings)} translation warning(s) above: missing strings are printed in "
              "English in this development build (overflows, in the pseudo-locale, are outlined in red); a release "
              "build refuses them", file=sys.stderr)
    files = result.manifest["files"]
    state = "up to date" if result.cached else f"built {len(files)} file(s)"
    print(f"{state}: {result.out_dir} (version {result.manifest['version']})")
    index = result.out_dir / "index.html"
    if index.exists():
        print(f"open {index} to see every component and print it")
    return 0
