"""`dojo i18n update` never pre-fills a new entry with another entry's translation (Babel's fuzzy matching would:
a false fuzzy that a translator must notice and undo), still marks an edited paragraph fuzzy with its old text,
and leaves an English catalog with nothing to clear after an English source edit."""

from __future__ import annotations

from generator.i18n.catalogs import catalog_path, read_catalog
from generator.i18n.workflow import update_catalogs

GOAL = ("You start as a White belt, climb up to Brown belt, reach the Central Dojo and pass the Final Exam. "
        "The first player to wear the Black Belt wins.")
LOOKALIKE = GOAL.replace("The first player", "The first two players")  # a new paragraph; GOAL stays
EDITED = ("Playtest draft v0.9, based on the English rules (RULES.md) v0.9.",
          "Playtest draft v0.9.1, based on the English rules (RULES.md) v0.9.")


def test_a_new_lookalike_entry_is_left_untranslated_and_an_edit_becomes_fuzzy(project):
    rules = project / "content/dojo/rules.md"
    text = rules.read_text(encoding="utf-8")
    assert GOAL in text and EDITED[0] in text
    rules.write_text(text.replace(GOAL, f"{GOAL}\n\n{LOOKALIKE}").replace(*EDITED), encoding="utf-8")
    update_catalogs(project, ("it", "en"))
    it = read_catalog(catalog_path(project, "it", "dojo-rules"), "it", project).catalog
    new = it.get(LOOKALIKE)
    assert new is not None and not new.fuzzy and new.string == ""  # Babel's matching would copy GOAL's translation
    assert it.get(GOAL).string and not it.get(GOAL).fuzzy
    edited = it.get(EDITED[1])
    assert edited.fuzzy and edited.string and edited.previous_id == [EDITED[0]]
    en = read_catalog(catalog_path(project, "en", "dojo-rules"), "en", project).catalog
    assert [m.id for m in en if m.id and m.fuzzy] == []
