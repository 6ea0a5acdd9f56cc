"""Readable cards (issue 47): no rules text under 7.5 pt on the reference cards and the duel's order cards, in any
language, read back from the printed single cards (the imprint line at a card's foot aside). The floor is written
here from the issue, not read from the page QA's constant."""

from dataclasses import replace

import pytest

from generator.content.languages import language_codes
from generator.kit.build import render_all
from generator.plan.registry import COMPONENTS
from generator.pageqa.read import read_pdf
from tests.conftest import kit_context, session_shared

FLOOR_PT = 7.5
FOOTER_MM = 7.5  # the imprint line sits within this of the card's bottom edge (with the bleed below it)
CARDS = ("dojo-reference", "duel-reference", "ground-reference", "duel-stance-cards", "duel-strike-cards",
         "ground-scenario-cards")


def singles(lang: str) -> dict[str, bytes]:
    """component -> its single-card PDF (one card face or back per page), A4 only, once per session."""
    def make():
        ctx = kit_context(lang)
        ctx = replace(ctx, options=replace(ctx.options, papers=("A4",)))
        arts = render_all(ctx, tuple(c for c in COMPONENTS if c.id in CARDS), jobs=1)
        return {a.component: a.data for a in arts if a.layout == "single" and a.path.endswith(".pdf")}
    return session_shared(f"card-floor-{lang}", make)


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
