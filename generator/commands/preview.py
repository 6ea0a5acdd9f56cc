"""Live preview for translators (`dojo i18n watch`, `make preview LANG=ru`): a page on 127.0.0.1 showing every
component of one language, re-rendering only what an edited catalog affects; per-component images with a map of
the catalog entries each one prints (usable as Weblate screenshots)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import stat
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
from ..i18n.fitwatch import watch_fits
from ..i18n.locate import locate
from ..i18n.preview_page import page_html
from ..i18n.serve import Server, bind, start

PREVIEW_DIR = Path("build/preview")
KIT_PAGE = "kit"  # the folder the kit's own index.html is shown from
SCREENSHOT_PX = 744  # an A4 page at 90 dpi: readable as a Weblate screenshot
WATCHED = ("content", "templates", "locales")


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
    again), keeps which entries each component prints, writes every page and the page that shows them."""

    def __init__(self, root: Path, lang: str, jobs: int = 0):
        self.root, self.lang, self.jobs = root, lang, jobs
        self.out = root / PREVIEW_DIR / lang
        self.units = units()
        self.ctx = None
        self.entries: dict = {}
        self.problems: list[Problem] = []
        self.pending: list[tuple[str, bytes, int]] = []  # (component, PDF, page number) not drawn yet
        self.version = 0
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
        if isinstance(outcome, pipeline.Previewed):  # its component cache: what each component looked up
            self.ctx, cache, artifacts, overflows = outcome.ctx, outcome.cache, outcome.artifacts, outcome.warnings
        if isinstance(outcome, CheckFailed) or outcome.problems:
            self.problems = list(outcome.problems)
            self.write_page()
            return 0
        self.problems = list(self.ctx.warnings) + overflows
        made: dict[str, list] = {}
        for a in artifacts:
            made.setdefault(a.component, []).append(a)
        drawn = 0
        before: list = []
        for unit, component in zip(self.units, registry.COMPONENTS):
            mine = made.get(unit.name, [])
            keys = cache.lookups(component, before if component.from_artifacts else [])
            if keys is None:  # drawn with a warning (not stored): drawn once more here, its lookups recorded
                keys = self._recorded(component, before)
            unit.keys = keys
            before += mine
            page = next((a for a in mine if a.path.endswith(".html")), None)
            if page is not None and shown_pdf(mine) is None:  # the kit's index.html, with the previews it shows
                digest = hashlib.sha256(page.data + b"".join(a.data for a in before if a.kind == "preview")).hexdigest()
                if digest != unit.digest:
                    drawn += 1
                    self._write_site(page, before)
                    unit.digest, unit.html = digest, f"{KIT_PAGE}/{page.path}"
                continue
            digest, data, is_pdf = shown(mine)
            if digest != unit.digest:
                drawn += 1
                unit.digest, unit.pages = digest, (page_count(data) if is_pdf else 1) if data else 0
                if data is not None and not is_pdf:
                    write_into(self.out, f"{unit.name}-1.png", data)
                elif data is not None:
                    self.pending.extend((unit.name, data, n) for n in range(unit.pages))
                unit.places = locate(data, unit.name, self.printed(keys), SCREENSHOT_PX) if is_pdf and data else {}
                unit.pdf = data if is_pdf and data else b""
        self.draw_pages(first_only=first_only)
        self.write_page()
        return drawn

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

    def draw_pages(self, first_only: bool = False) -> None:
        """The page images still to draw (every first page, and with first_only False every other one too)."""
        later = []
        for name, pdf, n in self.pending:
            if first_only and n:
                later.append((name, pdf, n))
            else:
                write_into(self.out, f"{name}-{n + 1}.png", pdf_preview(pdf, SCREENSHOT_PX, n))
        self.pending = later

    def _recorded(self, component, before) -> set:
        """The lookups of one component drawn in this process with a recording context."""
        from ..kit.cache import recording

        with recording(self.ctx) as (rctx, reads), \
                watch_fits(self.root, self.lang, self.ctx.translations, accept_overflow=True):
            try:
                component.build(rctx, before if component.from_artifacts else [])
            except CheckFailed:
                pass  # its problems are already on the page (render_all reported them)
        return {(c, m) for _fn, c, m, _plural, _n in reads.lookups}

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

    def write_page(self) -> None:
        """index.html (reloads itself when version.txt changes), screenshots.json (entry -> image) and
        entries.json (every entry of the language -> the components and pages that print it)."""
        self.version += 1
        coverage = self.coverage()
        page = page_html(self.lang, self.version, self.units, self.problems, coverage, self.entries)
        write_into(self.out, "screenshots.json", _json(screenshots(self.units)))
        held = tuple(id(u.places) for u in self.units)  # locate() gives a drawn component a new map
        if held != self._places[0]:
            self._places = (held, _json(places(self.units)))
            write_into(self.out, "places.json", self._places[1])
        write_into(self.out, "entries.json", _json(entry_map(self.units, self.entries, coverage.unreached)))
        write_into(self.out, "index.html", page.encode("utf-8"))
        write_into(self.out, "version.txt", f"{self.version}\n".encode())

    def rebuild(self, changed: list[Path], first_only: bool = False) -> tuple[int, float]:
        """After edits: a catalog of this language is checked again (a broken entry is shown on the page) and the
        kit redrawn through the cache (what shows a changed entry draws anew); content or templates: all."""
        start = time.perf_counter()
        catalogs_only = all(p.suffix == ".po" for p in changed)
        try:
            if catalogs_only and self.ctx is not None:
                from ..kit.build import check_catalogs
                from ..i18n.runtime import load_translations

                problems = blocking(check_catalogs(self.root, self.lang, strict=False))
                if problems:
                    raise CheckFailed(problems)
                self.ctx = dataclasses.replace(self.ctx, translations=load_translations(self.root, self.lang))
                self.entries = entries(self.root, self.lang)
            else:
                forget_templates()  # an edited template or face layout is read again
                self.prepare()
        except CheckFailed as exc:
            self.problems = list(exc.problems)
            self.write_page()
            return 0, time.perf_counter() - start
        except OSError as exc:  # a file or folder that vanished while it was read (a checkout under way)
            self.problems = [Problem("error", "read", f"could not read {exc.filename or 'a file'}: {exc.strerror}",
                                     hint="the preview reads it again at the next change")]
            self.write_page()
            return 0, time.perf_counter() - start
        return self.render(first_only), time.perf_counter() - start


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


def snapshot(root: Path, lang: str) -> dict[Path, int]:
    """mtime of every watched file (the language's catalogs, content, templates); a file or folder that vanishes
    while it is scanned (a checkout, an editor's temporary folder) is skipped."""
    out = {}
    for top in WATCHED:
        for folder, _dirs, names in os.walk(root / top):  # os.walk skips a folder it can no longer list
            for name in names:
                p = Path(folder, name)
                if top == "locales" and f"/{lang}/" not in p.as_posix():
                    continue
                try:
                    st = p.stat()
                except OSError:
                    continue
                if stat.S_ISREG(st.st_mode):
                    out[p] = st.st_mtime_ns
    return out


def serve(folder: Path, port: int) -> Server:
    """Serve the preview folder on 127.0.0.1 only, in a background thread (serve.py: bound, checked, bounded)."""
    return start(bind(folder, port))


def watch(root: Path, lang: str, port: int, interval: float = 0.25, say=print) -> None:
    """Render once, serve the page, then re-render on every change until interrupted."""
    preview = Preview(root, lang)
    preview.out.mkdir(parents=True, exist_ok=True)
    server = bind(preview.out, port)  # a bad or taken port is told before anything renders
    started = time.perf_counter()
    try:
        n, _ = preview.rebuild([root / "content"], first_only=True)
    except BaseException:
        server.server_close()
        raise
    cov = preview.coverage()
    start(server)
    rest = f", {len(cov.unreached)} only in a state no build reaches" if cov.unreached else ""
    say(f"preview of {lang}: http://127.0.0.1:{server.server_address[1]}/ ({n} components in "
        f"{time.perf_counter() - started:.1f} s; {cov.printed} of {cov.total} entries shown{rest}); edit a catalog, "
        "content or template file; Ctrl-C stops")
    preview.draw_pages()  # every other page, while the first ones are already served
    seen = snapshot(root, lang)
    try:
        while True:
            time.sleep(interval)
            now = snapshot(root, lang)
            changed = [p for p in set(now) | set(seen) if now.get(p) != seen.get(p)]
            if changed:
                seen = now
                n, took = preview.rebuild(changed)
                names = ", ".join(sorted(p.name for p in changed)[:3])
                say(f"{names}: drew {n} component(s) anew in {took:.2f} s"
                    + (f"; {len(preview.problems)} problem(s) on the page" if preview.problems else ""))
    except KeyboardInterrupt:
        say("preview stopped")
    finally:
        server.shutdown()
        server.server_close()
