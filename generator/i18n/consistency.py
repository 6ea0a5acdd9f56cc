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


YO_AMBIGUOUS = frozenset({"все", "всем", "небо", "совершенный"})  # е and ё both words: «все» (all), «всё» (everything)
_CYRILLIC_WORD = re.compile(r"[а-яёА-ЯЁ]+")


def yo_problems(root: Path, lang: str) -> list[Problem]:
    """The language table's ё policy (`yo`) over the kit's own texts (the seeds keep their spelling): "always": a
    word the kit writes with ё somewhere is never written with е (ещё/еще, её/ее, чёрный/черный); "never": no ё."""
    from .typography import SEED_CATALOGS
    from .gate import _row_field

    policy = _row_field(root, lang, "yo")
    if not policy:
        return []
    entries = []
    for path in catalog_paths(root, lang):
        if path.stem in SEED_CATALOGS.get(lang, ()):
            continue
        for m in read_catalog(path, lang, root).catalog or ():
            forms = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
            if m.id and any(forms) and not m.fuzzy:
                entries.append((rel(path, root), m.lineno, m.context, m.id, " ".join(f for f in forms if f)))
    with_yo = {w.lower() for *_, text in entries for w in _CYRILLIC_WORD.findall(text) if "ё" in w.lower()}
    out = []
    for file, line, context, msgid, text in entries:
        words = [w for w in _CYRILLIC_WORD.findall(text)]
        if policy == "never":
            bad = [w for w in words if "ё" in w.lower()]
            what, fix = "ё, which the kit never writes", "write е"
        else:
            bad = [w for w in words if "е" in w.lower() and w.lower() not in YO_AMBIGUOUS and any(
                y.replace("ё", "е") == w.lower() for y in _yo_forms(w.lower(), with_yo))]
            what, fix = "е where the kit writes ё", "write ё as the rest of the kit does (locales/languages.toml, yo)"
        if bad:
            where = f"msgctxt {context!r}, msgid {short(msgid)!r}" if context else f"msgid {short(msgid)!r}"
            out.append(Problem("warning", "yo", f"{', '.join(dict.fromkeys(bad))}: {what}", file, line, where=where,
                               hint=fix))
    return out


def _yo_forms(word: str, with_yo: set[str]) -> list[str]:
    """The words written with ё somewhere that read as word with е."""
    return [y for y in with_yo if len(y) == len(word) and y.replace("ё", "е") == word]
