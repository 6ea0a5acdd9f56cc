"""Readable cards (issue 47): no rules text under 7.5 pt on the reference cards and the duel's order cards, in any
language, read back from the printed single cards (the imprint line at a card's foot aside). The floor is written
here from the issue, not read from the page QA's constant."""

import pytest

from generator.content.languages import language_codes
from generator.pageqa.read import read_pdf
from tests.conftest import built_kit

FLOOR_PT = 7.5
FOOTER_MM = 7.5  # the imprint line sits within this of the card's bottom edge (with the bleed below it)
CARDS = ("dojo-reference", "duel-reference", "ground-reference", "duel-stance-cards", "duel-strike-cards",
         "ground-scenario-cards")


def singles(lang: str) -> dict[str, bytes]:
    """component -> its single-card PDF (one card face or back per page), as the session's kit of lang prints it
    (conftest.built_kit: the whole kit, built once a session; these cards were rendered again here before)."""
    kit = built_kit(lang)
    return {f["component"]: (kit.out / f["path"]).read_bytes() for f in kit.manifest["files"]
            if f["component"] in CARDS and f["layout"] == "single" and f["path"].endswith(".pdf")}


@pytest.mark.parametrize("lang", language_codes())
def test_card_text_is_at_least_7_5_pt_in_every_language(lang):
    pdfs = singles(lang)
    assert set(pdfs) == set(CARDS)
    smallest = {}
    for comp, data in pdfs.items():
        sizes = []
        for page in read_pdf(data):
            w, h = page.size
            sizes += [(r.size, r.text.strip()) for r in page.runs if r.box[3] < h - FOOTER_MM - 1.0 and r.text.strip()]
        assert sizes, comp
        smallest[comp] = min(sizes)
    small = {c: s for c, s in smallest.items() if s[0] < FLOOR_PT - 0.05}
    assert small == {}, f"{lang}: card text under {FLOOR_PT} pt: {small}"
