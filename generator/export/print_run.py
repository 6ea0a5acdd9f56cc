"""`dojo export print`: print-shop files of built kits into build/print/<vendor>/<lang>/, preflighted first.

Every language asked for is exported and read back by the preflight (generator/export/preflight.py) before
anything is written; one failing rule anywhere and nothing is installed. Each language's folder is then swapped
in whole (generator/output), so an interrupted export leaves the previous one.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .. import interrupts
from ..output.files import replace_tree
from ..problems import Problem
from . import cmyk, preflight, products, vector, vendors


def run_print(args: argparse.Namespace) -> int:
    """Export, preflight, install; print what was written or every problem."""
    root = args.root.resolve()
    vendor = vendors.VENDORS[args.vendor]
    langs = list(args.langs)
    with interrupts.watch():
        try:
            return _export(root, vendor, langs)
        except (cmyk.ProfileMissing, FileNotFoundError, vector.Unsupported) as exc:
            print(f"error: {exc}; nothing was written", file=sys.stderr)
            return 2
        except interrupts.Interrupted:
            return interrupts.report("export") or 130


def _export(root: Path, vendor: vendors.Vendor, langs: list[str]) -> int:
    exports = {lang: export_language(root, vendor, lang) for lang in langs}
    problems = [p for _, found in exports.values() for p in found]
    if problems:
        for problem in problems:
            print(problem.render(), file=sys.stderr)
        print(f"export stopped: {len(problems)} preflight problem(s); nothing was written", file=sys.stderr)
        return 1
    for lang, (files, _) in exports.items():
        out = root / "build" / "print" / vendor.name / lang
        replace_tree(out, files)
        print(f"{vendor.title}: {len(files)} file(s) in {out} (preflight passed)")
    return interrupts.report("export") or 0


def export_language(root: Path, vendor: vendors.Vendor, lang: str) -> tuple[dict[str, bytes], list[Problem]]:
    """One language's files (with their preflight report) and the preflight's problems."""
    kit = root / "build" / "pnp" / lang
    if not (kit / "manifest.json").is_file():
        raise FileNotFoundError(f"no {lang} kit in {kit}: build it first (make pnp LANG={lang}, or dojo build "
                                f"--lang {lang})")
    manifest, decks = vendors.kit_decks(kit)
    files = products.export_all(vendor, decks)
    problems = preflight.preflight(vendor, files, decks, manifest)
    files["preflight.json"] = json.dumps(report(vendor, manifest, decks, files), indent=1,
                                         ensure_ascii=False).encode() + b"\n"
    return files, problems


def report(vendor: vendors.Vendor, manifest: dict, decks: list, files: dict[str, bytes]) -> dict:
    """What the export holds and what the preflight checked (written beside the files)."""
    out = {"vendor": vendor.title, "kit": manifest.get("kit"), "version": manifest.get("version"),
           "lang": manifest.get("lang"), "face_px": list(vendor.size), "bleed_mm": round(vendor.bleed, 3),
           "dpi": vendors.DPI, "rules": preflight.RULES,
           "decks": [{"deck": deck.slug, "cards": deck.cards,
                      "files": sorted(p for p in files if p.split("/")[0].removesuffix(".pdf")
                                      == vendors.deck_folder(deck))} for deck, _ in decks]}
    if vendor.products:
        out["products"] = [p for p in products.product_names(decks) if p in files]
    if vendor.pdf:
        margins = [m for path, data in files.items() if path.endswith(".pdf") and "-all-cards" not in path
                   for m in preflight.frame_margins(data, vendors.INCH_BLEED) if m == m]
        out["frames"] = {"nearest_to_trim_mm": round(min(margins), 2) if margins else None,
                         "faces_under_mm": preflight.CUT_FRAME_MM,
                         "faces_under": sum(m < preflight.CUT_FRAME_MM for m in margins),
                         "rule": "card.cut-frame: every frame nearer the trim bleeds off the edge in its colour"}
        out.update(standard=vendor.pdf, output_profile=cmyk.profile_name(), output_condition=vendors.pdfx.CONDITION,
                   ink_limit_percent=cmyk.INK_LIMIT)
    return out
