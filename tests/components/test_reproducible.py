"""Two builds of the same commit are byte-identical (every file of the kit)."""

from tests.conftest import built_kit


def test_two_builds_give_identical_bytes(ru_again):
    """The session's Russian kit and a second one rendered from the same context (in another folder) match."""
    first = built_kit("ru")
    _root, out, again = ru_again
    assert len(first.manifest["files"]) > 80
    assert again == first.manifest
    for entry in first.manifest["files"]:
        assert (out / entry["path"]).read_bytes() == (first.out / entry["path"]).read_bytes(), entry["path"]
