"""Catalog checks: pure functions from parsed catalog entries to Problems (file, line, msgid, what, how to fix)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from ..problems import Problem
from ..render.fonts import face, missing_glyphs
from .catalogs import PSEUDO_PLURAL, SOURCE_LANG, PluralRule, declared_nplurals, plural_rule, plural_function, same_plural_rule, short

# {name}, {0}, {}, {name!r:>3}; {icon:X} is markup, {{ and }} are literal braces.
_BRACE = re.compile(r"\{\{|\}\}|\{icon:[^{}]*\}|\{[A-Za-z_0-9.\[\]]*(?:![rsa])?(?::[^{}]*)?\}")
# %s, %d, %(name)d, %5.2f; %% is a literal percent. A space flag is left out so "50% di" is plain text.
_PERCENT = re.compile(r"%%|%(?:\([A-Za-z_][A-Za-z_0-9]*\))?[-+0#]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[diouxXeEfFgGcrsa]")
_ICON = re.compile(r"\{icon:([^{}]*)\}")
# HTML a browser would act on: a tag or comment (<script, </b, <!--), a character reference (&lt; &#60;).
_HTML = re.compile(r"<\s*[/?]?[A-Za-z][A-Za-z0-9-]*|<!|&#?[A-Za-z0-9]+;")


@dataclass(frozen=True)
class Entry:
    """One catalog entry as the checks see it: where it is, its source and its translation forms."""

    file: str
    line: int | None
    msgid: str
    plural: str | None
    context: str | None
    forms: tuple[str, ...]
    fuzzy: bool

    @property
    def where(self) -> str:
        """msgctxt/msgid for a report line."""
        label = f"msgid {short(self.msgid)!r}"
        return f"msgctxt {self.context!r}, {label}" if self.context else label


def entry_of(message: Message, file: str) -> Entry:
    """An Entry from a Babel message."""
    if message.pluralizable:
        msgid, plural = message.id[0], message.id[1]
        forms = tuple(message.string) if isinstance(message.string, (list, tuple)) else (message.string or "",)
    else:
        msgid, plural = message.id, None
        forms = (message.string or "",)
    return Entry(file, message.lineno, msgid, plural, message.context, forms, message.fuzzy)


def placeholders(text: str) -> Counter:
    """Format placeholders of a string ({name}, %s, %(x)d), literal escapes and icons left out."""
    found: Counter = Counter()
    for rx in (_BRACE, _PERCENT):
        for m in rx.finditer(text):
            tok = m.group(0)
            if tok not in ("{{", "}}", "%%") and not tok.startswith("{icon:"):
                found[tok] += 1
    return found


def stray_braces(text: str) -> int:
    """Count of { or } that belong to no placeholder, icon or escape."""
    rest = _BRACE.sub("", text)
    return rest.count("{") + rest.count("}")


def _singular_only_forms(rule: PluralRule) -> set[int]:
    fn = plural_function(rule.expr)
    used: dict[int, set[int]] = {}
    for n in range(0, 202):
        used.setdefault(fn(n), set()).add(n)
    return {i for i, ns in used.items() if ns == {1}}


def _problem(e: Entry, rule: str, what: str, hint: str, severity: str = "error") -> Problem:
    return Problem(severity, rule, what, e.file, e.line, where=e.where, hint=hint)


def check_placeholders(e: Entry, rule: PluralRule) -> list[Problem]:
    """Every placeholder of the source kept, none invented (a singular-only form may drop the count)."""
    out: list[Problem] = []
    single = set(placeholders(e.msgid))
    every = single | set(placeholders(e.plural or ""))
    singular_only = _singular_only_forms(rule) if e.plural else set()
    for i, form in enumerate(e.forms):
        if not form:
            continue
        have = set(placeholders(form))
        need = single if e.plural is None or i in singular_only else set(placeholders(e.plural))
        label = f"msgstr[{i}]" if e.plural else "msgstr"
        extra, missing = sorted(have - every), sorted(need - have)
        if extra or missing:
            what = "; ".join(x for x in (extra and f"has {', '.join(extra)} which the source does not have",
                                         missing and f"lacks {', '.join(missing)} from the source") if x)
            out.append(_problem(e, "placeholder", f"{label} {what}",
                                "use exactly the placeholders of the msgid, spelled the same (the program fills "
                                "them in; do not translate the names inside {} or %())"))
        if stray_braces(form) > stray_braces(e.plural if e.plural and i else e.msgid):
            out.append(_problem(e, "placeholder", f"{label} has an unmatched {{ or }}",
                                "close the brace, or write {{ / }} for a literal brace"))
    return out


def _positional(text: str) -> list[str]:
    return [m.group(0) for m in _PERCENT.finditer(text) if m.group(0) != "%%" and "(" not in m.group(0)]


def check_order_and_newlines(e: Entry) -> list[Problem]:
    """Unnamed %-placeholders in the source's order; a leading/trailing newline kept (msgfmt --check rules)."""
    out: list[Problem] = []
    for i, form in enumerate(e.forms):
        if not form:
            continue
        label = f"msgstr[{i}]" if e.plural else "msgstr"
        source = e.plural if e.plural and i else e.msgid
        if _positional(form) and _positional(form) != _positional(source):
            out.append(_problem(e, "placeholder", f"{label} has the unnamed placeholders {' '.join(_positional(form))}"
                                f" but the source has {' '.join(_positional(source)) or 'none'} in this order",
                                "unnamed placeholders (%s, %d) are filled in order: keep their order and number"))
        for edge, test in (("begin", str.startswith), ("end", str.endswith)):
            if test(source, "\n") != test(form, "\n"):
                out.append(_problem(e, "newline", f"{label} and the msgid do not both {edge} with a line break",
                                    f"{'add' if test(source, chr(10)) else 'remove'} the \\n at the {edge}"))
    return out


def _markup(text: str) -> tuple[int, int, Counter]:
    bold = text.count("**")
    italic = text.replace("**", "").count("*")
    return bold, italic, Counter(_ICON.findall(text))


def check_markup(e: Entry) -> list[Problem]:
    """**bold** and *italic* balanced where the source is, and the same {icon:X} as the source."""
    out: list[Problem] = []
    src_bold, src_italic, src_icons = _markup(e.msgid + (e.plural or ""))
    for i, form in enumerate(e.forms):
        if not form:
            continue
        label = f"msgstr[{i}]" if e.plural else "msgstr"
        bold, italic, icons = _markup(form)
        if bold % 2 and not src_bold % 2:
            out.append(_problem(e, "markup", f"{label} has an unclosed ** (bold)",
                                "bold text is written **like this**: add the missing **"))
        if italic % 2 and not src_italic % 2:
            out.append(_problem(e, "markup", f"{label} has an unclosed * (italic)",
                                "italic text is written *like this*: add the missing *"))
        want = src_icons if not e.plural else Counter(_ICON.findall(e.plural)) | Counter(_ICON.findall(e.msgid))
        if set(icons) != set(want):
            miss = sorted(set(want) - set(icons))
            more = sorted(set(icons) - set(want))
            what = "; ".join(x for x in (miss and f"lacks {{icon:{'}, {icon:'.join(miss)}}}",
                                         more and f"has {{icon:{'}, {icon:'.join(more)}}} not in the source") if x)
            out.append(_problem(e, "markup", f"{label} {what}",
                                "keep every {icon:X} of the source unchanged (X is an id, not a word to translate)"))
    return out


def check_html(e: Entry) -> list[Problem]:
    """No HTML markup the source does not have: every catalog lands in an HTML page (index.html: names, bills of
    materials, the site catalog; the preview page: problems quoting translations), where it is shown as text."""
    source = set(_HTML.findall(e.msgid + (e.plural or "")))
    out = []
    for i, form in enumerate(e.forms):
        found = [m for m in _HTML.findall(form) if m not in source]
        if found:
            label = f"msgstr[{i}]" if e.plural else "msgstr"
            out.append(_problem(e, "html", f"{label} holds HTML markup {found[0]!r} (the kit's web pages show "
                                "translations as plain text, never as markup)",
                                "write plain text: no <tags> and no &entities; (use the character itself, "
                                "e.g. '<' as a word: 'less than')"))
    return out


def check_plural_forms(e: Entry, rule: PluralRule, lang: str) -> list[Problem]:
    """A plural entry has all the language's forms filled when any is."""
    if e.plural is None or not any(e.forms):
        return []
    empty = [i for i, f in enumerate(e.forms) if not f]
    if len(e.forms) < rule.nplurals or empty:
        idx = sorted(set(empty) | set(range(len(e.forms), rule.nplurals)))
        return [_problem(e, "plural-forms", f"plural form(s) {', '.join(f'msgstr[{i}]' for i in idx)} missing "
                         f"({lang} needs {rule.nplurals} forms)",
                         f"fill every msgstr[0..{rule.nplurals - 1}]; see TRANSLATING.md for which numbers use "
                         "which form")]
    return []


def check_complete(e: Entry, lang: str, severity: str) -> list[Problem]:
    """No fuzzy and no untranslated entry (English, the source language, may leave msgstr empty)."""
    if lang == SOURCE_LANG:
        return []
    if e.fuzzy:
        return [_problem(e, "fuzzy", "translation is marked fuzzy (the source changed since it was translated; "
                         "the English text is printed instead)",
                         "compare with the '#| msgid' previous source, fix the translation, then delete the "
                         "'fuzzy' flag (Poedit: toggle 'Needs work')", severity)]
    if not any(e.forms) or (e.plural is None and not e.forms[0]):
        return [_problem(e, "untranslated", "not translated (the English text is printed instead)",
                         "write the translation in msgstr", severity)]
    return []


_FACES = (face("PT Sans"), face("PT Sans Narrow"))


def check_glyphs(e: Entry, lang: str) -> list[Problem]:
    """Every character printed has a glyph in PT Sans and PT Sans Narrow (else cairo draws a box)."""
    texts = [f for f in e.forms if f]
    if lang == SOURCE_LANG and not texts:
        texts = [e.msgid] + ([e.plural] if e.plural else [])
    missing = "".join(sorted(set("".join(missing_glyphs(t, f) for t in texts for f in _FACES))))
    if not missing:
        return []
    names = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
    return [_problem(e, "glyphs", f"the kit font PT Sans has no glyph for {names}",
                     "use another character (e.g. straight quotes, '-' for a rare dash, no emoji)")]


def check_entry(e: Entry, lang: str, completeness: str = "error", root: Path | None = None) -> list[Problem]:
    """Every per-entry check of one catalog entry (plural rule: the language table's, of root's project)."""
    rule = plural_rule(lang, root) or PSEUDO_PLURAL
    return (check_complete(e, lang, completeness) + check_plural_forms(e, rule, lang) + check_placeholders(e, rule)
            + check_order_and_newlines(e) + check_markup(e) + check_html(e) + check_glyphs(e, lang))


def header_line(path: Path) -> int:
    """Line of the header entry (the first msgid "")."""
    try:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.startswith('msgid ""'):
                return n
    except (OSError, UnicodeDecodeError):
        pass
    return 1


def check_header(catalog: Catalog, lang: str, file: str, line: int, root: Path | None = None) -> list[Problem]:
    """Plural-Forms right for the language, header not fuzzy, Language matching the folder."""
    out: list[Problem] = []
    rule = plural_rule(lang, root)
    declared_plural = declared_nplurals(catalog) is not None
    if rule is not None:
        expr = catalog.plural_expr if declared_plural else ""
        if not declared_plural or catalog.num_plurals != rule.nplurals or not same_plural_rule(expr, rule):
            got = f"'{catalog.plural_forms}'" if declared_plural else "no Plural-Forms header"
            out.append(Problem("error", "plural-header", f"{lang} catalog has {got}; {lang} needs "
                               f"'{rule.header}'", file, line, where="header",
                               hint=f"set the header line to \"Plural-Forms: {rule.header}\\n\" "
                               "(`make i18n-update` does it)"))
    if catalog.fuzzy and lang != SOURCE_LANG:
        out.append(Problem("error", "fuzzy-header", "the header entry is marked fuzzy, so gettext ignores it "
                           "(and its plural rule)", file, line, where="header",
                           hint="delete the '#, fuzzy' line above the header's msgid \"\""))
    declared = catalog.locale_identifier
    if declared and declared.split("_")[0] != lang:
        out.append(Problem("error", "language-header", f"header says Language: {declared} but the catalog is "
                           f"in locales/{lang}/", file, line, where="header",
                           hint=f"set \"Language: {lang}\\n\" or move the file to the right folder"))
    return out


_HEADER_PLACEHOLDERS = ("FIRST AUTHOR", "EMAIL@ADDRESS", "FULL NAME", "LL@li.org", "ORGANIZATION", "PACKAGE VERSION")


def check_hygiene(catalog: Catalog, file: str, line: int) -> list[Problem]:
    """What a translator's tool shows as noise: a template placeholder left in the header, and translator comments
    holding an old msgid (`# | msgid "…"`: a `#|` previous msgid that lost its form, never updated again)."""
    out: list[Problem] = []
    header = catalog.header_comment + "\n" + "\n".join(f"{k}: {v}" for k, v in catalog.mime_headers)
    left = [p for p in _HEADER_PLACEHOLDERS if p in header]
    if left:
        out.append(Problem("warning", "header", f"the header still holds the template placeholder(s) {', '.join(left)}",
                           file, line, where="header", hint="run `make i18n-update` (it writes the project's header)"))
    for m in catalog:
        stale = [c for c in m.user_comments if c.startswith(("| msgid", "| msgctxt"))]
        if m.id and stale:
            e = entry_of(m, file)
            out.append(_problem(e, "stale-comment", f"a translator comment holds an old msgid ({stale[0][:50]!r})",
                                "delete the `# | msgid` lines (`make i18n-update` does): a fuzzy entry keeps its "
                                "previous msgid in `#|` lines", "warning"))
    return out
