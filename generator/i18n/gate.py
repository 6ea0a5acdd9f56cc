"""The catalog gate: every check of one language's catalogs, and the per-catalog statistics."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog

from ..content.languages import TABLE
from ..problems import CheckFailed, Problem, blocking
from ..sources import generator_digest
from .catalogs import (DOMAINS, PSEUDO_LANG, SOURCE_LANG, catalog_path, catalog_paths, read_catalog, rel, short,
                       stray_problems)
from .typography import typography_problems
from .glossary import glossary_path, glossary_problems
from .intake import decode
from .checks import check_entry, check_header, check_hygiene, entry_of, header_line
from .extract import Extraction, cached_extraction
from ..output.cache import note_damaged, read_json_entry, write_json_entry


@dataclass(frozen=True)
class Loaded:
    """A language's catalogs that parsed, keyed by domain, and the problems of reading them."""

    catalogs: dict[str, tuple[Path, Catalog]]
    problems: tuple[Problem, ...]


def load_catalogs(root: Path, lang: str, strict: bool = True) -> Loaded:
    """Parse every .po of a language (a file that does not parse is a problem, not an exception)."""
    catalogs: dict[str, tuple[Path, Catalog]] = {}
    problems: list[Problem] = stray_problems(root, lang)
    for path in catalog_paths(root, lang):
        result = read_catalog(path, lang, root, previous="error" if strict else "warning")
        problems.extend(result.problems)
        if result.catalog is not None:
            catalogs[path.stem] = (path, result.catalog)
    return Loaded(catalogs, tuple(problems))


_MSGFMT_LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?:\d+:)? (?P<what>.+)$")


def msgfmt_problems(path: Path, root: Path) -> list[Problem]:
    """What GNU `msgfmt --check` (when installed) reports as fatal for one catalog: the check gettext tools make."""
    exe = shutil.which("msgfmt")
    if exe is None:
        return []
    lines, _ = decode(path.read_bytes())  # BOM and CR line ends dropped, as the project reads them
    run = subprocess.run([exe, "--check", "-o", os.devnull, "-"], input="\n".join(lines), capture_output=True,
                         text=True, encoding="utf-8", errors="replace")
    if run.returncode == 0:
        return []
    out = []
    for line in run.stderr.splitlines():
        m = _MSGFMT_LINE.match(line)
        if m and "warning:" not in m.group("what") and "fatal error" not in m.group("what"):
            out.append(Problem("error", "msgfmt", f"msgfmt --check: {m.group('what')}", rel(path, root),
                               int(m.group("line")), hint="fix the line shown (a `#|` line is the previous msgid: "
                               "it must be valid .po strings, or delete the `#|` lines)"))
    return out or [Problem("error", "msgfmt", f"msgfmt --check failed: {run.stderr.strip()[:200]}", rel(path, root))]


@dataclass(frozen=True)
class CatalogCheck:
    """What the gate finds in one .po file: the problems of reading it, those of its header and entries (None when
    it does not parse) and its (msgid, msgctxt) keys."""

    read: tuple[Problem, ...]
    found: tuple[Problem, ...] | None
    keys: frozenset


def check_catalog(root: Path, lang: str, path: Path, strict: bool, stray_blocks: bool) -> CatalogCheck:
    """Every check of one catalog (stray_blocks: a blocking stray-file problem names it, so msgfmt is not run)."""
    gap = "error" if strict else "warning"
    result = read_catalog(path, lang, root, previous="error" if strict else "warning")
    if result.catalog is None:
        return CatalogCheck(tuple(result.problems), None, frozenset())
    catalog, file = result.catalog, rel(path, root)
    found = check_header(catalog, lang, file, header_line(path), root) + check_hygiene(catalog, file, header_line(path))
    entries = [entry_of(message, file) for message in catalog if message.id]
    for entry in entries:
        found.extend(check_entry(entry, lang, gap, root))
    found.extend(glossary_problems(root, lang, entries))
    found.extend(typography_problems(lang, entries, _address(root, lang), _row_field(root, lang, "quotes")))
    own = stray_blocks or any(p.file == file for p in blocking(list(result.problems) + found))
    found += msgfmt_problems(path, root) if strict and not own else []
    keys = frozenset((m.id[0] if m.pluralizable else m.id, m.context) for m in catalog if m.id)
    return CatalogCheck(tuple(result.problems), tuple(found), keys)


CHECK_CACHE = Path("build/cache/catalogs")


def cached_check_catalog(root: Path, lang: str, path: Path, strict: bool, stray_blocks: bool) -> CatalogCheck:
    """check_catalog, reused from build/cache/catalogs/<lang>/<domain>.json while the catalog's bytes, the
    glossary, the generator and the options are unchanged (an entry that does not match its key is checked again)."""
    glossary, table = glossary_path(root, lang), root / TABLE  # the table gives the plural rule
    key = hashlib.sha256("\0".join([generator_digest(), lang, str(strict), str(stray_blocks),
                                     hashlib.sha256(table.read_bytes()).hexdigest() if table.exists() else "",
                                     str(shutil.which("msgfmt")), rel(path, root),
                                     hashlib.sha256(path.read_bytes()).hexdigest(),
                                     *(hashlib.sha256(g.read_bytes()).hexdigest()  # its own and the shared terms
                                       for g in sorted(glossary.parent.glob("*.tbx")))])
                         .encode()).hexdigest()
    cache = root / CHECK_CACHE / lang / f"{path.stem}-{'strict' if strict else 'dev'}.json"
    data = read_json_entry(cache, key)
    if data is not None:
        try:
            found = data["found"]
            return CatalogCheck(tuple(Problem(**p) for p in data["read"]),
                                None if found is None else tuple(Problem(**p) for p in found),
                                frozenset((m, c) for m, c in data["keys"]))
        except (ValueError, KeyError, TypeError):
            note_damaged(cache, "its fields are malformed")
    check = check_catalog(root, lang, path, strict, stray_blocks)
    record = {"key": key, "read": [dataclasses.asdict(p) for p in check.read],
              "found": None if check.found is None else [dataclasses.asdict(p) for p in check.found],
              "keys": sorted(([m, c] for m, c in check.keys), key=json.dumps)}
    with contextlib.suppress(OSError):  # a read-only tree checks again next time
        write_json_entry(cache, record, indent=None)
    return check


def missing_entries(root: Path, lang: str, checks: dict[str, CatalogCheck], extraction: Extraction,
                    severity: str) -> list[Problem]:
    """Messages the sources print that no catalog of the language has (the catalogs need `make i18n-update`)."""
    have = set().union(*(c.keys for c in checks.values()))
    out: list[Problem] = []
    for domain, template in extraction.templates.items():
        if (domain not in checks or checks[domain].found is None) and catalog_path(root, lang, domain).exists():
            continue  # the catalog did not parse: that problem is reported, not each of its entries
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
    """Every catalog check of one language; strict=False (development build) makes gaps warnings, not errors.

    Each catalog's checks are cached by its bytes (build/cache/catalogs): an edit re-checks that catalog only."""
    if lang == PSEUDO_LANG:
        return []
    gap = "error" if strict else "warning"
    stray = stray_problems(root, lang)
    paths = catalog_paths(root, lang)
    checks = {p.stem: cached_check_catalog(root, lang, p, strict,
                                           any(q.file == rel(p, root) for q in blocking(stray))) for p in paths}
    problems = stray + [q for p in paths for q in checks[p.stem].read]
    if not paths:
        problems.append(Problem(gap, "no-catalogs", f"no catalogs for language {lang!r}",
                                rel(root / "locales" / lang / "LC_MESSAGES", root),
                                hint=f"run `make i18n-update` to create locales/{lang}/LC_MESSAGES/<domain>.po"))
    for domain in sorted(d for d, c in checks.items() if c.found is not None):
        problems.extend(checks[domain].found)
    extraction = extraction if extraction is not None else cached_extraction(root)
    problems.extend(extraction.problems)
    missing_severity = "warning" if lang == SOURCE_LANG else gap
    problems.extend(missing_entries(root, lang, checks, extraction, missing_severity))
    return summarize_gaps(problems, lang) if _incubating(root, lang) else problems


GAPS = ("untranslated", "fuzzy", "missing")  # what an incubating language still lacks: counted, not listed
SHOWN = 3  # entries named in a gap summary


def summarize_gaps(problems: list[Problem], lang: str) -> list[Problem]:
    """An incubating language's gaps as one problem per catalog and rule, with a count and the first few entries;
    every other problem (a broken placeholder, a glyph, a glossary error) stays in full, before the summaries."""
    groups: dict[tuple, list[Problem]] = {}
    for p in problems:
        if p.rule in GAPS:
            groups.setdefault((p.file, p.rule, p.severity), []).append(p)
    out = [p for p in problems if p.rule not in GAPS]
    for (file, rule, severity), found in groups.items():
        if len(found) == 1:
            out.append(found[0])
            continue
        first = "; ".join(f"line {p.line}: {p.where}" if p.line else str(p.where) for p in found[:SHOWN])
        what = {"untranslated": "not translated", "fuzzy": "marked fuzzy",
                "missing": "not in this catalog yet"}[rule]
        out.append(Problem(severity, rule, f"{len(found)} entries {what} (the English text is printed instead), "
                           f"first: {first}{'; ...' if len(found) > SHOWN else ''}", file,
                           hint=f"the language is incubating: `dojo i18n stats --lang {lang}` counts what is left; "
                                f"{found[0].hint}"))
    return out


def _incubating(root: Path, lang: str) -> bool:
    """Whether the language table marks the language incubating (a broken table: not, its error is reported)."""
    from ..content.languages import languages

    try:
        row = languages(root).get(lang)
    except CheckFailed:
        return False
    return row is not None and not row.released


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
    loaded = load_catalogs(root, lang, strict=False)
    for domain in DOMAINS:
        path = catalog_path(root, lang, domain)
        if domain in loaded.catalogs:
            out.append(catalog_stats(lang, domain, loaded.catalogs[domain][1]))
        elif path.exists():
            bad = next((p for p in loaded.problems if p.file and p.file.endswith(path.name)), None)
            out.append(Stats(lang, domain, 0, 0, 0, bad.render() if bad else "does not parse"))
        else:
            out.append(Stats(lang, domain, 0, 0, 0, "missing"))
    out += [Stats(lang, Path(p.file or "?").name, 0, 0, 0, p.render()) for p in stray_problems(root, lang)]
    return out


def _address(root: Path, lang: str) -> dict[str, str]:
    """The language table's form of address per game ({} when the language has no row or sets none)."""
    from ..content.languages import languages

    try:
        row = languages(root).get(lang)
    except CheckFailed:
        return {}  # a broken table is reported by the build's language check
    return dict(row.address) if row is not None else {}


def _row_field(root: Path, lang: str, name: str) -> str:
    """A field of the language's row in the language table ("" when it has none or the table is broken)."""
    from ..content.languages import languages

    try:
        row = languages(root).get(lang)
    except CheckFailed:
        return ""
    return getattr(row, name, "") if row is not None else ""
