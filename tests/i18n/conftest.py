"""A small real project (content, rules source, template, catalogs for it/en/ru) for the i18n tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.i18n import extract
from generator.i18n.catalogs import catalog_path, read_catalog
from generator.i18n.workflow import po_bytes, update_catalogs
from generator.content.languages import language_codes

REPO = Path(__file__).resolve().parents[2]
LANGS = language_codes()
SOURCES = (("content/*/cards.toml", "tests.i18n.fixture_loader:card_messages"),)

CARDS = '''\
[[card]]
id = "dojo-nebbia"
name = "Fog"
text = "Move up to {n} squares; **Kiai** crosses {icon:wall}."

[[card]]
id = "dojo-kumite"
name = "Kumite"
text = "Each player draws %(count)d cards."
'''

RULES = '''\
# Fog of the Dojo

## Setup

Shuffle the deck. Each player takes *three* cards.

- Place the board.
- Choose a colour.

| Card | Effect |
|---|---|
| Fog | Hide |
'''

TEMPLATE = '''<svg xmlns="http://www.w3.org/2000/svg"><text>{{ _("Cut along the line") }}</text>
<text>{{ ngettext("%(num)d page", "%(num)d pages", pages) }}</text></svg>
'''

# msgid -> (Italian, Russian); plural msgids map to tuples of forms.
TRANSLATIONS = {
    "Fog": ("Nebbia", "Туман"),
    "Move up to {n} squares; **Kiai** crosses {icon:wall}.":
        ("Muovi fino a {n} caselle; il **Kiai** attraversa {icon:wall}.",
         "Переместись на\u00a0{n} клеток; **Киай** проходит {icon:wall}."),
    "Kumite": ("Kumite", "Кумитэ"),
    "Each player draws %(count)d cards.": ("Ogni giocatore pesca %(count)d carte.",
                                           "Каждый игрок берёт %(count)d карт."),
    "one copy": (("una copia", "{n} copie"), ("{n} копия", "{n} копии", "{n} копий")),
    "Fog of the Dojo": ("La nebbia del Dojo", "Туман додзё"),
    "Setup": ("Preparazione", "Подготовка"),
    "Shuffle the deck. Each player takes *three* cards.": ("Mescola il mazzo. Ogni giocatore prende *tre* carte.",
                                                         "Перемешайте колоду. Каждый игрок берёт *три* карты."),
    "Place the board.": ("Disponi il tabellone.", "Разложите поле."),
    "Choose a colour.": ("Scegli un colore.", "Выберите цвет."),
    "Card": ("Carta", "Карта"),
    "Effect": ("Effetto", "Эффект"),
    "Hide": ("Nascondi", "Скрыть"),
    "Cut along the line": ("Taglia lungo la linea", "Разрежьте по\u00a0линии"),
    "%(num)d page": (("%(num)d pagina", "%(num)d pagine"),
                     ("%(num)d страница", "%(num)d страницы", "%(num)d страниц")),
}


def make_project(root: Path) -> Path:
    """Write the fixture sources, run the real update, and fill the it/ru translations."""
    (root / "content/dojo").mkdir(parents=True)
    (root / "content/dojo/cards.toml").write_text(CARDS, encoding="utf-8")
    (root / "content/dojo/rules.md").write_text(RULES, encoding="utf-8")
    (root / "templates/kit").mkdir(parents=True)
    (root / "templates/kit/footer.svg.j2").write_text(TEMPLATE, encoding="utf-8")
    update_catalogs(root, LANGS)
    for i, lang in enumerate(("it", "ru")):
        for path in sorted((root / "locales" / lang / "LC_MESSAGES").glob("*.po")):
            catalog = read_catalog(path, lang).catalog
            for m in catalog:
                if m.id:
                    key = m.id[0] if m.pluralizable else m.id
                    m.string = TRANSLATIONS[key][i]
            path.write_bytes(po_bytes(catalog))
    return root


@pytest.fixture(scope="session")
def _pristine(tmp_path_factory) -> Path:
    mp = pytest.MonkeyPatch()
    mp.setattr(extract, "MESSAGE_SOURCES", SOURCES)
    try:
        return make_project(tmp_path_factory.mktemp("pristine"))
    finally:
        mp.undo()


@pytest.fixture
def project(_pristine, tmp_path, monkeypatch) -> Path:
    """A fresh copy of the fixture project (catalogs complete in it, en, ru)."""
    monkeypatch.setattr(extract, "MESSAGE_SOURCES", SOURCES)
    root = tmp_path / "project"
    shutil.copytree(_pristine, root)
    return root


def po(root: Path, lang: str, domain: str) -> Path:
    """A catalog of the fixture project."""
    return catalog_path(root, lang, domain)


@pytest.fixture(scope="session")
def _proof_cache() -> list[Path]:
    """The proof cache files of the project's board and GROUND content (prepare() proves both before any build):
    tests/conftest.py proofs(), proved once a session for every xdist worker. The fixture projects hold the
    project's board, Nebbia deck and games' tables, so their proofs are these (a project whose board or GROUND
    content differs misses them and proves again)."""
    from tests.conftest import proofs

    return proofs()


def copy_proofs(proofs: list[Path], project: Path) -> None:
    """The proof cache files into project's build/cache."""
    (project / "build/cache").mkdir(parents=True, exist_ok=True)
    for proof in proofs:
        shutil.copy(proof, project / "build/cache")


@pytest.fixture
def with_board(_proof_cache):
    """Add the project's board, the Nebbia deck its proof plays, and its cached proof to a fixture project."""
    def add(project: Path) -> Path:
        shutil.copytree(REPO / "content/dojo/board", project / "content/dojo/board")
        for game in ("dojo", "ground", "duel"):
            for toml in (REPO / "content" / game).glob("*.toml"):
                (project / "content" / game).mkdir(parents=True, exist_ok=True)
                shutil.copy(toml, project / "content" / game / toml.name)
            if not (project / "content" / game / "rules.md").exists():
                (project / "content" / game / "rules.md").write_text("# Fog of the Dojo\n", encoding="utf-8")
        copy_proofs(_proof_cache, project)
        return project
    return add
