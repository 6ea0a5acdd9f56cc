"""The manifest's sheet counts: each game's minimum set per paper, one file per component, counted from the PDFs."""

import pikepdf

from generator.pageqa.ink import game_of


def test_the_manifest_counts_each_games_sheets_of_paper(kit):
    sheets = kit.manifest["sheets"]
    entries = {e["path"]: e for e in kit.manifest["files"]}
    assert set(sheets) == {"dojo", "ground", "duel", "kit"}
    for game, papers in sheets.items():
        assert set(papers) == {"A4", "Letter"}
        for paper, counted in papers.items():
            components = [entries[p]["component"] for p in counted["files"]]
            assert len(components) == len(set(components))  # one file per component: no alternatives
            assert all(game_of(c) == game for c in components)
            assert not any("gutterfold" in p or p.endswith(("-single.pdf", "-A5.pdf", "-HalfLetter.pdf"))
                           or p.endswith(f"rules-{paper}.pdf") for p in counted["files"])
            total = 0
            for path in counted["files"]:
                with pikepdf.open(kit.out / path) as pdf:
                    pages = len(pdf.pages)
                double = entries[path]["layout"] != "sheet" or entries[path]["kind"] in ("cards", "reference",
                                                                                         "calibration")
                total += (pages + 1) // 2 if double else pages
            assert counted["sheets"] == total, (game, paper)
    every = {e["component"] for e in kit.manifest["files"] if e.get("paper") == "A4" and e["path"].endswith(".pdf")}
    assert {entries[p]["component"] for g in sheets.values() for p in g["A4"]["files"]} == every
    assert sheets["dojo"]["A4"]["sheets"] <= 12  # the target for the Dojo, booklet included
