"""Catalog files: domains, languages and their plural rules, and reading a .po into Problems (never a traceback)."""

from __future__ import annotations

import copy
import gettext
import re
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.core import UnknownLocaleError
from babel.messages.pofile import PoFileError, denormalize, read_po

from ..content.languages import PluralRule, languages
from ..content.model import GAMES
from ..problems import Problem
from .intake import decode

SOURCE_LANG = "en"
DOMAINS = ("kit", "site", *GAMES, *(f"{game}-rules" for game in GAMES))  # one catalog per game and rules source
TEMPLATES_DIR = Path("locales/templates")
PSEUDO_LANG = "xx"


PSEUDO_PLURAL = PluralRule(2, "(n != 1)")


def plural_rule(lang: str, root: Path | None = None) -> PluralRule | None:
    """The plural rule of a language of the table (locales/languages.toml) or the pseudo-locale; None if unknown."""
    if lang == PSEUDO_LANG:
        return PSEUDO_PLURAL
    table = languages(root)
    return table[lang].plural if lang in table else None


SAMPLE_NS = range(0, 202)


def plural_function(expr: str):
    """The C plural expression as a Python function of n (ValueError if it does not parse)."""
    return gettext.c2py(expr)


def same_plural_rule(expr: str, rule: PluralRule) -> bool:
    """True if expr picks the same form as rule for every n in 0..201."""
    try:
        got, want = plural_function(expr), plural_function(rule.expr)
        return all(got(n) == want(n) for n in SAMPLE_NS)
    except (ValueError, SyntaxError, ZeroDivisionError, TypeError):
        return False


def locales_dir(root: Path, lang: str) -> Path:
    """locales/<lang>/LC_MESSAGES."""
    return root / "locales" / lang / "LC_MESSAGES"


def catalog_path(root: Path, lang: str, domain: str) -> Path:
    """locales/<lang>/LC_MESSAGES/<domain>.po."""
    return locales_dir(root, lang) / f"{domain}.po"


def catalog_paths(root: Path, lang: str) -> list[Path]:
    """The .po files of the known domains of one language, sorted by file name (nothing else is ever read)."""
    return sorted(p for p in (catalog_path(root, lang, d) for d in DOMAINS) if p.is_file())


def stray_files(root: Path, lang: str) -> list[Path]:
    """Files in LC_MESSAGES that are no known domain's .po (a backup copy, zz.po, dojo.po~); .mo files are ignored."""
    folder = locales_dir(root, lang)
    known = {f"{d}.po" for d in DOMAINS} | {f"{d}.mo" for d in DOMAINS}
    return sorted(p for p in folder.iterdir() if p.name not in known) if folder.is_dir() else []


def stray_problems(root: Path, lang: str) -> list[Problem]:
    """A stray file next to the catalogs is an error naming it: it is never read, never merged."""
    domains = ", ".join(f"{d}.po" for d in DOMAINS)
    return [Problem("error", "po-stray", f"{rel(p, root)} is not a catalog of this project (known: {domains}); "
                    "it is not read", rel(p, root),
                    hint="delete it, or move it out of locales/ (a backup copy belongs outside the repository)")
            for p in stray_files(root, lang)]


def template_path(root: Path, domain: str) -> Path:
    """locales/templates/<domain>.pot."""
    return root / TEMPLATES_DIR / f"{domain}.pot"


def rel(path: Path, root: Path | None) -> str:
    """path relative to root when inside it (for messages), else as given."""
    if root is not None:
        try:
            return str(path.resolve().relative_to(root.resolve()))
        except ValueError:
            pass
    return str(path)


def previous_id(lines: list[str]) -> list[str] | None:
    """The previous msgid (and msgid_plural) of an entry's `#| ` lines, as gettext writes them; None if malformed."""
    parts: list[list[str]] = []
    for line in lines:
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgid", "msgid_plural"):
            parts.append([rest.strip()])
        elif keyword == "msgctxt":
            parts.append([])  # a previous msgctxt: kept out of the previous msgid
        elif line.startswith('"') and parts:
            parts[-1].append(line)
        else:
            return None
    try:
        found = [denormalize("\n".join(p)) for p in parts if p]
    except (ValueError, IndexError):
        return None
    return found or None


@dataclass
class _Entry:
    """One entry of a .po file as its lines give it: where it is, its key, its msgstr lines, its `#|` lines."""

    start: int  # index of its first keyword line
    line: int = 0  # 1-based line of its msgid
    context: list[str] | None = None
    msgid: list[str] | None = None
    plural: bool = False
    forms: list[list[int]] = field(default_factory=list)  # [N, first, last line index] of each msgstr[N]
    previous: list[str] = field(default_factory=list)
    obsolete: bool = False
    extends: str = ""  # the keyword a continuation line extends
    end: int = 0

    def key(self) -> tuple[str, str | None]:
        """(msgid, msgctxt) as Babel keys the entry."""
        return (denormalize("\n".join(self.msgid or ['""'])),
                denormalize("\n".join(self.context)) if self.context is not None else None)


def _entries(lines: list[str]) -> list[_Entry]:
    """The entries of a .po whose every line is well-formed (syntax_error_line), split where Babel splits them."""
    out: list[_Entry] = []
    cur: _Entry | None = None
    previous: list[str] = []

    def finish() -> None:
        nonlocal cur, previous
        if cur is not None and cur.msgid is not None:
            cur.previous, previous = previous, []
            out.append(cur)
            cur = None

    for i, raw in enumerate(lines):
        line, obsolete = raw.strip(), False
        if not line:
            continue
        if line.startswith("#~"):
            line, obsolete = line[2:].lstrip(), True
        elif line.startswith("#"):
            finish()
            if line.startswith("#|"):
                previous.append(line[2:].strip())
            continue
        if line.startswith('"'):
            if cur is None:
                continue
            if cur.extends == "msgid":
                cur.msgid.append(line)
            elif cur.extends == "msgctxt":
                cur.context.append(line)
            elif cur.extends == "msgstr":
                cur.forms[-1][2] = i
            cur.end = i
            continue
        keyword, _, arg = line.partition(" ")
        if keyword in ("msgid", "msgctxt"):
            finish()
        if cur is None:
            cur = _Entry(i)
        cur.obsolete, cur.end = obsolete, i
        if keyword == "msgid":
            cur.msgid, cur.line, cur.extends = [arg.strip()], i + 1, "msgid"
        elif keyword == "msgid_plural":
            cur.plural, cur.extends = True, "msgid_plural"
        elif keyword == "msgctxt":
            cur.context, cur.extends = [arg.strip()], "msgctxt"
        elif keyword.startswith("msgstr"):
            index = int(keyword[7:-1]) if keyword.startswith("msgstr[") else 0
            cur.forms.append([index, i, i])
            cur.extends = "msgstr"
    finish()
    return out


def _parse_strict(lines: list[str], domain: str) -> tuple[Catalog, list[tuple[int, str]], list[int]]:
    """Babel's public read_po (abort_invalid) on the lines, plus what Babel does not report: duplicate entries
    (Babel merges them) and msgstr[N] forms beyond the header's nplurals (dropped before parsing and returned by
    line), and the `#|` previous msgid of each entry set on its message (Babel keeps them as comments)."""
    entries = _entries(lines)
    header = next((e for e in entries if not e.obsolete and e.key() == ("", None)), None)
    nplurals = read_po(lines[header.start:header.end + 1], abort_invalid=True).num_plurals if header else 2
    kept = ["" if line.strip().startswith("#|") else line for line in lines]
    surplus: list[int] = []
    for e in entries:
        for index, first, last in e.forms:
            if e.plural and index >= nplurals:
                surplus.append(e.line)
                kept[first:last + 1] = [""] * (last + 1 - first)
    catalog = read_po(kept, domain=domain, ignore_obsolete=True, abort_invalid=True)
    seen: set[tuple[str, str | None]] = set()
    duplicates: list[tuple[int, str]] = []
    for e in entries:
        if e.obsolete:
            continue
        key = e.key()
        if key[0] and key in seen:
            duplicates.append((e.line, key[0]))
        seen.add(key)
        previous = previous_id(e.previous) if e.previous and key[0] else None
        message = catalog.get(key[0], context=key[1]) if previous else None
        if message is not None:
            message.previous_id = previous
    return catalog, duplicates, surplus


def declared_nplurals(catalog: Catalog) -> int | None:
    """The nplurals of the catalog's own Plural-Forms header; None when it has none (Babel's num_plurals then
    falls back to the locale's rule)."""
    bare = copy.copy(catalog)
    bare.locale = None  # without a locale, Babel lists Plural-Forms only when the file declared it
    return next((catalog.num_plurals for name, _ in bare.mime_headers if name == "Plural-Forms"), None)


@dataclass(frozen=True)
class ReadResult:
    """A parsed catalog (None when it does not parse) and the problems found while reading it."""

    catalog: Catalog | None
    problems: tuple[Problem, ...]


_CSTRING = r'"(?:[^"\\]|\\(?:[\\"ntrabfv?\'\n]|[0-7]{1,3}|x[0-9a-fA-F]+))*"'
_PO_LINE = re.compile(rf'(?:(?:msgctxt|msgid|msgid_plural|msgstr|msgstr\[\d+\])\s+)?{_CSTRING}')


def syntax_error_line(lines: list[str]) -> tuple[int, str] | None:
    """(line, what) of the first line that is no comment, keyword + C string or string continuation.

    `#|` lines (the previous msgid of a fuzzy entry) are checked too: gettext reads them as strings."""
    for n, raw in enumerate(lines, start=1):
        line = raw.strip()
        previous = line.startswith("#|")
        if previous:
            line = line[2:].strip()
        elif not line or line.startswith("#"):
            continue
        if not _PO_LINE.fullmatch(line):
            what = "the previous msgid (#|) line is broken: " if previous else ""
            if line.count('"') % 2 or not line.endswith('"'):
                return n, what + "a string is not closed, or has an unescaped \" inside (write \\\")"
            return n, what + f"not a .po line: {short(line, 40)!r} (expected msgid, msgstr, msgctxt or a \"quoted\" line)"
    return None


def broken_previous(lines: list[str]) -> list[int]:
    """Indexes of the `#|` blocks (all their lines) holding a line that is not a valid .po string line.

    Babel 2.19 writes a wrapped previous msgid as broken lines; catalogs written by it must stay readable."""
    out: list[int] = []
    block: list[int] = []
    for i, raw in enumerate([*lines, ""]):
        if raw.strip().startswith("#|"):
            block.append(i)
            continue
        if block and any(not _PO_LINE.fullmatch(lines[j].strip()[2:].strip()) for j in block):
            out.extend(block)
        block = []
    return out


def read_catalog(path: Path, lang: str | None, root: Path | None = None, previous: str = "repair") -> ReadResult:
    """Parse a .po/.pot with Babel; syntax errors become one Problem naming the file and line.

    previous: what a broken `#|` previous msgid is: "error" (`i18n check`), "warning" (a development build)
    or "repair" (dropped silently: `i18n update` rewrites it correctly)."""
    name = rel(path, root)
    hint = "fix the .po syntax at that line (compare with a neighbouring entry), or open the file in Poedit"
    try:
        data = path.read_bytes()
    except OSError as exc:
        return ReadResult(None, (Problem("error", "po-read", f"cannot read catalog: {exc.strerror}", name),))
    lines, refused = decode(data)
    if refused:
        return ReadResult(None, (Problem("error", "po-intake", refused.what, name, refused.line,
                                         hint=refused.hint),))
    notes: list[Problem] = []
    broken = broken_previous(lines) if previous != "error" else []
    if broken:
        lines = ["" if i in set(broken) else line for i, line in enumerate(lines)]
        if previous == "warning":
            notes.append(Problem("warning", "po-previous", "the previous msgid (#|) lines are broken (Babel's "
                                 "wrapping); gettext tools reject the file", name, broken[0] + 1,
                                 hint="run `make i18n-update`: it rewrites them correctly"))
    bad = syntax_error_line(lines)
    if bad:
        return ReadResult(None, (Problem("error", "po-syntax", f"catalog does not parse: {bad[1]}", name, bad[0],
                                         hint=hint),))
    try:
        catalog, duplicates, surplus = _parse_strict(lines, path.stem)
    except PoFileError as exc:
        msg = str(exc.args[0]) if exc.args else "syntax error"
        msg = re.sub(r" on \d+$", "", msg)
        return ReadResult(None, (Problem("error", "po-syntax", f"catalog does not parse: {msg}", name,
                                         exc.lineno + 1, hint=hint),))
    except (ValueError, KeyError, IndexError, TypeError, UnknownLocaleError) as exc:
        return ReadResult(None, (Problem("error", "po-syntax", f"catalog does not parse: {exc}", name,
                                         hint=hint),))
    problems = [Problem("error", "po-duplicate", f"duplicate entry for msgid {_short(msgid)!r}", name, line,
                        hint="delete one of the two entries (msgid and msgctxt together must be unique)")
                for line, msgid in duplicates]
    problems += [Problem("error", "plural-forms", f"entry has more msgstr[N] forms than the header's "
                         f"nplurals={catalog.num_plurals} (the extra forms are never used)", name, line,
                         hint="fix the Plural-Forms header if it is wrong for the language, else delete the "
                         "extra msgstr[N] lines") for line in sorted(set(surplus))]
    return ReadResult(catalog, tuple(problems + notes))


def _short(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def short(text: str | tuple, width: int = 60) -> str:
    """A msgid shortened for one line of a report."""
    return _short(text[0] if isinstance(text, (tuple, list)) else text, width)


def fix_plural_header(catalog: Catalog, lang: str, root: Path | None = None) -> None:
    """Set the language's Plural-Forms (Babel writes nplurals=3 for Italian) and resize plural msgstrs; a header
    that already picks the same forms (the same rule written otherwise) is kept."""
    rule = plural_rule(lang, root)
    if rule is None:
        return
    if not (declared_nplurals(catalog) == rule.nplurals and same_plural_rule(catalog.plural_expr or "", rule)):
        catalog.mime_headers = [("Plural-Forms", rule.header)]
    for message in catalog:
        if message.id and message.pluralizable:
            forms = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string or ""]
            forms = (forms + [""] * rule.nplurals)[: rule.nplurals]
            message.string = tuple(forms)
