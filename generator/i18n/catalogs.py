"""Catalog files: domains, languages and their plural rules, and reading a .po into Problems (never a traceback)."""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.core import UnknownLocaleError
from babel.messages.pofile import PoFileError, PoFileParser

from ..content.model import GAMES
from ..problems import Problem

SOURCE_LANG = "en"
DOMAINS = ("kit", "site", *GAMES, *(f"{game}-rules" for game in GAMES))  # one catalog per game and rules source
TEMPLATES_DIR = Path("locales/templates")
PSEUDO_LANG = "xx"


@dataclass(frozen=True)
class PluralRule:
    """The gettext plural header a language must carry."""

    nplurals: int
    expr: str

    @property
    def header(self) -> str:
        """The Plural-Forms header value."""
        return f"nplurals={self.nplurals}; plural={self.expr};"


PLURALS = {
    "it": PluralRule(2, "(n != 1)"),
    "en": PluralRule(2, "(n != 1)"),
    "ru": PluralRule(3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"),
    PSEUDO_LANG: PluralRule(2, "(n != 1)"),
}
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
    """The .po files of one language, sorted by domain."""
    return sorted(locales_dir(root, lang).glob("*.po"))


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


class _StrictParser(PoFileParser):
    """Babel's parser that also reports duplicate entries (Babel merges them silently)."""

    def __init__(self, catalog: Catalog):
        super().__init__(catalog, ignore_obsolete=True, abort_invalid=True)
        self.duplicates: list[tuple[int, str]] = []
        self.surplus: list[int] = []

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
        super()._add_message()


@dataclass(frozen=True)
class ReadResult:
    """A parsed catalog (None when it does not parse) and the problems found while reading it."""

    catalog: Catalog | None
    problems: tuple[Problem, ...]


_CSTRING = r'"(?:[^"\\]|\\(?:[\\"ntrabfv?\'\n]|[0-7]{1,3}|x[0-9a-fA-F]+))*"'
_PO_LINE = re.compile(rf'(?:(?:msgctxt|msgid|msgid_plural|msgstr|msgstr\[\d+\])\s+)?{_CSTRING}')


def syntax_error_line(text: str) -> tuple[int, str] | None:
    """(line, what) of the first line that is no comment, keyword + C string or string continuation."""
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if not _PO_LINE.fullmatch(line):
            if re.search(r'\\[^\\"ntrabfv?\'0-7x]', line):
                return n, "unknown escape sequence (a backslash starts one: write \\\\ for a backslash)"
            if line.count('"') % 2 or not line.endswith('"'):
                return n, "a string is not closed, or has an unescaped \" inside (write \\\")"
            return n, f"not a .po line: {short(line, 40)!r} (expected msgid, msgstr, msgctxt or a \"quoted\" line)"
    return None


def _first_bad_utf8_line(data: bytes) -> int:
    for n, line in enumerate(data.split(b"\n"), start=1):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            return n
    return 1


def read_catalog(path: Path, lang: str | None, root: Path | None = None) -> ReadResult:
    """Parse a .po/.pot with Babel; syntax errors become one Problem naming the file and line."""
    name = rel(path, root)
    hint = "fix the .po syntax at that line (compare with a neighbouring entry), or open the file in Poedit"
    try:
        data = path.read_bytes()
    except OSError as exc:
        return ReadResult(None, (Problem("error", "po-read", f"cannot read catalog: {exc.strerror}", name),))
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return ReadResult(None, (Problem("error", "po-syntax", "catalog is not valid UTF-8", name,
                                         _first_bad_utf8_line(data), hint="save the file as UTF-8"),))
    bad = syntax_error_line(data.decode("utf-8"))
    if bad:
        return ReadResult(None, (Problem("error", "po-syntax", f"catalog does not parse: {bad[1]}", name, bad[0],
                                         hint=hint),))
    catalog = Catalog(locale=None, domain=path.stem)
    parser = _StrictParser(catalog)
    try:
        parser.parse(data.split(b"\n"))
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
    return ReadResult(catalog, tuple(problems))


def _short(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def short(text: str | tuple, width: int = 60) -> str:
    """A msgid shortened for one line of a report."""
    return _short(text[0] if isinstance(text, (tuple, list)) else text, width)


def fix_plural_header(catalog: Catalog, lang: str) -> None:
    """Set the language's Plural-Forms (Babel writes nplurals=3 for Italian) and resize plural msgstrs."""
    rule = PLURALS.get(lang)
    if rule is None:
        return
    catalog.mime_headers = [("Plural-Forms", rule.header)]
    for message in catalog:
        if message.id and message.pluralizable:
            forms = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string or ""]
            forms = (forms + [""] * rule.nplurals)[: rule.nplurals]
            message.string = tuple(forms)
