"""The catalog gate: every check of one language's catalogs, and the per-catalog statistics."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog

from ..problems import Problem
from .catalogs import DOMAINS, PSEUDO_LANG, SOURCE_LANG, catalog_path, catalog_paths, read_catalog, rel, short
from .checks import check_entry, check_header, entry_of, header_line
from .extract import Extraction, cached_extraction


@dataclass(frozen=True)
class Loaded:
    """A language's catalogs that parsed, keyed by domain, and the problems of reading them."""

    catalogs: dict[str, tuple[Path, Catalog]]
    problems: tuple[Problem, ...]


def load_catalogs(root: Path, lang: str) -> Loaded:
    """Parse every .po of a language (a file that does not parse is a problem, not an exception)."""
    catalogs: dict[str, tuple[Path, Catalog]] = {}
    problems: list[Problem] = []
    for path in catalog_paths(root, lang):
        result = read_catalog(path, lang, root)
        problems.extend(result.problems)
        if result.catalog is not None:
            catalogs[path.stem] = (path, result.catalog)
    return Loaded(catalogs, tuple(problems))


def _keys(catalogs: dict[str, tuple[Path, Catalog]]) -> set:
    return {(m.id[0] if m.pluralizable else m.id, m.context) for _, c in catalogs.values() for m in c if m.id}


def missing_entries(root: Path, lang: str, loaded: Loaded, extraction: Extraction, severity: str) -> list[Problem]:
    """Messages the sources print that no catalog of the language has (the catalogs need `make i18n-update`)."""
    have = _keys(loaded.catalogs)
    out: list[Problem] = []
    for domain, template in extraction.templates.items():
        file = rel(catalog_path(root, lang, domain), root)
        for m in template:
            if not m.id or ((m.id[0] if m.pluralizable else m.id), m.context) in have:
                continue
            where = f"msgctxt {m.context!r}, msgid {short(m.id)!r}" if m.context else f"msgid {short(m.id)!r}"
            src = ", ".join(f"{f}:{n}" for f, n in m.locations[:2])
            what = ("not in any catalog of this language (the English text is printed instead); "
                    f"used at {src}")
            out.append(Problem(severity, "missing", what, file, where=where,
                               hint="run `make i18n-update` to add it to the catalog, then translate it"))
    return out


def check_language(root: Path, lang: str, strict: bool = True, extraction: Extraction | None = None) -> list[Problem]:
    """Every catalog check of one language; strict=False (development build) makes gaps warnings, not errors."""
    if lang == PSEUDO_LANG:
        return []
    gap = "error" if strict else "warning"
    loaded = load_catalogs(root, lang)
    problems = list(loaded.problems)
    if not catalog_paths(root, lang):
        problems.append(Problem(gap, "no-catalogs", f"no catalogs for language {lang!r}",
                                rel(root / "locales" / lang / "LC_MESSAGES", root),
                                hint=f"run `make i18n-update` to create locales/{lang}/LC_MESSAGES/<domain>.po"))
    for domain, (path, catalog) in sorted(loaded.catalogs.items()):
        file = rel(path, root)
        problems.extend(check_header(catalog, lang, file, header_line(path)))
        for message in catalog:
            if message.id:
                problems.extend(check_entry(entry_of(message, file), lang, gap))
    extraction = extraction if extraction is not None else cached_extraction(root)
    problems.extend(extraction.problems)
    missing_severity = "warning" if lang == SOURCE_LANG else gap
    problems.extend(missing_entries(root, lang, loaded, extraction, missing_severity))
    return problems


@dataclass(frozen=True)
class Stats:
    """Counts of one catalog."""

    lang: str
    domain: str
    translated: int
    fuzzy: int
    untranslated: int
    error: str | None = None

    @property
    def total(self) -> int:
        """Entries in the catalog."""
        return self.translated + self.fuzzy + self.untranslated


def catalog_stats(lang: str, domain: str, catalog: Catalog) -> Stats:
    """Translated / fuzzy / untranslated entries (an empty English msgstr counts as translated: it is the source)."""
    done = fuzzy = todo = 0
    for m in catalog:
        if not m.id:
            continue
        forms = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
        filled = all(forms) and bool(forms)
        if m.fuzzy and (filled or lang != SOURCE_LANG):
            fuzzy += 1
        elif filled or lang == SOURCE_LANG:
            done += 1
        else:
            todo += 1
    return Stats(lang, domain, done, fuzzy, todo)


def language_stats(root: Path, lang: str) -> list[Stats]:
    """Stats of every domain of a language (a catalog that does not parse is listed with its error)."""
    out = []
    loaded = load_catalogs(root, lang)
    extra = sorted(p.stem for p in catalog_paths(root, lang) if p.stem not in DOMAINS)
    for domain in (*DOMAINS, *extra):
        path = catalog_path(root, lang, domain)
        if domain in loaded.catalogs:
            out.append(catalog_stats(lang, domain, loaded.catalogs[domain][1]))
        elif path.exists():
            bad = next((p for p in loaded.problems if p.file and p.file.endswith(path.name)), None)
            out.append(Stats(lang, domain, 0, 0, 0, bad.render() if bad else "does not parse"))
        else:
            out.append(Stats(lang, domain, 0, 0, 0, "missing"))
    return out
