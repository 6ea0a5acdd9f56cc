"""Load a language's catalogs (every domain) into one gettext Translations object."""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import NullTranslations, Translations

from ..problems import CheckFailed
from .catalogs import DOMAINS, PSEUDO_LANG, SOURCE_LANG, catalog_paths, read_catalog, template_path
from .pseudo import pseudo_catalog

__all__ = ["SOURCE_LANG", "catalog_paths", "compile_catalog", "load_translations"]


def compile_catalog(catalog: Catalog, domain: str) -> Translations:
    """A Babel catalog compiled to .mo in memory (fuzzy entries left out) and loaded."""
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return Translations(buf, domain=domain)


def _read(path: Path, lang: str, root: Path) -> Catalog:
    result = read_catalog(path, lang, root)
    if result.catalog is None:
        raise CheckFailed(result.problems)
    return result.catalog


def pseudo_sources(root: Path) -> list[Catalog]:
    """The English catalogs, the messages extracted now, then the POT files: the source of the pseudo-locale."""
    from .extract import extract_all

    sources = [_read(p, SOURCE_LANG, root) for p in catalog_paths(root, SOURCE_LANG)]
    sources += list(extract_all(root).templates.values())
    pots = [template_path(root, d) for d in DOMAINS]
    return sources + [_read(p, SOURCE_LANG, root) for p in pots if p.exists()]


def load_translations(root: Path, lang: str) -> NullTranslations:
    """Every domain's catalog of lang compiled in memory and merged; xx is the generated pseudo-locale."""
    if lang == PSEUDO_LANG:
        return compile_catalog(pseudo_catalog(pseudo_sources(root)), "pseudo")
    merged: NullTranslations = NullTranslations()
    first = True
    for path in catalog_paths(root, lang):
        trans = compile_catalog(_read(path, lang, root), path.stem)
        if first:
            merged, first = trans, False
        else:
            merged.merge(trans)
    return merged
