"""Catalog intake: the bytes of a .po checked and decoded before parsing (encoding, header, characters, escapes)."""

from __future__ import annotations

import codecs
import gettext
import re
from dataclasses import dataclass

from ..inputfile import nfc

BOM = b"\xef\xbb\xbf"
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_CHARSET = re.compile(r"charset=([^;\s]*)", re.I)
_PLURAL_VALUE = re.compile(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+);?\s*$")
# Control characters a catalog line may not hold raw (tab is allowed): gettext prints them as they are.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x85\u2028\u2029]")
# Escapes a msgid/msgstr may use: \\ \" \n \t. The other C escapes are legal for gettext but print
# a control character (\a, \b, \f, \v, \r, octal, hex) or, in Babel, a literal backslash (\' \?).
_ESCAPE = re.compile(r'\\(.)')
ALLOWED_ESCAPES = frozenset('\\"nt')
_ESCAPE_NAMES = {"a": "a bell (control) character", "b": "a backspace (control) character",
                 "f": "a form feed (control) character", "v": "a vertical tab (control) character",
                 "r": "a carriage return", "'": "a literal backslash before the apostrophe",
                 "?": "a literal backslash before the question mark"}
_UTF8 = {"utf-8", "utf8"}


@dataclass(frozen=True)
class Bad:
    """Why a catalog's bytes are refused: what, at which line, how to fix."""

    line: int
    what: str
    hint: str


def header_fields(lines: list[str]) -> dict[str, tuple[str, int]]:
    """The header entry's fields (lower-case name -> (value, line)) read from the raw lines, strings joined."""
    fields: dict[str, tuple[str, int]] = {}
    in_header = False
    current, start = "", 0
    for n, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not in_header:
            in_header = line == 'msgid ""'
            continue
        if line.startswith("msgstr"):
            line = line[len("msgstr"):].strip()
        if not (line.startswith('"') and line.endswith('"') and len(line) >= 2):
            if line and not line.startswith("#"):
                break
            continue
        for piece in re.split(r"(\\n)", line[1:-1]):
            if piece == "\\n":
                name, _, value = current.partition(":")
                fields.setdefault(name.strip().lower(), (value.strip(), start))
                current = ""
            elif piece:
                start = start if current else n
                current += piece
    return fields


def _first_bad_utf8_line(data: bytes) -> int:
    for n, line in enumerate(_LINE_BREAK.split(data.decode("latin-1")), start=1):
        try:
            line.encode("latin-1").decode("utf-8")
        except UnicodeDecodeError:
            return n
    return 1


def check_charset(fields: dict, data: bytes) -> Bad | None:
    """The header's charset is a known encoding, is UTF-8, and matches the bytes."""
    value, line = fields.get("content-type", ("", 0))
    m = _CHARSET.search(value)
    if m is None:
        return None
    name = m.group(1)
    try:
        codec = codecs.lookup(name).name
    except LookupError:
        return Bad(line, f"the header declares an unknown charset {name!r}",
                   'set "Content-Type: text/plain; charset=UTF-8\\n" and save the file as UTF-8')
    if codec.replace("_", "-") in _UTF8:
        return None
    if any(b > 0x7f for b in data):
        saved = "the file is saved as UTF-8" if _utf8(data) else "catalogs must be UTF-8"
        return Bad(line, f"the header declares charset {name!r} but {saved}",
                   'save the file as UTF-8 and set "charset=UTF-8" in the Content-Type header')
    return Bad(line, f"the header declares charset {name!r}; catalogs are UTF-8",
               'set "Content-Type: text/plain; charset=UTF-8\\n"')


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def check_plural_syntax(fields: dict) -> Bad | None:
    """A Plural-Forms header, if present, is `nplurals=N; plural=EXPR;` with a C expression gettext accepts."""
    if "plural-forms" not in fields:
        return None
    value, line = fields["plural-forms"]
    parsed = _PLURAL_VALUE.fullmatch(value)
    hint = "write it as `nplurals=N; plural=EXPRESSION;` (`make i18n-update` writes the right one)"
    if parsed is None:
        return Bad(line, f"the Plural-Forms header {value!r} does not parse", hint)
    try:
        fn = gettext.c2py(parsed.group(2).strip())
        forms = {fn(n) for n in range(0, 202)}
    except (ValueError, SyntaxError, ZeroDivisionError, TypeError, RecursionError):
        return Bad(line, f"the Plural-Forms expression {parsed.group(2).strip()!r} is not a valid C expression",
                   hint)
    if int(parsed.group(1)) < 1 or max(forms) >= int(parsed.group(1)):
        return Bad(line, f"the Plural-Forms expression gives form {max(forms)} but nplurals="
                   f"{parsed.group(1)}", hint)
    return None


def check_characters(lines: list[str]) -> Bad | None:
    """No raw control character and no escape other than \\\\ \\" \\n \\t in any line."""
    for n, line in enumerate(lines, start=1):
        c = _CONTROL.search(line)
        if c:
            return Bad(n, f"control character U+{ord(c.group(0)):04X} in the line (it would be printed)",
                       "delete it (use \\n inside quotes for a line break)")
        if line.lstrip().startswith("#") and not line.lstrip().startswith(("#|", "#~")):
            continue
        for e in _ESCAPE.finditer(_strings_part(line)):
            ch = e.group(1)
            if ch not in ALLOWED_ESCAPES:
                what = _ESCAPE_NAMES.get(ch, "a control character" if ch in "01234567x" else "nothing gettext knows")
                return Bad(n, f"escape \\{ch} in a string would print {what}",
                           "write \\\\ for a backslash, \\\" for a quote, \\n for a line break; an apostrophe "
                           "or question mark needs no backslash")
    return None


def _strings_part(line: str) -> str:
    start = line.find('"')
    if start < 0:
        return ""
    body = line[start:]
    # drop escaped backslashes first so "\\a" (backslash + a) is not read as \a
    return body.replace("\\\\", "")


def decode(data: bytes) -> tuple[list[str], Bad | None]:
    """The catalog's lines (BOM dropped, CRLF/CR/LF line ends) or why its bytes are refused."""
    if data.startswith(BOM):
        data = data[len(BOM):]
    try:
        text = nfc(data.decode("utf-8"))
    except UnicodeDecodeError:
        bad = check_charset(header_fields(_LINE_BREAK.split(data.decode("latin-1"))), data)
        return [], bad or Bad(_first_bad_utf8_line(data), "catalog is not valid UTF-8", "save the file as UTF-8")
    lines = _LINE_BREAK.split(text)
    fields = header_fields(lines)
    bad = check_charset(fields, data) or check_plural_syntax(fields) or check_characters(lines)
    return lines, bad
