"""`dojo export ...`: a built kit turned into files for other places (digital tables)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..kit.cli import jobs_count, run_reported
from ..kit.model import LANGS


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
    code, outcome = run_reported("export", lambda: export_tts(args.root.resolve(), langs, args.base_url, args.jobs))
    if outcome is None:
        return code
    for folder, count, fresh in outcome.values():
        print(f"{'wrote' if fresh else 'up to date,'} {count} file(s): {folder}")
    return 0
