"""Booklet test helpers: a BuildContext with real Babel catalogs compiled in memory."""

import functools
import io
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import NullTranslations, Translations

from generator.content.load import load_model
from generator.plan.model import BuildContext, BuildOptions
from generator.rules.source import parse
from tests.conftest import LANGS

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).parent / "fixture" / "rules.md"

# A translator's catalog for the fixture: msgid -> translation, per language.
FIXTURE_TR = {
    "it": {"Fixture Rules": "Regole di prova", "Setup": "Preparazione",
           "Shuffle the Solution deck.": "Mescola il mazzo delle Soluzioni.",
           "Stress starts at 2.": "Lo Stress parte da 2."},
    "ru": {"Fixture Rules": "Тестовые правила", "Setup": "Подготовка",
           "Shuffle the Solution deck.": "Перетасуйте колоду Решений.",
           "Stress starts at 2.": "Стресс начинается с 2."},
    "en": {},
}


def translations(lang: str, entries: dict[str, str]) -> NullTranslations:
    """A real gettext catalog compiled in memory."""
    cat = Catalog(locale=lang, domain="fixture-rules")
    for msgid, msgstr in entries.items():
        cat.add(msgid, msgstr)
    buf = io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    return Translations(buf)


@functools.cache
def project_model():
    """The project's content model (the duel's strikes for figures), loaded once."""
    model, problems = load_model(ROOT)
    assert model is not None, problems
    return model


def make_ctx(lang: str, entries: dict[str, str] | None = None, root: Path = ROOT) -> BuildContext:
    """A BuildContext for booklet rendering (no board needed by the fixture)."""
    tr = translations(lang, FIXTURE_TR[lang] if entries is None else entries)
    return BuildContext(root, BuildOptions(lang), "0.9.0+test", None, "", {}, tr, model=project_model())


def booklet_of(ctx: BuildContext, text: str, where: str,
               papers: tuple[str, ...] = ("A4",)) -> dict[str, tuple[bytes, int]]:
    """The booklet of a rules source text: layout -> (PDF bytes, pages)."""
    from generator.booklet.builders import booklet_pdfs

    return booklet_pdfs(ctx, parse(text), where, papers)


@pytest.fixture(scope="session")
def fixture_pdfs():
    """The fixture booklet in every language, A4 and Letter editions: lang -> {layout: (bytes, pages)}."""
    text = FIXTURE.read_text(encoding="utf-8")
    return {lang: booklet_of(make_ctx(lang), text, "tests/booklet/fixture/rules.md", ("A4", "Letter"))
            for lang in LANGS}
