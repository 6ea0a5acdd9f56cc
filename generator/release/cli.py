"""`dojo release`: every language and paper, reproducible zips with a checksummed manifest."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .. import interrupts
from ..kit.cli import jobs_count
from ..problems import CheckFailed


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `release` command."""
    r = sub.add_parser("release", help="build every language and paper and pack build/release/<kit>-<version>/")
    r.add_argument("--root", type=Path, default=Path("."), help="project folder (default: current folder)")
    r.add_argument("--jobs", type=jobs_count, default=0,
                   help="processes (default 0: all cores; capped at the cores and the languages)")
    r.add_argument("--lang", action="append",
                   help="only these languages (repeatable; default: the languages released in locales/languages.toml)")
    r.set_defaults(run=run_release)


def run_release(args: argparse.Namespace) -> int:
    """Build and pack; on any failed gate or an interrupt list why and write nothing more."""
    from rich.console import Console  # imported here: every other command starts without them
    from rich.progress import Progress

    from .build import ReleaseOptions, release, resolved

    opts = ReleaseOptions(langs=tuple(dict.fromkeys(args.lang or ())), jobs=args.jobs)
    console = Console(stderr=True)
    with interrupts.watch():
        try:
            opts = resolved(args.root.resolve(), opts)
            with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
                task = progress.add_task("building languages", total=len(opts.langs))
                outcome = release(args.root.resolve(), opts, lambda _lang: progress.advance(task))
        except (CheckFailed, OSError, interrupts.Interrupted) as exc:
            outcome = exc
        stopped = interrupts.report("release")
    if stopped is not None:
        return stopped
    if isinstance(outcome, CheckFailed):
        for p in outcome.problems:
            print(p.render(), file=sys.stderr)
        print(f"release refused: {len(outcome.problems)} problem(s); nothing was written", file=sys.stderr)
        return 1
    if isinstance(outcome, BaseException):
        where = f"{outcome.filename}: " if isinstance(outcome, OSError) and outcome.filename else ""
        reason = outcome.strerror if isinstance(outcome, OSError) and outcome.strerror else outcome
        print(f"error: {where}{reason}; the release was not written", file=sys.stderr)
        return 2
    for entry in outcome.manifest["files"]:
        print(f"{entry['sha256'][:12]}  {entry['size']:>10}  {entry['path']}")
    print(f"release written to {outcome.out_dir}")
    return 0
