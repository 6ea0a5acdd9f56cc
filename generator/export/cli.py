"""`dojo export ...`: a built kit turned into files for other places (digital tables)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .. import interrupts
from ..kit.cli import jobs_count
from ..kit.model import LANGS
from ..problems import CheckFailed


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `export` command and its targets."""
    e = sub.add_parser("export", help="turn a built kit into files for digital tables")
    targets = e.add_subparsers(dest="target", metavar="TARGET")
    targets.required = True
    t = targets.add_parser("tts", help="Tabletop Simulator saved objects and per-card images: build/tts/<lang>/")
    t.add_argument("--lang", required=True, choices=(*LANGS, "all"), help="language, or all three")
    t.add_argument("--base-url", help="where build/tts/ will be hosted (multiplayer); default: file:// paths")
    t.add_argument("--root", type=Path, default=Path("."), help="project folder (default: current folder)")
    t.add_argument("--jobs", type=jobs_count, default=0, help="processes (default 0: all cores)")
    t.set_defaults(run=run_tts)


def run_tts(args: argparse.Namespace) -> int:
    """Build (or reuse) the kits, export, install; on a failure list why and install nothing."""
    from .tts_run import export_tts

    langs = LANGS if args.lang == "all" else (args.lang,)
    with interrupts.watch():
        try:
            outcome = export_tts(args.root.resolve(), langs, args.base_url, args.jobs)
        except (CheckFailed, OSError, interrupts.Interrupted) as exc:
            outcome = exc
        stopped = interrupts.report("export")
    if stopped is not None:
        return stopped
    if isinstance(outcome, CheckFailed):
        for p in outcome.problems:
            print(p.render(), file=sys.stderr)
        print(f"export refused: {len(outcome.problems)} problem(s); nothing was written", file=sys.stderr)
        return 1
    if isinstance(outcome, BaseException):
        where = f"{outcome.filename}: " if isinstance(outcome, OSError) and outcome.filename else ""
        reason = outcome.strerror if isinstance(outcome, OSError) and outcome.strerror else outcome
        print(f"error: {where}{reason}; nothing was written", file=sys.stderr)
        return 2
    for folder, count in outcome.values():
        print(f"wrote {count} file(s): {folder}")
    return 0
