"""The kits' archives a release packs beside its TTS export (release.build.kit_archives, in a thread) are the files
assemble() would make of the same kits itself: the release folder is byte for byte the same either way."""

from __future__ import annotations

import io
import zipfile

from generator.release.build import DESIGNER, assemble, kit_archives

EPOCH = 1767225600


def _kit(root, lang: str) -> dict:
    folder = root / "build" / "pnp" / lang
    folder.mkdir(parents=True)
    (folder / "index.html").write_text(f"<p>{lang}</p>")
    (folder / "manifest.json").write_text("{}")
    return {"files": [{"path": "index.html", "component": "contact-sheet", "paper": None, "layout": None}]}


def test_the_archives_packed_beforehand_make_the_same_release(tmp_path):
    kits = {lang: _kit(tmp_path, lang) for lang in ("en", "it")}
    tts = {lang: {"dojo/dojo-en.json": b'{"x": "dojo/images/a.png"}', "dojo/images/a.png": b"png",
                  "dojo/cards/c.png": b"card"} for lang in kits}
    whole = assemble(tmp_path, "1.0", EPOCH, kits, tts, "<html>page</html>")
    archives = kit_archives(tmp_path, "1.0", EPOCH, kits, tts=True, designer=True)
    assert assemble(tmp_path, "1.0", EPOCH, kits, tts, "<html>page</html>", archives) == whole
    assert set(archives) < set(whole) and DESIGNER in whole and "dojo-pnp-1.0-tts-en.zip" in whole
    index = whole["INDEX.txt"].decode()
    assert "tts/install-windows.bat" in index and f"{DESIGNER}: the designer's page" in index
    with zipfile.ZipFile(io.BytesIO(whole["dojo-pnp-1.0.zip"])) as zf:  # the combined zip holds that same index
        assert zf.read("INDEX.txt") == whole["INDEX.txt"] and zf.read("it/index.html") == b"<p>it</p>"


def test_the_index_says_only_what_the_release_holds(tmp_path):
    kits = {"en": _kit(tmp_path, "en")}
    bare = kit_archives(tmp_path, "1.0", EPOCH, kits)["INDEX.txt"].decode()
    assert "tts/" not in bare and DESIGNER not in bare
    assert assemble(tmp_path, "1.0", EPOCH, kits)["INDEX.txt"].decode() == bare
