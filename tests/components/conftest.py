"""One real kit build per language into a temporary folder, shared by the component tests."""

from pathlib import Path

import pytest

from generator.kit.build import build_kit
from generator.kit.model import BuildOptions

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session", params=["it", "en", "ru"])
def kit(request, tmp_path_factory):
    """(lang, output folder, manifest) of a fresh build."""
    out = tmp_path_factory.mktemp(f"kit-{request.param}")
    result = build_kit(ROOT, BuildOptions(lang=request.param), out)
    return request.param, result.out_dir, result.manifest
