"""Translations: gettext catalogs under locales/, compiled in memory with Babel."""
