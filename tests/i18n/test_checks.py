"""Each catalog check catches a broken catalog of the fixture project, with file, line, msgid and a fix."""

from __future__ import annotations

import pytest

from generator.i18n.checks import Entry, check_entry, placeholders
from generator.i18n.gate import check_language
from generator.problems import blocking

from .conftest import LANGS, po


def _break(root, lang, domain, old, new):
    path = po(root, lang, domain)
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _line_of(path, needle):
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


@pytest.mark.parametrize("lang", LANGS)
def test_complete_catalogs_pass(project, lang):
    assert check_language(project, lang) == []


# (lang, domain, old text, broken text, rule, msgid line marker)
BROKEN = [
    ("it", "dojo", "Muovi fino a {n} caselle", "Muovi fino a {num} caselle", "placeholder", "msgid \"Move up"),
    ("ru", "dojo", "берёт %(count)d карт", "берёт %(cuont)d карт", "placeholder", "msgid \"Each player"),
    ("en", "kit", 'msgid "Cut along the line"\nmsgstr ""', 'msgid "Cut along the line"\nmsgstr "Cut {here"',
     "placeholder", "msgid \"Cut along"),
    ("ru", "kit", 'msgstr[2] "%(num)d страниц"', 'msgstr[2] ""', "plural-forms", "msgid \"%(num)d page\""),
    ("ru", "dojo", 'msgstr[0] "{n} копия"', 'msgstr[0] "одна копия"', "placeholder", "msgid \"one copy\""),
    ("it", "dojo", "il **Kiai** attraversa", "il **Kiai attraversa", "markup", "msgid \"Move up"),
    ("ru", "dojo", "проходит {icon:wall}", "проходит {icon:стена}", "markup", "msgid \"Move up"),
    ("it", "dojo-rules", "prende *tre* carte", "prende *tre carte", "markup", "msgid \"Shuffle"),
    ("ru", "dojo-rules", 'msgid "Place the board."', '#, fuzzy\nmsgid "Place the board."', "fuzzy",
     "msgid \"Place the board"),
    ("it", "dojo-rules", '"Scegli un colore."', '""', "untranslated", "msgid \"Choose a colour"),
    ("ru", "kit", "Разрежьте по\u00a0линии", "Разрежьте по\u00a0линии ✂", "glyphs", "msgid \"Cut along"),
    ("en", "kit", 'msgid "Cut along the line"\nmsgstr ""', 'msgid "Cut along the line"\nmsgstr "Cut ☞ here"',
     "glyphs", "msgid \"Cut along"),
]


@pytest.mark.parametrize("lang,domain,old,new,rule,marker", BROKEN)
def test_each_check_catches_a_broken_catalog(project, lang, domain, old, new, rule, marker):
    path = _break(project, lang, domain, old, new)
    problems = blocking(check_language(project, lang))
    assert [p.rule for p in problems] == [rule]
    p = problems[0]
    assert p.file == f"locales/{lang}/LC_MESSAGES/{domain}.po"
    assert p.line == _line_of(path, marker)
    assert p.where and "msgid" in p.where and p.hint
    assert "Traceback" not in p.render()


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_plural_header_must_match_the_language(project, lang):
    bad = "nplurals=3; plural=((n == 1) ? 0 : ((n != 0 && n % 1000000 == 0)) ? 1 : 2);" if lang == "it" \
        else "nplurals=2; plural=(n != 1);"
    path = po(project, lang, "kit")
    text = path.read_text(encoding="utf-8")
    start = text.index('"Plural-Forms: ')
    end = text.index('\\n"', start) + 3
    path.write_text(text[:start] + f'"Plural-Forms: {bad}\\n"' + text[end:], encoding="utf-8")
    problems = [p for p in check_language(project, lang) if p.rule == "plural-header"]
    assert len(problems) == 1 and problems[0].file.endswith(f"{lang}/LC_MESSAGES/kit.po")
    assert problems[0].line == _line_of(path, 'msgid ""')
    assert ("nplurals=2" if lang == "it" else "nplurals=3") in problems[0].message


@pytest.mark.parametrize("lang", LANGS)
def test_unparsable_catalog_is_one_error_with_file_and_line(project, lang):
    path = _break(project, lang, "kit", 'msgid "Cut along the line"', 'msgid "Cut along the line"\nmsgfoo "x"')
    problems = check_language(project, lang)
    syntax = [p for p in problems if p.rule == "po-syntax"]
    assert len(syntax) == 1
    assert syntax[0].file == f"locales/{lang}/LC_MESSAGES/kit.po" and syntax[0].line == _line_of(path, "msgfoo")


@pytest.mark.parametrize("lang", LANGS)
def test_duplicate_entry_is_an_error(project, lang):
    path = po(project, lang, "kit")
    text = path.read_text(encoding="utf-8")
    start = text.index('#: templates/kit/footer.svg.j2:1')
    end = text.index("\n\n", start)
    path.write_text(text + "\n" + text[start:end] + "\n", encoding="utf-8")
    assert [p.rule for p in blocking(check_language(project, lang))] == ["po-duplicate"]


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_development_build_downgrades_gaps_to_warnings(project, lang):
    _break(project, lang, "dojo-rules", 'msgid "Place the board."', '#, fuzzy\nmsgid "Place the board."')
    dev = check_language(project, lang, strict=False)
    assert [(p.severity, p.rule) for p in dev] == [("warning", "fuzzy")]
    assert [p.rule for p in blocking(check_language(project, lang, strict=True))] == ["fuzzy"]


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_message_missing_from_every_catalog(project, lang):
    (project / "content/dojo/rules.md").write_text("# Brand new heading\n", encoding="utf-8")
    problems = blocking(check_language(project, lang))
    assert [(p.rule, p.file) for p in problems] == [("missing", f"locales/{lang}/LC_MESSAGES/dojo-rules.po")]
    assert "content/dojo/rules.md:1" in problems[0].message


def test_english_may_leave_msgstr_empty_but_not_break_it(project):
    assert check_language(project, "en") == []
    _break(project, "en", "dojo", 'msgid "Fog"\nmsgstr ""', 'msgid "Fog"\nmsgstr "Mist {n}"')
    assert [p.rule for p in check_language(project, "en")] == ["placeholder"]


def test_placeholder_tokens():
    assert placeholders("%(n)d of %s, {name} {0} {} {icon:wall} {{x}} 100%% 50% di") == \
        {"%(n)d": 1, "%s": 1, "{name}": 1, "{0}": 1, "{}": 1}


@pytest.mark.parametrize("lang,forms,ok", [
    ("it", ("una copia", "{n} copie"), True),     # Italian form 0 is only n=1: the count may be dropped
    ("ru", ("одна копия", "{n} копии", "{n} копий"), False),  # Russian form 0 is also 21, 31...
    ("en", ("", ""), True),
])
def test_singular_only_forms_may_drop_the_count(lang, forms, ok):
    e = Entry("x.po", 3, "one copy", "{n} copies", None, forms, False)
    assert (check_entry(e, lang) == []) is ok


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("msgid,msgstr,rule", [
    ("%s scores %d", "%d punti per %s", "placeholder"),      # unnamed placeholders swapped
    ("%(who)s scores %(n)d", "%(n)d punti: %(who)s", None),    # named ones may move
    ("Line\n", "Riga", "newline"),
    ("Score: %(n)d", "Punti: %(n)s", "placeholder"),         # conversion changed
])
def test_order_conversions_and_newlines(lang, msgid, msgstr, rule):
    problems = check_entry(Entry("x.po", 7, msgid, None, None, (msgstr,), False), lang)
    assert [p.rule for p in problems] == ([rule] if rule else [])


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_pybabel_compile_is_not_a_gate_but_our_check_is(project, tmp_path, lang):
    import subprocess
    import sys
    from pathlib import Path

    pybabel = Path(sys.executable).with_name("pybabel")
    if not pybabel.exists():
        pytest.skip("pybabel not installed")
    old = "%(count)d carte" if lang == "it" else "%(count)d карт"
    path = _break(project, lang, "dojo", old, old.replace("%(count)d", "%(cnt)d"))
    mo = tmp_path / "dojo.mo"
    run = subprocess.run([str(pybabel), "compile", "-i", str(path), "-o", str(mo), "-l", lang],
                         capture_output=True, text=True)
    assert "error" in (run.stdout + run.stderr).lower()
    assert mo.exists() and mo.stat().st_size > 0  # Babel reported the error and wrote the .mo anyway
    assert [p.rule for p in blocking(check_language(project, lang))] == ["placeholder"]
