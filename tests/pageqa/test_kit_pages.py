"""Every page of every PDF of a real build, in it, en and ru, read back with zero findings."""

from pathlib import Path

import pytest

from generator.kit.build import prepare
from generator.kit.components import builders
from generator.kit.model import BuildOptions
from generator.pageqa.check import page_problems
from generator.pageqa.read import read_pdf

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang", ["it", "en", "ru"])
def test_every_page_of_the_kit_passes_the_page_qa(lang):
    ctx = prepare(ROOT, BuildOptions(lang=lang))
    artifacts = [a for build in builders() for a in build(ctx)]
    pdfs = [a for a in artifacts if a.path.endswith(".pdf")]
    assert len(pdfs) > 70
    assert sum(len(read_pdf(a.data)) for a in pdfs if a.layout == "sheet") > 100
    assert [p.render() for p in page_problems(pdfs, lang)] == []
