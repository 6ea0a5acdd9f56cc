"""Hostile catalogs against the HTML outputs (issue 32): a `<script>` or `<img onerror>` in any catalog is refused by
`dojo i18n check` (file and line named) and, when built anyway, reaches index.html and the preview page only
escaped, as text."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from generator.i18n.catalogs import catalog_paths
from generator.i18n.gate import check_language
from generator.commands.preview import Preview, Unit
from generator.i18n.runtime import load_translations
from generator.kit.contact import contact_sheet
from generator.plan.model import Artifact
from tests.conftest import LANGS
from generator.plan.registry import COMPONENTS
from generator.problems import Problem
from tests.conftest import ROOT, kit_context

HOSTILE = '<script>alert("{d}")</script><img src=x onerror=alert(1)>'
RAW = re.compile(r"<script|<img src=x|onerror=alert\(1\)>", re.I)


def _poison(root: Path, lang: str, only_first: bool) -> dict[str, int]:
    """Copy the project's catalogs of lang under root with HOSTILE (naming the domain) prepended to every
    translation (or to the first one only); domain -> line of the first poisoned entry's msgid."""
    shutil.copytree(ROOT / "locales", root / "locales", dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.mo"))
    first = {}
    for path in catalog_paths(root, lang):
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang if lang != "en" else None)
        for message in catalog:
            if not message.id or (only_first and path.stem in first):
                continue
            bad = HOSTILE.format(d=path.stem)
            if message.pluralizable:
                message.string = tuple(bad + (s or message.id[0]) for s in message.string)
            else:
                message.string = bad + (message.string or message.id)
            first.setdefault(path.stem, message.id)
        with path.open("wb") as f:
            write_po(f, catalog, width=0)
    out = {}
    for path in catalog_paths(root, lang):
        msgid = first[path.stem]
        needle = f'msgid "{msgid[0] if isinstance(msgid, tuple) else msgid}"'
        out[path.stem] = next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                              if line == needle)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_i18n_check_refuses_markup_in_every_catalog(tmp_path, lang):
    where = _poison(tmp_path, lang, only_first=True)
    found = [p for p in check_language(tmp_path, lang) if p.rule == "html"]
    assert {(p.file, p.line) for p in found} == {(f"locales/{lang}/LC_MESSAGES/{d}.po", n) for d, n in where.items()}
    assert all("<script" in p.message and p.hint and p.severity == "error" for p in found)


@pytest.mark.parametrize("lang", LANGS)
def test_hostile_catalogs_reach_index_html_only_escaped(tmp_path, lang):
    _poison(tmp_path, lang, only_first=False)
    ctx = dataclasses.replace(kit_context(lang), translations=load_translations(tmp_path, lang))
    artifacts = [Artifact(f"{c.id}-A4.pdf", c.id, "sheet", b"%PDF", paper="A4", layout="sheet", pages=2, cards=9)
                 for c in COMPONENTS if not c.from_artifacts]
    page = contact_sheet(ctx, artifacts)[0].data.decode("utf-8")
    assert not RAW.search(page), RAW.search(page)
    shown = set(re.findall(r'&lt;script&gt;alert\((?:&#34;|&quot;)([\w-]+)(?:&#34;|&quot;)\)', page))
    assert {"site", "kit"} <= shown  # the template's own strings and the component names, escaped
    assert "<script>" not in page and "</script>" not in page


def test_the_preview_page_escapes_names_and_problems(tmp_path):
    preview = Preview(tmp_path, "ru")
    preview.units = [Unit('<img src=x onerror=alert(1)>', pages=2)]
    preview.problems = [Problem("error", "html", HOSTILE.format(d="kit"), "locales/ru/LC_MESSAGES/kit.po", 3)]
    preview.out.mkdir(parents=True)
    preview.write_page()
    page = (preview.out / "index.html").read_text(encoding="utf-8")
    assert page.count("<script") == 1  # the page's own reload script, nothing else
    assert "<img src=x" not in page and "&lt;script&gt;" in page and "&lt;img src=x onerror=alert(1)&gt;" in page
