"""`dojo export tts|print`: a built kit turned into files for other places than a home printer: digital tables
(generator/export/tts*.py) and print shops (generator/export/print_run.py, preflighted first)."""

from __future__ import annotations

import argparse
from pathlib import Path

import sys

from ..content.languages import language_codes
from ..content.vendors import vendor_codes, vendor_rows
from .common import jobs_count, run_reported
from ..problems import CheckFailed


VENDOR_CODES = vendor_codes()  # content/vendors.toml, read without export/vendors.py, which loads numpy and the colour
# engine that no other `dojo` command needs


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `export` command and its targets (tts, print)."""
    e = sub.add_parser("export", help="turn a built kit into files for digital tables and print shops")
    targets = e.add_subparsers(dest="target", metavar="TARGET")
    targets.required = True
    t = targets.add_parser("tts", help="Tabletop Simulator saved objects and per-card images: build/tts/<lang>/")
    t.add_argument("--lang", required=True, help="a language of locales/languages.toml, or all (the released ones)")
    t.add_argument("--base-url", help="where build/tts/ will be hosted (multiplayer); default: file:// paths")
    t.add_argument("--root", type=Path, default=Path("."), help="project folder (default: current folder)")
    t.add_argument("--jobs", type=jobs_count, default=0, help="processes (default 0: all cores)")
    t.add_argument("--into", type=Path, help="a table (TTS save) to refresh in place: this kit's objects replaced "
                   "by GUID, everything else kept; one language")
    t.set_defaults(run=run_tts)
    shops = vendor_rows()
    p = targets.add_parser("print", help=f"print-shop files ({', '.join(v.title for v in shops.values())}) into "
                           "build/print/<vendor>/<lang>/")
    p.add_argument("--vendor", required=True, choices=VENDOR_CODES, help="; ".join(
        f"{v.code}: {v.title}, {v.format.upper()}" for v in shops.values()) + " (content/vendors.toml)")
    p.add_argument("--lang", required=True, help="the kit's language (locales/languages.toml), or all (the released ones)")
    p.add_argument("--root", type=Path, default=Path("."), help="project folder (default: current folder)")
    p.set_defaults(run=run_print)


def export_langs(args: argparse.Namespace) -> tuple[str, ...]:
    """The languages asked for: one code of the language table, or all the released ones; CheckFailed otherwise."""
    from ..problems import Problem

    known = language_codes(args.root.resolve())
    if args.lang == "all":
        return language_codes(args.root.resolve(), released=True)
    if args.lang not in known:
        raise CheckFailed([Problem("error", "lang", f"unknown language {args.lang!r}; available: {', '.join(known)}",
                                   hint="add its row to locales/languages.toml, or use all")])
    return (args.lang,)


def run_print(args: argparse.Namespace) -> int:
    """Print-shop files of the built kits (generator/export/print_run.py)."""
    from ..export.print_run import run_print as run

    try:
        args.langs = export_langs(args)
    except CheckFailed as exc:
        for p in exc.problems:
            print(p.render(), file=sys.stderr)
        return 2
    return run(args)


def run_tts(args: argparse.Namespace) -> int:
    """Build (or reuse) the kits, export, install; on a failure list why and install nothing."""
    from ..export.tts_run import export_tts

    code, outcome = run_reported("export", lambda: export_tts(args.root.resolve(), export_langs(args), args.base_url,
                                                              args.jobs))
    if outcome is None:
        return code
    for folder, count, fresh in outcome.values():
        print(f"{'wrote' if fresh else 'up to date,'} {count} file(s): {folder}")
    if args.into is not None:
        from ..export.tts_into import update_in_place

        (lang, (folder, _count, _fresh)), *more = outcome.items()
        if more:
            print(f"error: --into refreshes a table with one language, not {len(outcome)}", file=sys.stderr)
            return 2
        code, report = run_reported("export", lambda: update_in_place(args.into, folder, lang))
        if report is None:
            return code
        for what, items in (("replaced", report.replaced), ("added", report.added), ("removed", report.removed)):
            print(f"{what} {len(items)}: " + ", ".join(f"{name or '-'} ({uid})" for uid, name in items[:12])
                  + (" ..." if len(items) > 12 else ""))
        print(f"updated: {args.into}")
    return 0
