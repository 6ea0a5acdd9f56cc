"""Catalog intake: every bad catalog a translator can produce is refused with file and line in check, build
and stats (no traceback, nothing merged); BOM, CRLF and CR-only files read like the original."""

from __future__ import annotations

import pytest

from generator.cli import main
from generator.i18n.catalogs import read_catalog
from generator.i18n.gate import check_language
from generator.kit.build import prepare
from generator.problems import CheckFailed

from .conftest import po
from generator.plan.model import BuildOptions
from tests.conftest import LANGS


def _edit(root, lang, domain, old, new, count=1):
    path = po(root, lang, domain)
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


def _line_of(path, needle) -> int:
    return next(n for n, t in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in t)


# (id, lang, domain, old text, new text, what the error says): one edit of a catalog line each
EDITS = [
    ("charset", "it", "dojo", "charset=utf-8", "charset=bogus-42", "unknown charset 'bogus-42'"),
    ("control", "ru", "dojo", 'msgstr "Туман"', 'msgstr "Ту\x07ман"', "control character U+0007"),
    ("bell-escape", "it", "dojo", 'msgstr "Nebbia"', 'msgstr "Neb\\abia"', "escape \\a"),
    ("apostrophe-escape", "it", "dojo", 'msgstr "Nebbia"', "msgstr \"Nebbia dell\\'arte\"", "escape \\'"),
    ("plural-header", "ru", "kit", "nplurals=3;", "nplurals=three;", "Plural-Forms header"),
]


def _edited(spec):
    def spoil(root):
        _, lang, domain, old, new, what = spec
        path = _edit(root, lang, domain, old, new)
        return path, _line_of(path, new), what
    spoil.__name__ = spec[0]
    return spoil


def _latin1_saved_as_utf8(root):
    _edit(root, "it", "dojo", 'msgstr "Nebbia"', 'msgstr "Nebbia più fitta"')
    path = _edit(root, "it", "dojo", "charset=utf-8", "charset=ISO-8859-1")
    return path, _line_of(path, "charset=ISO-8859-1"), "but the file is saved as UTF-8"


def _stray(root):
    src = po(root, "it", "dojo")
    stray = src.with_name("zz.po")
    stray.write_text(src.read_text(encoding="utf-8").replace('msgstr "Nebbia"', 'msgstr "ZZZ"'), encoding="utf-8")
    return stray, None, "zz.po is not a catalog"


def _backup(root):
    src = po(root, "it", "dojo")
    backup = src.with_name("dojo.po~")
    backup.write_bytes(src.read_bytes())
    return backup, None, "dojo.po~ is not a catalog"


BAD = [*map(_edited, EDITS), _latin1_saved_as_utf8, _stray, _backup]


@pytest.mark.parametrize("spoil", BAD, ids=lambda f: f.__name__.strip("_"))
def test_bad_catalog_is_refused_with_file_and_line_in_check_build_and_stats(project, with_board, spoil, capsys):
    root = with_board(project)
    path, line, what = spoil(root)
    lang = path.parent.parent.name
    name = str(path.relative_to(root))
    problems = [p for p in check_language(root, lang) if p.severity == "error"]
    assert [(p.file, p.line) for p in problems] == [(name, line)] and what in problems[0].message
    assert problems[0].hint
    with pytest.raises(CheckFailed) as exc:
        prepare(root, BuildOptions(lang=lang))
    assert [(p.file, p.line) for p in exc.value.problems] == [(name, line)]
    for command in (["i18n", "check", "--lang", lang], ["i18n", "stats", "--lang", lang]):
        main([*command, "--root", str(root)])
        out = capsys.readouterr()
        assert "Traceback" not in out.err + out.out
        assert name.split("/")[-1] in " ".join((out.err + out.out).split())


def test_a_stray_catalog_is_never_merged(project, with_board):
    root = with_board(project)
    _stray(root)
    from generator.i18n.runtime import load_translations

    assert load_translations(root, "it").pgettext("dojo-nebbia", "Fog") == "Nebbia"  # not zz.po's "ZZZ"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("form", ["bom", "crlf", "cr"])
def test_bom_crlf_and_cr_only_catalogs_read_like_the_original(project, lang, form):
    path = po(project, lang, "dojo")
    original = read_catalog(path, lang, project).catalog
    data = path.read_bytes()
    data = {"bom": b"\xef\xbb\xbf" + data, "crlf": data.replace(b"\n", b"\r\n"), "cr": data.replace(b"\n", b"\r")}[form]
    path.write_bytes(data)
    result = read_catalog(path, lang, project)
    assert result.problems == () and result.catalog is not None
    assert [(m.id, m.context, m.string, m.lineno) for m in result.catalog] == \
        [(m.id, m.context, m.string, m.lineno) for m in original]
    assert [p for p in check_language(project, lang) if p.severity == "error"] == []
