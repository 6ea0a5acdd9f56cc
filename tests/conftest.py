"""Shared fixtures: a throwaway copy of the project's inputs, so build tests never touch the real build/."""

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """content/, locales/, templates/ and pyproject.toml copied into a temporary folder (no git: fixed dates)."""
    for name in ("content", "locales", "templates"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    return tmp_path
