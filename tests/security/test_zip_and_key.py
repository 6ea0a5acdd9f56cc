"""The release's zip writer refuses an entry name a naive unzip would write above its folder (zip-slip), and the
key that seals cache entries lives outside build/, private to the user, made once."""

from __future__ import annotations

import io
import os
import stat
import zipfile

import pytest

from generator.commands.common import failure_code
from generator.output import seal
from generator.output.cache import check_entry, write_entry
from generator.output.files import UnsafePath
from generator.release.build import assemble
from generator.release.pack import zip_bytes

EPOCH = 1767225600


@pytest.mark.parametrize("name", ["en/../../../../x.png", "../x.png", "/etc/x", "en\\..\\x.png", "C:/x.png",
                                  "C:x.png", "en/./x.png", "en//x.png"])
def test_the_zip_writer_refuses_an_entry_out_of_its_folder(name):
    with pytest.raises(UnsafePath) as caught:
        zip_bytes({"en/index.html": b"ok", name: b"x"}, EPOCH)
    assert repr(name) in str(caught.value)


def test_plain_names_are_packed():
    data = zip_bytes({"en/index.html": b"ok", "en/previews/dojo/board.png": b"png"}, EPOCH)
    assert zipfile.ZipFile(io.BytesIO(data)).namelist() == ["en/index.html", "en/previews/dojo/board.png"]


def test_a_release_of_a_kit_naming_a_dotdot_file_is_refused_in_one_line(tmp_path, capsys):
    """Should a kit's manifest ever name such a file, the release stops with one line and exit 2, no traceback."""
    kit = tmp_path / "build" / "pnp" / "en"
    kit.mkdir(parents=True)
    (kit / "manifest.json").write_text("{}")
    (tmp_path / "x.png").write_bytes(b"outside")
    manifest = {"files": [{"path": "../../../x.png", "component": "contact-sheet", "paper": None, "layout": None}]}
    with pytest.raises(UnsafePath) as caught:
        assemble(tmp_path, "1.0", EPOCH, {"en": manifest})
    assert failure_code(caught.value, "release") == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "refused to pack the zip entry 'en/../../../x.png'" in err[0], err


def test_the_key_is_made_once_private_and_outside_build(tmp_path, monkeypatch):
    monkeypatch.setenv(seal.KEY_ENV, str(tmp_path / "keys"))
    key = seal.key()
    path = tmp_path / "keys" / seal.KEY_FILE
    assert len(key) == seal.KEY_BYTES and path.read_bytes() == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    seal._key_in.cache_clear()
    assert seal.key() == key  # read back, not made again
    monkeypatch.delenv(seal.KEY_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert seal.key_dir() == tmp_path / "xdg" / "dojo-pnp"


def test_a_key_others_may_read_is_replaced(tmp_path, monkeypatch):
    monkeypatch.setenv(seal.KEY_ENV, str(tmp_path))
    path = tmp_path / seal.KEY_FILE
    path.write_bytes(b"k" * seal.KEY_BYTES)
    os.chmod(path, 0o644)  # anyone on the machine could seal entries with it
    seal._key_in.cache_clear()
    key = seal.key()
    assert key != b"k" * seal.KEY_BYTES and path.read_bytes() == key and stat.S_IMODE(path.stat().st_mode) == 0o600


def test_an_entry_sealed_with_another_users_key_is_refused(tmp_path, monkeypatch):
    """A colleague's build folder (their key): its entries are not this user's, however whole."""
    entry = tmp_path / "build" / "cache" / "components" / "it" / "x.entry"
    monkeypatch.setenv(seal.KEY_ENV, str(tmp_path / "colleague"))
    write_entry(entry, {"component": "x"}, [b"data"])
    assert check_entry(entry)[0] is not None
    monkeypatch.setenv(seal.KEY_ENV, str(tmp_path / "me"))
    found, wrong = check_entry(entry)
    assert found is None and "not sealed" in wrong
