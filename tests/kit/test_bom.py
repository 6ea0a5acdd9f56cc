"""The bill of materials: declared per game, proved against what the build prints, printed in the booklet."""

import dataclasses
import re
from pathlib import Path

import pytest

from generator.content.bom import load_bom, load_boms as load_all
from generator.plan.bom import check_bom, component_lines, printed, with_pieces
from generator.plan.model import Artifact
from tests.ground.kitcache import build_lang
from tests.conftest import LANGS

ROOT = Path(__file__).resolve().parents[2]


def load_boms(root: Path):
    boms, problems = load_all(root)
    assert problems == []
    return boms


def test_every_game_declares_its_full_table():
    boms = {b.game: b for b in load_boms(ROOT)}
    assert {g: b.players for g, b in boms.items()} == {"dojo": 8, "ground": 6, "duel": 2}
    ground = {p.id: p.need for p in boms["ground"].pieces}
    for marker in ("stress", "freedom", "darvo", "focus-blame"):
        assert ground[f"ground-seat-markers/{marker}"] == 6  # one set per seat
    duel = {p.id: p.need for p in boms["duel"].pieces}
    assert duel["duel-stance-cards"] == 8 and duel["duel-strike-cards"] == 8 and duel["duel-fighter"] == 2  # No action


def test_nothing_printed_names_every_piece_and_its_rule():
    bom, _ = load_bom(ROOT, "ground")
    problems = check_bom((bom,), [], ("A4",))
    assert len(problems) == len([p for p in bom.pieces if p.printed])
    stress = next(p for p in problems if p.where == "ground-seat-markers/stress")
    assert "is not printed on A4" in stress.message and "GR-O02" in stress.message
    assert stress.file == "content/ground/bom.toml" and stress.line


def test_a_short_piece_stops_the_build():
    bom, _ = load_bom(ROOT, "duel")
    arts = [Artifact("x-A4.pdf", "duel-pieces", "sheet", b"", "A4", pieces=(("duel-fighter", 1),))]
    fighter = [p for p in check_bom((bom,), arts, ("A4",)) if p.where == "duel-fighter"]
    assert fighter and "is printed 1 times" in fighter[0].message


def test_pieces_count_once_per_paper():
    arts = [Artifact(f"a-{p}.pdf", "c", "sheet", b"", p) for p in ("A4", "Letter")]
    arts.append(Artifact("previews/a.png", "c", "preview", b""))
    marked = with_pieces(arts, (("x", 3),))
    assert printed(marked, "A4") == {"x": 3} and printed(marked, "Letter") == {"x": 3}
    assert marked[-1].pieces == ()


@pytest.mark.parametrize("lang", LANGS)
def test_ground_and_duel_print_every_piece_a_full_table_needs(lang):
    kit = build_lang(lang)
    boms = tuple(b for b in load_boms(ROOT) if b.game in ("ground", "duel"))
    assert check_bom(boms, list(kit.artifacts), ("A4",)) == []


def test_a_bad_bill_of_materials_names_file_and_line(project):
    path = project / "content/duel/bom.toml"
    text = path.read_text(encoding="utf-8").replace('need = 2\nrule = "movement and facing', 'need = 0\nrule = "movement and facing')
    path.write_text(text, encoding="utf-8")
    bom, problems = load_bom(project, "duel")
    assert bom is None and len(problems) == 1
    problem = problems[0]
    assert problem.file == "content/duel/bom.toml" and problem.line and "'need' = 0 is outside 1..999" in problem.message
    assert problem.hint


@pytest.mark.parametrize("lang,words", [("en", ("6 × Stress markers", "Up to 8 pawns. In this kit: 8")),
                                        ("it", ("6 × Segnalini Stress", "Fino a 8 pedine. In questo kit: 8")),
                                        ("ru", ("6 × Маркеры Стресса", "До 8 фишек. В этом наборе: 8"))])
def test_component_lines_are_translated_with_counts(lang, words):
    ctx = build_lang(lang).ctx
    boms = {b.game: b for b in load_boms(ROOT)}
    ground, dojo = component_lines(ctx, boms["ground"]), component_lines(ctx, boms["dojo"])
    assert any(line.startswith(words[0]) for line in ground)
    assert any(line.replace("\u00a0", " ").startswith(words[1]) for line in dojo)  # ru: В\u00a0этом (a tie)
    dice = next(line for line in dojo if "d6" in line)
    assert "8" not in dice and "2" in dice  # listed with the rules' words, no printed count (players bring them)
    for line in ground + dojo:  # a note after a full stop starts a sentence
        assert not re.search(r"[.!?]\s+[a-zа-яёàèéìòù]", line), line


def test_the_booklet_prints_the_components_from_the_bill(tmp_path):
    from generator.booklet.data_blocks import expand
    from generator.rules.source import parse

    ctx = build_lang("en").ctx
    blocks = expand(ctx, parse("## Components\n\n![components](duel)\n"), "rules.md")
    texts = [b.texts[0] for b in blocks]
    assert texts[0] == "Components" and "2 × Fighter tokens" in texts[2]
    assert "flip on the short edge" in texts[-1]
    assert dataclasses.is_dataclass(blocks[0])
