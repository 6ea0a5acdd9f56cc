"""What every process pays before it draws: cairocffi's declarations read from generated Python (not parsed from
C); SVG templates never loaded compiled from build/ (kept compiled only in the user's key folder, sealed:
tests/render/test_compiled_cache.py)."""

import marshal
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest

from generator import cairo_abi
from tests.render.pdfcheck import reader

ROOT = Path(__file__).resolve().parents[2]
DRAW = """
import io, sys
import cairocffi
surface = cairocffi.PDFSurface(out := io.BytesIO(), 200, 100)
cr = cairocffi.Context(surface)
cr.select_font_face("PT Sans")
cr.set_font_size(12)
cr.move_to(10, 50)
cr.show_text("Seigan")
surface.finish()
print("pycparser" in sys.modules, type(sys.modules["cairocffi.ffi"].ffi).__module__)
sys.stdout.buffer.write(out.getvalue())
"""


def _draw_in_a_new_process() -> tuple[str, bytes]:
    """What a fresh interpreter reports and the PDF it draws."""
    out = subprocess.run([sys.executable, "-c", "import generator\n" + DRAW], cwd=ROOT, capture_output=True,
                         check=True).stdout
    line, _, pdf = out.partition(b"\n")
    return line.decode(), pdf


def test_cairocffi_starts_from_the_generated_declarations_and_draws():
    assert cairo_abi.generate()  # what `make bytecode` runs (nothing written when current)
    line, pdf = _draw_in_a_new_process()
    assert line == "False _cffi_backend"  # no C parser imported: the out-of-line FFI object
    assert "Seigan" in reader(pdf).pages[0].extract_text()  # cairo drew through it: the text reads back


def test_stale_declarations_are_not_used(tmp_path):
    digest = cairo_abi._source_digest()
    for module in cairo_abi.MODULES.values():
        (tmp_path / f"{module}.py").write_text(f"# cairocffi {digest}\nffi = None\n")
    assert cairo_abi._current(digest, tmp_path)
    (tmp_path / f"{cairo_abi.MODULES['ffi_pixbuf']}.py").write_text("# cairocffi 0123\nffi = None\n")
    assert not cairo_abi._current(digest, tmp_path)  # cairocffi changed since: it parses its own declarations
    (tmp_path / f"{cairo_abi.MODULES['ffi_pixbuf']}.py").unlink()
    assert not cairo_abi._current(digest, tmp_path)


def _planted(root: Path, marker: Path) -> list[Path]:
    """Entries where the compiled-template cache lived (build/cache/templates), under the names Jinja's bytecode
    caches give the templates' entries: one that runs a shell command when loaded, a truncated one and a foreign
    one (another program's bytes)."""

    class Payload:
        def __reduce__(self):
            return os.system, (f"touch {marker}",)

    folder = root / "build" / "cache" / "templates"
    folder.mkdir(parents=True)
    evil = jinja2.bccache.bc_magic + pickle.dumps(Payload()) + marshal.dumps(compile("0", "x", "eval"))
    out = []
    for name in ("macros.svg.j2", "face.svg.j2", "figure.svg.j2"):
        key = jinja2.bccache.BytecodeCache().get_cache_key(name, str(root / "templates" / name))
        for planted, data in ((f"{key}.cache", evil), (f"__jinja2_{key}.cache", evil[:9]),
                              (f"{key}.pyc", b"\x00" * 64)):
            (folder / planted).write_bytes(data)
            out.append(folder / planted)
    return out


@pytest.mark.parametrize("kept", ["in memory", "in the key folder"])
def test_compiled_templates_are_never_loaded_from_build(tmp_path, monkeypatch, kept):
    """A build never reads compiled templates from build/: entries planted where the old cache lived (a pickle
    that runs a command, a truncated and a foreign file) are never read, and templates render as usual, whether
    templates are compiled in memory or kept in the user's key folder (set explicitly: an earlier test in this
    worker may have left either)."""
    from generator.kit.build import preload
    from generator.output import compiled, seal
    from generator.render.svg import environment, render_template, template_drawing
    from generator.render.templates import OPTIONS, keep_compiled

    monkeypatch.setenv(seal.KEY_ENV, str(tmp_path / "keys"))
    root = tmp_path / "project"
    shutil.copytree(ROOT / "templates", root / "templates")
    marker = tmp_path / "ran"
    planted = {p: p.read_bytes() for p in _planted(root, marker)}
    cache = compiled.template_cache(OPTIONS) if kept == "in the key folder" else None
    keep_compiled(cache)
    try:
        preload(root, ["it"], reportlab=False)  # what a build does before its workers fork
        templates = root / "templates"
        used = environment(templates).bytecode_cache
        assert used is cache
        if used is not None:
            assert used.folder == tmp_path / "keys" / compiled.FOLDER and root not in used.folder.parents
        svg = render_template(templates, "figure.svg.j2", W=10, H=10, art="", texts=[])
        drawing = template_drawing(templates, "figure.svg.j2", W=10, H=10, art="", texts=[])
    finally:
        keep_compiled(None)
    assert "<svg" in svg and round(drawing.width, 2) == round(10 * 72 / 25.4, 2)
    assert not marker.exists()  # the pickle never ran
    assert {p: p.read_bytes() for p in planted} == planted  # nothing rewritten or added
    assert sorted(planted) == sorted((root / "build" / "cache" / "templates").iterdir())
    if cache is not None:
        assert list(cache.folder.glob("*.jbc"))  # compiled where it belongs instead
