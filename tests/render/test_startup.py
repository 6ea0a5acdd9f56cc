"""What every process pays before it draws: cairocffi's declarations read from generated Python (not parsed from
C), SVG templates loaded from build/cache/templates (not compiled again)."""

import subprocess
import sys
from pathlib import Path

import jinja2

from generator import cairo_abi
from generator.output.cache import TEMPLATES_DIR, TemplateCache
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


def _environment(folder: Path, root: Path) -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), autoescape=True)
    env.bytecode_cache = TemplateCache(root)
    return env


def _compiles(env: jinja2.Environment, name: str, monkeypatch) -> tuple[int, str]:
    calls = []
    real = jinja2.Environment.compile

    def counting(self, *args, **kwargs):
        calls.append(args)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    text = env.get_template(name).render(word="Seigan")
    monkeypatch.setattr(jinja2.Environment, "compile", real)
    return len(calls), text


def test_templates_are_compiled_once_then_loaded(tmp_path, monkeypatch):
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "face.svg.j2").write_text("<text>{{ word }}</text>")
    assert _compiles(_environment(folder, tmp_path), "face.svg.j2", monkeypatch) == (1, "<text>Seigan</text>")
    assert len(list((tmp_path / TEMPLATES_DIR).iterdir())) == 1
    assert _compiles(_environment(folder, tmp_path), "face.svg.j2", monkeypatch) == (0, "<text>Seigan</text>")
    (folder / "face.svg.j2").write_text("<tspan>{{ word }}</tspan>")  # an edited template is compiled again
    assert _compiles(_environment(folder, tmp_path), "face.svg.j2", monkeypatch) == (1, "<tspan>Seigan</tspan>")
    assert _compiles(_environment(folder, tmp_path), "face.svg.j2", monkeypatch) == (0, "<tspan>Seigan</tspan>")


def test_a_damaged_compiled_template_is_compiled_again(tmp_path, monkeypatch):
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "face.svg.j2").write_text("<text>{{ word }}</text>")
    _compiles(_environment(folder, tmp_path), "face.svg.j2", monkeypatch)
    (cached,) = (tmp_path / TEMPLATES_DIR).iterdir()
    for damage in (cached.read_bytes()[:20], b"", cached.read_bytes()[:-40]):
        cached.write_bytes(damage)
        assert _compiles(_environment(folder, tmp_path), "face.svg.j2", monkeypatch) == (1, "<text>Seigan</text>")
    assert _compiles(_environment(folder, tmp_path), "face.svg.j2", monkeypatch) == (0, "<text>Seigan</text>")
