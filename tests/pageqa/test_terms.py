"""One spelling per term: the drift check on printed text, and on a page read back."""

import pytest

from generator.kit.model import Artifact
from generator.pageqa.check import page_problems
from generator.pageqa.terms import spelling_drift
from generator.render import pdf
from generator.render.pdf import PdfDoc

TERMS = {
    "it": {"Jodan": frozenset({"Дзёдан"}), "Kaeshi": frozenset()},
    "en": {"Jodan": frozenset({"Дзёдан"}), "Kaeshi": frozenset()},
    "ru": {"Дзёдан": frozenset({"Jodan"}), "Каэси": frozenset({"Kaeshi"}), "Гедан": frozenset({"Gedan"})},
}
DRIFT = {"it": "Jōdan · Дзёдан e Kaesi", "en": "Jōdan · Дзёдан and Kaesi", "ru": "Кэси и Jodan, Дзёдaн"}
CLEAN = {"it": "Jodan, poi Kaeshi.", "en": "Jodan, then Kaeshi.", "ru": "из Дзёдана в Гедан; Каэси."}


@pytest.mark.parametrize("lang", list(TERMS))
def test_other_spellings_are_drift_and_inflections_are_not(lang):
    found = spelling_drift(DRIFT[lang], TERMS[lang])
    assert len(found) == 3, found
    assert spelling_drift(CLEAN[lang], TERMS[lang]) == []


@pytest.mark.parametrize("lang", list(TERMS))
def test_a_page_with_a_drifting_term_is_reported(lang):
    doc = PdfDoc(0, "t")
    pdf.text(doc.page(210, 297), DRIFT[lang], 30, 50, 10)
    page = Artifact("rules/x-A5.pdf", "x-rules", "rules", doc.finish(), "A5", "pages", 1)
    problems = [p for p in page_problems([page], lang, terms=TERMS[lang]) if p.rule == "term-spelling"]
    assert len(problems) == 3 and problems[0].where == f"page 1, {lang}" and problems[0].file == "rules/x-A5.pdf"
