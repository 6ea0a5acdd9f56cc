"""`dojo build`: the whole print-and-play kit for one language (what `make pnp LANG=xx` runs)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..i18n.catalogs import PSEUDO_LANG
from ..problems import CheckFailed
from .build import build_kit
from .model import LANGS, BuildOptions


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `build` command."""
    b = sub.add_parser("build", help="build the print-and-play kit for one language into build/pnp/<lang>/")
    b.add_argument("--lang", required=True, help=f"language: {', '.join(LANGS)} (xx: pseudo-locale for layout tests)")
    b.add_argument("--root", type=Path, default=Path("."), help="project folder (default: current folder)")
    b.add_argument("--out", type=Path, help="output folder (default: ROOT/build/pnp)")
    b.add_argument("--back-offset", default="0,0", metavar="X,Y",
                   help="shift card backs by X,Y mm to correct a duplex printer's drift")
    b.add_argument("--force", action="store_true", help="rebuild even when the kit is up to date")
    b.set_defaults(run=run_build)


def parse_offset(text: str) -> tuple[float, float]:
    """'1.5,-2' -> (1.5, -2.0); raises ValueError with a readable message."""
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise ValueError(f"--back-offset wants X,Y in millimetres, e.g. 1.5,-0.5; got {text!r}") from None
    return x, y


def run_build(args: argparse.Namespace) -> int:
    """Build the kit; on failure print every problem and leave the previous kit untouched."""
    try:
        options = BuildOptions(lang=args.lang, back_offset_mm=parse_offset(args.back_offset),
                               overflow="warn" if args.lang == PSEUDO_LANG else "error")
        result = build_kit(args.root.resolve(), options, args.out, force=args.force)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {where}{exc.strerror or exc}; nothing was written, the previous kit is unchanged "
              "(check the path and its permissions)", file=sys.stderr)
        return 2
    except CheckFailed as exc:
        for p in exc.problems:
            print(p.render(), file=sys.stderr)
        print(f"build stopped: {len(exc.problems)} problem(s); nothing was written, the previous kit is unchanged",
              file=sys.stderr)
        return 1
    for w in result.warnings:
        print(w.render(), file=sys.stderr)
    if result.warnings:
        print(f"warning: {len(result.warnings)} translation warning(s) above: missing strings are printed in "
              "English in this development build (overflows, in the pseudo-locale, are outlined in red); a release "
              "build refuses them", file=sys.stderr)
    files = result.manifest["files"]
    state = "up to date" if result.cached else f"built {len(files)} file(s)"
    print(f"{state}: {result.out_dir} (version {result.manifest['version']})")
    return 0
