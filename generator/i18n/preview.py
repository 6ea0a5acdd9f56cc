"""Live preview for translators (`dojo i18n watch`, `make preview LANG=ru`): a page on 127.0.0.1 showing every
component of one language, re-rendering only what an edited catalog affects; per-component images with a map of
the catalog entries each one prints (usable as Weblate screenshots)."""

from __future__ import annotations

import dataclasses
import functools
import http.server
import json
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..output.files import write_bytes_atomic
from ..problems import CheckFailed, Problem
from ..render.face import forget_templates
from ..render.preview import pdf_preview
from .catalogs import catalog_paths, read_catalog
from .fitwatch import watch_fits

PREVIEW_DIR = Path("build/preview")
SCREENSHOT_PX = 744  # an A4 page at 90 dpi: readable as a Weblate screenshot
WATCHED = ("content", "templates", "locales")
PAGE = """<!doctype html><meta charset="utf-8"><title>dojo-pnp preview: {lang}</title>
<style>body{{font:14px sans-serif;background:#eee;margin:1em}}figure{{display:inline-block;margin:.5em;
background:#fff;padding:.5em;vertical-align:top}}img{{max-width:46vw;max-height:80vh}}pre{{color:#b00}}</style>
<h1>{lang}: <span id="v">{version}</span></h1><pre id="p">{problems}</pre>{figures}
<script>let v="{version}";setInterval(async()=>{{try{{const r=await fetch("version.txt",{{cache:"no-store"}});
const t=(await r.text()).trim();if(t!==v)location.reload()}}catch(e){{}}}},700)</script>
"""


@dataclass
class Unit:
    """One renderable component of the kit and the catalog entries it printed the last time."""

    name: str
    render: Callable
    keys: set = field(default_factory=set)


def _render(component, ctx, warnings: list[Problem]) -> list:
    """One registered component through the build's render_all, in this process (so the fit log sees it)."""
    from ..kit.build import render_all

    return render_all(ctx, (component,), jobs=1, warnings=warnings)


def units() -> list[Unit]:
    """The kit's components as render units (from the component registry)."""
    from ..kit import registry

    return [Unit(c.id, functools.partial(_render, c)) for c in registry.COMPONENTS if not c.from_artifacts]


def entries(root: Path, lang: str) -> dict:
    """(msgctxt, msgid) -> (domain, translation) for every entry of a language's catalogs."""
    out = {}
    for path in catalog_paths(root, lang):
        for m in read_catalog(path, lang, root).catalog or ():
            if m.id:
                out[(m.context, m.id[0] if m.pluralizable else m.id)] = (path.stem, m.string, m.fuzzy)
    return out


def _png(artifacts) -> bytes | None:
    """The first page of the component's first A4 PDF, readable (about 90 dpi), else its own preview."""
    pdfs = [a for a in artifacts if a.path.endswith(".pdf")]
    pdf = next((a for a in pdfs if "A4" in a.path), pdfs[0] if pdfs else None)
    if pdf is None:
        return next((a.data for a in artifacts if a.kind == "preview" and a.path.endswith(".png")), None)
    return pdf_preview(pdf.data, SCREENSHOT_PX)


class Preview:
    """The preview of one language: renders units, keeps which entries each prints, writes the page."""

    def __init__(self, root: Path, lang: str):
        self.root, self.lang = root, lang
        self.out = root / PREVIEW_DIR / lang
        self.units = units()
        self.ctx = None
        self.entries: dict = {}
        self.problems: list[Problem] = []
        self.version = 0

    def prepare(self) -> None:
        """Load and check every input (a failure is shown on the page, the previous images stay)."""
        from ..kit.build import prepare
        from ..kit.model import BuildOptions

        self.ctx = prepare(self.root, BuildOptions(lang=self.lang, overflow="warn"))
        self.entries = entries(self.root, self.lang)

    def render(self, chosen: list[Unit]) -> None:
        """Render the chosen units, recording the entries each prints; write their images and the page."""
        self.problems = []
        for unit in chosen:
            overflows: list[Problem] = []
            with watch_fits(self.root, self.lang, self.ctx.translations, accept_overflow=True, record=True) as log:
                try:
                    artifacts = unit.render(self.ctx, overflows)
                except CheckFailed as exc:
                    self.problems.extend(exc.problems)
                    continue
            self.problems.extend(overflows)
            unit.keys = {(o.context, o.msgid) for o, _, _ in log.uses}
            png = _png(artifacts)
            if png:
                write_bytes_atomic(self.out / f"{unit.name}.png", png)
        self.write_page()

    def affected(self, new: dict) -> list[Unit]:
        """The units printing an entry whose translation changed (a rules change: the booklets)."""
        changed = {k for k in set(new) | set(self.entries) if new.get(k) != self.entries.get(k)}
        rules = any((new.get(k) or self.entries.get(k))[0].endswith("-rules") for k in changed)
        return [u for u in self.units if u.keys & changed or (rules and "rules" in u.name.split(".")[-1])]

    def write_page(self) -> None:
        """index.html (reloads itself when version.txt changes) and screenshots.json (entry -> image)."""
        self.version += 1
        figures = "".join(f'<figure><img src="{u.name}.png?v={self.version}"><figcaption>{u.name}</figcaption></figure>'
                          for u in self.units if (self.out / f"{u.name}.png").exists())
        problems = "\n".join(p.render() for p in self.problems).replace("<", "&lt;")
        page = PAGE.format(lang=self.lang, version=self.version, problems=problems, figures=figures)
        shots = {f"{c or ''}\x04{m}": f"{u.name}.png" for u in self.units for c, m in sorted(u.keys, key=str)}
        write_bytes_atomic(self.out / "screenshots.json",
                           (json.dumps(shots, indent=1, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8"))
        write_bytes_atomic(self.out / "index.html", page.encode("utf-8"))
        write_bytes_atomic(self.out / "version.txt", f"{self.version}\n".encode())

    def rebuild(self, changed: list[Path]) -> tuple[int, float]:
        """After edits: a catalog of this language re-renders the affected units; content or templates all."""
        start = time.perf_counter()
        catalogs_only = all(p.suffix == ".po" for p in changed)
        try:
            if catalogs_only and self.ctx is not None:
                from .runtime import load_translations

                new = entries(self.root, self.lang)
                chosen = self.affected(new)
                self.ctx = dataclasses.replace(self.ctx, translations=load_translations(self.root, self.lang))
                self.entries = new
            else:
                forget_templates()  # an edited template or face layout is read again
                self.prepare()
                chosen = self.units
        except CheckFailed as exc:
            self.problems = list(exc.problems)
            self.write_page()
            return 0, time.perf_counter() - start
        self.render(chosen)
        return len(chosen), time.perf_counter() - start


def snapshot(root: Path, lang: str) -> dict[Path, int]:
    """mtime of every watched file (the language's catalogs, content, templates)."""
    out = {}
    for top in WATCHED:
        for p in (root / top).rglob("*"):
            if p.is_file() and (top != "locales" or f"/{lang}/" in p.as_posix()):
                out[p] = p.stat().st_mtime_ns
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        """No access log on the terminal: it shows the rebuilds."""


def serve(folder: Path, port: int) -> http.server.ThreadingHTTPServer:
    """Serve the preview folder on 127.0.0.1 only, in a background thread."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def watch(root: Path, lang: str, port: int, interval: float = 0.25, say=print) -> None:
    """Render once, serve the page, then re-render on every change until interrupted."""
    preview = Preview(root, lang)
    started = time.perf_counter()
    n, _ = preview.rebuild([root / "content"])
    server = serve(preview.out, port)
    say(f"preview of {lang}: http://127.0.0.1:{server.server_address[1]}/ ({n} components in "
        f"{time.perf_counter() - started:.1f} s); edit a catalog, content or template file; Ctrl-C stops")
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
                say(f"{names}: re-rendered {n} component(s) in {took:.2f} s"
                    + (f"; {len(preview.problems)} problem(s) on the page" if preview.problems else ""))
    except KeyboardInterrupt:
        say("preview stopped")
    finally:
        server.shutdown()
