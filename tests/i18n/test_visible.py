"""Every visible word of a non-English kit comes from a catalog: the built kit's index.html and PDFs, read back
(pdfium; the HTML's text nodes), hold no word that no translation of the language has (issue 44: the layout id
"single-sided" was printed six times on every index.html)."""

from __future__ import annotations

import pytest

from generator.content.languages import language_codes
from generator.i18n.catalogs import SOURCE_LANG
from generator.i18n.visible import html_text, kit_strays, stray_words, vocabulary
from tests.conftest import ROOT, built_kit

NON_ENGLISH = [lang for lang in language_codes(released=True) if lang != SOURCE_LANG]


def test_a_word_no_catalog_holds_is_found():
    known = vocabulary(ROOT, "ru")
    assert {"поле", "ground", "сейган", "letter"} <= known and "single" not in known
    html = '<style>.x{}</style><li>A4 · single-sided · 2 страницы <span class="file">dojo/board-A4.pdf</span></li>'
    assert stray_words(html_text(html), known) == ["single", "sided"]
    assert stray_words("Реше-\r\nния: 0.9.0+b8aa324 · RU · 3909cf6e · БК · пра\r\n-\r\nвила", known) == []


@pytest.mark.parametrize("lang", NON_ENGLISH)
def test_every_printed_word_of_the_kit_is_from_a_catalog(lang):
    kit = built_kit(lang)
    assert kit_strays(kit.out, ROOT, lang) == {}
