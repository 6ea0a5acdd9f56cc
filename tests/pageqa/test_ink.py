"""Ink coverage: light card backs by default (at most 15 % on a back sheet, the duel's too; reference cards have no
back at home), the dark ones on request, and the manifest's coverage per file and per game."""

import dataclasses

import pypdfium2 as pdfium
from PIL import ImageStat

from generator.cli import build_parser
from generator.components import dojo_nebbia, duel_cards
from generator.pageqa.check import page_problems
from generator.pageqa.ink import BACK_SHEET_LIMIT, coverage, home_print


def _darkness(data: bytes, page: int) -> float:
    """A page's mean darkness measured independently of pageqa.ink: RGB at 2 px/mm, luma by hand."""
    pdf = pdfium.PdfDocument(data)
    image = pdf[page].render(scale=2 * 25.4 / 72).to_pil().convert("RGB")
    r, g, b = ImageStat.Stat(image).mean
    return 100 - (0.299 * r + 0.587 * g + 0.114 * b) * 100 / 255


def test_back_sheets_spend_little_ink_and_the_manifest_says_how_much(kit):
    files = kit.manifest["files"]
    assert set(kit.manifest["ink"]) == {"dojo", "ground", "duel", "kit"}
    assert all(v["pages"] > 0 and 0 < v["mean_percent"] < 40 for g in kit.manifest["ink"].values() for v in g.values())
    checked = 0
    for e in files:
        assert ("ink_percent" in e) == home_print(e)
        if home_print(e):
            assert len(e["ink_percent"]) == e["pages"]
        if e["layout"] == "sheet" and e["kind"] in ("cards", "reference"):
            backs = e["ink_percent"][1::2]  # fronts and backs alternate (long-edge flip)
            assert max(backs) <= BACK_SHEET_LIMIT, (e["path"], backs)
            checked += 1
        if e["kind"] == "reference" and e.get("paper") in ("A4", "Letter"):  # one-sided: no backs to print at home
            assert e["layout"] == "single-sided" and e["pages"] == 1, e
    # Nebbia; GROUND Solutions, Problems, Scenarios, Modes, Actions and the shared Scenario/Mode/reference sheet;
    # the duel's stances and strikes (light by default too), on A4 and Letter
    assert checked == 18
    nebbia = next(e for e in files if e["path"] == "dojo/nebbia-deck-A4.pdf")
    measured = _darkness((kit.out / nebbia["path"]).read_bytes(), 1)
    # the manifest's 1 px/mm reading never under-reports (hairlines take a whole pixel) and stays close
    assert nebbia["ink_percent"][1] - 3 < measured <= nebbia["ink_percent"][1] + 0.5


def test_full_backs_on_request_are_the_dark_art(kit):
    if kit.lang != "it":
        return  # one language is enough for the option (the light backs are checked in every language above)
    ctx = kit.ctx
    full = dataclasses.replace(ctx, options=dataclasses.replace(ctx.options, backs="full"))
    sheet = next(a for a in dojo_nebbia.build(full) if a.path == "dojo/nebbia-deck-A4.pdf")
    assert coverage(sheet.data)[1] > 60  # the dark mist back, as before the ink saver
    light = next(a for a in duel_cards.stance_cards(ctx) if a.path == "duel/stances-A4.pdf")
    dark = next(a for a in duel_cards.stance_cards(full) if a.path == "duel/stances-A4.pdf")
    assert coverage(light.data)[1] <= BACK_SHEET_LIMIT < 40 < coverage(dark.data)[1]  # the players' coloured backs
    # the dark faces pass the page QA a `dojo build --backs full` runs (the seventh mist wave sat on the back's text)
    found = page_problems([a for a in dojo_nebbia.build(full) if a.path.endswith("-single.pdf")] + [dark], kit.lang)
    assert [p.render() for p in found] == []
    args = build_parser().parse_args(["build", "--lang", "it", "--backs", "full"])
    assert args.backs == "full" and build_parser().parse_args(["build", "--lang", "it"]).backs == "light"
