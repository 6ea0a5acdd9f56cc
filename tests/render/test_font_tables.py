"""The kit's font tables generated once (render/font_tables.py, by `make bytecode`): the same code points and metrics
fontTools reads from the files, used only while they match the installed files; a process laying out text then
imports no fontTools."""

import os
import subprocess
import sys
from pathlib import Path

from fontTools.ttLib import TTFont

from generator.render import font_tables, fonts

ROOT = Path(__file__).resolve().parents[2]
PATHS = [f.path for f in fonts.FACES]


def test_the_tables_hold_what_fonttools_reads(tmp_path):
    target = tmp_path / "tables.json"
    assert font_tables.generate(PATHS, target)
    tables = font_tables.tables(tuple(PATHS), target)
    assert tables is not None and set(tables) == {p.name for p in PATHS}
    for f in fonts.FACES:
        with TTFont(str(f.path), lazy=True) as font:
            upm, hmtx, hhea = font["head"].unitsPerEm, font["hmtx"], font["hhea"]
            table = tables[f.path.name]
            advances = {cp: advance / upm for cp, advance in table["advances"]}
            assert advances == {cp: hmtx[name][0] / upm for cp, name in font.getBestCmap().items()}
            assert (table["ascent"], table["descent"], table["upm"]) == (hhea.ascent, hhea.descent, upm)
            assert table["notdef"] == hmtx[font.getGlyphOrder()[0]][0]
    assert fonts.cmap(fonts.FACES[0].path) == frozenset(TTFont(str(fonts.FACES[0].path)).getBestCmap())


def test_tables_of_other_files_are_not_used(tmp_path):
    """A font file changed since the tables were made (another size or time): its tables are not given."""
    copies = []
    for p in PATHS:
        copies.append(tmp_path / p.name)
        copies[-1].write_bytes(p.read_bytes())
    target = tmp_path / "tables.json"
    assert font_tables.generate(copies, target)
    assert font_tables.tables(tuple(copies), target) is not None
    font_tables.tables.cache_clear()
    os.utime(copies[2], ns=(1, 1))
    assert font_tables.tables(tuple(copies), target) is None
    font_tables.tables.cache_clear()
    copies[3].unlink()
    assert font_tables.tables(tuple(copies), target) is None


def test_a_process_laying_out_text_imports_no_fonttools():
    fonts.generate_tables()  # as `make bytecode` does (nothing written when current)
    code = ("import sys; from generator.render import fonts\n"
            "widths = [fonts.string_width('Guardia libera', f, 10) for f in fonts.FACES]\n"
            "assert not fonts.font_problems() and fonts.missing_glyphs('Ж☃', fonts.FACES[0]) == '☃'\n"
            "print('fontTools' in sys.modules, min(widths) > 0)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]
