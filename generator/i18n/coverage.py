"""`dojo i18n stats --by-component`: how much of each component a language translates, and what it still lacks.

An entry belongs to the components its recorded slots name (locales/templates/slots.json); a rules entry to its
booklet (the domain, e.g. dojo-rules); any other to the component its msgctxt starts with, or to its catalog."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .catalogs import SOURCE_LANG, catalog_paths, read_catalog, short
from .slots import key, read_slots


@dataclass
class Coverage:
    """One language's counts for one component."""

    component: str
    translated: int = 0
    total: int = 0
    lacking: list[str] = field(default_factory=list)  # the msgids still untranslated or fuzzy


def _components(message, domain: str, slots: dict[str, list[str]]) -> list[str]:
    msgid = message.id[0] if message.pluralizable else message.id
    placed = [text.split(": ", 1)[1].split(" / ", 1)[0] for text in slots.get(key(message.context, msgid), [])
              if text.startswith("slot: ") and " / " in text]
    if placed:
        return sorted(set(placed))
    if domain.endswith("-rules"):
        return [domain]
    return [message.context.split("/", 1)[0] if message.context else f"{domain} (catalog)"]


def component_coverage(root: Path, lang: str) -> list[Coverage]:
    """Per component (sorted by id): entries translated (not fuzzy) out of those it prints, and the rest."""
    slots = read_slots(root)
    rows: dict[str, Coverage] = {}
    for path in catalog_paths(root, lang):
        catalog = read_catalog(path, lang, root).catalog
        for m in catalog or ():
            if not m.id:
                continue
            forms = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
            done = not m.fuzzy and (lang == SOURCE_LANG or all(forms))
            for component in _components(m, path.stem, slots):
                row = rows.setdefault(component, Coverage(component))
                row.total += 1
                row.translated += done
                if not done:
                    row.lacking.append(short(m.id))
    return [rows[c] for c in sorted(rows)]
