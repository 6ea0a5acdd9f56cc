"""TOML content helpers: line numbers for keys, typed fields with file:line problems, messages."""

from pathlib import Path

import pytest

from generator.content.toml_source import Fields, load_toml, table_list
from generator.problems import CheckFailed

TEXT = """# a deck
[deck]
name = "Dojo Mist"

[[card]]
id = "kiai"
copies = 3

[[card]]
id = "uke"
copies = "two"
name = "Uke"
"""


def _src(tmp_path: Path, text: str = TEXT):
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    return load_toml(path, tmp_path)


def test_lines_of_keys_in_tables_and_arrays_of_tables(tmp_path):
    src = _src(tmp_path)
    assert src.line("deck", "name") == 3
    assert src.line("card", 0, "copies") == 7
    assert src.line("card", 1, "copies") == 11
    assert src.line("card", 1) == 9
    assert src.line("card", 1, "missing") == 9


def test_field_problems_carry_file_line_and_card(tmp_path):
    src = _src(tmp_path)
    cards = table_list(src, "card")
    f = Fields(src, cards[1][1], ("card", 1), where="card uke")
    assert f.integer("copies", 1, 9) is None
    assert f.text("effect") is None
    p1, p2 = f.problems
    assert (p1.file, p1.line, p1.where) == ("deck.toml", 11, "card uke") and "'copies'" in p1.message
    assert p2.line == 9 and "missing field 'effect'" in p2.message
    msg = f.message("name", "dojo-nebbia/uke", "card name")
    assert (msg.msgid, msg.context, msg.line) == ("Uke", "dojo-nebbia/uke", 12)


def test_bad_toml_names_line_and_column(tmp_path):
    with pytest.raises(CheckFailed) as exc:
        _src(tmp_path, "[deck]\nname = \n")
    p = exc.value.problems[0]
    assert p.file == "deck.toml" and p.line == 2 and p.rule == "toml"


def test_missing_array_of_tables_is_a_problem(tmp_path):
    with pytest.raises(CheckFailed) as exc:
        table_list(_src(tmp_path), "cards")
    assert "[[cards]]" in exc.value.problems[0].message
