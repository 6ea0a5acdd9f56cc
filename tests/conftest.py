"""Shared fixtures: a throwaway copy of the project's inputs, and one built kit per language per test session."""

import fcntl
import functools
import json
import os
import shutil
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


@pytest.fixture
def proved_project(project) -> Path:
    """project, its build/cache already holding the proofs of the project's board and GROUND content (proved once
    per session: a test that changes the board or GROUND content misses them and proves again)."""
    cache = project / "build" / "cache"
    cache.mkdir(parents=True)
    for proof in proofs():
        shutil.copy(proof, cache)
    return project


@functools.cache
def proofs() -> list[Path]:
    """The proof cache files of a pristine copy of the project, proved once per test session (under a lock)."""
    folder = _KITS[-1] / "proofs"
    folder.mkdir(exist_ok=True)
    with (_KITS[-1] / "proofs.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "done").exists():
            prepare(copy_project(folder), BuildOptions(lang="en"))
            (folder / "done").touch()
    return sorted((folder / "build" / "cache").glob("*proof-*.json"))


@dataclass(frozen=True)
class Kit:
    """One language's whole kit, built once per test session: its folder and manifest (and phase one's context)."""

    lang: str
    out: Path
    manifest: dict

    @property
    def ctx(self) -> BuildContext:
        """The BuildContext the kit was rendered from."""
        return kit_context(self.lang)


_KITS: list[Path] = []  # the folder every worker of this test session builds its kits into (set below)


@pytest.fixture(scope="session", autouse=True)
def _kits_folder(tmp_path_factory):
    """Kits go under the session's temporary root, shared by the xdist workers (pytest keeps the last 3 runs)."""
    base = tmp_path_factory.getbasetemp()
    _KITS.append((base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "kits")
    _KITS[-1].mkdir(exist_ok=True)


@functools.cache
def kit_context(lang: str) -> BuildContext:
    """Phase one on the project for lang (loaded and checked, board proved), once per test process."""
    return prepare(ROOT, BuildOptions(lang=lang))


@functools.cache
def built_kit(lang: str) -> Kit:
    """The project's kit for lang (every component, every paper): built once per test session.

    The first worker to ask builds it (under a file lock); the others read the finished kit.
    """
    folder = _KITS[-1]
    out, done = folder / lang, folder / f"{lang}.done"
    with (folder / f"{lang}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            write_kit(kit_context(lang), out)
            done.touch()
    return Kit(lang, out, json.loads((out / "manifest.json").read_text(encoding="utf-8")))


@pytest.fixture(scope="session", params=["it", "en", "ru"])
def kit(request) -> Kit:
    """The whole kit of each language (it, en, ru), built once per session."""
    return built_kit(request.param)
