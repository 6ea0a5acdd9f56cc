"""Per-component cache of an incremental build: a component renders again only when something it reads changed.

What a component reads, recorded while it renders (``recording``), is stored with its artifacts:

- the code key: generator code, templates, fonts, library versions (``code_digest``), the build's options,
  version, date, board fingerprint and proofs, and for a contact sheet the artifacts it is made from;
- the model parts it looked at (``ctx.model.dojo``, ``ctx.model.rules["duel"]`` ...) with a digest of each;
- every translation it looked up: (function, msgctxt, msgid, plural msgid, n) and the text it got.

An entry is used only when the code key is the same and every recorded model part and lookup gives the same
digest and text now; otherwise (or when it is corrupt) the component renders again and its entry is replaced.
A component that reached the catalogs other than through gettext/pgettext/ngettext/npgettext is never cached.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import os
import secrets
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path, PurePath
from typing import Any, Iterator, Mapping

from ..i18n.catalogs import SOURCE_LANG
from ..render.layout import letter_words, printed_in_source
from ..sources import files_digest, generator_digest
from ..output.cache import check_entry, entry_path, read_entry, write_entry
from ..output.files import safe_relpath
from ..output.prune import note_written, prune, remove_written
from .inputs import input_files
from ..plan.model import Artifact, BuildContext
from ..plan.registry import Component

# with the generator that runs (sources.generator_digest); the language table gives hyphenation and plural rules, the
# games table each game's components, names and paper advice (the printing guide prints them)
CODE_GLOBS = ("templates/**/*", "pyproject.toml", "locales/languages.toml", "content/games.toml")
ARTIFACT_FIELDS = tuple(f.name for f in dataclasses.fields(Artifact) if f.name not in ("data", "placed"))  # stored in
# the header (placed: keys of one process's drawings, for the page QA of a fresh render only)


OUTPUT_SUFFIXES = (".pdf", ".png", ".txt", ".html", ".json", ".svg")  # what a component writes


def wrong_artifact(component: Component, meta: Any) -> str | None:
    """What is wrong with an artifact's header as a cache entry of component claims it (None: nothing): its path is
    a plain relative path (no /-rooted, `..`, backslash or drive; at most two folders deep: it names a file in the
    kit folder, never manifest.json) with a suffix a component writes, of a kind the component declares. Checked
    on read whether or not the entry is sealed (docs/SECURITY.md)."""
    if not isinstance(meta, dict):
        return "an artifact that is not a record"
    path = meta.get("path")
    if not isinstance(path, str) or not safe_relpath(path) or path.count("/") > 2 or path == "manifest.json":
        return f"an artifact path {str(path)[:60]!r} outside the kit folder"
    if not path.endswith(OUTPUT_SUFFIXES):
        return f"an artifact path {path[:60]!r} of a kind no component writes"
    if meta.get("kind") not in component.kinds:
        return f"an artifact kind {str(meta.get('kind'))[:20]!r} the component does not declare"
    return None


def _tuples(value: Any) -> Any:
    """A header value back as the artifact holds it (JSON lists were tuples)."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def canonical(obj: Any) -> Any:
    """A JSON-able value that is equal for equal model data in any process (sets sorted, dataclasses by field)."""
    if obj is None or isinstance(obj, (bool, int, str)):
        return obj
    if isinstance(obj, float):
        return repr(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [type(obj).__qualname__, {f.name: canonical(getattr(obj, f.name)) for f in dataclasses.fields(obj)}]
    if isinstance(obj, Mapping):
        return ["map", sorted(([canonical(k), canonical(v)] for k, v in obj.items()), key=json.dumps)]
    if isinstance(obj, (set, frozenset)):
        return ["set", sorted((canonical(v) for v in obj), key=json.dumps)]
    if isinstance(obj, (list, tuple)):
        return [canonical(v) for v in obj]
    if isinstance(obj, enum.Enum):
        return ["enum", type(obj).__qualname__, obj.name]
    if isinstance(obj, (PurePath, bytes)):
        return repr(obj)
    raise TypeError(f"no canonical form for {type(obj).__name__}")


def digest(obj: Any) -> str:
    """sha256 of a value's canonical form."""
    return hashlib.sha256(json.dumps(canonical(obj), sort_keys=True).encode("utf-8")).hexdigest()


@lru_cache(maxsize=4)
def code_digest(root: Path) -> str:
    """sha256 over the generator code and libraries, root's templates and pyproject, and the font files."""
    from ..render.fonts import FACES

    fonts = hashlib.sha256(b"".join(hashlib.sha256(f.path.read_bytes()).digest() for f in FACES)).hexdigest()
    return digest([generator_digest(), files_digest(root, input_files(root, CODE_GLOBS)), fonts])


@dataclass
class Reads:
    """What one component read while rendering: model parts, translation lookups, and any untracked access."""

    parts: set[tuple[str, ...]] = field(default_factory=set)
    lookups: dict[tuple, str] = field(default_factory=dict)
    untracked: bool = False
    english: set[str] = field(default_factory=set)  # outside the source language: the words of its lookups that gave
    # back their English for want of a translation (render.layout.printed_in_source), filled as they are made

    def in_english(self) -> list[str]:
        """The texts of the lookups that gave back their own English (msgid or plural)."""
        return [text for key, text in self.lookups.items() if gave_back_english(key, text)]


def gave_back_english(key: tuple, text: str) -> bool:
    """Whether a lookup (fn, context, msgid, plural, n) gave back its own English text."""
    return text in (key[2], key[3])


class _Lookups:
    """A Translations object that records every lookup (anything else it is asked marks the read untracked)."""

    def __init__(self, inner: Any, reads: Reads, translated: bool = False):
        self._inner, self._reads, self._translated = inner, reads, translated  # translated: not the source language

    def gettext(self, msgid: str) -> str:
        return self._note(("gettext", None, msgid, None, None), self._inner.gettext(msgid))

    def pgettext(self, context: str, msgid: str) -> str:
        return self._note(("pgettext", context, msgid, None, None), self._inner.pgettext(context, msgid))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._note(("ngettext", None, singular, plural, n), self._inner.ngettext(singular, plural, n))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._note(("npgettext", context, singular, plural, n),
                          self._inner.npgettext(context, singular, plural, n))

    ugettext, upgettext, ungettext, unpgettext = gettext, pgettext, ngettext, npgettext  # the same in Python 3

    def _note(self, key: tuple, text: str) -> str:
        self._reads.lookups[key] = text
        if self._translated and gave_back_english(key, text):
            self._reads.english.update(letter_words(text))
        return text

    def __getattr__(self, name: str) -> Any:
        self._reads.untracked = True
        return getattr(self._inner, name)


class _Part:
    """A model mapping (rules, decks) that records which keys are read (iterating it reads all of it)."""

    def __init__(self, name: str, inner: Mapping, reads: Reads):
        self._name, self._inner, self._reads = name, inner, reads

    def __getitem__(self, key: str) -> Any:
        self._reads.parts.add((self._name, key))
        return self._inner[key]

    def get(self, key: str, default: Any = None) -> Any:
        self._reads.parts.add((self._name, key))
        return self._inner.get(key, default)

    def __contains__(self, key: object) -> bool:
        self._reads.parts.add((self._name, str(key)))
        return key in self._inner

    def __getattr__(self, name: str) -> Any:  # keys(), items(), values(), __iter__ through iter() below
        self._reads.parts.add((self._name,))
        return getattr(self._inner, name)

    def __iter__(self):
        self._reads.parts.add((self._name,))
        return iter(self._inner)

    def __len__(self) -> int:
        self._reads.parts.add((self._name,))
        return len(self._inner)


class _Model:
    """The kit model, recording which of its parts (dojo, ground, duel, rules[game], decks[id]) are read."""

    def __init__(self, inner: Any, reads: Reads):
        self._inner, self._reads = inner, reads

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._inner, name)
        if isinstance(value, Mapping):
            return _Part(name, value, self._reads)
        self._reads.parts.add((name,))
        return value


@contextmanager
def recording(ctx: BuildContext) -> Iterator[tuple[BuildContext, Reads]]:
    """While the block runs: the same context whose translations and model record what is read into the given
    Reads; outside the source language, the words of the lookups that gave back their English are printed in
    English (render.layout.printed_in_source: they hyphenate by English rules, as in the English kit)."""
    reads = Reads()
    if not isinstance(ctx, BuildContext):  # a stand-in context (tests): nothing recorded, never cached
        yield ctx, Reads(untracked=True)
        return
    translated = ctx.lang != SOURCE_LANG
    with printed_in_source(reads.english, SOURCE_LANG):
        yield dataclasses.replace(ctx, translations=_Lookups(ctx.translations, reads, translated),
                                  model=_Model(ctx.model, reads)), reads


_ABSENT = object()


def part_digest(model: Any, part: tuple[str, ...]) -> str:
    """Digest of one model part (an attribute, or one key of a mapping attribute; absent keys included)."""
    value = getattr(model, part[0], _ABSENT)
    if len(part) > 1 and value is not _ABSENT:
        value = value.get(part[1], _ABSENT)
    return "absent" if value is _ABSENT else digest(value)


def lookup(translations: Any, key: list | tuple) -> str:
    """The text a recorded lookup gives with these translations now."""
    fn, context, msgid, plural, n = key
    args = {"gettext": (msgid,), "pgettext": (context, msgid), "ngettext": (msgid, plural, n),
            "npgettext": (context, msgid, plural, n)}[fn]
    return getattr(translations, fn)(*args)


class ComponentCache:
    """The cache of one build's language: ``load`` an up-to-date component's artifacts, ``store`` a fresh one."""

    def __init__(self, ctx: BuildContext, read: bool = True, journal: bool = False):
        self.ctx, self.read, self.journal = ctx, read, journal
        # stored renders had no overflow: the same under either policy; a release differs from a development build
        # only in phase one's checks (strict catalogs): what it renders is keyed by what it looked up
        options = dataclasses.replace(ctx.options, overflow="error", release=False)
        self.base = digest([code_digest(ctx.root), repr(options), ctx.version, ctx.epoch,
                            ctx.board_fingerprint, ctx.proof, dict(ctx.gates)])
        self._parts: dict[tuple[str, ...], str] = {}
        self.hits: list[str] = []
        self.discarded: list[str] = []  # damaged or foreign entries met: "component (what was wrong)"
        self.token = secrets.token_hex(8)  # names this build's journal of the entries it writes (discard())

    def extend_key(self, value: Any) -> None:
        """Make every component's code key depend on value too (what the build checks their pages against)."""
        self.base = digest([self.base, value])

    def key(self, component: Component, before: list[Artifact]) -> str:
        """The code key of a component (a contact sheet's also covers the artifacts it is made from; a printing
        guide's, which reads only their manifest entries, those entries: a card string edited leaves it cached)."""
        if component.entries_only:
            inputs = [a.manifest_entry("") for a in before]
        else:
            inputs = [[a.path, hashlib.sha256(a.data).hexdigest()] for a in before] if component.from_artifacts else []
        return digest([self.base, component.id, inputs])

    def part(self, part: tuple[str, ...]) -> str:
        """Digest of a model part of this build (computed once)."""
        if part not in self._parts:
            self._parts[part] = part_digest(self.ctx.model, part)
        return self._parts[part]

    def load(self, component: Component, before: list[Artifact]) -> list[Artifact] | None:
        """The cached artifacts of a component when everything it read is unchanged, else None."""
        if not self.read:
            return None
        path = entry_path(self.ctx.root, self.ctx.lang, component.id)
        found, wrong = check_entry(path)
        if found is None:
            return self._discard(component, path, wrong) if wrong else None
        header, blobs = found
        try:
            if header["component"] != component.id:
                return self._discard(component, path, f"foreign: an entry of {str(header['component'])[:40]!r}")
            if header["key"] != self.key(component, before):
                return None
            if any(self.part(tuple(p)) != d for p, d in header["parts"]):
                return None
            if any(lookup(self.ctx.translations, key) != text for *key, text in header["lookups"]):
                return None
            wrong = next(filter(None, (wrong_artifact(component, meta) for meta in header["artifacts"])), None)
            if wrong:
                return self._discard(component, path, wrong)
            artifacts = [Artifact(data=blob, **{k: _tuples(meta[k]) for k in ARTIFACT_FIELDS})
                         for meta, blob in zip(header["artifacts"], blobs, strict=True)]
        except (KeyError, TypeError, ValueError):
            return self._discard(component, path, "its header is malformed")
        if any(a.component != component.id for a in artifacts):
            return self._discard(component, path, "foreign: artifacts of another component")
        self.hits.append(component.id)
        try:
            os.utime(path)  # its last use: pruning removes the least recently used entries first
        except OSError:
            pass
        return artifacts

    def _discard(self, component: Component, path, wrong: str) -> None:
        """A damaged or foreign entry: noted (the build says so in one line), removed; the component renders."""
        self.discarded.append(f"{component.id} ({wrong})")
        try:
            path.unlink()
        except OSError:
            pass

    def discard(self, succeeded: bool = False) -> None:
        """Remove every entry this build wrote (its build failed: no cache entries are left behind); succeeded: only
        the journal of what it wrote."""
        try:
            remove_written(self.ctx.root, self.ctx.lang, self.token, entries=not succeeded)
        except OSError:
            pass  # the next build of this language replaces them

    def notes(self) -> tuple[str, ...]:
        """One line saying which damaged or foreign entries were discarded (and rendered again), if any."""
        if not self.discarded:
            return ()
        return (f"cache: {len(self.discarded)} damaged or foreign entr{'y' if len(self.discarded) == 1 else 'ies'} "
                f"of {self.ctx.lang} discarded and rendered again: {'; '.join(self.discarded)}",)

    def lookups(self, component: Component, before: list[Artifact]) -> set[tuple[str | None, str]] | None:
        """The (msgctxt, msgid) of every catalog entry an up-to-date cached component printed (None: not cached)."""
        if self.load(component, before) is None:
            return None
        found = read_entry(entry_path(self.ctx.root, self.ctx.lang, component.id))
        return None if found is None else {(context, msgid) for _fn, context, msgid, *_rest in found[0]["lookups"]}

    def store(self, component: Component, before: list[Artifact], artifacts: list[Artifact], reads: Reads) -> None:
        """Keep a freshly rendered component's artifacts with what it read (nothing when it read untracked)."""
        if reads.untracked:
            return
        header = {"key": self.key(component, before), "component": component.id,
                  "parts": sorted([list(p), self.part(p)] for p in reads.parts),
                  "lookups": sorted(([*k, t] for k, t in reads.lookups.items()), key=json.dumps),
                  "artifacts": [{k: getattr(a, k) for k in ARTIFACT_FIELDS} for a in artifacts]}
        try:
            if self.journal:  # a build (build_kits) settles its entries: kept when it succeeds, else removed
                note_written(self.ctx.root, self.ctx.lang, self.token, component.id)  # first: a failure finds it
            write_entry(entry_path(self.ctx.root, self.ctx.lang, component.id), header, [a.data for a in artifacts])
        except OSError:
            pass  # a full disk or a read-only cache: the build goes on without this entry


def settle(root: Path, caches: list[tuple[ComponentCache, bool]]) -> None:
    """After a build: the entries written for each language that failed removed; when any succeeded, the cache
    pruned to its size bound (least recently used first)."""
    for cache, succeeded in caches:
        cache.discard(succeeded)
    if any(succeeded for _c, succeeded in caches):
        try:
            prune(root)
        except OSError:
            pass
