"""Shared fixtures: a throwaway copy of the project's inputs, and one built kit per language per test session."""

import functools
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.kit.build import prepare, write_kit
from generator.kit.model import BuildContext, BuildOptions

ROOT = Path(__file__).resolve().parents[1]
KIT_EPOCH = "1767225600"  # fixed dates in every built file


def copy_project(folder: Path) -> Path:
    """content/, locales/, templates/ and pyproject.toml copied into folder (no git: fixed dates)."""
    for name in ("content", "locales", "templates"):
        shutil.copytree(ROOT / name, folder / name, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(ROOT / "pyproject.toml", folder)
    return folder


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A throwaway copy of the project's inputs (see copy_project), built with fixed dates."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    return copy_project(tmp_path)


@dataclass(frozen=True)
class Kit:
    """One language's whole kit, built once per test session: its context, folder and manifest."""

    lang: str
    ctx: BuildContext
    out: Path
    manifest: dict


@functools.cache
def kit_context(lang: str) -> BuildContext:
    """Phase one on the project for lang (loaded and checked, board proved), once per test process."""
    return prepare(ROOT, BuildOptions(lang=lang))


@functools.cache
def built_kit(lang: str) -> Kit:
    """The project's kit for lang (every component, every paper), built once per test process."""
    ctx = kit_context(lang)
    out = Path(tempfile.mkdtemp(prefix=f"kit-{lang}-")) / lang
    manifest = write_kit(ctx, out)
    return Kit(lang, ctx, out, manifest)


@pytest.fixture(scope="session", params=["it", "en", "ru"])
def kit(request) -> Kit:
    """The whole kit of each language (it, en, ru), built once per session."""
    return built_kit(request.param)
