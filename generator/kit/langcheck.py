"""The language a build is asked for, checked against the language table (locales/languages.toml) before
anything loads: unknown, the pseudo-locale or an incubating language in a release are errors naming the fix."""

from __future__ import annotations

from pathlib import Path

from ..content.languages import languages
from ..problems import CheckFailed, Problem
from ..plan.model import DEV_LANGS


def check_language(lang: str, release: bool = False, root: Path | None = None) -> list[Problem]:
    """An unknown language is an error listing the available ones (locales/languages.toml); the pseudo-locale and
    an incubating language are never released."""
    try:
        table = languages(root)
    except CheckFailed as exc:
        return exc.problems
    released = [code for code, language in table.items() if language.released]
    if (lang in table and (table[lang].released or not release)) or (lang in DEV_LANGS and not release):
        return []
    if lang in DEV_LANGS:
        return [Problem("error", "lang", f"{lang!r} is the pseudo-locale for layout tests; it is never released",
                        hint=f"release one of {', '.join(released)}")]
    if lang in table:
        return [Problem("error", "lang", f"{lang!r} is incubating (locales/languages.toml): it is built for "
                        "translators, never released", "locales/languages.toml",
                        hint='once it is translated, set status = "released" in its [[language]] table')]
    return [Problem("error", "lang", f"unknown language {lang!r}; available: {', '.join(table)} "
                    f"(and {', '.join(DEV_LANGS)}, the pseudo-locale, for development builds)",
                    hint="run e.g. `make pnp LANG=it`")]
