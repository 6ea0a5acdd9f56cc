"""The fit watcher: an overflowing string is named by its .po file, line and msgctxt; the pseudo-locale's
overflow policy turns it into a warning and a block marked for the red outline; every fit can be logged."""

from __future__ import annotations

import pytest

from generator.i18n.fitwatch import watch_fits
from generator.i18n.runtime import load_translations
from generator.problems import CheckFailed
from generator.render.layout import Slot, Where, fit

from .conftest import po
from tests.conftest import LANGS

TINY = Slot("title", 2, 1.5, 9, 6.5, bold=True)
ROOMY = Slot("title", 60, 10, 9, 6.5, bold=True)


def _line(path, text):
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, t in enumerate(lines, 1) if t == text)


@pytest.mark.parametrize("lang,shown", [("it", "Nebbia"), ("ru", "Туман"), ("en", "Fog")])
def test_overflow_names_the_po_file_line_and_msgctxt(project, lang, shown):
    trans = load_translations(project, lang)
    assert trans.pgettext("dojo-nebbia", "Fog") == shown
    where = Where("dojo-nebbia-deck", "nebbia-1", lang)
    with watch_fits(project, lang, trans), pytest.raises(CheckFailed) as exc:
        fit(shown, TINY, where)
    (p,) = exc.value.problems
    path = po(project, lang, "dojo")
    assert (p.file, p.line) == (f"locales/{lang}/LC_MESSAGES/dojo.po", _line(path, 'msgid "Fog"'))
    assert "msgctxt 'dojo-nebbia'" in p.where and "nebbia-1" in p.where and p.severity == "error"


@pytest.mark.parametrize("lang", LANGS)
def test_an_overflowing_string_no_catalog_holds_yet_is_named_by_its_source_line(project, lang):
    """A content string edited in English and not yet in the catalogs is printed in English; its overflow names
    the content file and line that print it (it named only the card and slot: found by fuzzing the content)."""
    cards = project / "content/dojo/cards.toml"
    label = "Supercalifragilisticexpialidocious"
    cards.write_text(cards.read_text(encoding="utf-8").replace('name = "Kumite"', f'name = "{label}"'),
                     encoding="utf-8")
    trans = load_translations(project, lang)
    assert trans.pgettext("dojo-kumite", label) == label  # in no catalog: printed in English
    with watch_fits(project, lang, trans), pytest.raises(CheckFailed) as exc:
        fit(label, TINY, Where("dojo-kumite-deck", "dojo-kumite", lang))
    (p,) = exc.value.problems
    assert (p.file, p.line) == ("content/dojo/cards.toml", _line(cards, f'name = "{label}"'))
    assert "msgctxt 'dojo-kumite'" in p.where and p.severity == "error"


def test_without_a_watcher_an_overflow_is_still_an_error(project):
    with pytest.raises(CheckFailed) as exc:
        fit("Nebbia", TINY, Where("dojo-nebbia-deck", "nebbia-1", "it"))
    assert exc.value.problems[0].rule == "overflow" and exc.value.problems[0].file is None


def test_pseudo_locale_overflow_is_a_warning_and_marks_the_block(project):
    trans = load_translations(project, "xx")
    shown = trans.pgettext("dojo-nebbia", "Fog")
    with watch_fits(project, "xx", trans, accept_overflow=True) as log:
        block = fit(shown, TINY, Where("dojo-nebbia-deck", "nebbia-1", "xx"))
        ok = fit(shown, ROOMY, Where("dojo-nebbia-deck", "nebbia-1", "xx"))
    assert block.overflow and not ok.overflow
    (w,) = log.warnings
    assert w.severity == "warning" and w.file == "locales/en/LC_MESSAGES/dojo.po" and "red outline" in w.message


def test_record_logs_which_entry_lands_in_which_slot(project):
    trans = load_translations(project, "it")
    with watch_fits(project, "it", trans, record=True) as log:
        fit("Nebbia", ROOMY, Where("dojo-nebbia-deck", "nebbia-1", "it"))
    assert [(o.context, o.msgid, s.width, w.card) for o, s, w in log.uses] == [("dojo-nebbia", "Fog", 60, "nebbia-1")]
