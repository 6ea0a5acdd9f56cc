"""Watch every text fit of a render (generator/render/layout.FIT_WATCH): which catalog entry lands in which slot,
overflows named by .po file, line and msgctxt, and the pseudo-locale's overflows kept as warnings."""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterator

from ..problems import Problem
from ..render.layout import FIT_WATCH, Slot, Where
from .catalogs import PSEUDO_LANG, SOURCE_LANG, catalog_paths, read_catalog, rel


@dataclass(frozen=True)
class Origin:
    """A catalog entry: the .po file and line where a translator edits it, its msgctxt and msgid."""

    file: str
    line: int | None
    context: str | None
    msgid: str

    @property
    def where(self) -> str:
        """msgctxt and msgid for a report."""
        head = f"msgctxt {self.context!r}, " if self.context else ""
        return f"{head}msgid {self.msgid[:50]!r}"


def catalog_index(root: Path, lang: str, translations) -> dict[str, list[Origin]]:
    """Printed text -> the catalog entries printing it (the English catalogs for en and the pseudo-locale)."""
    source = SOURCE_LANG if lang == PSEUDO_LANG else lang
    index: dict[str, list[Origin]] = {}
    for path in catalog_paths(root, source):
        if path.stem.endswith("-rules"):
            continue  # the booklets are typeset by reportlab, never through a slot
        catalog = read_catalog(path, source, root).catalog
        for m in catalog or ():
            if not m.id or m.pluralizable:
                continue
            shown = translations.pgettext(m.context, m.id) if m.context else translations.gettext(m.id)
            index.setdefault(shown, []).append(Origin(rel(path, root), m.lineno, m.context, m.id))
    return index


def source_index(root: Path) -> dict[str, list[Origin]]:
    """English text -> the source file and line that first prints it (the extraction's messages): where a string
    that no catalog of the language holds yet comes from (a development build prints it in English)."""
    from .extract import cached_extraction  # read only for an overflow no catalog entry explains

    index: dict[str, list[Origin]] = {}
    for domain, messages in cached_extraction(root).templates.items():
        if domain.endswith("-rules"):
            continue  # the booklets are typeset by reportlab, never through a slot
        for m in messages:
            if isinstance(m.id, str) and m.id and m.locations:
                file, line = m.locations[0]
                index.setdefault(m.id, []).append(Origin(file, line, m.context, m.id))
    return index


_FORMAT = re.compile(r"%\([A-Za-z_]\w*\)[-+0# ]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]|\{[A-Za-z_]\w*\}")


def _patterns(index: dict[str, list[Origin]]) -> list[tuple[re.Pattern, str]]:
    """A regex for every entry with placeholders ("%(slip)s · %(player)s (%(mark)s)"): the texts it formats."""
    held = _PATTERNS.get(id(index))
    if held is None or held[0] is not index:
        made = [(re.compile("".join(re.escape(p) if i % 2 == 0 else ".+?"
                                    for i, p in enumerate(_split(t))) + r"\Z", re.S), t)
                for t in index if _FORMAT.search(t) and len(_FORMAT.sub("", t).strip()) > 0]
        held = _PATTERNS[id(index)] = (index, made)
    return held[1]


def _split(text: str) -> list[str]:
    """Literal parts and placeholders, alternately (a literal first, possibly empty)."""
    out, pos = [], 0
    for m in _FORMAT.finditer(text):
        out += [text[pos:m.start()], m.group(0)]
        pos = m.end()
    return out + [text[pos:]]


_PATTERNS: dict[int, tuple[dict, list]] = {}


def origins(text: str, where: Where, index: dict[str, list[Origin]]) -> list[Origin]:
    """The entries a fitted text comes from: the whole text, else the longest entries it contains and an entry of
    this card or component with placeholders that formats it whole."""
    found = index.get(text)
    if not found:
        parts = [t for t in index if len(t) > 3 and t in text]
        longest = max(map(len, parts), default=0)
        found = [o for t in parts if len(t) == longest for o in index[t]]
        # an entry with placeholders formatting the whole text, of this component only ("%(a)s · %(b)s" would
        # match every joined line of the kit): printed in this slot beside the entries it was filled with
        found += [o for rx, t in _patterns(index) if rx.match(text) for o in index[t] if _near(o, where)]
    near = [o for o in found if _near(o, where)]
    return near or found


def _near(o: Origin, where: Where) -> bool:
    return bool(o.context) and (where.card in o.context or where.component in o.context)


@dataclass
class FitLog:
    """What a watched render saw: every (entry, slot, where) fitted, and the overflows accepted as warnings."""

    uses: list[tuple[Origin, Slot, Where]] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)


_INDEX: dict[tuple[Path, str | None], tuple[object, dict[str, list[Origin]]]] = {}
# (root, lang; None: the sources) -> (translations, index)


@contextmanager
def watch_fits(root: Path, lang: str, translations, accept_overflow: bool = False,
               record: bool = False) -> Iterator[FitLog]:
    """Within the block an overflow names its .po entry (a warning when accepted); record logs every fit."""
    log = FitLog()

    def index(of: str | None = lang) -> dict[str, list[Origin]]:
        held = _INDEX.get((root, of))
        if held is None or held[0] is not translations:  # one index per process and build (workers keep theirs)
            made = catalog_index(root, lang, translations) if of is not None else source_index(root)
            held = _INDEX[(root, of)] = (translations, made)
        return held[1]

    def watch(texts: list[str], slot: Slot, where: Where, problem: Problem | None) -> Problem | None:
        if problem is None and not record:
            return None
        # recording the English slot map reads the entries from the sources (a fresh extraction), never from English
        # catalogs that may be stale: a text no catalog holds yet is not matched to an unrelated entry
        found = [o for t in texts for o in origins(t, where, index(None if record and lang == SOURCE_LANG else lang))]
        log.uses.extend((o, slot, where) for o in found)
        if problem is None:
            return None
        if not found:  # a string no catalog of the language holds yet: named where the sources print it
            found = [o for t in texts for o in origins(t, where, index(None))]
        if found:
            o = found[0]
            problem = replace(problem, file=o.file, line=o.line, where=f"{o.where}; {problem.where}")
        if accept_overflow:
            log.warnings.append(replace(problem, severity="warning",
                                        message=problem.message + " (drawn with a red outline)"))
            return None
        return problem

    outer = FIT_WATCH.get()

    def chained(texts: list[str], slot: Slot, where: Where, problem: Problem | None) -> Problem | None:
        problem = watch(texts, slot, where, problem)
        return outer(texts, slot, where, problem) if outer is not None else problem

    token = FIT_WATCH.set(chained)
    try:
        yield log
    finally:
        FIT_WATCH.reset(token)
