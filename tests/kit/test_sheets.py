"""The manifest's sheet counts: each game's minimum set per paper — one file per component or ganged sheet, the
ganged sheets standing for the components they print — counted from the PDFs, within issue 29's targets."""

import pikepdf

from generator.plan.bom import printed
from generator.pageqa.ink import game_of

TARGETS = {"dojo": 12, "ground": 17, "duel": 6}  # A4 sheets of the minimum set, booklet included (issue 29)
CALIBRATION = 1  # and the duplex calibration sheet the printing guide asks for first, counted with every game (47)
GANGS = {"ground-table-cards": {"ground-scenario-cards", "ground-mode-cards", "ground-reference"},
         "ground-piece-sheet": {"ground-seat-markers", "ground-tokens"},
         "duel-table-sheet": {"duel-track", "duel-reference"}}


def _sheets(path, entry) -> int:
    with pikepdf.open(path) as pdf:
        pages = len(pdf.pages)
    double = entry["layout"] in ("saddle-stitch", "duplex-long-edge") or (
        entry["layout"] == "sheet" and entry["kind"] in ("cards", "reference", "calibration"))
    return (pages + 1) // 2 if double else pages


def test_the_manifest_counts_each_games_sheets_of_paper(kit):
    sheets = kit.manifest["sheets"]
    entries = {e["path"]: e for e in kit.manifest["files"]}
    assert set(sheets) == {"dojo", "ground", "duel", "kit"}
    for game, papers in sheets.items():
        assert set(papers) == {"A4", "Letter"}
        for paper, counted in papers.items():
            components = [entries[p]["component"] for p in counted["files"]]
            assert len(components) == len(set(components))  # one file per component: no alternatives
            assert all(game_of(c) == game for c in components[game != "kit":])
            if game != "kit":  # the calibration sheet first, counted in the game's total
                assert components[0] == "kit-calibration" and counted["calibration"] == CALIBRATION
            assert not any("gutterfold" in p or p.endswith(("-single.pdf", "-A5.pdf", "-HalfLetter.pdf"))
                           or p.endswith(f"rules-{paper}.pdf") for p in counted["files"])
            assert counted["sheets"] == sum(_sheets(kit.out / p, entries[p]) for p in counted["files"]), (game, paper)
        if game in TARGETS:
            assert papers["A4"]["sheets"] <= TARGETS[game] + CALIBRATION, (kit.lang, game, papers["A4"])
    # every component printed on A4 is in the minimum set itself, or through the ganged sheet that prints it
    every = {e["component"] for e in kit.manifest["files"] if e.get("paper") == "A4" and e["path"].endswith(".pdf")}
    listed = {entries[p]["component"] for g in sheets.values() for p in g["A4"]["files"]}
    covered = listed | {c for g in listed for c in GANGS.get(g, ())}
    assert every - covered == {"kit-printing-guide"}  # the guide is read, not needed at the table
    assert not listed & {c for cs in GANGS.values() for c in cs}  # a ganged component's own file is an alternative


def test_ganged_sheets_stand_for_their_components_and_carry_their_pieces(kit):
    """Each ganged file names the components it prints; the bill-of-materials proof counts the ganged sheet, not
    the components' own files (which print the same pieces again as alternatives)."""
    by_component = {}
    for e in kit.manifest["files"]:
        if e.get("paper") == "A4" and e["component"] in GANGS and e["path"].endswith(".pdf"):
            by_component[e["component"]] = e
    assert {c: set(e["gangs"]) for c, e in by_component.items()} == GANGS
    artifacts = _artifacts(kit)
    counts = printed(artifacts, "A4")  # once each: the components' own files (printing them again) are left out
    assert counts["ground-scenario-cards"] == 3 and counts["ground-mode-cards"] == 3 and counts["ground-reference"] == 3
    assert counts["ground-seat-markers/relation"] == 12 and counts["ground-tokens/round-track"] == 1
    assert counts["duel-track"] == 1 and counts["duel-reference"] == 4
    alone = printed([a for a in artifacts if not a.gangs], "A4")  # without the ganged sheets: the own files count
    assert alone["ground-scenario-cards"] == 3 and alone["duel-reference"] == 4
    without = printed([a for a in artifacts if a.component not in {c for cs in GANGS.values() for c in cs}], "A4")
    assert without["ground-reference"] == 3 and without["ground-tokens/lead"] == 1  # the ganged sheets alone suffice


def _artifacts(kit):
    """The kit's artifacts as the build made them (pieces, gangs), for the bill-of-materials count."""
    from tests.ground.kitcache import build_lang

    return list(build_lang(kit.lang).artifacts)


def test_every_games_count_includes_the_calibration_sheet():
    """sheets_by_game on manifest entries: a game's count and files include its paper's calibration sheet, first."""
    from generator.plan.sheets import sheets_by_game

    def entry(path, component, kind, layout, pages, paper="A4"):
        return {"path": path, "component": component, "kind": kind, "layout": layout, "pages": pages, "paper": paper}

    files = [entry("duplex-calibration-A4.pdf", "kit-calibration", "calibration", "sheet", 2),
             entry("duel/strikes-A4.pdf", "duel-strike-cards", "cards", "sheet", 2),
             entry("rules/duel-rules-booklet-A4.pdf", "duel-rules", "rules", "saddle-stitch", 8)]
    got = sheets_by_game(files)
    assert got["duel"]["A4"] == {"sheets": 1 + 1 + 4, "calibration": 1, "files": [
        "duplex-calibration-A4.pdf", "duel/strikes-A4.pdf", "rules/duel-rules-booklet-A4.pdf"]}
    assert got["kit"]["A4"] == {"sheets": 1, "files": ["duplex-calibration-A4.pdf"]}
