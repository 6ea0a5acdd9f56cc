"""Fonts come from the kit's own files alone (issue 41): whatever family a drawing asks for, and however cold the
font cache, cairo resolves it to one of the kit's font files (a private fontconfig configuration); a missing font
file is a clear build error before anything renders."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

from generator.render import fonts
from tests.board.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]
OTHER_FAMILIES = ("DejaVu Sans", "sans-serif", "serif", "monospace", "Liberation Sans", "Noto Sans CJK SC", "Arial")

# Draws with cairo's toy API (as render/draw.py and cairosvg do) in a fresh process whose fontconfig cache folder is
# empty, asking for families the kit does not ship; prints the fonts the PDF embeds.
DRAW = '''
import io, sys
import cairocffi as cairo, pikepdf
from generator.render.fonts import register_fontconfig
register_fontconfig()
buf = io.BytesIO()
surface = cairo.PDFSurface(buf, 200, 200)
cr = cairo.Context(surface)
for n, family in enumerate(sys.argv[1:]):
    cr.select_font_face(family, cairo.FONT_SLANT_ITALIC if n % 2 else cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD)
    cr.set_font_size(10)
    cr.move_to(10, 20 + 12 * n)
    cr.show_text("Kumite Кумитэ " + family)
surface.finish()
pdf = pikepdf.open(io.BytesIO(buf.getvalue()))
print("\\n".join(sorted({str(f.BaseFont) for f in pdf.pages[0].Resources.Font.values()})))
'''


def test_every_family_resolves_to_one_of_the_kits_files():
    fonts.register_fontconfig()
    kit = {f.path for f in fonts.FACES}
    for f in fonts.FACES:
        assert fonts.resolve(f.family, f.bold, f.italic) == f.path
    for family in OTHER_FAMILIES:
        for bold in (False, True):
            assert fonts.resolve(family, bold) in kit, family


def test_cairo_draws_only_the_kits_faces_with_a_cold_font_cache(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", DRAW, *OTHER_FAMILIES, "PT Sans Narrow"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    embedded = run.stdout.split()
    assert embedded and all("PTSans" in name or "PT_Sans" in name for name in embedded), embedded
    assert "Fontconfig" not in run.stderr, run.stderr


def test_a_missing_font_file_is_a_clear_build_error_before_rendering(project, monkeypatch):
    gone = project / "fonts" / "PT_Sans-Web-Bold.ttf"
    faces = tuple(dataclasses.replace(f, path=gone) if f.bold and not f.italic and f.family == "PT Sans" else f
                  for f in fonts.FACES)
    monkeypatch.setattr(fonts, "FACES", faces)
    run = run_cli("build", "--lang", "it", "--root", project)
    assert run.code == 1 and "Traceback" not in run.err, run.err  # the build's exit for problems in its inputs
    assert str(gone) in run.err and "PT Sans bold is missing" in run.err and "make install" in run.err, run.err
    assert not (project / "build" / "pnp" / "it").exists()
