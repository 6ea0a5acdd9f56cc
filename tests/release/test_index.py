"""The release's INDEX.txt names the shared (ganged) sheets from the kits' manifests, not from a list of games."""

from generator.release.index import index_text


def test_the_index_lists_the_ganged_sheets_of_the_manifest_once_per_paper():
    files = [{"path": f"toy/table-{paper}.pdf", "component": "toy-table", "paper": paper, "gangs": ["toy-cards"]}
             for paper in ("A4", "Letter")]
    files += [{"path": "toy/cards-A4.pdf", "component": "toy-cards", "paper": "A4", "layout": "sheet"},
              {"path": "previews/toy/table.png", "component": "toy-table", "kind": "preview", "gangs": ["toy-cards"]}]
    text = index_text("kit-1", "1.0", {"en": {"files": files}})
    (line,) = [x for x in text.splitlines() if x.startswith("- Shared sheets")]
    assert line.startswith("- Shared sheets (toy/table): ") and "@SHARED@" not in text
    assert "- toy/cards-A4.pdf: toy-cards (A4, sheet)" in text
