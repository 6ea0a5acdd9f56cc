"""`make pnp`'s language: LANG on the command line, a kit language code in the environment, or Italian with a
line saying how to ask for another (the shell's locale is never silently taken as a choice). Read with `make -n`."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from tests.conftest import LANGS, ROOT

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="GNU make is not installed")


def _dry(*args: str, lang: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "MAKEFLAGS", "MAKELEVEL")}
    if lang is not None:
        env["LANG"] = lang
    return subprocess.run(["make", "-n", "-C", str(ROOT), *args], env=env, capture_output=True, text=True,
                          check=True).stdout


@pytest.mark.parametrize("lang", LANGS)
def test_a_kit_language_in_the_environment_is_built(lang):
    out = _dry("pnp", lang=lang)
    assert f"dojo build --lang {lang}" in out and "Building Italian" not in out


def test_a_locale_in_the_environment_builds_italian_and_says_how_to_ask():
    out = _dry("pnp", lang="en_US.UTF-8")
    assert "dojo build --lang it" in out
    assert "LANG=en_US.UTF-8 is your locale" in out and f"make pnp LANG=<{'|'.join(LANGS)}>" in out


def test_the_command_line_wins_and_help_lists_the_table():
    assert "dojo build --lang ru" in _dry("pnp", "LANG=ru", lang="it")
    assert f"(languages: {' '.join(LANGS)})" in _dry("help", lang=None).replace("echo ", "")
