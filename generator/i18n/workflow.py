"""Translator workflow: write the POT templates, merge them into every language's catalogs (with previous msgids)."""

from __future__ import annotations

import copy
import difflib
import io
import re
from dataclasses import dataclass
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import normalize, write_po

from ..content.languages import languages
from ..output.files import write_bytes_atomic
from ..problems import CheckFailed, Problem
from .catalogs import DOMAINS, SOURCE_LANG, catalog_path, plural_rule, fix_plural_header, read_catalog, template_path
from .extract import extract_all

# No line wrapping: every string on one line (split only after a \n), the one form that Babel, GNU gettext
# (`msgcat --no-wrap`), Poedit ("Wrap at" off) and Weblate ("No wrapping") all write identically.
WIDTH = 0


def _previous_lines(previous: list[str] | tuple[str, ...]) -> str:
    """`#| msgid` (and `#| msgid_plural`) lines as gettext writes them: every string line prefixed by `#| `."""
    out = []
    for keyword, text in zip(("msgid", "msgid_plural"), previous):
        lines = normalize(text, width=WIDTH).split("\n")
        out.append(f"#| {keyword} {lines[0]}\n" + "".join(f"#| {line}\n" for line in lines[1:]))
    return "".join(out)


def po_bytes(catalog: Catalog, previous: bool = True) -> bytes:
    """A catalog as .po text (file order); fuzzy entries keep their previous msgid in valid `#|` lines.

    Babel 2.19 wraps a multi-line previous msgid like a comment, which breaks the strings (msgfmt: "end-of-line
    within string"); each previous msgid is written as a one-line token first and replaced by correct lines."""
    tokens: dict[str, str] = {}
    held: list[tuple[Message, list[str]]] = []  # messages given a token for the write, and their previous msgid
    for message in catalog if previous else ():
        if message.id and message.previous_id:
            token = f"@@previous-{len(tokens)}@@"
            tokens[f'#| msgid "{token}"\n'] = _previous_lines(message.previous_id)
            held.append((message, message.previous_id))
            message.previous_id = [token]
    buf = io.BytesIO()
    try:
        write_po(buf, catalog, width=WIDTH, include_previous=previous, ignore_obsolete=False)
    finally:
        for message, previous_id in held:  # the caller's catalog as it was
            message.previous_id = previous_id
    data = buf.getvalue()
    if data.endswith(b"\n\n"):
        data = data[:-1]  # gettext ends the file after the last entry's line; Babel adds a blank line
    if not tokens:
        return data
    token_line = re.compile(r'#\| msgid "@@previous-\d+@@"\n'.encode())
    return token_line.sub(lambda m: tokens[m.group(0).decode()].encode(catalog.charset, "backslashreplace"), data)


_DATES = re.compile(rb'^"(?:POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', re.M)


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write unless the file differs only in its dates (so `make i18n-update` does not touch unchanged catalogs)."""
    try:
        if _DATES.sub(b"", path.read_bytes()) == _DATES.sub(b"", data):
            return False
    except OSError:
        pass
    write_bytes_atomic(path, data)
    return True


def write_templates(root: Path) -> list[Path]:
    """`make i18n-extract`: locales/templates/<domain>.pot for every domain; raises CheckFailed on bad sources."""
    extraction = extract_all(root)
    if extraction.problems:
        raise CheckFailed(extraction.problems)
    written = []
    for domain in DOMAINS:
        path = template_path(root, domain)
        write_if_changed(path, po_bytes(extraction.templates[domain], previous=False))
        written.append(path)
    return written


@dataclass(frozen=True)
class Merged:
    """What `update` did to one catalog."""

    path: Path
    created: bool
    fuzzy: int
    untranslated: int


def _new_catalog(template: Catalog, lang: str, domain: str) -> Catalog:
    locale = Locale.parse(lang)
    catalog = Catalog(locale=lang, domain=domain, project=template.project, version=template.version,
                      creation_date=template.creation_date, revision_date=template.creation_date,
                      last_translator=TEAM, language_team=locale.english_name,
                      fuzzy=False, charset="utf-8", msgid_bugs_address=template.msgid_bugs_address)
    return catalog


TEAM = "dojo-pnp team"  # Last-Translator of every catalog: translators sign in the commits, not the headers
BUGS = "translators of dojo-pnp"
_PLACEHOLDER_LINE = re.compile(r"FIRST AUTHOR|EMAIL@ADDRESS|FULL NAME|LL@li\.org")


def tidy_header(catalog: Catalog, team: str) -> None:
    """One header form in every catalog and template: Language-Team the language's English name (LANGUAGE in a
    template), no placeholder left by a template (FIRST AUTHOR, EMAIL@ADDRESS, ORGANIZATION, LL@li.org)."""
    catalog.msgid_bugs_address = BUGS
    catalog.last_translator = TEAM
    catalog.language_team = team
    catalog.copyright_holder = "dojo-pnp authors"
    lines = [line for line in catalog.header_comment.splitlines() if not _PLACEHOLDER_LINE.search(line)]
    catalog.header_comment = "\n".join(re.sub(r"(Copyright \(C\) \d+) (?:ORGANIZATION|dojo-pnp)$", r"\1 dojo-pnp authors",
                                              line) for line in lines)


def drop_stale_comments(catalog: Catalog) -> int:
    """Remove translator comments holding an old msgid (`# | msgid "…"`, and its wrapped lines): what a tool wrote
    for gettext's `#|` lines when it lost the `|` after `#`. The previous msgid of a fuzzy entry stays in `#|`."""
    removed = 0
    for m in catalog:
        kept, stale = [], False
        for line in m.user_comments:
            if line.startswith(("| msgid", "| msgctxt", "| msgid_plural")):
                stale = not line.rstrip().endswith('"') or line.rstrip().endswith(' ""')
                removed += 1
                continue
            if stale:  # a wrapped line of the stale msgid, up to its closing quote
                stale = not line.rstrip().endswith('"')
                continue
            kept.append(line)
        m.user_comments = kept
    return removed


def _key(message) -> tuple[str, str | None]:
    return (message.id[0] if message.pluralizable else message.id), message.context


def _filled(message) -> bool:
    forms = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    return bool(forms) and all(forms)


def known_translations(root: Path, lang: str) -> dict:
    """Every translated entry of a language's catalogs, by (msgid, msgctxt): carried over when a string moves domain."""
    known = {}
    for path in sorted(catalog_path(root, lang, "x").parent.glob("*.po")):
        catalog = read_catalog(path, lang, root).catalog
        for m in catalog or ():
            if m.id and _filled(m):
                known.setdefault(_key(m), m)
    return known


def _carry_over(catalog: Catalog, known: dict) -> None:
    for m in catalog:
        old = known.get(_key(m)) if m.id and not _filled(m) and not m.fuzzy else None
        if old is not None and old.pluralizable == m.pluralizable:
            m.string = old.string
            if old.fuzzy:
                m.flags.add("fuzzy")


def _same_context_fuzzy(catalog: Catalog) -> None:
    """A new, untranslated entry takes the translation of the entry this update retired (obsolete) with the same
    msgctxt (none with none) as fuzzy with its previous msgid: its source text was edited. The retired entry with a
    msgctxt printed from the same source line is taken first (a renamed short string: "Thrust" -> "Straight thrust",
    too different for a text match), else the closest text. Each retired entry lends once; nothing else is ever
    pre-filled."""
    retired: dict[str | None, dict[str, object]] = {}
    placed: dict[tuple, object] = {}  # (msgctxt, first source file and line) -> retired key
    for key, old in catalog.obsolete.items():
        if _filled(old):
            retired.setdefault(old.context, {})[old.id if isinstance(old.id, str) else old.id[0]] = key
            if old.locations and old.context:  # a rules paragraph (no msgctxt) moves lines: text match only
                place = (old.context, tuple(old.locations[0]))
                placed[place] = None if place in placed else key  # two texts of one source line: neither
    for m in catalog:
        pool = retired.get(m.context, {}) if m.id and not _filled(m) and not m.fuzzy else {}
        if not pool:
            continue
        text = m.id if isinstance(m.id, str) else m.id[0]
        same_line = placed.get((m.context, tuple(m.locations[0]))) if m.locations else None
        match = [t for t, k in pool.items() if same_line is not None and k == same_line] or \
            difflib.get_close_matches(text, list(pool), 1, 0.6)
        old = catalog.obsolete.get(pool[match[0]]) if match else None
        if old is None or old.pluralizable != m.pluralizable:
            continue
        del catalog.obsolete[pool.pop(match[0])]
        m.string = old.string
        m.flags.add("fuzzy")
        m.previous_id = [old.id] if isinstance(old.id, str) else list(old.id)


def _keep_previous(catalog: Catalog, before: dict) -> None:
    """A fuzzy entry keeps the source its translation was made for (msgmerge does; Babel forgets it on re-merge)."""
    for m in catalog:
        if not m.id or not m.fuzzy:
            continue
        if m.previous_id and m.previous_id == ([m.id] if isinstance(m.id, str) else list(m.id)) and _filled(m) \
                and not any(key[0] == m.previous_id[0] for key in before):
            m.flags.discard("fuzzy")  # only the msgctxt was added or changed: the text it translates is the same
            m.previous_id = []
        elif m.previous_id:
            old = (m.previous_id[0], m.context)
            m.previous_id = list(before.get(old, m.previous_id))
        elif _key(m) in before:
            m.previous_id = list(before[_key(m)])


def update_catalog(root: Path, lang: str, domain: str, template: Catalog, known: dict | None = None) -> Merged:
    """Merge a template into locales/<lang>/LC_MESSAGES/<domain>.po (created when missing)."""
    path = catalog_path(root, lang, domain)
    created = not path.exists()
    if created:
        catalog = _new_catalog(template, lang, domain)
    else:
        result = read_catalog(path, lang, root)
        if result.catalog is None:
            raise CheckFailed(result.problems)
        catalog = result.catalog
    fix_plural_header(catalog, lang, root)
    before = {_key(m): m.previous_id for m in catalog if m.id and m.fuzzy and m.previous_id}
    # Babel adds the template's own Messages. Babel's fuzzy matching would pre-fill a new entry with the translation
    # of any entry that reads alike, even one still in use (a false fuzzy; an English catalog touched after a source
    # edit): it is off, and only an entry this update retires lends its translation, within its own msgctxt.
    catalog.update(copy.deepcopy(template), no_fuzzy_matching=True, update_creation_date=True)
    if lang != SOURCE_LANG:
        _same_context_fuzzy(catalog)
    _keep_previous(catalog, before)
    _carry_over(catalog, known or {})
    fix_plural_header(catalog, lang, root)
    catalog.project, catalog.version = template.project, template.version
    tidy_header(catalog, _team(root, lang))
    drop_stale_comments(catalog)
    catalog.fuzzy = False
    write_if_changed(path, po_bytes(catalog))
    fuzzy = sum(1 for m in catalog if m.id and m.fuzzy)
    untranslated = sum(1 for m in catalog if m.id and not m.fuzzy and not all(
        m.string if isinstance(m.string, (list, tuple)) else (m.string,)))
    return Merged(path, created, fuzzy, untranslated)


def _team(root: Path, lang: str) -> str:
    """The Language-Team of a language's catalogs: its English name in the language table."""
    row = languages(root).get(lang)
    return row.english if row is not None else Locale.parse(lang).english_name


def update_catalogs(root: Path, langs: tuple[str, ...] = (), warnings: list | None = None) -> list[Merged]:
    """`make i18n-update`: extract, write the POTs, and merge each into the catalogs of langs (default: every
    language of locales/languages.toml); the slot map's stale or lost entries are appended to warnings."""
    langs = langs or tuple(languages(root))
    extraction = extract_all(root)
    if extraction.problems:
        raise CheckFailed(extraction.problems)
    if warnings is not None:
        warnings.extend(extraction.slot_warnings)
    out = []
    known = {lang: known_translations(root, lang) for lang in langs if plural_rule(lang, root)}
    for domain in DOMAINS:
        template = extraction.templates[domain]
        write_if_changed(template_path(root, domain), po_bytes(template, previous=False))
        for lang in langs:
            if plural_rule(lang, root) is None:
                raise CheckFailed([Problem("error", "lang", f"unknown language {lang!r}")])
            if len(template) == 0 and not catalog_path(root, lang, domain).exists():
                continue
            out.append(update_catalog(root, lang, domain, template, known[lang]))
    return out
