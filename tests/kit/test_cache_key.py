"""The component cache's code key covers the data tables a render reads: an edit to the games table (a game's paper
advice, printed by the printing guide) or to the language table must make every cached component stale, or an
incremental build would keep printing the old text."""

from __future__ import annotations

import shutil

import pytest

from generator.kit.cache import code_digest as cached_code_digest
from tests.conftest import ROOT

code_digest = cached_code_digest.__wrapped__  # the digest as computed, not as remembered for this process
TABLES = ["content/games.toml", "locales/languages.toml"]


@pytest.fixture()
def project(tmp_path):
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    for name in ["pyproject.toml", *TABLES]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, tmp_path / name)
    return tmp_path


@pytest.mark.parametrize("table", TABLES)
def test_an_edit_to_a_data_table_changes_the_code_key(project, table):
    before = code_digest(project)
    assert code_digest(project) == before  # the key is stable while nothing changes
    path = project / table
    path.write_text(path.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
    assert code_digest(project) != before, f"{table} is not part of the component cache key"
