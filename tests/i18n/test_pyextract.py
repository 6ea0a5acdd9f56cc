"""The Python extractor resolves named msgctxt constants; update never loses a translation."""

from __future__ import annotations

import pytest

from generator.i18n.catalogs import read_catalog
from generator.i18n.extract import context_domain, extract_all
from generator.i18n.pyextract import messages
from generator.i18n.workflow import update_catalogs

from .conftest import LANGS, po

CODE = '''
from generator.i18n.catalogs import SOURCE_LANG
SQUARE_CTX = "dojo-square"

def labels(ctx, items):
    comp = "duel-track"
    # TRANSLATORS: the track's title, 120 x 7 mm
    title = ui(ctx, comp, "Duel track")
    board = ctx.p_(f"{SQUARE_CTX}/board", "Board")
    lang = ctx.p_(SOURCE_LANG + "-x", "Language")
    dynamic = [ctx.p_(f"duel/{s.id}", s.name) for s in items]
    plural = ctx.n_("one page", "{n} pages", 3)
    NAMES = {"a": N_("Fog deck")}
    return ctx._("Cut here"), ctx.p_(comp, title)
'''


def test_named_contexts_are_resolved_and_runtime_ones_skipped():
    found = [(line, func, msg, comments) for line, func, msg, comments in messages(CODE, "generator.components")]
    assert found == [
        (8, "pgettext", ("duel-track", "Duel track"), ["the track's title, 120 x 7 mm"]),
        (9, "pgettext", ("dojo-square/board", "Board"), []),
        (10, "pgettext", ("en-x", "Language"), []),
        (12, "ngettext", ("one page", "{n} pages"), []),
        (13, "gettext", "Fog deck", []),
        (14, "gettext", "Cut here", []),
    ]


def test_card_and_component_contexts_pick_the_game_domain():
    assert context_domain("duel-track", "kit") == "duel"
    assert context_domain("ground/action/solve", "kit") == "ground"
    assert context_domain("dojo-square/board", "kit") == "dojo"
    assert context_domain("kumite", "kit") == "kit" and context_domain(None, "site") == "site"


def test_code_strings_reach_their_domains(project):
    (project / "generator/components").mkdir(parents=True)
    (project / "generator/components/labels.py").write_text(CODE, encoding="utf-8")
    templates = extract_all(project).templates
    assert templates["duel"].get("Duel track", context="duel-track").locations == [
        ("generator/components/labels.py", 8)]
    assert templates["dojo"].get("Board", context="dojo-square/board") is not None
    assert templates["kit"].get("Cut here") is not None


@pytest.mark.parametrize("lang", LANGS)
def test_update_carries_a_translation_to_the_domain_a_string_moved_to(project, lang):
    (project / "generator/components").mkdir(parents=True)
    (project / "generator/components/move.py").write_text('def f(ctx):\n    return ctx.p_("dojo-nebbia", "Fog")\n',
                                                          encoding="utf-8")
    (project / "content/dojo/cards.toml").write_text(
        (project / "content/dojo/cards.toml").read_text(encoding="utf-8"), encoding="utf-8")
    before = read_catalog(po(project, lang, "dojo"), lang).catalog.get("Fog", context="dojo-nebbia").string
    update_catalogs(project, LANGS)
    after = read_catalog(po(project, lang, "dojo"), lang).catalog.get("Fog", context="dojo-nebbia")
    assert after.string == before and not after.fuzzy


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_update_obsoletes_entries_the_sources_no_longer_have(project, lang):
    path = po(project, lang, "kit")
    extra = 'msgid "Dojo Labyrinth: board"\nmsgstr "Dojo: tabellone"\n' if lang == "it" else \
        'msgid "Dojo Labyrinth: board"\nmsgstr "Додзё: поле"\n'
    path.write_text(path.read_text(encoding="utf-8") + "\n" + extra, encoding="utf-8")
    rules = project / "content/dojo/rules.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("- Choose a colour.\n", ""), encoding="utf-8")
    update_catalogs(project, LANGS)
    kit = path.read_text(encoding="utf-8")
    assert '#~ msgid "Dojo Labyrinth: board"' in kit and '\nmsgid "Dojo Labyrinth: board"' not in kit
    text = po(project, lang, "dojo-rules").read_text(encoding="utf-8")
    assert '#~ msgid "Choose a colour."' in text and '\nmsgid "Choose a colour."' not in text
