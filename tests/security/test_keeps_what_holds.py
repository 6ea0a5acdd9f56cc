"""What the sealed caches must keep: two languages built at once in one checkout both succeed from their sealed
caches (each language's entries and installed record apart), with the session's bytes."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import KIT_EPOCH, ROOT, built_kit, with_kit_cache


def test_two_languages_built_at_once_both_take_their_sealed_caches(proved_project):
    langs = ("it", "en")
    for lang in langs:
        with_kit_cache(proved_project, lang)
    env = {**os.environ, "SOURCE_DATE_EPOCH": KIT_EPOCH, "PYTHONPATH": str(ROOT)}
    runs = [subprocess.Popen([sys.executable, "-m", "generator.cli", "build", "--lang", lang, "--root",
                              str(proved_project), "--jobs", "1"], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True) for lang in langs]
    for lang, run in zip(langs, runs):
        _out, err = run.communicate(timeout=900)
        assert run.returncode == 0 and "Traceback" not in err and "cache:" not in err, (lang, err)
        kit = proved_project / "build" / "pnp" / lang
        made = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
        assert {e["path"]: e["sha256"] for e in made["files"]} == {
            e["path"]: e["sha256"] for e in built_kit(lang).manifest["files"]}, lang
    assert len(list((proved_project / "build" / "cache" / "installed").glob("*.json"))) == 2  # a record each
