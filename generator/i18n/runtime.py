"""Load a language's catalogs (every domain) into one gettext Translations object."""

from __future__ import annotations

import contextlib
import hashlib
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import NullTranslations, Translations

from ..output.cache import check_entry, note_damaged, write_entry
from ..problems import CheckFailed
from ..sources import generator_digest
from .catalogs import DOMAINS, PSEUDO_LANG, SOURCE_LANG, catalog_paths, read_catalog, template_path
from .pseudo import pseudo_catalog

__all__ = ["SOURCE_LANG", "catalog_paths", "compile_catalog", "load_translations"]


def compile_catalog(catalog: Catalog, domain: str) -> Translations:
    """A Babel catalog compiled to .mo in memory (fuzzy entries left out) and loaded."""
    return Translations(io.BytesIO(mo_bytes(catalog)), domain=domain)


def mo_bytes(catalog: Catalog) -> bytes:
    """A Babel catalog compiled to .mo bytes (fuzzy entries left out)."""
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


MO_CACHE = Path("build/cache/catalogs")


def compiled(path: Path, lang: str, root: Path) -> Translations:
    """One catalog compiled, its .mo reused from build/cache/catalogs/<lang>/<domain>.mo.entry while the .po bytes
    and the generator are unchanged (a corrupt or mismatching entry is compiled again)."""
    key = hashlib.sha256(f"{generator_digest()}\0{lang}\0".encode() + path.read_bytes()).hexdigest()
    cache = root / MO_CACHE / lang / f"{path.stem}.mo.entry"
    found, wrong = check_entry(cache)
    if found is not None and found[0].get("key") == key and len(found[1]) == 1:
        return Translations(io.BytesIO(found[1][0]), domain=path.stem)
    if wrong:
        note_damaged(cache, wrong)
    data = mo_bytes(_read(path, lang, root))
    with contextlib.suppress(OSError):  # a read-only tree compiles again next time
        write_entry(cache, {"key": key}, [data])
    return Translations(io.BytesIO(data), domain=path.stem)


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
    """Every domain's catalog of lang compiled (or its cached .mo) and merged; xx is the generated pseudo-locale."""
    if lang == PSEUDO_LANG:
        return compile_catalog(pseudo_catalog(pseudo_sources(root)), "pseudo")
    merged: NullTranslations = NullTranslations()
    first = True
    for path in catalog_paths(root, lang):
        trans = compiled(path, lang, root)
        if first:
            merged, first = trans, False
        else:
            merged.merge(trans)
    return merged
