"""What the commands share: --jobs and --back-offset parsing, a command's work run with interrupts watched and its
failure told, a build's result told (the commands themselves: generator/commands/)."""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any, Callable, TypeVar

from .. import interrupts
from ..problems import CheckFailed
from ..kit.installed import BuildResult

T = TypeVar("T")




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
