"""Every visible word of a non-English kit comes from a catalog: the built kit's index.html and PDFs, read back
(pdfium; the HTML's text nodes), hold no word that no translation of the language has (issue 44: the layout id
"single-sided" was printed six times on every index.html)."""

from __future__ import annotations

import dataclasses

import pytest

from generator.content.languages import language_codes
from generator.i18n.catalogs import SOURCE_LANG
from generator.i18n.visible import html_text, kit_strays, stray_words, vocabulary
from tests.conftest import ROOT, built_kit, copy_project

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


def test_a_planted_word_is_reported_with_its_file_page_and_fix_and_english_of_gaps_is_one_line_per_catalog(tmp_path):
    """visible_problems (what `dojo i18n check --render` runs on the kit it renders): a word no catalog gives is an
    error naming the file, the page and the fix; the English an untranslated entry prints is one line per catalog."""
    from generator.artifact import Artifact
    from generator.i18n.visible import visible_problems

    project = copy_project(tmp_path)  # the project's own catalogs (this folder's `project` is a small fake one)
    po = project / "locales/it/LC_MESSAGES/kit.po"
    text = po.read_text(encoding="utf-8")
    head = 'msgid "Duplex calibration"\nmsgstr "'
    start = text.index(head) + len(head)
    po.write_text(text[:start] + text[text.index('"\n', start):], encoding="utf-8")  # not translated yet
    page = "<li>Calibrazione · Duplex calibration · Blorptastic</li>"
    found = visible_problems(project, "it", [Artifact("index.html", "contact-sheet", "sheet", page.encode())])
    strays = [p for p in found if p.file == "index.html"]
    assert [(p.severity, p.rule) for p in strays] == [("error", "visible")], found
    assert "'Blorptastic'" in strays[0].message and "Duplex" not in strays[0].message
    assert "make i18n-update" in strays[0].hint
    [gaps] = [p for p in found if p.file != "index.html"]
    assert gaps.file == "locales/it/LC_MESSAGES/kit.po" and gaps.severity == "warning"
    assert "'calibration'" in gaps.message and "'Duplex'" in gaps.message
    assert visible_problems(project, "en", [Artifact("index.html", "contact-sheet", "sheet", page.encode())]) == []
    po.write_text(text, encoding="utf-8")  # translated again: a page of catalog words says nothing
    clean = "<li>Calibrazione fronte-retro · A4</li>"
    assert visible_problems(project, "it", [Artifact("index.html", "contact-sheet", "sheet", clean.encode())]) == []


def test_dojo_i18n_check_render_reports_a_planted_word_and_nothing_else(pristine_it, tmp_path, monkeypatch,
                                                                               capsys):
    """`dojo i18n check --render` on the Italian kit (rendered from pristine_it's cache) with the layout id
    "single-sided" planted in its index.html (issue 44's bug): the check fails naming index.html, the words and the
    fix, and that is all it says about the kit's words (the rest is quiet: every other word is from a catalog)."""
    import shutil

    from generator.cli import main
    from generator.kit import build

    root = tmp_path / "project"
    shutil.copytree(pristine_it, root, ignore=shutil.ignore_patterns("pnp"))
    real = build.render_languages

    def planted(builds, *args, **kw):
        out = []
        for artifacts, found, warnings in real(builds, *args, **kw):
            artifacts = [a if a.path != "index.html" else dataclasses.replace(
                a, data=a.data.replace(b"</body>", b"<p>A4 \xc2\xb7 single-sided</p></body>")) for a in artifacts]
            out.append((artifacts, found, warnings))
        return out

    monkeypatch.setattr(build, "render_languages", planted)
    assert main(["i18n", "check", "--render", "--lang", "it", "--root", str(root)]) == 1
    err = capsys.readouterr().err
    [line] = [x for x in err.splitlines() if "[visible]" in x]  # the planted words, nothing else of the kit
    assert line.startswith("error: index.html") and "'single', 'sided'" in line, err
    assert "fix: the text comes from code or a template" in err
    assert "i18n check: 1 error(s)" in err  # the only problem of the Italian kit
