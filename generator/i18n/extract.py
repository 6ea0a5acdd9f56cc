"""Message extraction with Babel: templates (Jinja2), Python code, content files and rules sources, one POT per domain.

The two extractors of this module are registered as Babel extractors (pyproject
`[project.entry-points."babel.extractors"]`: `dojo_content`, `dojo_rules`), so `pybabel extract` with a mapping
file uses them too, e.g. `[dojo_content: content/dojo/**.toml]` and `[dojo_rules: content/*/rules.md]`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import importlib
import io
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract

from .. import KIT_NAME, __version__
from ..problems import CheckFailed, Problem
from .catalogs import DOMAINS, GAMES
from .slots import add_slot_comments, key as slot_key, previous_templates, read_slots
from ..messages import Message
from ..sources import files_digest, generator_digest
from .messages import MESSAGE_SOURCES
from ..output.cache import note_damaged, read_json_entry, write_json_entry

# ctx._(msg), ctx.p_(context, msg), ctx.n_(singular, plural, n) in Python code and templates.
KEYWORDS = {**DEFAULT_KEYWORDS, "p_": ((1, "c"), 2), "n_": (1, 2)}
JINJA = "jinja2"
JINJA_OPTIONS = {"extensions": "jinja2.ext.i18n", "silent": "false"}
SCAN_DIRS = ("content", "templates", "generator")


def glob_regex(pattern: str) -> re.Pattern:
    """A path glob as a regex: ** any folders, * and ? within one path part."""
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif pattern[i] == "?":
            out, i = out + "[^/]", i + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out + r"\Z")


def content_loader(relpath: str):
    """The MESSAGE_SOURCES loader for a project-relative path, or None."""
    for pattern, target in MESSAGE_SOURCES:
        if glob_regex(pattern).match(relpath):
            module, func = target.split(":")
            return getattr(importlib.import_module(module), func)
    return None


def _relpath(fileobj, options) -> tuple[Path | None, str]:
    name = getattr(fileobj, "name", None)
    if not name:
        return None, ""
    path = Path(name).resolve()
    root = Path(options.get("root") or ".").resolve()
    try:
        return path, path.relative_to(root).as_posix()
    except ValueError:
        return path, path.as_posix()


def _babel_tuples(messages: list[Message]) -> Iterator[tuple]:
    for m in messages:
        comments = [m.comment] if m.comment else []
        if m.plural and m.context:
            yield m.line, "npgettext", (m.context, m.msgid, m.plural), comments
        elif m.plural:
            yield m.line, "ngettext", (m.msgid, m.plural), comments
        elif m.context:
            yield m.line, "pgettext", (m.context, m.msgid), comments
        else:
            yield m.line, None, m.msgid, comments


def extract_content(fileobj, keywords, comment_tags, options):
    """Babel extractor for content files: dispatches to the loader MESSAGE_SOURCES names for the file."""
    path, relpath = _relpath(fileobj, options)
    loader = content_loader(relpath) if path else None
    if loader is None:
        return []
    return list(_babel_tuples(loader(path)))


def extract_rules(fileobj, keywords, comment_tags, options):
    """Babel extractor for rules sources (content/<game>/rules.md): one message per heading/paragraph/item/cell."""
    from ..rules.source import messages

    path, _ = _relpath(fileobj, options)
    return list(_babel_tuples(messages(path))) if path else []


def game_of(relpath: str) -> str | None:
    """The game a path belongs to (a path part named dojo, ground or duel), if any."""
    parts = relpath.split("/")[:-1]
    return next((p for p in parts if p in GAMES), None)


def context_domain(context: str | None, default: str) -> str:
    """A card/component string goes to its game's domain: msgctxt 'duel-track' or 'ground/action/x' -> duel, ground."""
    if context:
        head = re.split(r"[-/]", context, maxsplit=1)[0]
        if head in GAMES:
            return head
    return default


def route(relpath: str) -> tuple[str, str] | None:
    """(domain, Babel method) for a project file, or None when it has no messages."""
    top = relpath.split("/", 1)[0]
    game = game_of(relpath)
    if top == "content":
        if relpath.endswith("/rules.md") and game:
            return f"{game}-rules", "dojo_rules"
        return (game or "kit", "dojo_content") if content_loader(relpath) else None
    if top == "templates" and relpath.endswith(".html.j2"):
        return "site", JINJA  # the kit's HTML pages (index.html)
    if top == "templates" and not relpath.endswith((".png", ".jpg", ".ttf", ".pdf")):
        return game or "kit", JINJA
    if top == "generator" and relpath.endswith(".py") and not relpath.startswith("generator/i18n/"):
        return game or "kit", "dojo_python"
    return None


@dataclass(frozen=True)
class Extraction:
    """One template catalog per domain, and the problems met while extracting."""

    templates: dict[str, Catalog]
    problems: tuple[Problem, ...]
    slot_warnings: tuple[Problem, ...] = ()  # stale or lost size data (slots.py): told by `update`, never blocking


@lru_cache(maxsize=8)
def _creation_date(root: Path) -> datetime:
    from ..version import source_date_epoch

    return datetime.fromtimestamp(source_date_epoch(root), tz=timezone.utc)


def new_template(root: Path, domain: str) -> Catalog:
    """An empty POT with the project's header (a fixed creation date: the last commit's time)."""
    template = Catalog(domain=domain, project=KIT_NAME, version=__version__, copyright_holder="dojo-pnp authors",
                       msgid_bugs_address="translators of dojo-pnp", creation_date=_creation_date(root),
                       revision_date=_creation_date(root), fuzzy=False, charset="utf-8",
                       last_translator="dojo-pnp team", language_team="dojo-pnp translators")
    template.header_comment = "\n".join(line for line in template.header_comment.splitlines()
                                        if "FIRST AUTHOR" not in line)  # no placeholder for Weblate to show
    return template


def project_files(root: Path) -> list[tuple[str, str, str]]:
    """(relpath, domain, method) of every project file that has messages."""
    out = []
    for top in SCAN_DIRS:
        for path in sorted((root / top).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                relpath = path.relative_to(root).as_posix()
                routed = route(relpath)
                if routed:
                    out.append((relpath, *routed))
    return out


def extract_all(root: Path) -> Extraction:
    """Extract every domain's messages from the project into in-memory templates."""
    root = root.resolve()
    templates = {d: new_template(root, d) for d in DOMAINS}
    problems: list[Problem] = []
    options = {"root": str(root)}
    for relpath, domain, method in project_files(root):
        opts = {**options, **(JINJA_OPTIONS if method == JINJA else {})}
        try:
            # Babel warns on stderr about f-string contexts (ctx.p_(f"duel/{id}", ...)): the content loaders list those.
            with (root / relpath).open("rb") as fh, contextlib.redirect_stderr(io.StringIO()):
                found = list(extract(method, fh, KEYWORDS, ("TRANSLATORS:",), opts, strip_comment_tags=True))
        except CheckFailed as exc:
            problems.extend(exc.problems)
            continue
        except Exception as exc:  # a content loader's or Babel's failure becomes a Problem, never a traceback
            problems.append(Problem("error", "extract", f"cannot extract messages: {type(exc).__name__}: {exc}",
                                    relpath, getattr(exc, "lineno", None), hint="fix the file's syntax"))
            continue
        for lineno, msg, comments, context in found:
            target = domain if domain.endswith("-rules") else context_domain(context, domain)
            templates[target].add(msg, None, [(relpath, lineno)], auto_comments=comments, context=context)
    slots, previous = read_slots(root), previous_templates(root)
    warnings: list[Problem] = []
    present = {slot_key(m.context, m.id[0] if m.pluralizable else m.id) for t in templates.values() for m in t if m.id}
    for template in templates.values():
        warnings += add_slot_comments(template, slots, previous, present)
        add_place_comments(template)
    return Extraction(templates, tuple(problems), tuple(warnings))


def place_comment(relpath: str) -> str | None:
    """Where a string with no comment of its own lands, from its first source file."""
    name = Path(relpath).stem.replace(".html", "").replace(".svg", "")
    if relpath.startswith("templates/") and relpath.endswith(".html.j2"):
        return f"printed on the kit's web page {name}.html (the reader's browser wraps it: no fixed room)"
    if relpath.startswith("generator/components/"):
        return f"printed by the component {name.replace('_', '-')} ({relpath})"
    if relpath.startswith("generator/kit/contact"):
        return "printed on the kit's contact sheet (previews/contact sheet): a caption under a thumbnail"
    if relpath.startswith(("generator/", "templates/")):
        return f"printed by {relpath}"
    return None


def add_place_comments(template: Catalog) -> None:
    """Give every entry without a translator comment one saying where it is printed."""
    for m in template:
        if m.id and not m.auto_comments and m.locations:
            comment = place_comment(m.locations[0][0])
            if comment:
                m.auto_comments = [comment]


@dataclass(frozen=True)
class Extracted:
    """One extracted message as the catalog gate reads it: id (a (singular, plural) tuple when plural), msgctxt
    and where it is used."""

    id: str | tuple[str, str]
    context: str | None
    locations: tuple[tuple[str, int], ...]

    @property
    def pluralizable(self) -> bool:
        """True for a plural message."""
        return isinstance(self.id, tuple)


EXTRACT_CACHE = Path("build/cache/extract.json")


def cached_extraction(root: Path) -> Extraction:
    """extract_all's messages (id, msgctxt, first uses) and problems, reused from build/cache/extract.json while the
    scanned files and the generator are unchanged (an entry that does not match its key is extracted again)."""
    root = root.resolve()
    key = hashlib.sha256((generator_digest() + files_digest(root, [root / p for p, _, _ in project_files(root)]))
                         .encode()).hexdigest()
    path = root / EXTRACT_CACHE
    data = read_json_entry(path, key)
    if data is not None:
        try:
            return Extraction({d: [Extracted(tuple(m[0]) if isinstance(m[0], list) else m[0], m[1],
                                             tuple((f, n) for f, n in m[2])) for m in ms]
                               for d, ms in data["templates"].items()},
                              tuple(Problem(**p) for p in data["problems"]))
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            note_damaged(path, "its fields are malformed")
    extraction = extract_all(root)
    templates = {d: [[m.id, m.context, [list(loc) for loc in m.locations[:2]]] for m in cat if m.id]
                 for d, cat in extraction.templates.items()}
    with contextlib.suppress(OSError):  # a read-only tree extracts again next time
        write_json_entry(path, {"key": key, "templates": templates,
                                "problems": [dataclasses.asdict(p) for p in extraction.problems]}, indent=None)
    return cached_extraction_of(extraction)


def cached_extraction_of(extraction: Extraction) -> Extraction:
    """The gate's view of a fresh extraction (the same messages as a cached one)."""
    return Extraction({d: [Extracted(m.id, m.context, tuple(tuple(loc) for loc in m.locations[:2]))
                           for m in cat if m.id] for d, cat in extraction.templates.items()}, extraction.problems)
