"""Two builds of the same commit are byte-identical (every file of the kit)."""

from generator.kit.build import write_kit
from tests.conftest import built_kit, kit_context


def test_two_builds_give_identical_bytes(tmp_path):
    first = built_kit("ru")
    again = write_kit(kit_context("ru"), tmp_path / "ru")
    assert len(first.manifest["files"]) > 80
    assert again == first.manifest
    for entry in first.manifest["files"]:
        assert (tmp_path / "ru" / entry["path"]).read_bytes() == (first.out / entry["path"]).read_bytes(), entry["path"]
