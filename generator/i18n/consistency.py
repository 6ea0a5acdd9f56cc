"""Consistency across a language's catalogs (as Weblate's "Inconsistent" check): the same English source translated
two ways. Inflection is not a difference (Italian «Gialla»/«Giallo», Russian «Красная»/«Красный», «ДЕЙСТВИЯ»/
«Действия» agree with their nouns or their heading); another word is. Run by `dojo i18n check`, never by a build."""

from __future__ import annotations

import re
from pathlib import Path

from ..problems import Problem
from .catalogs import PSEUDO_LANG, SOURCE_LANG, catalog_paths, read_catalog, rel, short

_WORD = re.compile(r"\w+")


def _stems(text: str) -> tuple[str, ...]:
    """The words of a translation without their endings (the last two letters of a word of five or more)."""
    return tuple(w[:-2] if len(w) >= 5 else w for w in _WORD.findall(text.lower()))


def consistency_problems(root: Path, lang: str) -> list[Problem]:
    """A warning for each English source (singular, not plural) whose translations in the language's catalogs differ
    by more than an ending, naming every place and translation."""
    if lang in (SOURCE_LANG, PSEUDO_LANG):
        return []
    seen: dict[str, dict[tuple, list[tuple[str, int | None, str | None, str]]]] = {}
    for path in catalog_paths(root, lang):
        catalog = read_catalog(path, lang, root).catalog
        for m in catalog or ():
            if m.id and not m.pluralizable and m.string and not m.fuzzy:
                seen.setdefault(m.id, {}).setdefault(_stems(m.string), []).append(
                    (rel(path, root), m.lineno, m.context, m.string))
    out = []
    for msgid, ways in sorted(seen.items()):
        if len(ways) < 2:
            continue
        places = [uses[0] for uses in ways.values()]
        told = "; ".join(f"{t!r} at {f}:{n}" + (f" ({c})" if c else "") for f, n, c, t in places)
        file, line, context, _ = places[-1]
        out.append(Problem("warning", "consistency", f"{short(msgid)!r} is translated {len(ways)} ways: {told}",
                           file, line, where=f"msgctxt {context!r}" if context else None,
                           hint="use one translation for one English text, unless the place needs another word "
                                "(then leave it)"))
    return out
