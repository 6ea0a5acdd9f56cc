"""The kit's languages as data: locales/languages.toml, read by every command that lists languages.

``languages(root)`` gives the table (code -> ``Language``) of a project; a wrong row is one Problem naming the file,
line and field (``CheckFailed``), never a traceback. Plural rules come from Babel's CLDR data unless a row gives its
own; the hyphenation dictionary is pyphen's.
"""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..problems import CheckFailed
from .games import game_codes
from .toml_source import data_table

TABLE = Path("locales/languages.toml")
PROJECT = Path(__file__).resolve().parents[2]  # this checkout: the table commands read unless given a --root
STATUSES = ("released", "incubating")
GAMES_ADDRESSED = (*game_codes(), "kit")  # content/games.toml; kit: the kit's own strings (kit and site catalogs)
YO = ("always", "never")
CODE_RE = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")
PLURAL_RE = re.compile(r"^\s*nplurals\s*=\s*(\d)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*$")


@dataclass(frozen=True)
class PluralRule:
    """The gettext plural header a language must carry."""

    nplurals: int
    expr: str

    @property
    def header(self) -> str:
        """The Plural-Forms header value."""
        return f"nplurals={self.nplurals}; plural={self.expr};"


@dataclass(frozen=True)
class Language:
    """One row of the language table."""

    code: str
    english: str
    native: str
    plural: PluralRule
    hyphenation: str | None  # a pyphen dictionary name; None: the language is not hyphenated
    status: str = "released"
    address: dict[str, str] = field(default_factory=dict, compare=False)
    quotes: str = ""  # the quotation marks of the kit's text in the language ("«»"); empty: not checked
    yo: str = ""  # Russian ё: "always" (written wherever it is pronounced) or "never"; empty: not checked

    @property
    def released(self) -> bool:
        """Whether `dojo release` packs it (and a missing translation is an error there)."""
        return self.status == "released"


def cldr_plural(code: str) -> PluralRule | None:
    """Babel's CLDR plural rule of a language (None when Babel does not know it)."""
    from babel.core import UnknownLocaleError
    from babel.messages.plurals import get_plural

    try:
        rule = get_plural(code)
    except (UnknownLocaleError, ValueError):
        return None
    return PluralRule(rule.num_plurals, rule.plural_expr)


def parse_plural(text: str) -> PluralRule | None:
    """'nplurals=2; plural=(n != 1);' -> PluralRule (None if it does not parse as a C expression of n)."""
    m = PLURAL_RE.match(text)
    if not m:
        return None
    try:
        gettext.c2py(m.group(2))
    except (ValueError, SyntaxError):
        return None
    return PluralRule(int(m.group(1)), m.group(2))


def _hyphenation(row, code: str) -> str | None:
    import pyphen

    name = row.get("hyphenation", str, None)
    if name is None:
        return code if code in pyphen.LANGUAGES else None
    if name not in pyphen.LANGUAGES:
        near = sorted(k for k in pyphen.LANGUAGES if k.split("_")[0] == code.split("_")[0])
        row.error(f"pyphen has no hyphenation dictionary {name!r}", "hyphenation",
                  f"use one of {', '.join(near)}" if near else "remove the field (the language is then not hyphenated)")
        return None
    return name


def _language(row, seen: set[str]) -> Language | None:
    row.unknown({"code", "english", "native", "plural", "hyphenation", "address", "status", "quotes", "yo"})
    code = row.code(seen, CODE_RE, "language", 'use the gettext code, e.g. "de" or "pt_BR"')
    english, native = row.text("english"), row.text("native")
    status = row.choice("status", STATUSES)
    text = row.get("plural", str, None)
    plural = parse_plural(text) if text is not None else (cldr_plural(code) if code else None)
    if text is not None and plural is None:
        row.error(f"plural {text!r} is not a gettext plural rule", "plural",
                  'write e.g. "nplurals=2; plural=(n != 1);", or remove it to take the CLDR rule')
    elif code and plural is None:
        row.error(f"Babel's CLDR data has no plural rule for {code!r}", "code",
                  'add e.g. plural = "nplurals=2; plural=(n != 1);"')
    address = row.get("address", dict, {})
    for game, form in (address or {}).items():
        if game not in GAMES_ADDRESSED or not isinstance(form, str) or not form.strip():
            row.error(f"address {game} = {form!r}: wants a game ({', '.join(GAMES_ADDRESSED)}) and a form of "
                      "address", "address", f'e.g. address = {{ {GAMES_ADDRESSED[0]} = "tu", kit = "voi" }}')
    hyphenation = _hyphenation(row, code) if code else None
    quotes = row.get("quotes", str, "") or ""
    if len(quotes) not in (0, 2):
        row.error(f"quotes {quotes!r} is not an opening and a closing mark", "quotes", 'e.g. quotes = "«»"')
    yo = row.get("yo", str, "") or ""
    if yo and yo not in YO:
        row.error(f"yo {yo!r} is not one of {', '.join(YO)}", "yo", 'e.g. yo = "always"')
    if None in (code, english, native, status, plural):
        return None
    return Language(code, english, native, plural, hyphenation, status, dict(address or {}), quotes, yo)


def languages(root: Path | None = None) -> dict[str, Language]:
    """The language table of a project (this checkout's by default), in file order; CheckFailed when it is wrong."""
    return {lang.code: lang for lang in data_table(root, PROJECT, TABLE, "language", "languages", _language,
                                                     "language table")}


def language_codes(root: Path | None = None, released: bool = False) -> tuple[str, ...]:
    """Every language's code (or only the released ones), in table order."""
    return tuple(code for code, lang in languages(root).items() if lang.released or not released)


def _row(lang: str, root: Path | None) -> Language | None:
    try:
        return languages(root).get(lang)
    except CheckFailed:
        return None  # the build's language check reports the broken table


def hyphenation(lang: str, root: Path | None = None) -> str | None:
    """The pyphen dictionary cards and booklets hyphenate a language with (None: none); a code outside the table
    (a language tried out before its row is added) uses pyphen's dictionary of that code, when there is one."""
    import pyphen

    row = _row(lang, root)
    if row is not None:
        return row.hyphenation
    return lang if lang in pyphen.LANGUAGES else None


def native_name(lang: str, root: Path | None = None) -> str:
    """The language's own name (the booklet footers); the code when it has no row."""
    row = _row(lang, root)
    return row.native if row is not None else lang
