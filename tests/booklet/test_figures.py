"""Booklet figures: the duel distance-control example drawn as the seed shows it, placed after its paragraph."""

import io
import re

import pytest
from pypdf import PdfReader

from generator.booklet.builders import build_booklet
from generator.booklet.figures import FigureSource, distance_control_svg, figure_factory, png
from generator.kit.build import prepare
from generator.kit.model import BuildOptions
from generator.rules.source import parse

from .conftest import ROOT


def test_distance_control_draws_track_players_and_forbidden_cells():
    svg = distance_control_svg(FigureSource((), 12))
    assert svg.count("<rect") == 12  # the 12-cell track
    assert svg.count('stroke-linecap="round"/>') >= 4
    assert len(re.findall(r'<path d="(M[\d.]+ [\d.]+L[\d.]+ [\d.]+){7}"', svg)) == 4  # cells 1-4 hatched
    assert re.findall(r">([AB])</text>", svg) == ["A", "B"]
    assert png(svg, 72)[:8] == b"\x89PNG\r\n\x1a\n"
    made = figure_factory(FigureSource((), 12), {}, "x")("distance-control", 300)
    assert made.drawWidth <= 300


def test_duel_rules_place_the_figure_right_after_the_example():
    blocks = parse((ROOT / "content/duel/rules.md").read_text(encoding="utf-8"))
    at = next(i for i, b in enumerate(blocks) if b.kind == "para" and b.texts[0].startswith("Example: player B"))
    assert blocks[at + 1].kind == "figure" and blocks[at + 1].texts == ("distance-control",)


@pytest.mark.parametrize("lang", ("it", "en", "ru"))
def test_duel_booklet_prints_the_distance_control_figure(lang):
    ctx = prepare(ROOT, BuildOptions(lang))
    plain = {a.layout: a for a in build_booklet(ctx, "duel") if a.paper in ("A4", "A5")}["plain"]
    reader = PdfReader(io.BytesIO(plain.data))
    example = ctx._("Example: player B may not move onto the underlined cells if player A is in the free stance.")
    for page in reader.pages:
        if " ".join(example.split())[:40] in " ".join(page.extract_text().split()):
            images = [img for img in page.images]
            assert images, "the example's page has no figure"
            assert any(abs(i.image.width / i.image.height - (12 * 9 + 2) / (9 * 2.5 + 2)) < 0.05 for i in images)
            return
    pytest.fail("example paragraph not found")
