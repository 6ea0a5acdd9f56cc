"""Load a language's catalogs (every domain) into one gettext Translations object."""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

SOURCE_LANG = "en"


def catalog_paths(root: Path, lang: str) -> list[Path]:
    """The .po files of one language, sorted by domain."""
    return sorted((root / "locales" / lang / "LC_MESSAGES").glob("*.po"))


def load_translations(root: Path, lang: str) -> NullTranslations:
    """Every domain's catalog of lang compiled in memory and merged (fuzzy entries left out)."""
    merged: NullTranslations = NullTranslations()
    first = True
    for path in catalog_paths(root, lang):
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang if lang != "xx" else None, domain=path.stem)
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        buf.seek(0)
        trans = Translations(buf, domain=path.stem)
        if first:
            merged, first = trans, False
        else:
            merged.merge(trans)
    return merged
