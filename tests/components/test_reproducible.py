"""Two renders of the same commit are byte-identical (every Dojo PDF and PNG)."""

from tests.components.conftest import build_dojo


def test_two_builds_give_identical_bytes(tmp_path):
    a, _ = build_dojo("ru", tmp_path / "a")
    b, _ = build_dojo("ru", tmp_path / "b")
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert len(files) > 20
    assert files == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    for rel in files:
        assert (a / rel).read_bytes() == (b / rel).read_bytes(), rel
