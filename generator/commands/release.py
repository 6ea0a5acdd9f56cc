"""`dojo release`: every language and paper, reproducible zips with a checksummed manifest."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .common import jobs_count, run_reported


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

    from ..release.build import ReleaseOptions, release, resolved

    opts = ReleaseOptions(langs=tuple(dict.fromkeys(args.lang or ())), jobs=args.jobs)
    console = Console(stderr=True)

    def work() -> object:
        resolved_opts = resolved(args.root.resolve(), opts)
        with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
            task = progress.add_task("building languages", total=len(resolved_opts.langs))
            return release(args.root.resolve(), resolved_opts, lambda _lang: progress.advance(task))
    code, outcome = run_reported("release", work)
    if outcome is None:
        return code
    for note in outcome.notes:
        print(note, file=sys.stderr)
    for entry in outcome.manifest["files"]:
        print(f"{entry['sha256'][:12]}  {entry['size']:>10}  {entry['path']}")
    print(f"release written to {outcome.out_dir}")
    return 0
