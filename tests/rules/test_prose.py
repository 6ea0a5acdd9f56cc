"""The rules booklets' prose: every block of each rules.md is translated in it, en and ru, and the seeds survive verbatim."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from generator.i18n.runtime import load_translations
from generator.rules.source import messages, parse
from generator.content.games import game_codes
from generator.content.languages import language_codes

ROOT = Path(__file__).resolve().parents[2]
LANGS = language_codes()
GAMES = ("dojo", "duel", "ground")
# The booklet's figure makers (generator/booklet/figures.py): strike-<id> per strike of content/duel/duel.toml.
FIGURES = {"squares", "belt-ladder", "board", "suits", "strike-shieshi", "strike-men", "strike-tsuki", "duel-track",
           "distance-control"}
PLURAL_FORMS = {
    "it": "nplurals=2; plural=(n != 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
SEED_DOJO = ROOT / "docs/seeds/000_9559f38b3b970419.txt"
SEED_DUEL = ROOT / "docs/seeds/003_fa8c49545bf99042.txt"
MARKUP = re.compile(r"\*\*|\*|\{icon:[^}]*\}")


def source(game: str) -> Path:
    """The English rules source of a game."""
    return ROOT / "content" / game / "rules.md"


def catalog(game: str, lang: str):
    """The real Babel catalog of a game's rules in one language."""
    path = ROOT / "locales" / lang / "LC_MESSAGES" / f"{game}-rules.po"
    with path.open("rb") as fh:
        return read_po(fh, locale=lang, domain=path.stem)


def msgstrs(game: str, lang: str) -> list[str]:
    """Every translation of a game's rules catalog, its no-break spaces read as spaces (a typographic tie after a
    one-letter word, not a change of wording: the Russian catalogs are the seed's words)."""
    return [m.string.replace("\u00a0", " ") for m in catalog(game, lang) if m.id]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_block_has_a_translation(game, lang):
    cat = catalog(game, lang)
    wanted = messages(source(game))
    assert len(wanted) > 20
    for msg in wanted:
        entry = cat.get(msg.msgid, context=msg.context)
        assert entry is not None, f"{lang}/{game}-rules.po lacks {msg.msgid!r} (rules.md:{msg.line})"
        assert entry.string.strip(), f"{lang}/{game}-rules.po: empty msgstr for {msg.msgid!r}"
        assert not entry.fuzzy, f"{lang}/{game}-rules.po: fuzzy {msg.msgid!r}"
        assert f"content/{game}/rules.md" in {loc[0] for loc in entry.locations}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_catalog_has_no_stale_entries(game, lang):
    current = {m.msgid for m in messages(source(game))}
    stale = [m.id for m in catalog(game, lang) if m.id and m.id not in current]
    assert stale == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_runtime_prints_the_catalog_text(game, lang):
    """Through the merged runtime translations every block comes out as its own catalog says (no domain clash)."""
    trans = load_translations(ROOT, lang)
    cat = catalog(game, lang)
    def shown(m):
        return trans.pgettext(m.context, m.msgid) if m.context else trans.gettext(m.msgid)

    for msg in messages(source(game)):
        assert shown(msg) == (cat.get(msg.msgid, context=msg.context).string or msg.msgid), msg.msgid
    if lang != "en":
        translated = [m for m in messages(source(game)) if shown(m) != m.msgid]
        assert len(translated) > len(messages(source(game))) // 2


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_markup_is_balanced_and_kept(game, lang):
    for m in catalog(game, lang):
        if not m.id:
            continue
        assert sorted(MARKUP.findall(m.id)) == sorted(MARKUP.findall(m.string)), m.id
        assert MARKUP.sub("", m.string).count("*") == 0


@pytest.mark.parametrize("game", GAMES)
def test_figures_are_known_drawings(game):
    figures = [b.texts[0] for b in parse(source(game).read_text(encoding="utf-8"))
               if b.kind == "figure" and b.texts[0] not in game_codes()]  # a game as the target: a generated section
    assert set(figures) <= FIGURES
    assert game == "ground" or len(figures) >= 3


@pytest.mark.parametrize("lang", ("it", "ru"))
@pytest.mark.parametrize("game", GAMES)
def test_plural_header(game, lang):
    text = (ROOT / "locales" / lang / "LC_MESSAGES" / f"{game}-rules.po").read_text(encoding="utf-8")
    assert f"Language: {lang}\\n" in text
    assert PLURAL_FORMS[lang] == catalog(game, lang).plural_forms


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext msgfmt not installed")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_msgfmt_check(game, lang):
    path = ROOT / "locales" / lang / "LC_MESSAGES" / f"{game}-rules.po"
    run = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def residue(seed: str, texts: list[str]) -> str:
    """What is left of a seed once every catalog text and every ASCII diagram line is taken out."""
    lines = [ln for ln in seed.splitlines()[1:] if not re.fullmatch(r"\s*(\[.\])+\s*|\s*[A0-9][-A-B ]*\s*", ln)]
    rest = re.sub(r"\s+", " ", "\n".join(lines))
    for text in sorted(set(texts), key=len, reverse=True):
        rest = rest.replace(text, " ")
    return re.sub(r"[\s•\d.]+", " ", rest).strip()


def bom_msgstrs(game: str, lang: str) -> list[str]:
    """The translations of a game's bill of materials (its booklet's component list, msgctxt '<game>-bom')."""
    from babel.messages.pofile import read_po

    with (ROOT / f"locales/{lang}/LC_MESSAGES/{game}.po").open("rb") as fh:
        return [m.string.replace("\u00a0", " ") for m in read_po(fh, locale=lang)
                if m.id and m.context == f"{game}-bom"]


# What the kit rewrites of a seed on purpose, seed text -> the kit's text: nothing (issue 47). The catalogs hold the
# seeds verbatim; the kit's readings (Tunnel codes, no master, no deflections, no techniques, Seigan's three cells)
# are its numbered rulings, printed after the rules.
DOJO_REWRITES: dict[str, str] = {}
DUEL_REWRITES: dict[str, str] = {}


def rewritten(seed: str, rewrites: dict[str, str], texts: list[str]) -> str:
    """The seed with the kit's deliberate rewrites applied (each found in the seed, each new text in a catalog)."""
    for old, new in rewrites.items():
        assert old in seed, old
        assert not new or any(new in t for t in texts), new
        seed = seed.replace(old, new)
    return seed


def test_italian_dojo_catalog_is_the_seed_verbatim():
    texts = msgstrs("dojo", "it") + bom_msgstrs("dojo", "it")  # the component list comes from the bill
    seed = rewritten(SEED_DOJO.read_text(encoding="utf-8"), DOJO_REWRITES, texts)
    assert residue(seed, texts) == ""
    for sample in (
        "Il primo giocatore che indossa la Cintura Nera vince.",
        "Regola del Senshu: in caso di pareggio vince l'attaccante.",
        "Le carte Tecnica sono segrete:",
        "−3, torna alla Partenza",
        "Vince lo sfidante: indossa la Cintura Nera e vince la partita.",
        "Gli avversari possono sapere quale Tecnica ho? No. Sanno solo se ne hai una. Vedi Il mazzo Nebbia del Dojo.",
    ):
        assert any(sample in t for t in texts), sample
    for line in seed.splitlines()[1:]:
        for cell in re.sub(r"^\s*(•|\d+\.)\s*", "", line).split("\t"):
            assert not cell.strip() or cell.strip() in texts, cell


def test_english_and_russian_dojo_are_translations_not_copies():
    it, en, ru = (msgstrs("dojo", lang) for lang in LANGS)
    assert "Il Labirinto del Dojo — Regolamento" in it
    assert "The Dojo Labyrinth — Rules" in en and "Лабиринт Додзё — Правила" in ru
    assert sum(bool(re.search("[а-яё]", t)) for t in ru) > 0.9 * len([t for t in ru if re.search("[A-Za-zа-яё]{4}", t)])


def test_russian_duel_catalog_is_the_seed_verbatim():
    texts = msgstrs("duel", "ru")
    assert residue(rewritten(SEED_DUEL.read_text(encoding="utf-8"), DUEL_REWRITES, texts), texts) == ""
    for sample in (
        "ПОРЯДОК БОЯ",
        "Действия: Смена стоек \\ Удары \\ Отклонения удара",
        "Можно двигаться три клетки вперед или одну назад.",
        "Заявки делаются игроками скрыто, и разрешаются мастером одновременно, в порядке следования фаз. Т.е. сначала "
        "мастер разрешает все перемещения, потом все действия.",
        "Сейган / Свободная стойка — с нее начинается бой.",
        "Шиеши / Секущий",
        "Наносится из Средней стойки",
        "Если Одна из таких клеток по результатам обоюдных ходов занята, то правило неактуально.",
        "Если оба игрока нанесли результативные удары в один ход, Колющий удар побеждает Рубящий, а Рубящий "
        "побеждает Секущий. В прочих случаях оба считаются проигравшими.",
        "Сделать столько шагов, сколько позволяет стойка и ударить.",
    ):
        assert sample in texts, sample


@pytest.mark.parametrize("lang", LANGS)
def test_duel_keeps_the_japanese_terms(lang):
    terms = {
        "ru": ("Сейган", "Дзёдан", "Гасуми", "Гедан", "Шиеши", "Мэн", "Цуки", "Камаэ", "Гири"),
        "it": ("Seigan", "Jodan", "Gasumi", "Gedan", "Shieshi", "Men", "Tsuki", "Kamae", "Giri"),
    }
    text = "\n".join(msgstrs("duel", lang))
    for term in terms["ru" if lang == "ru" else "it"]:
        assert re.search(rf"\b{term}\b", text), term


def tables(game: str) -> list[tuple[tuple[str, ...], ...]]:
    """The tables of a game's rules source, rows of cells."""
    return [b.rows for b in parse(source(game).read_text(encoding="utf-8")) if b.kind == "table"]


def test_ground_rules_state_the_resolution_order_and_thresholds():
    order = next(rows for rows in tables("ground") if rows[0] == ("Step", "Resolves"))
    assert [r[1].split(":")[0] for r in order[1:]] == ["Ground", "Support", "DARVO", "Investigate", "Attack", "Solve"]
    thresholds = next(rows for rows in tables("ground") if rows[0] == ("Players", "Threshold"))
    assert thresholds[1:] == (("2", "5"), ("3–4", "7"), ("5–6", "9"))


@pytest.mark.parametrize("lang", LANGS)
def test_ground_rules_carry_no_simulator_bookkeeping(lang):
    text = "\n".join(msgstrs("ground", lang) + [m.msgid for m in messages(source("ground"))])
    for pattern in (r"GR-[A-Z]", r"\bU\d+\b", r"20\d\d-\d\d", r"(?i)dataset", r"(?i)provisional", r"(?i)ruled", r"CORE-0"):
        assert not re.search(pattern, text), pattern
    for mode in {"it": ("GR", "OU", "ND"), "en": ("GR", "OU", "ND"), "ru": ("GR", "OU", "ND")}[lang]:
        assert re.search(rf"\*\*{mode}, ", text), mode


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_translation_has_glyphs_in_the_booklet_fonts(game, lang):
    from generator.render.fonts import face, missing_glyphs

    regular, bold = face("PT Sans"), face("PT Sans", bold=True)
    for text in msgstrs(game, lang):
        assert missing_glyphs(text, regular) == "" and missing_glyphs(text, bold) == "", text
