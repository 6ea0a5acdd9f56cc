"""A digest of everything the page QA reads and finds on a kit: the same lines before and after a speed change of
generator/pageqa prove the change reads every page the same (not just that it finds nothing on a clean kit).

    python benchmarks/pageqa_fingerprint.py [it en ru xx]

Renders each language's components in memory in this process (as a build does, the pseudo-locale xx with its
overflows as warnings), then prints one line per PDF: a digest of every page reading as a build's page QA makes it
(the Page: runs, marks, outlines and paint; its layer items; the ink coverage; the tunnel links; for a page composed
from drawings read before also its reading from the page alone), and one line per component: a digest of its
findings and ink figures (pageqa.check.page_qa). Run it from two checkouts (e.g. `git worktree add --detach
/var/tmp/base main`, `make bytecode` there) with the same content and compare the outputs (`diff`); set
FINGERPRINT_ROOT to run one tree's code on another's content.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

ROOT = Path(os.environ.get("FINGERPRINT_ROOT", Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SOURCE_DATE_EPOCH", "1767225600")
os.environ.setdefault("GIT_DIR", "/nonexistent")  # both trees print the same version (the imprint names a commit)


def _reading(h: "hashlib._Hash", read) -> None:
    """One page reading into a digest (its layer items without their on-demand text readers)."""
    h.update(repr(read.page).encode())
    h.update(repr([i._replace(read=None) for i in read.layers]).encode())
    h.update(repr((read.ink, read.links)).encode())


def main(langs: list[str]) -> None:
    from generator.components.common import term_spellings
    from generator.i18n.fitwatch import watch_fits
    from generator.kit.build import prepare
    from generator.kit.cache import recording
    from generator.kit.phase_two import printed_in_english
    from generator.pageqa.check import page_qa
    from generator.pageqa.ink import home_print
    from generator.pageqa.links import prints_board
    from generator.pageqa.pages import read_pages
    from generator.plan.model import DEV_LANGS, BuildOptions
    from generator.plan.registry import COMPONENTS
    from generator.render.fonts import prime_cairo_fonts

    for lang in langs:
        ctx = prepare(ROOT, BuildOptions(lang=lang, overflow="warn" if lang in DEV_LANGS else "error"))
        prime_cairo_fonts()
        terms = term_spellings(ctx)
        artifacts: list = []
        for component in COMPONENTS:
            with recording(ctx) as (built, reads):
                with watch_fits(built.root, built.lang, ctx.translations, accept_overflow=lang in DEV_LANGS):
                    made = component.build(built, artifacts)
            artifacts += made
            book: dict = {}
            for a in made:
                if not a.path.endswith(".pdf"):
                    continue
                h = hashlib.sha256()
                for read in read_pages(a.data, home_print(a.manifest_entry("")), frozenset(),
                                       prints_board(a.component, a.layout), a.placed, book):
                    _reading(h, read)
                    if read.direct is not None:
                        h.update(b"direct")
                        _reading(h, read.direct())
                print(f"{lang} {a.path} {a.pages} pages {h.hexdigest()[:16]}")
            found, measured = page_qa(made, lang, ctx.options.back_offset_mm, terms, printed_in_english(lang, reads))
            digest = hashlib.sha256(repr(([repr(p) for p in found], [(a.path, a.ink) for a in measured])).encode())
            print(f"{lang} {component.id}: {len(found)} finding(s) {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["it", "en", "ru", "xx"])
