"""Dojo content loading: the project's files load; broken files give problems with file, line and card."""

import shutil
from pathlib import Path

from generator.content.dojo import ICON_NAMES, load_dojo, messages
from generator.i18n.messages import MESSAGE_SOURCES
from generator.render.icons import ICONS

ROOT = Path(__file__).resolve().parents[2]


def _copy(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "content" / "dojo", tmp_path / "content" / "dojo",
                    ignore=shutil.ignore_patterns("board"))
    return tmp_path


def test_the_project_content_loads():
    c, problems = load_dojo(ROOT)
    assert problems == []
    assert len(c.nebbia.cards) == 13 and sum(card.copies for card in c.nebbia.cards) == 22
    assert sum(c.copies for c in c.nebbia.cards if c.type == "technique") == 7
    assert [b.start for b in c.ladder.belts] == [0, 3, 6, 9, 12, 15] and c.ladder.belts[-1].end == 17
    assert sorted(p.number for p in c.pawns.pawns) == list(range(1, 9))
    assert {s.code for s in c.squares} == set("SD.AF?PK1")


def test_broken_fields_name_file_line_and_card(tmp_path):
    root = _copy(tmp_path)
    path = root / "content/dojo/nebbia.toml"
    text = path.read_text(encoding="utf-8")
    text = text.replace('type = "movement"\nname = "Tsugi-ashi"', 'type = "moves"\nname = "Tsugi-ashi"')
    text = text.replace("copies = 3", "copies = 0")
    path.write_text(text, encoding="utf-8")
    content, problems = load_dojo(root)
    assert content is None
    by_msg = {p.message: p for p in problems}
    lines = text.splitlines()
    moves = next(p for m, p in by_msg.items() if "'moves'" in m)
    assert moves.file == "content/dojo/nebbia.toml" and lines[moves.line - 1] == 'type = "moves"'
    assert moves.where == "card tsugi-ashi"
    copies = next(p for m, p in by_msg.items() if "copies" in m)
    assert lines[copies.line - 1] == "copies = 0" and copies.where == "card kiai"


def test_belts_must_cover_the_ladder(tmp_path):
    root = _copy(tmp_path)
    path = root / "content/dojo/belts.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("from = 6", "from = 7"), encoding="utf-8")
    content, problems = load_dojo(root)
    assert content is None
    assert any(p.file == "content/dojo/belts.toml" and "next belt must start" in p.message for p in problems)


def test_messages_are_listed_with_contexts_and_registered():
    found = [m for p in sorted((ROOT / "content/dojo").glob("*.toml")) for m in messages(p)]
    keys = {(m.context, m.msgid) for m in found}
    assert ("dojo-nebbia/kiai", "Kiai") in keys and ("dojo-nebbia/uke", "Uke (Block)") in keys
    assert ("dojo-square/fatigue", "Fatigue") in keys and ("dojo-belt-ladder", "Brown") in keys
    assert all(m.line >= 1 for m in found)
    assert ("content/dojo/*.toml", "generator.content.dojo:messages") in MESSAGE_SOURCES


def test_every_icon_content_may_name_is_drawn():
    assert set(ICON_NAMES) <= set(ICONS)


def test_pawn_colour_names_are_never_belt_names():
    """Issue 33: 'the Yellow pawn' read as 'the Yellow belt'; in every language no pawn is named like a belt."""
    from generator.content.dojo import BELT_CTX, PAWN_CTX
    from generator.i18n.runtime import load_translations

    dojo = load_dojo(ROOT)[0]
    for lang in ("it", "en", "ru"):
        tr = load_translations(ROOT, lang)
        belts = {tr.pgettext(BELT_CTX, b.name).casefold() for b in dojo.ladder.belts}
        pawns = {tr.pgettext(PAWN_CTX, p.name).casefold() for p in dojo.pawns.pawns}
        assert len(pawns) == len(dojo.pawns.pawns) and not pawns & belts, (lang, pawns & belts)
        if lang == "ru":  # «Белая» (pawn) against «Белый» (belt): the same word
            assert not {p[:3] for p in pawns} & {b[:3] for b in belts}, lang
