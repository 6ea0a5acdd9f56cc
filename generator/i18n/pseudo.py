"""The pseudo-locale xx: every English string ~40% longer, with accents and Cyrillic look-alikes, markup kept."""

from __future__ import annotations

import re

from babel.messages.catalog import Catalog

from .catalogs import PSEUDO_PLURAL

# Letters with a wider or marked look-alike (accented Latin, Cyrillic); all have glyphs in PT Sans.
_MAP = str.maketrans({
    "a": "á", "b": "ь", "c": "ç", "d": "ď", "e": "е", "g": "ğ", "h": "ĥ", "i": "í", "k": "ķ", "l": "ľ",
    "n": "ñ", "o": "ö", "p": "р", "r": "ŕ", "s": "š", "t": "ţ", "u": "ü", "w": "ш", "y": "ý", "z": "ž",
    "A": "Å", "B": "В", "C": "Ç", "D": "Ď", "E": "Ё", "H": "Н", "I": "Î", "K": "К", "M": "М", "N": "Ñ",
    "O": "Ö", "P": "Р", "S": "Š", "T": "Т", "U": "Ü", "Y": "Ý", "Z": "Ž",
})
# Kept verbatim: placeholders, icons, markup, escapes and line breaks.
_KEEP = re.compile(r"\{\{|\}\}|\{[^{}]*\}|%%|%(?:\([A-Za-z_][A-Za-z_0-9]*\))?[-+0#]*(?:\d+)?(?:\.\d+)?[diouxXeEfFgGcrsa]"
                   r"|\*\*|\*|\n|<[^<>]*>")
_VOWELS = "aeiouAEIOU"
GROWTH = 0.4


def pseudo(text: str) -> str:
    """'Draw {n} cards' -> '[Ďŕááŵ {n} çááŕďš ~]': about 40% longer, every protected token kept."""
    if not text:
        return text
    pieces: list[tuple[bool, str]] = []
    pos = 0
    for m in _KEEP.finditer(text):
        pieces.append((False, text[pos:m.start()]))
        pieces.append((True, m.group(0)))
        pos = m.end()
    pieces.append((False, text[pos:]))
    budget = max(2, round(len(text) * GROWTH)) - 2  # the two brackets count
    if not any(ch.isalpha() for keep, piece in pieces if not keep for ch in piece):
        budget = 0  # a pattern of placeholders ('%(name)s (%(value)s)'): its pieces grow already, no padding of its own
    out = []
    for keep, piece in pieces:
        if keep:
            out.append(piece)
            continue
        chars = []
        for ch in piece:
            chars.append(ch.translate(_MAP))
            if budget > 0 and ch in _VOWELS:
                chars.append(ch.translate(_MAP))
                budget -= 1
        out.append("".join(chars))
    tail = (" " + "~" * budget) if budget > 0 else ""
    return "[" + "".join(out) + tail + "]"


def pseudo_catalog(sources: list[Catalog]) -> Catalog:
    """One in-memory catalog of every message of the sources (English catalogs or POTs), pseudo-translated."""
    rule = PSEUDO_PLURAL
    out = Catalog(locale=None, domain="pseudo", fuzzy=False, charset="utf-8")
    out.mime_headers = [("Plural-Forms", rule.header)]
    for source in sources:
        for m in source:
            if not m.id or out.get(m.id, context=m.context) is not None:
                continue
            if m.pluralizable:
                given = m.string if isinstance(m.string, (list, tuple)) else ()
                one = given[0] if len(given) > 0 and given[0] else m.id[0]
                many = given[1] if len(given) > 1 and given[1] else m.id[1]
                out.add(m.id, (pseudo(one), pseudo(many)), context=m.context)
            else:
                out.add(m.id, pseudo(m.string or m.id), context=m.context)
    return out
