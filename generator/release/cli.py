"""`dojo release`: every language and paper, reproducible zips with a checksummed manifest."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.console import Console
from rich.progress import Progress

from ..kit.model import LANGS
from ..problems import CheckFailed
from .build import ReleaseOptions, release


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `release` command."""
    r = sub.add_parser("release", help="build every language and paper and pack build/release/<kit>-<version>/")
    r.add_argument("--root", type=Path, default=Path("."), help="project folder (default: current folder)")
    r.add_argument("--jobs", type=int, default=0, help="processes (default: all cores)")
    r.add_argument("--lang", action="append", choices=LANGS, help="only these languages (repeatable)")
    r.set_defaults(run=run_release)


def run_release(args: argparse.Namespace) -> int:
    """Build and pack; on any failed gate list every failure and write nothing."""
    opts = ReleaseOptions(langs=tuple(args.lang or LANGS), jobs=args.jobs or ReleaseOptions().jobs)
    console = Console(stderr=True)
    try:
        with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
            task = progress.add_task("building languages", total=len(opts.langs))
            result = release(args.root.resolve(), opts, lambda _lang: progress.advance(task))
    except CheckFailed as exc:
        for p in exc.problems:
            print(p.render(), file=sys.stderr)
        print(f"release refused: {len(exc.problems)} problem(s); nothing was written", file=sys.stderr)
        return 1
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {where}{exc.strerror or exc}; the release was not written", file=sys.stderr)
        return 2
    for entry in result.manifest["files"]:
        print(f"{entry['sha256'][:12]}  {entry['size']:>10}  {entry['path']}")
    print(f"release written to {result.out_dir}")
    return 0
