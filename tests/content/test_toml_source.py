"""The one TOML content reader: line numbers for keys, typed fields with file:line problems, messages."""

from pathlib import Path

from generator.content.toml_source import load_toml

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
colour = "dark red"

[[action]]
id = "ground"
[[action.mode]]
id = "GR"
[[action.mode]]
id = "OU"
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
    assert src.line("action", "mode", 1, "id") == 20


def test_field_problems_carry_file_line_field_and_card(tmp_path):
    src = _src(tmp_path)
    f = src.rows("card")[1]
    assert f.integer("copies", 1, 9) is None
    assert f.text("effect") is None
    assert f.colour() is None
    p1, p2, p3 = src.problems
    assert (p1.file, p1.line, p1.where) == ("deck.toml", 11, "card uke") and "'copies'" in p1.message
    assert p2.line == 9 and "missing field 'effect'" in p2.message and p2.hint
    assert p3.line == 13 and "#rrggbb" in p3.message and p3.hint
    msg = f.message("name", "dojo-nebbia/uke", "card name")
    assert (msg.msgid, msg.context, msg.line) == ("Uke", "dojo-nebbia/uke", 12)


def test_ids_must_be_plain_identifiers_and_unique(tmp_path):
    src = _src(tmp_path, '[[card]]\nid = "Kiai card"\n[[card]]\nid = "uke"\n[[card]]\nid = "uke"\n')
    seen: set[str] = set()
    assert [f.ident(seen) for f in src.rows("card")] == [None, "uke", "uke"]
    bad, dup = src.problems
    assert bad.line == 2 and "a-z, 0-9" in bad.message
    assert dup.line == 6 and "duplicate id 'uke'" in dup.message


def test_control_characters_are_refused_at_their_line(tmp_path):
    src = _src(tmp_path, '[[suit]]\nid = "clarify"\nname = "Cla\\u0001rify"\n')
    (p,) = src.problems
    assert (p.file, p.line, p.where, p.severity) == ("deck.toml", 3, "suit #1", "error")
    assert "U+0001" in p.message and "'name'" in p.message


def test_bad_toml_names_line_and_column(tmp_path):
    src = _src(tmp_path, "[deck]\nname = \n")
    (p,) = src.problems
    assert p.file == "deck.toml" and p.line == 2 and p.severity == "format" and not src.parsed


def test_a_missing_file_is_a_problem_not_a_traceback(tmp_path):
    src = load_toml(tmp_path / "gone.toml", tmp_path)
    (p,) = src.problems
    assert p.file == "gone.toml" and "cannot read" in p.message and p.hint


def test_missing_array_of_tables_is_a_problem(tmp_path):
    src = _src(tmp_path)
    assert src.rows("cards") == []
    assert "[[cards]]" in src.problems[0].message


def test_the_printable_check_is_unicodes_control_and_surrogate_categories_on_every_code_point():
    """toml_source._bad_char's one regular expression refuses exactly what a category lookup per character would:
    controls (Cc) but a newline, surrogates (Cs), U+FFFE and U+FFFF."""
    import unicodedata

    from generator.content.toml_source import _bad_char

    for cp in range(0x110000):
        ch = chr(cp)
        refused = ch != "\n" and (unicodedata.category(ch) in ("Cc", "Cs") or ch in "\ufffe\uffff")
        assert (_bad_char(f"ok{ch}ok") == ch) is refused, hex(cp)
    assert _bad_char("Guardia\tlibera\x07") == "\t" and _bad_char("Seigan\n") is None
