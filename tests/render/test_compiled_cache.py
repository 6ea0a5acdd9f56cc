"""Compiled SVG templates kept between processes (output/compiled.py): in the user's key folder, never in build/,
each entry sealed under the user's key; a sealed entry is used instead of compiling, anything else is never loaded."""

import os
import pickle
import shutil
import stat
from pathlib import Path

import jinja2
import pytest

from generator.output import compiled, seal
from generator.render.icons import ICONS
from generator.render.templates import OPTIONS, environment, keep_compiled, render_template

ROOT = Path(__file__).resolve().parents[2]
FIGURE = dict(W=10, H=10, art="", texts=[])


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project's templates, this test's own key folder, and the environments forgotten before and after."""
    monkeypatch.setenv(seal.KEY_ENV, str(tmp_path / "keys"))
    shutil.copytree(ROOT / "templates", tmp_path / "project" / "templates")
    keep_compiled(None)
    yield tmp_path / "project" / "templates"
    keep_compiled(None)


def _entries(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "keys" / compiled.FOLDER).glob("*.jbc"))


def test_compiled_templates_are_kept_sealed_in_the_key_folder(project, tmp_path):
    cache = compiled.template_cache(OPTIONS)
    assert cache is not None and cache.folder == tmp_path / "keys" / "templates"
    keep_compiled(cache)
    assert environment(project).bytecode_cache is cache
    svg = render_template(project, "figure.svg.j2", **FIGURE)
    entries = _entries(tmp_path)
    assert entries and "<svg" in svg  # figure.svg.j2 and what it imports or extends
    for entry in entries:
        data = entry.read_bytes()
        assert data[64:65] == b"\n" and seal.sealed(compiled.KIND, data[65:], data[:64].decode())
        assert stat.S_IMODE(entry.stat().st_mode) == 0o600
    assert stat.S_IMODE(entries[0].parent.stat().st_mode) == 0o700
    assert not (project.parent / "build").exists()  # nothing compiled goes to build/


def test_a_sealed_entry_is_read_instead_of_compiling(project, tmp_path):
    """An entry holding other code under the template's name and source checksum (sealed with this user's key)
    renders that code: the entry really is what a new environment runs."""
    cache = compiled.template_cache(OPTIONS)
    keep_compiled(cache)
    env = environment(project)
    source, filename, _ = env.loader.get_source(env, "icon.svg.j2")
    bucket = cache.get_bucket(env, "icon.svg.j2", filename, source)
    bucket.code = env.compile("read from the cache", "icon.svg.j2", filename)
    cache.set_bucket(bucket)
    keep_compiled(None)
    keep_compiled(cache)  # a new environment, as the next process makes
    assert environment(project).get_template("icon.svg.j2").render() == "read from the cache"
    keep_compiled(None)  # compiled in memory: the template's own drawing
    name = sorted(ICONS)[0]
    assert "<svg" in render_template(project, "icon.svg.j2", icon=name)


def test_an_entry_without_this_users_seal_is_never_loaded(project, tmp_path, monkeypatch):
    """Entries planted in the key folder under the template's name (a pickle that runs a command when loaded, the
    same with a seal made under another key, a truncated one) are never unpickled or unmarshalled: the template is
    compiled again and its entry replaced by a sealed one."""
    cache = compiled.template_cache(OPTIONS)
    keep_compiled(cache)
    genuine = render_template(project, "figure.svg.j2", **FIGURE)
    marker = tmp_path / "ran"

    class Payload:
        def __reduce__(self):
            return os.system, (f"touch {marker}",)

    evil = jinja2.bccache.bc_magic + pickle.dumps(Payload())
    monkeypatch.setenv(seal.KEY_ENV, str(tmp_path / "other"))
    foreign = seal.seal(compiled.KIND, evil).encode()  # sealed, but with someone else's key
    monkeypatch.setenv(seal.KEY_ENV, str(tmp_path / "keys"))
    for planted in (b"0" * 64 + b"\n" + evil, foreign + b"\n" + evil, evil[:9]):
        for entry in _entries(tmp_path):
            entry.write_bytes(planted)
        keep_compiled(None)
        keep_compiled(cache)
        assert render_template(project, "figure.svg.j2", **FIGURE) == genuine
        assert not marker.exists()
        for entry in _entries(tmp_path):
            data = entry.read_bytes()
            assert seal.sealed(compiled.KIND, data[65:], data[:64].decode())  # compiled again and replaced


def test_the_folder_keeps_the_newest_entries(project, tmp_path, monkeypatch):
    monkeypatch.setattr(compiled, "KEPT", 3)
    keep_compiled(compiled.template_cache(OPTIONS))
    for name in ("figure.svg.j2", "icon.svg.j2", "card-face.svg.j2"):
        try:
            environment(project).get_template(name)
        except jinja2.TemplateError:
            pass
    assert len(list((tmp_path / "keys" / compiled.FOLDER).iterdir())) == 3
