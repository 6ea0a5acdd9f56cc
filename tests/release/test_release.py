"""`dojo release`: every language packed, checksummed, byte-reproducible, refused on any failed gate."""

import copy
import hashlib
import io
import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest

from generator.cli import main
from generator.release.build import ReleaseOptions, release
from generator.problems import CheckFailed
from tests.conftest import KIT_EPOCH, built_kit, copy_project, session_root, with_tts_pictures
from tests.conftest import LANGS


def failed_languages(exc: CheckFailed) -> set[str]:
    """The languages whose own problems refused a release."""
    return {p.where.split(",")[0] for p in exc.problems if p.rule != "held-back"}


def held_back(exc: CheckFailed) -> dict[str, str]:
    """language -> the languages named as the reason it was held back, read from the words of its problem."""
    out = {}
    for p in exc.problems:
        if p.rule == "held-back":
            assert "held back because language" in p.message and p.hint
            out[p.where.split(",")[0]] = p.message.split("held back because language ")[1].split(" failed")[0]
    return out


def _read_all(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module", autouse=True)
def few_designer_games():
    """The releases here play the designer's page with its settings as shipped (every policy, ruling and skill
    pairing) but a few games each: the page's figures are tested by tests/sim/test_designer.py."""
    from generator.sim import designer

    few = copy.deepcopy(designer.SETTINGS)
    for game in few.values():
        game["games"] = min(game["games"], 8)
        game["skill"][1] = min(game["skill"][1], 4)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(designer, "SETTINGS", few)
        yield


@pytest.fixture(scope="module")
def first_release(tmp_path_factory, few_designer_games, tts_pictures):
    """(project, release folder): one release of a project copy, built once for this module, from the cache of the
    session's kits (built_kit: the same inputs, dates and version; a cold release is timed by bench_speed.py and its
    renders are the kits', compared byte for byte by tests/kit/test_integrity.py and test_reproducible.py). The
    Italian Tabletop Simulator pictures come from the session's picture cache (conftest.tts_pictures: made from
    pristine_it's Italian kit, the same bytes as the session's), English and Russian ones are made here."""
    mp = pytest.MonkeyPatch()
    mp.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    try:
        for lang in LANGS:
            built_kit(lang)  # each language's components cached in the session's project (once per session)
        project = copy_project(tmp_path_factory.mktemp("release"))
        shutil.copytree(session_root() / "build" / "cache", project / "build" / "cache",  # the proofs too
                        copy_function=os.link)  # (linked: see _copy)
        with_tts_pictures(project, tts_pictures)
        yield project, release(project, ReleaseOptions(jobs=2)).out_dir
    finally:
        mp.undo()


def _copy(first, project, linked=("cache",)):
    """A copy of a project whose build/ folders named in linked are hard-linked, not copied: the first release's
    project is 320 MB (its component cache 83 MB, its two release folders 205 MB), written again by every test that
    starts from it (and deleted again with the session's temporary folders). Safe because nothing writes a build/ file
    in place: every writer makes a new file beside it and renames it over (output/files.py write_bytes_atomic, new
    kit and release folders swapped in), so a test's copy never changes the first release's files; these tests damage
    no file of build/ themselves. The release folders only for a release that is refused: one that passes links an
    unchanged file of its previous folder only when no other name holds it (files._reused, st_nlink 1), so it would
    write linked copies again."""
    def link_some(src, dst):
        parts = Path(src).relative_to(first).parts
        if parts[0] == "build" and parts[1] in linked:
            return os.link(src, dst)
        return shutil.copy2(src, dst)
    shutil.copytree(first, project, copy_function=link_some)


def test_release_packs_every_language_with_checksums(first_release):
    _, out_dir = first_release
    files = _read_all(out_dir)
    prefix = out_dir.name
    for lang in LANGS:
        with zipfile.ZipFile(io.BytesIO(files[f"{prefix}-{lang}.zip"])) as zf:
            names = zf.namelist()
            assert f"{lang}/manifest.json" in names and f"{lang}/index.html" in names
            inner = json.loads(zf.read(f"{lang}/manifest.json"))
            assert inner["lang"] == lang
            for entry in inner["files"]:
                assert hashlib.sha256(zf.read(f"{lang}/{entry['path']}")).hexdigest() == entry["sha256"]
    manifest = json.loads(files["manifest.json"])
    assert manifest["langs"] == ["en", "it", "ru"]
    listed = {e["path"]: e["sha256"] for e in manifest["files"]}
    assert set(listed) == set(files) - {"manifest.json"}
    for path, digest in listed.items():
        assert hashlib.sha256(files[path]).hexdigest() == digest
    assert "100%" in files["INDEX.txt"].decode()
    for lang in ("it", "en", "ru"):  # the Tabletop Simulator export: each game's saved object, what it shows, the
        with zipfile.ZipFile(io.BytesIO(files[f"{prefix}-tts-{lang}.zip"])) as zf:  # installers; cards apart
            names = set(zf.namelist())
            assert {"tts/install.sh", "tts/install-windows.bat"} <= names
            for game in ("dojo", "ground", "duel"):
                save = json.loads(zf.read(f"tts/{lang}/{game}/{game}-{lang}.json"))
                urls = {s[k] for o in save["ObjectStates"] for s in (o.get("CustomDeck") or {}).values()
                        for k in ("FaceURL", "BackURL")}
                assert urls and all(u.startswith(f"file:///path/to/dojo-tts/{lang}/{game}/") for u in urls)
                assert {f"tts/{lang}/{game}/{u.split(f'/{game}/', 1)[1]}" for u in urls} <= names
                assert f"tts/{lang}/{game}/{game}-{lang}.png" in names
                assert f"tts/{lang}/{game}/cards/cards.json" not in names
        with zipfile.ZipFile(io.BytesIO(files[f"{prefix}-cards-{lang}.zip"])) as zf:
            cards = set(zf.namelist())
            assert f"cards/{lang}/dojo/cards/cards.json" in cards
            assert not {n.split("/", 1)[1] for n in cards} & {n.split("/", 1)[1] for n in names}  # each file once
    assert "-tts-<lang>.zip" in files["INDEX.txt"].decode() and "-cards-<lang>.zip" in files["INDEX.txt"].decode()
    designer = files["designer.html"].decode()  # the designer's page: the three games, rulings, skill
    assert "designer.html" in listed and "designer.html:" in files["INDEX.txt"].decode()
    assert designer.count("<b>Skill.</b>") == 3 and "U22=false" in designer and "G5=claimed-points" in designer


def test_two_releases_are_byte_identical(first_release, tmp_path, monkeypatch):
    """A second release of a fresh copy, on one core, gives the same bytes: its kits installed again from the first
    release's component cache (its Tabletop Simulator pictures too: tests/export/test_tts.py exports them twice), its
    tables exported and everything packed again. (Cold renders
    are compared byte for byte by tests/kit/test_integrity.py, one core against every core, and
    tests/components/test_reproducible.py.)"""
    project, out_dir = first_release
    first = _read_all(out_dir)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    again = copy_project(tmp_path)
    cache = project / "build" / "cache"
    (again / "build" / "cache").mkdir(parents=True)
    for proof in [*cache.glob("*proof-*.json"), *cache.glob("designer-*.json")]:  # (the designer's page: test_designer)
        shutil.copy(proof, again / "build" / "cache")
    shutil.copytree(cache / "components", again / "build" / "cache" / "components",  # the TTS pictures too
                    copy_function=os.link)  # (linked: see _copy)
    second = _read_all(release(again, ReleaseOptions(jobs=1)).out_dir)
    assert {p.name for p in (again / "build" / "cache" / "components").iterdir()} >= set(LANGS)
    assert first.keys() == second.keys()
    assert [k for k in first if first[k] != second[k]] == []


def test_release_refuses_and_lists_every_language(project):
    quadrant = project / "content/dojo/board/quadrant.txt"
    quadrant.write_text(quadrant.read_text().replace("| S   S   S | .   A |", "| S   S   S | .   Z |"))
    with pytest.raises(CheckFailed) as exc:
        release(project, ReleaseOptions(jobs=1))
    langs = {p.where.split(",")[0] for p in exc.value.problems}
    assert langs == {"language it", "language en", "language ru"}
    assert all("Z" in p.message for p in exc.value.problems)
    assert not (project / "build" / "release").exists()


def test_release_command_reports_failure_without_traceback(project, capsys):
    (project / "content/dojo/board/quadrant.txt").write_text("not a board\n")
    assert main(["release", "--root", str(project), "--jobs", "1"]) == 1
    err = capsys.readouterr().err
    assert "release refused" in err and "quadrant.txt" in err and "Traceback" not in err


def test_a_language_failing_phase_one_stops_the_release_before_anything_renders(proved_project):
    """All or nothing: the Russian catalogs do not read, so no language renders and no kit is installed."""
    po = proved_project / "locales" / "ru" / "LC_MESSAGES" / "duel.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "broken\n', encoding="utf-8")
    with pytest.raises(CheckFailed) as exc:
        release(proved_project, ReleaseOptions(jobs=1))
    assert failed_languages(exc.value) == {"language ru"}
    assert any("duel.po" in (p.file or "") for p in exc.value.problems)
    assert held_back(exc.value) == {"language it": "ru", "language en": "ru"}
    assert not (proved_project / "build" / "pnp").exists()
    assert not (proved_project / "build" / "cache" / "components").exists()  # nothing was drawn
    assert not (proved_project / "build" / "release").exists()


def test_a_language_failing_to_render_keeps_every_kit_from_being_installed(first_release, tmp_path, monkeypatch):
    """After a release, a card text that no longer fits in Italian and an edited English one: a release of Italian
    and English is refused; the English kit, rendered again cleanly (only what the edit changed: the rest comes
    from the component cache), is not installed in build/pnp either, where both kits stay as they were."""
    from tests.kit.test_incremental import edit_msgstr

    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    project = tmp_path / "project"
    _copy(first_release[0], project, linked=("cache", "release", "release-tts"))
    kits = {lang: _read_all(project / "build" / "pnp" / lang) for lang in ("it", "en")}
    before = _zips(project)
    edit_msgstr(project / "locales/it/LC_MESSAGES/duel.po", "duel/seigan", "Free stance",
                " " + "molto lunga e ancora più lunga " * 12)
    _set_seigan(project, "en")
    with pytest.raises(CheckFailed) as exc:
        release(project, ReleaseOptions(langs=("it", "en"), jobs=2))
    assert failed_languages(exc.value) == {"language it"}
    assert held_back(exc.value) == {"language en": "it"}
    assert {lang: _read_all(project / "build" / "pnp" / lang) for lang in ("it", "en")} == kits
    assert [p.name for p in (project / "build" / "release").iterdir()] == [first_release[1].name]
    assert _zips(project) == before  # the previous release as it was (its files are the first release's own)


NEW_SEIGAN = {"it": "Guardia aperta", "en": "Open stance", "ru": "Открытая стойка"}


def _set_seigan(project, lang):
    po = project / "locales" / lang / "LC_MESSAGES" / "duel.po"
    text = po.read_text(encoding="utf-8")
    entry = 'msgctxt "duel/seigan"\nmsgid "Free stance"\nmsgstr "'
    start = text.index(entry) + len(entry)
    po.write_text(text[:start] + NEW_SEIGAN[lang] + text[text.index('"', start):], encoding="utf-8")


def _release_cli(project, capsys):
    code = main(["release", "--root", str(project), "--jobs", "2"])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, err


def _zips(project):
    folder = next((project / "build" / "release").iterdir())
    return {p.name.replace(folder.name, "kit"): p.read_bytes() for p in folder.glob("*.zip")}


def test_release_reuses_up_to_date_languages_in_every_mix(first_release, tmp_path, monkeypatch, capsys):
    """Issue 34: after a release, a development build of one language and a forced build of another: the
    release builds what is stale, reuses what is up to date and passes, never a traceback, with the same bytes as
    the first release of the same inputs; then, after a catalog edit, the release's build of every language
    (build_languages: what the crash was in) changes only the edited language's files."""
    from generator.release.build import build_languages, resolved

    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    project = tmp_path / "project"
    _copy(first_release[0], project)
    before = _zips(project)
    assert main(["build", "--lang", "en", "--root", str(project), "--jobs", "2"]) == 0
    assert main(["build", "--lang", "it", "--force", "--root", str(project), "--jobs", "2"]) == 0
    code, err = _release_cli(project, capsys)
    assert code == 0, err
    assert _zips(project) == before  # en and it rebuilt for the release, ru reused: the same bytes
    kits = {lang: _read_all(project / "build" / "pnp" / lang) for lang in LANGS}
    _set_seigan(project, "ru")
    built = build_languages(project, resolved(project, ReleaseOptions(jobs=2)), lambda _lang: None)
    assert sorted(built) == sorted(LANGS)
    for lang in LANGS:  # only the edited language's files change (every manifest records the catalogs' digest)
        now = _read_all(project / "build" / "pnp" / lang)
        changed = {name for name in now if now[name] != kits[lang].get(name)} - {"manifest.json"}
        assert (changed != set()) == (lang == "ru"), (lang, changed)
        assert json.loads(now["manifest.json"])["lang"] == lang


def test_a_failing_language_holds_back_the_others_in_words(first_release, tmp_path, monkeypatch, capsys):
    """One language's catalog edited, another's broken (every kit's inputs cover the catalogs, so the third is
    stale too): the release is refused, the failing language's problem and the two held back are said in words
    (never an empty failure), and the previous release stays as it was."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    project = tmp_path / "project"
    _copy(first_release[0], project, linked=("cache", "release", "release-tts"))
    before = _zips(project)
    _set_seigan(project, "it")
    po = project / "locales" / "ru" / "LC_MESSAGES" / "duel.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "broken\n', encoding="utf-8")
    with pytest.raises(CheckFailed) as exc:
        release(project, ReleaseOptions(jobs=2))
    assert failed_languages(exc.value) == {"language ru"}
    assert held_back(exc.value) == {"language it": "ru", "language en": "ru"}
    code, err = _release_cli(project, capsys)
    assert code == 1 and "release refused" in err and "held back because language ru failed" in err
    assert _zips(project) == before


def test_an_empty_failure_is_a_bug():
    """No code path can make a failure without problems (it would pass for a result or say nothing)."""
    with pytest.raises(ValueError):
        CheckFailed([])
