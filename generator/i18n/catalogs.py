"""Catalog files: domains, languages and their plural rules, and reading a .po into Problems (never a traceback)."""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.core import UnknownLocaleError
from babel.messages.pofile import PoFileError, PoFileParser, denormalize

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


class _StrictParser(PoFileParser):
    """Babel's parser that also reports duplicate entries and reads the `#|` previous msgid (Babel drops both)."""

    def __init__(self, catalog: Catalog):
        super().__init__(catalog, ignore_obsolete=True, abort_invalid=True)
        self.duplicates: list[tuple[int, str]] = []
        self.surplus: list[int] = []
        self.previous: list[str] = []

    def _reset_message_state(self) -> None:
        super()._reset_message_state()
        self.previous = []

    def _process_comment(self, line) -> None:
        if line.startswith("#|"):
            self._finish_current_message()
            self.previous.append(line[2:].strip())
            return
        super()._process_comment(line)

    def _invalid_pofile(self, line, lineno, msg) -> None:
        if msg.startswith("msg has more translations than num_plurals"):
            self.surplus.append(lineno + 1)
            return
        super()._invalid_pofile(line, lineno, msg)

    def _add_message(self) -> None:
        if not self.obsolete and self.messages:
            msgid = self.messages[0].denormalize()
            ctx = self.context.denormalize() if self.context else None
            if msgid and self.catalog.get(msgid, context=ctx) is not None:
                self.duplicates.append((self.offset + 1, msgid))
        previous = previous_id(self.previous) if self.previous else None
        key = (self.messages[0].denormalize(), self.context.denormalize() if self.context else None)
        super()._add_message()
        message = self.catalog.get(*key) if previous and key[0] else None
        if message is not None:
            message.previous_id = previous


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
    catalog = Catalog(locale=None, domain=path.stem)
    parser = _StrictParser(catalog)
    try:
        parser.parse(lines)
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
                for line, msgid in parser.duplicates]
    problems += [Problem("error", "plural-forms", f"entry has more msgstr[N] forms than the header's "
                         f"nplurals={catalog.num_plurals} (the extra forms are never used)", name, line,
                         hint="fix the Plural-Forms header if it is wrong for the language, else delete the "
                         "extra msgstr[N] lines") for line in sorted(set(parser.surplus))]
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
    if not (catalog._num_plurals == rule.nplurals and same_plural_rule(catalog.plural_expr or "", rule)):
        catalog.mime_headers = [("Plural-Forms", rule.header)]
    for message in catalog:
        if message.id and message.pluralizable:
            forms = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string or ""]
            forms = (forms + [""] * rule.nplurals)[: rule.nplurals]
            message.string = tuple(forms)
