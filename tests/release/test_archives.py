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


def test_the_export_says_once_when_only_its_last_piece_is_left(monkeypatch, tmp_path):
    """release() starts packing the kits when the export's workers have one piece of work left (export_files's
    `last`): once, after every result but the last one came in, never before the workers run."""
    from pathlib import Path

    from generator.export import tts, tts_run
    from generator.kit.build import BuildResult

    seen: list[int] = []
    said: list[int] = []

    def run_ordered(func, items, _jobs, on_result=lambda _r: None):
        out = []
        for item in items:
            out.append(func(item))
            seen.append(len(out))
            on_result(out[-1])
        return out
    monkeypatch.setattr(tts_run, "run_ordered", run_ordered)
    monkeypatch.setattr(tts, "game_task", lambda task: (task[0], task[1], {f"{task[1]}/x.json": b"{}"}, []))
    root = Path(__file__).resolve().parents[2]  # the project's content (the export loads its model)
    kits = {lang: BuildResult(tmp_path / lang, {"files": []}, ()) for lang in ("en", "it")}
    files = tts_run.export_files(root, kits, "https://example.invalid", 2, tmp_path,
                                 last=lambda: said.append(len(seen)))
    tasks = 2 * len(tts.GAMES)
    assert len(seen) == tasks and said == [tasks - 1]
    assert set(files) == {"en", "it"} and all(len(f) == len(tts.GAMES) for f in files.values())
