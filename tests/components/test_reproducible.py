"""Two builds of the same commit are byte-identical."""

from pathlib import Path

from generator.kit.build import build_kit
from generator.kit.model import BuildOptions

ROOT = Path(__file__).resolve().parents[2]


def test_two_builds_give_identical_bytes(tmp_path):
    a = build_kit(ROOT, BuildOptions(lang="ru"), tmp_path / "a").out_dir
    b = build_kit(ROOT, BuildOptions(lang="ru"), tmp_path / "b").out_dir
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert len(files) > 20
    assert files == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    for rel in files:
        assert (a / rel).read_bytes() == (b / rel).read_bytes(), rel
