"""`dojo build`: the whole print-and-play kit for one language (what `make pnp LANG=xx` runs), and `dojo clean`; a
thin command over the one pipeline entry (generator/pipeline.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .. import interrupts, pipeline
from ..kit import timings
from .common import jobs_count, parse_offset, report
from ..problems import CheckFailed


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

