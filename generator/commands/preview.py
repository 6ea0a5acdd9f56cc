"""Live preview for translators (`dojo i18n watch`, `make preview LANG=ru`): a page on 127.0.0.1 showing every
component of one language, re-rendering only what an edited catalog affects; per-component images with a map of
the catalog entries each one prints (usable as Weblate screenshots)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from ..artifact import Artifact
from ..output.files import write_into
from ..problems import CheckFailed, Problem, blocking
from ..render.face import forget_templates
from ..render.preview import pdf_preview
from ..i18n.catalogs import catalog_paths, read_catalog
from ..i18n.locate import locate
from ..i18n.preview_page import page_html
from ..kit.redraw import (Drawn, cached_lookups, catalogs_changed, changed_keys, check, checking, draw, lookups_of,
                          new_cache, stale, term_spellings_of)
from ..i18n.serve import Notifier, Server, bind, start
from ..i18n.watcher import WATCHED, Watcher, snapshot  # noqa: F401 (snapshot: the tests call it here)

PREVIEW_DIR = Path("build/preview")
KIT_PAGE = "kit"  # the folder the kit's own index.html is shown from
SCREENSHOT_PX = 744  # an A4 page at 90 dpi: readable as a Weblate screenshot


@dataclass
class Unit:
    """One component of the kit as the preview shows it: every page of its most readable PDF, and the catalog
    entries it printed the last time it was drawn (every gettext lookup, as the component cache records them)."""

    name: str
    pages: int = 0  # page images drawn (a web page as the kit ships it: html instead)
    html: str = ""  # the kit's own page this component writes (index.html), shown as it is
    digest: str = ""  # of the PDF the pages were drawn from: unchanged, the images stay
    keys: set = field(default_factory=set)
    places: dict = field(default_factory=dict)  # (msgctxt, msgid) -> [locate.Place]: its page and box on the image
    pdf: bytes = b""  # the PDF its pages are drawn from
    lookups: dict | None = None  # every lookup it made -> the text it got (None: not known, it draws again)
    artifacts: list = field(default_factory=list)  # what it made (the contact sheets are drawn from them)
    problems: list = field(default_factory=list)  # what drawing and reading it back found
    located: bool = True  # places found on its current pages


# Entries an export prints, never a kit component (msgctxt prefix -> where they print): shown with that note.
EXPORTS = {"tts": ("dojo export tts", "the Tabletop Simulator save's notes (setup steps), not the printed kit")}


class Coverage(NamedTuple):
    """How much of a language the preview shows: entries printed by a component, entries of the language, those
    printed nowhere in this build (sorted keys), and of those the ones a component prints only in a state a build
    never reaches ((msgctxt, msgid) -> (component, where and when))."""

    printed: int
    total: int
    missing: list
    unreached: dict


def units() -> list[Unit]:
    """The kit's components as preview units (from the component registry), contact sheet and index included."""
    from ..plan import registry

    return [Unit(c.id) for c in registry.COMPONENTS]


_READ: dict[Path, tuple[str, dict]] = {}  # catalog -> (digest of its bytes, its entries): an edit re-parses one


def entries(root: Path, lang: str) -> dict:
    """(msgctxt, msgid) -> (domain, translation, fuzzy) for every entry of a language's catalogs (a catalog whose
    bytes are unchanged since it was last read is not parsed again)."""
    out = {}
    for path in catalog_paths(root, lang):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        held = _READ.get(path)
        if held is None or held[0] != digest:
            found = {}
            for m in read_catalog(path, lang, root).catalog or ():
                if m.id:
                    found[(m.context, m.id[0] if m.pluralizable else m.id)] = (path.stem, m.string, m.fuzzy)
            held = _READ[path] = (digest, found)
        out.update(held[1])
    return out


def shown_pdf(artifacts) -> Artifact | None:
    """The PDF a reader pages through: a booklet in reading order (A5), else the A4 sheets, else the first."""
    pdfs = [a for a in artifacts if a.path.endswith(".pdf")]
    for rank in (lambda a: a.paper == "A5", lambda a: a.paper == "A4" and a.layout in ("sheet", "pages", "plain"),
                 lambda a: a.paper == "A4", lambda a: True):
        found = [a for a in pdfs if rank(a)]
        if found:
            return found[0]
    return None


def shown(artifacts) -> tuple[str, bytes | None, bool]:
    """(digest, bytes, is a PDF) of what the preview pages through for a component: its most readable PDF, else
    its own preview image (nothing for index.html)."""
    pdf = shown_pdf(artifacts)
    if pdf is not None:
        return hashlib.sha256(pdf.data).hexdigest(), pdf.data, True
    image = next((a.data for a in artifacts if a.kind == "preview" and a.path.endswith(".png")), None)
    return (hashlib.sha256(image).hexdigest(), image, False) if image else ("", None, False)


def page_count(pdf: bytes) -> int:
    """The pages of a PDF."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return len(doc)
    finally:
        doc.close()


class Preview:
    """The preview of one language: renders the kit through the component cache (only what an edit changed draws
    again), keeps which entries each component prints, writes every page and the page that shows them.

    A catalog edit takes the quick path (redraw.py): the components printing a changed entry draw again here and
    the pages where it prints are shown at once; their page QA, cache entries, other pages, the contact sheets and
    the maps follow in `later` steps (step(); rebuild() runs them all unless told not to)."""

    def __init__(self, root: Path, lang: str, jobs: int = 0, notifier: Notifier | None = None):
        self.root, self.lang, self.jobs = root, lang, jobs
        self.out = root / PREVIEW_DIR / lang
        self.units = units()
        self.ctx = None
        self.cache = None  # the component cache of ctx, keyed as render_all keys it
        self.terms: dict = {}  # the term spellings the page QA checked the kit against
        self.entries: dict = {}
        self.base: list[Problem] = []  # phase one's warnings (and any a component did not claim)
        self.pending: list[tuple[str, bytes, int]] = []  # (component, PDF, page number) not drawn yet
        self.unchecked: dict[str, Drawn] = {}  # component -> drawn by the quick path, not read back yet
        self.steps: dict[str, tuple] = {}  # component -> (what is being read back, the checking() under way)
        self.derived_due = False  # the contact sheets (drawn from the other components) to bring up to date
        self.page_due = False  # the maps and index.html to write again
        self.drawn_later = 0  # components drawn anew by step() since the last edit (the contact sheets)
        self.version = 0
        self.page_key = ""  # what index.html shows, but for the problems (the browser reloads when it changes)
        self.tags: dict[str, str] = {}  # page image -> a digest of its bytes (the browser fetches a changed one)
        self.notifier = notifier or Notifier()
        self._places: tuple[tuple, bytes] = ((), b"")  # the places maps places.json was written from, its bytes

    def prepare(self) -> None:
        """Load and check every input (a failure is shown on the page, the previous images stay)."""
        from .. import pipeline

        (loaded,) = pipeline.run(self.root, [self.lang], "load", jobs=self.jobs)
        if isinstance(loaded, CheckFailed):
            raise loaded
        self.ctx = loaded
        self.entries = entries(self.root, self.lang)

    def render(self, first_only: bool = False) -> int:
        """The whole kit through the component cache (unchanged components come from it); every open problem
        listed; the pages of every component whose PDF changed drawn (first_only: their first pages, the others
        left to draw_pages); the number of components drawn anew."""
        from .. import pipeline
        from ..plan import registry

        (outcome,) = pipeline.run(self.root, [self.lang], "preview", jobs=self.jobs, loaded=self.ctx and [self.ctx])
        self.unchecked, self.steps, self.derived_due = {}, {}, False
        if isinstance(outcome, pipeline.Previewed):  # its component cache: keyed by render_all with the term spellings
            self.ctx, self.cache = outcome.ctx, outcome.cache  # (as new_cache)
            cache, artifacts, overflows = outcome.cache, outcome.artifacts, outcome.warnings
            self.terms = term_spellings_of(self.ctx)
        if isinstance(outcome, CheckFailed) or outcome.problems:
            self.base = list(outcome.problems)
            self.write_page()
            return 0
        made: dict[str, list] = {}
        for a in artifacts:
            made.setdefault(a.component, []).append(a)
        drawn = 0
        before: list = []
        for unit, component in zip(self.units, registry.COMPONENTS):
            mine = made.get(unit.name, [])
            lookups = cached_lookups(cache, component, before if component.from_artifacts else [])
            unit.problems = []
            if lookups is None:  # drawn with a warning (not stored): drawn once more here, its lookups recorded
                again = draw(self.ctx, component, before)
                lookups = lookups_of(again.reads)
                paths = {a.path for a in mine}  # its page QA's findings name its files
                unit.problems = [*again.warnings, *again.failed, *(p for p in overflows if p.file in paths)]
            unit.lookups, unit.keys, unit.artifacts = lookups, {(k[1], k[2]) for k in lookups}, mine
            drawn += self._show(unit, mine, before)
            before += mine
        claimed = {p for u in self.units for p in u.problems}
        self.base = list(self.ctx.warnings) + [p for p in overflows if p not in claimed]
        self.draw_pages(first_only=first_only)
        self.write_page()
        return drawn

    def _show(self, unit: Unit, mine: list, before: list, now: set[int] | frozenset = frozenset()) -> int:
        """Bring a unit's images up to date with its artifacts: 1 when what it shows changed. A PDF's pages are
        queued (draw_pages), those of `now` (0-based) drawn at once; its places are found again by a later step."""
        page = next((a for a in mine if a.path.endswith(".html")), None)
        if page is not None and shown_pdf(mine) is None:  # the kit's index.html, with the previews it shows
            digest = hashlib.sha256(page.data + b"".join(a.data for a in before if a.kind == "preview")).hexdigest()
            if digest == unit.digest:
                return 0
            self._write_site(page, before)
            unit.digest, unit.html = digest, f"{KIT_PAGE}/{page.path}"
            return 1
        digest, data, is_pdf = shown(mine)
        if digest == unit.digest:
            return 0
        unit.digest, unit.pages = digest, (page_count(data) if is_pdf else 1) if data else 0
        if data is not None and not is_pdf:
            self._image(f"{unit.name}-1.png", data)
        elif data is not None:
            self.pending = [p for p in self.pending if p[0] != unit.name]
            for n in range(unit.pages):
                if n in now:
                    self._image(f"{unit.name}-{n + 1}.png", pdf_preview(data, SCREENSHOT_PX, n))
                else:
                    self.pending.append((unit.name, data, n))
        unit.pdf = data if is_pdf and data else b""
        unit.located = not unit.pdf  # its places: found by step() (the old ones serve meanwhile)
        unit.places = unit.places if unit.pdf else {}
        return 1

    def _image(self, name: str, png: bytes) -> bool:
        """Write a page image; whether its bytes changed (its tag then changes: the browser fetches it)."""
        tag = hashlib.sha256(png).hexdigest()[:12]
        if self.tags.get(name) == tag and (self.out / name).exists():
            return False
        write_into(self.out, name, png)
        self.tags[name] = tag
        return True

    def printed(self, keys) -> dict:
        """key -> the text the language prints for it (its translation; the English source while it has none)."""
        out = {}
        for key in keys:
            _domain, text, fuzzy = self.entries.get(key, ("", "", False))
            forms = [t for t in (text if isinstance(text, (list, tuple)) else [text]) if t]
            out[key] = forms[-1] if forms and not fuzzy else key[1]
        return out

    def _write_site(self, page, before) -> None:
        """The kit's web page as it ships, beside the preview images it links to (its PDFs are not copied)."""
        for a in [page, *(a for a in before if a.kind == "preview")]:
            write_into(self.out, f"{KIT_PAGE}/{a.path}", a.data)

    def draw_pages(self, first_only: bool = False, most: int | None = None) -> int:
        """The page images still to draw (every first page, and with first_only False every other one too; at most
        `most` of them); how many changed."""
        later, changed, done = [], 0, 0
        for name, pdf, n in self.pending:
            if (first_only and n) or (most is not None and done >= most):
                later.append((name, pdf, n))
            else:
                changed += self._image(f"{name}-{n + 1}.png", pdf_preview(pdf, SCREENSHOT_PX, n))
                done += 1
        self.pending = later
        return changed

    def quick(self) -> int:
        """After a catalog edit (ctx holds the new translations): the components printing a changed entry drawn here
        without their page QA, and the pages where a changed entry prints (all of them when it is not known where)
        shown at once; the rest left to step(). The number of components drawn anew."""
        from ..plan import registry

        todo = [(u, c) for u, c in zip(self.units, registry.COMPONENTS)
                if not c.from_artifacts and stale(u.lookups, self.ctx.translations)]
        self.derived_due = self.page_due = True
        drawn = 0
        for unit, component in todo:  # each one shown as soon as it is drawn
            keys = changed_keys(unit.lookups, self.ctx.translations) if unit.lookups is not None else set()
            # the first page each changed entry prints on (where picking it turns the page); all when not known
            now = {min(p.page for p in unit.places[k]) - 1 for k in keys if unit.places.get(k)} if unit.located \
                else set()
            made = draw(self.ctx, component, [])
            self.unchecked[unit.name] = made
            unit.lookups = lookups_of(made.reads)
            unit.keys = {(k[1], k[2]) for k in unit.lookups}
            unit.problems = [*made.warnings, *made.failed]
            if not made.failed:  # else its last good images stay; its problems are listed
                drawn += self._show(unit, made.artifacts, [], now or set(range(page_count_of(made.artifacts))))
            self.publish()
        if not todo:
            self.publish()
        return drawn

    def busy(self) -> bool:
        """Whether step() has work left (page QA, contact sheets, places, pages, maps)."""
        return bool(self.unchecked or self.derived_due or self.page_due or self.pending
                    or any(not u.located and u.pdf for u in self.units))

    def step(self) -> bool:
        """One piece of the work an edit left (the page QA of one component, the contact sheets, the places of one
        component, a few pages, the maps and the page); False when nothing was left."""
        from ..plan import registry

        if self.unchecked:  # one PDF of a redrawn component read back
            name, made = next(iter(self.unchecked.items()))
            steps = self.steps.get(name)
            if steps is None or steps[0] is not made:
                steps = self.steps[name] = (made, checking(self.ctx, self.cache, made, [], self.terms))
            try:
                next(steps[1])
                return True
            except StopIteration as done:
                artifacts, found = done.value
            del self.unchecked[name], self.steps[name]
            unit = next(u for u in self.units if u.name == name)
            if not made.failed:
                unit.artifacts, unit.problems = artifacts, found
            self.publish()  # its findings replace "checking…"
            return True
        if self.derived_due:
            self.derived_due = False
            before: list = []
            for unit, component in zip(self.units, registry.COMPONENTS):
                if component.from_artifacts:
                    mine = self.cache.load(component, before)
                    if mine is None:
                        made = draw(self.ctx, component, before)
                        mine, unit.problems = check(self.ctx, self.cache, made, before, self.terms)
                        unit.lookups = lookups_of(made.reads)
                        unit.keys = {(k[1], k[2]) for k in unit.lookups}
                    if mine:  # else its last good images stay; its problems are listed
                        unit.artifacts = mine
                        self.drawn_later += self._show(unit, mine, before)
                before += unit.artifacts
            return True
        unit = next((u for u in self.units if not u.located and u.pdf), None)
        if unit is not None:
            unit.places, unit.located = locate(unit.pdf, unit.name, self.printed(unit.keys), SCREENSHOT_PX), True
            self.page_due = True  # places.json and screenshots.json show them
            return True
        if self.pending:
            if self.draw_pages(most=4):
                self.publish()
            return True
        if self.page_due:
            self.write_page()
            return True
        return False

    def coverage(self) -> Coverage:
        """Entries shown by some component, of the language's entries; the rest, with why when it is known."""
        from ..plan.registry import unreached

        shown = set().union(*(u.keys for u in self.units))
        missing = sorted((k for k in self.entries if k not in shown), key=str)
        known = unreached()
        known.update({k: EXPORTS[k[0].split("-")[0]] for k in missing
                      if k[0] and k[0].split("-")[0] in EXPORTS and k not in known})
        return Coverage(len(self.entries) - len(missing), len(self.entries), missing,
                        {k: known[k] for k in missing if k in known})

    @property
    def problems(self) -> list[Problem]:
        """Every open problem: phase one's, then each component's (what drawing and reading it back found)."""
        return [*self.base, *(p for u in self.units for p in u.problems)]

    @problems.setter
    def problems(self, found: list[Problem]) -> None:
        self.base = list(found)
        for u in self.units:
            u.problems = []

    def write_page(self) -> None:
        """index.html (kept up to date by the long poll: new images in place, reloaded when what it lists changes),
        screenshots.json (entry -> image) and entries.json (every entry of the language -> the components and pages
        that print it)."""
        self.page_due = False
        coverage = self.coverage()
        shown = [(u.name, u.pages, u.html, u.digest if u.html else "") for u in self.units]
        self.page_key = hashlib.sha256(repr((shown, coverage)).encode()).hexdigest()[:12]
        page = page_html(self.lang, self.version + 1, self.units, self.problems, coverage, self.entries,
                         self.tags, self.page_key)
        write_into(self.out, "screenshots.json", _json(screenshots(self.units)))
        held = tuple(id(u.places) for u in self.units)  # locate() gives a drawn component a new map
        if held != self._places[0]:
            self._places = (held, _json(places(self.units)))
            write_into(self.out, "places.json", self._places[1])
        write_into(self.out, "entries.json", _json(entry_map(self.units, self.entries, coverage.unreached)))
        write_into(self.out, "index.html", page.encode("utf-8"))
        self.publish()

    def publish(self) -> None:
        """A new version of the state (state.json, version.txt) for the page: its image tags, the components still
        being checked, the problems; the page's long poll hears of it at once."""
        self.version += 1
        state = {"version": self.version, "page": self.page_key, "images": self.tags,
                 "checking": sorted(self.unchecked), "busy": self.busy(),
                 "problems": "\n".join(p.render() for p in self.problems) or "no open problem"}
        data = _json(state)
        write_into(self.out, "state.json", data)
        write_into(self.out, "version.txt", f"{self.version}\n".encode())
        self.notifier.publish(self.version, data)

    def rebuild(self, changed: list[Path], first_only: bool = False, settle: bool = True) -> tuple[int, float]:
        """After edits: a catalog of this language is checked again (a broken entry is shown on the page) and what
        shows a changed entry drawn again (quick); content or templates: all. settle: the rest of the work (page
        QA, other pages, maps) done too, else left to step(). (components drawn anew, seconds)."""
        start = time.perf_counter()
        quick = catalogs_changed(changed) and self.ctx is not None and self.cache is not None
        try:
            if quick:
                from ..kit.build import check_catalogs
                from ..i18n.runtime import load_translations

                problems = blocking(check_catalogs(self.root, self.lang, strict=False))
                if problems:
                    raise CheckFailed(problems)
                self.ctx = dataclasses.replace(self.ctx, translations=load_translations(self.root, self.lang))
                self.entries = entries(self.root, self.lang)
                terms = term_spellings_of(self.ctx)
                quick = terms == self.terms  # a term spelled anew: every page is checked against it again
                self.cache = new_cache(self.ctx, self.terms) if quick else self.cache
            else:
                forget_templates()  # an edited template or face layout is read again
                self.prepare()
        except CheckFailed as exc:
            self.base = list(exc.problems)
            self.write_page()
            return 0, time.perf_counter() - start
        except OSError as exc:  # a file or folder that vanished while it was read (a checkout under way)
            self.base = [Problem("error", "read", f"could not read {exc.filename or 'a file'}: {exc.strerror}",
                                 hint="the preview reads it again at the next change")]
            self.write_page()
            return 0, time.perf_counter() - start
        self.base = list(self.ctx.warnings)
        self.drawn_later = 0
        drawn = self.quick() if quick else self.render(first_only)
        took = time.perf_counter() - start
        while settle and self.step():
            pass
        return drawn + self.drawn_later, took


def page_count_of(artifacts) -> int:
    """The pages of the PDF a component's preview pages through (0: none)."""
    pdf = shown_pdf(artifacts)
    return page_count(pdf.data) if pdf is not None else 0


def _json(value) -> bytes:
    return (json.dumps(value, indent=1, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")


def screenshots(units: list[Unit]) -> dict[str, str]:
    """Weblate's screenshot map: "msgctxt\x04msgid" -> the page image where the first component printing it prints
    it (its text read back from the page: places()); its first page when the text is not found on one."""
    shots: dict[str, str] = {}
    for u in units:
        for c, m in sorted(u.keys, key=str):
            found = u.places.get((c, m))
            shots.setdefault(f"{c or ''}\x04{m}", found[0].file if found else f"{u.name}-1.png")
    return shots


def places(units: list[Unit]) -> dict[str, list[dict]]:
    """places.json: "msgctxt\x04msgid" -> every place it prints: component, page image, page, box on the image
    (pixels from its top left) and on the PDF page (mm), in the components' order."""
    out: dict[str, list[dict]] = {}
    for u in units:
        for (c, m), found in sorted(u.places.items(), key=str):
            out.setdefault(f"{c or ''}\x04{m}", []).extend(p.as_json() for p in found)
    return out


def entry_map(units: list[Unit], catalog: dict, unreached: dict | None = None) -> list[dict]:
    """Every entry of the language with the domain it is in and the components that print it (empty: none; then
    `only_when` says which component prints it and when, if one declares it: a state no build reaches)."""
    where: dict = {}
    for u in units:
        for key in u.keys:
            where.setdefault(key, []).append(u.name)
    out = []
    for (c, m), (domain, _text, _fuzzy) in sorted(catalog.items(), key=str):
        item = {"domain": domain, "msgctxt": c, "msgid": m, "components": sorted(where.get((c, m), []))}
        if (c, m) in (unreached or {}):
            component, why = unreached[(c, m)]
            item["only_when"] = f"{component}: {why}"
        out.append(item)
    return out


def serve(folder: Path, port: int, notifier: Notifier | None = None) -> Server:
    """Serve the preview folder on 127.0.0.1 only, in a background thread (serve.py: bound, checked, bounded)."""
    return start(bind(folder, port, notifier))


POLL_S = 0.05  # between two looks at the language's catalogs (content and templates: every 0.5 s)


def watch(root: Path, lang: str, port: int, interval: float = POLL_S, say=print) -> None:
    """Render once, serve the page, then re-render on every change until interrupted: a catalog edit's images are
    shown as soon as they are drawn, the rest of the work (page QA, other pages, maps) done between two looks."""
    preview = Preview(root, lang)
    preview.out.mkdir(parents=True, exist_ok=True)
    server = bind(preview.out, port, preview.notifier)  # a bad or taken port is told before anything renders
    started = time.perf_counter()
    try:
        n, _ = preview.rebuild([root / "content"], first_only=True, settle=False)
    except BaseException:
        server.server_close()
        raise
    cov = preview.coverage()
    start(server)
    rest = f", {len(cov.unreached)} only in a state no build reaches" if cov.unreached else ""
    say(f"preview of {lang}: http://127.0.0.1:{server.server_address[1]}/ ({n} components in "
        f"{time.perf_counter() - started:.1f} s; {cov.printed} of {cov.total} entries shown{rest}); edit a catalog, "
        "content or template file; Ctrl-C stops")
    watcher = Watcher(root, lang)
    edited: tuple[list[Path], float, float] | None = None  # the last edit: files, when, its images shown after
    try:
        while True:
            changed = watcher.changed()
            if changed:
                began = time.perf_counter()
                n, took = preview.rebuild(changed, settle=False)
                edited = (changed, began, took)
                names = ", ".join(sorted(p.name for p in changed)[:3])
                say(f"{names}: drew {n} component(s) anew, shown in {took:.2f} s; checking")
            elif preview.step():
                continue
            elif edited is not None:
                changed, began, took = edited
                edited = None
                say(f"checked in {time.perf_counter() - began:.2f} s"
                    + (f"; {len(preview.problems)} problem(s) on the page" if preview.problems else "; no problem"))
            else:
                time.sleep(interval)
    except KeyboardInterrupt:
        say("preview stopped")
    finally:
        server.shutdown()
        server.server_close()
