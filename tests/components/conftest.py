"""The Dojo kit rendered once per language (real build phases, Dojo builder only) into a temporary folder."""

import hashlib
from pathlib import Path

import pytest

from generator.components import dojo_kit
from generator.kit.build import manifest, prepare
from generator.kit.model import BuildOptions
from generator.output.files import replace_tree

ROOT = Path(__file__).resolve().parents[2]


def build_dojo(lang: str, out: Path) -> tuple[Path, dict]:
    """prepare (load and check everything), render the Dojo components, write them with their manifest."""
    ctx = prepare(ROOT, BuildOptions(lang=lang))
    artifacts = dojo_kit.build(ctx)
    record = manifest(ctx, artifacts)
    files = {a.path: a.data for a in artifacts}
    assert len(files) == len(artifacts)
    replace_tree(out / lang, files)
    assert all(hashlib.sha256(d).hexdigest() for d in files.values())
    return out / lang, record


@pytest.fixture(scope="session", params=["it", "en", "ru"])
def kit(request, tmp_path_factory):
    """(lang, output folder, manifest) of the Dojo components of a fresh build."""
    out, record = build_dojo(request.param, tmp_path_factory.mktemp(f"kit-{request.param}"))
    return request.param, out, record
