"""One spelling per term: the drift check on printed text, and on a page read back."""

import pytest

from generator.kit.build import printed_in_english
from generator.kit.cache import Reads
from generator.plan.model import Artifact
from generator.pageqa.check import page_problems
from generator.pageqa.terms import spelling_drift
from generator.render import pdf
from generator.render.pdf import PdfDoc
from tests.board.helpers import run_cli
from tests.conftest import LANGS, with_kit_cache

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


@pytest.mark.parametrize("lang", list(TERMS))
def test_words_printed_untranslated_are_not_drift(lang):
    words = frozenset({"Jōdan", "Kaesi"} if lang != "ru" else {"Кэси", "Jodan"})
    found = spelling_drift(DRIFT[lang], TERMS[lang], printed_untranslated=words)
    assert len(found) == 1 and not any(repr(w) in f.split(" where ")[0] for w in words for f in found), found


@pytest.mark.parametrize("lang", LANGS)
def test_the_words_of_lookups_that_gave_back_their_english_are_printed_in_english(lang):
    reads = Reads(lookups={("pgettext", "rules", "Irimi works anyway.", None, None): "Irimi works anyway.",
                           ("gettext", None, "Swap", None, None): "Ирими" if lang == "ru" else "Scambio",
                           ("ngettext", None, "one step", "%(n)d steps", 2): "%(n)d steps"})
    expected = set() if lang == "en" else {"Irimi", "works", "anyway", "n", "d", "steps"}
    assert printed_in_english(lang, reads) == expected  # English is the source: nothing there is a fallback


def test_a_rules_paragraph_edited_in_english_builds_in_russian_with_a_warning(proved_project):
    """The designer edits a paragraph naming a term (Irimi); until the translator updates the catalog the Russian
    development build prints it in English and warns that it is missing: its Latin 'Irimi' is not drift from the
    cards' 'Ирими' (it stopped the build), while a drifting spelling in translated text still is."""
    project = with_kit_cache(proved_project, "ru")  # proved once per session; the components the edits leave
    # alone come from the session's cache
    rules = project / "content/dojo/rules.md"
    text = rules.read_text(encoding="utf-8")
    assert "Irimi (Swap) works anyway" in text
    rules.write_text(text.replace("Irimi (Swap) works anyway", "Irimi (Swap) still works"), encoding="utf-8")
    run = run_cli("build", "--lang", "ru", "--root", project)
    assert run.code == 0, run.err
    assert "[missing]" in run.err and "rules.md:" in run.err and "term-spelling" not in run.err
    catalog = project / "locales/ru/LC_MESSAGES/dojo.po"  # the Mist card's name, translated
    po = catalog.read_text(encoding="utf-8")
    assert 'msgstr "Ирими (Обмен)"' in po
    catalog.write_text(po.replace('msgstr "Ирими (Обмен)"', 'msgstr "Ирими (Обмен) Irimi"'), encoding="utf-8")
    run = run_cli("build", "--lang", "ru", "--root", project)
    assert run.code == 1 and "'Irimi' where the cards write 'Ирими' [term-spelling]" in run.err, run.err
    assert "nebbia-deck" in run.err  # found on the card (a paragraph printed in English exempts only its own pages'
    # component: the rules booklet)


@pytest.mark.parametrize("lang", list(TERMS))
def test_a_pages_runs_give_the_drift_of_their_joined_text(lang):
    """The page QA reads a page's words run by run (each run's words kept: pages repeat their runs); a word holds no
    space, so split at any space the runs give what their joined text gives."""
    from generator.pageqa.terms import runs_drift

    runs = [DRIFT[lang], CLEAN[lang], "", DRIFT[lang]]
    parts = [p for t in runs for p in t.split(" ")]
    want = spelling_drift(" ".join(runs), TERMS[lang])
    assert want and runs_drift(runs, TERMS[lang]) == want == runs_drift(parts, TERMS[lang])
    untranslated = frozenset(DRIFT[lang].split()[:1])
    assert runs_drift(parts, TERMS[lang], untranslated) == spelling_drift(" ".join(runs), TERMS[lang], untranslated)
