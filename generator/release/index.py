"""The release's INDEX.txt: what each file is and how to print it."""

from __future__ import annotations

from ..plan.registry import component_name

HOW_TO_PRINT = """How to print
- Print every PDF at actual size (100%), never "fit to page" or "shrink to fit".
- Start with printing-guide-<paper>.pdf in each language folder (also summarised at the top of its
  index.html): per game, the files to print (the minimum set and its sheets of paper), the alternatives,
  the paper, the printer settings and what to do when the backs drift. No command line is needed.
- Card sheets (layout "sheet"): print double-sided and flip on the LONG edge; each page of backs
  follows its page of fronts. Reference cards (layout "single-sided") print on one side.
  Print the duplex calibration page first: if the backs drift, use your printer's back-side position
  setting or the gutterfold files (the guide says how); whoever builds the kit can instead rebuild with
  `dojo build --lang LL --back-offset X,Y` (millimetres).
- Gutterfold sheets: print single-sided, fold along the dashed line, cut along the crop marks.
- Rules booklets (layout "saddle-stitch", A4 and Letter): print double-sided and flip on the SHORT
  edge, at actual size; fold the stack in half and staple. The plain A4/Letter files print one page per
  sheet; the A5/HalfLetter files are the booklet pages on their own.
- Seat markers and tokens (layout "duplex-long-edge"): double-sided, flip on the LONG edge.
- Shared sheets (@SHARED@): the
  pieces of several components on one sheet, the files the guide lists; each component's own file is
  an alternative that takes more paper.
- Single-card PDFs (paper "card"): one card per page with 3 mm bleed, for print shops.
- Boards: the four A4/Letter quadrant pages join at the alignment marks; the A2 file is one sheet.
"""


def index_text(prefix: str, version: str, kits: dict[str, dict]) -> str:
    """A short plain-text index of the release."""
    lines = [f"{prefix}", "", f"Playtest kit version {version}. Languages: {', '.join(sorted(kits))}.", "",
             "Archives",
             f"- {prefix}.zip: every language.",
             *[f"- {prefix}-{lang}.zip: the whole kit in {lang} (open {lang}/index.html for a contact sheet)."
               for lang in sorted(kits)],
             f"- {prefix}-<lang>-<paper>.zip: the same for one paper size (A4 or Letter) only.",
             "- manifest.json: sha256 of every file here and of every file inside the zips.", "",
             HOW_TO_PRINT, "Files in each language folder"]
    first = kits[sorted(kits)[0]]
    shared = dict.fromkeys(e["path"].removesuffix(f"-{e.get('paper')}.pdf") for e in first["files"]
                           if e.get("gangs") and e["path"].endswith(".pdf"))  # the ganged sheets, per paper once
    lines[lines.index(HOW_TO_PRINT)] = HOW_TO_PRINT.replace("@SHARED@", ", ".join(shared))
    for e in first["files"]:
        what = component_name(e["component"])
        extra = ", ".join(str(x) for x in (e.get("paper"), e.get("layout")) if x)
        lines.append(f"- {e['path']}: {what}" + (f" ({extra})" if extra else ""))
    return "\n".join(lines) + "\n"
