"""Playable pieces: fit checks against the spaces they sit on, owner marks, both duel sets, player words only."""

import dataclasses
import io
import math
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.booklet.impose import EDGE, fold_marks
from generator.components import (dojo_belt_ladder, dojo_board, dojo_links, dojo_pawns, duel_pieces, ground_markers,
                                  ground_mats)
from generator.components.dojo_board_sheets import proof_sentence
from generator.content.dojo import load_dojo
from generator.content.duel_pieces import load_duel_pieces
from generator.content.ground_pieces import load_ground_pieces
from generator.components.common import imprint
from generator.render.colour import MIN_CONTRAST, contrast, ink_on
from generator.render.templates import n
from tests.ground.kitcache import build_lang
from tests.conftest import LANGS, kit_context

ROOT = Path(__file__).resolve().parents[2]


def _text(art) -> str:
    return " ".join(p.extract_text() for p in PdfReader(io.BytesIO(art.data)).pages)


def test_pawn_base_fits_a_board_square():
    assert dojo_pawns.fit_problems(dojo_board.S) == []
    assert max(dojo_pawns.PW, dojo_pawns.BASE) <= dojo_board.S - 2
    assert dojo_pawns.fit_problems(dojo_pawns.PW + 1)  # a smaller square: the build would stop


def test_ladder_markers_fit_cells_and_stand_out_on_every_belt():
    ladder = load_dojo(ROOT)[0].ladder
    assert dojo_belt_ladder.marker_problems(ladder, 13.0, "A4") == []
    assert dojo_belt_ladder.marker_problems(ladder, 10.0, "A4")[0].rule == "piece-fit"
    for belt in ladder.belts:
        assert max(contrast(c, belt.colour) for c in dojo_belt_ladder.RING) >= MIN_CONTRAST


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_each_start_area_holds_a_marker_place_for_every_player(paper):
    pawns = load_dojo(ROOT)[0].pawns
    areas = dojo_belt_ladder.start_areas(paper, len(pawns.pawns))
    assert [a.position for a in areas] == [dojo_belt_ladder.START_0, dojo_belt_ladder.START_3]
    assert dojo_belt_ladder.start_area_problems(areas, paper) == []
    r, top = dojo_belt_ladder.MARKER_R, dojo_belt_ladder.TOP + dojo_belt_ladder.BOX_H
    for a in areas:
        assert len(a.spots) == len(pawns.pawns) == 8  # the Dojo plays up to 8
        assert a.y >= top and all(a.x + r <= x <= a.x + a.w - r and a.y + r <= y <= a.y + a.h - r for x, y in a.spots)
        assert min(math.dist(p, q) for i, p in enumerate(a.spots) for q in a.spots[i + 1:]) >= 2 * r
    assert areas[0].x + areas[0].w < areas[1].x  # side by side, apart
    crowded = dojo_belt_ladder.start_areas(paper, 12)  # more markers than a 3-wide area holds without overlap?
    assert dojo_belt_ladder.start_area_problems(crowded, paper) == []  # no: it grows rows
    narrow = [dataclasses.replace(a, w=2 * r) for a in areas]  # one place per row would overflow the width
    assert [p.rule for p in dojo_belt_ladder.start_area_problems(narrow, paper)] == ["piece-fit", "piece-fit"]


def test_the_ladder_page_draws_the_start_areas_with_their_places():
    ctx = kit_context("ru")
    svg = dojo_belt_ladder.ladder_svg(ctx, ctx.model.dojo.ladder, ctx.model.dojo.pawns, "A4", dojo_belt_ladder.Collect())
    places = re.findall(r'<circle [^>]*r="{}"'.format(n(dojo_belt_ladder.MARKER_R)), svg)
    assert len(places) == 16  # 8 in the area of position 0, 8 in that of position 3
    figure = dojo_belt_ladder.ladder_svg(ctx, ctx.model.dojo.ladder, ctx.model.dojo.pawns, "A4",
                                         dojo_belt_ladder.Collect(), figure=True)
    assert not re.findall(r'<circle [^>]*r="{}"'.format(n(dojo_belt_ladder.MARKER_R)), figure)  # not in the booklet


def test_contrast_and_ink():
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert ink_on("#f5d33b") != "#ffffff" and ink_on("#1e5bb8") == "#ffffff"


def test_tunnel_links_run_along_the_lanes_clear_of_the_dojo_the_safe_rooms_and_other_tunnels():
    board = kit_context("en").board
    assert dojo_board.link_problems(board) == []
    routes = dojo_links.link_routes(board)
    assert len(routes) == len(dojo_board.tunnel_labels(board)) // 2 == 12
    blocked = {i for i, code in enumerate(board.codes) if code in ("S", "D") or code.isdigit()}
    edges = []
    for (i, j), route in routes.items():
        assert route[0] == i and route[-1] == j and board.links[i] == j
        assert not set(route[1:-1]) & blocked  # never through the Dojo, a Safe Room or another tunnel's square
        steps = list(zip(route, route[1:]))
        assert all(abs(a - b) in (1, 16) and (abs(a - b) == 16 or a // 16 == b // 16) for a, b in steps)
        edges += [(min(a, b), max(a, b)) for a, b in steps]
    assert len(edges) == len(set(edges))  # no stretch of lane carries two links
    x0, y0, x1, y1 = dojo_board.dojo_box(board, 0.0)
    for route in routes.values():
        assert not any(x0 < x < x1 and y0 < y < y1 for x, y in map(dojo_board.lane_point, route))
    walled_in = frozenset(range(256)) - {0, 255}
    assert dojo_links._search(0, 255, walled_in, set(), set()) is None  # no way: the build would stop
    assert dojo_links.corners((0, 1, 2, 18, 34)) == (0, 2, 34)
    assert board.entrances  # the entrances the board marks


def test_ground_markers_fit_their_mat_spaces():
    pieces, _ = load_ground_pieces(ROOT)
    spaces = ground_mats.spaces(build_lang("en").ctx)  # the mat's own layout (templates/ground/mat.toml)
    assert spaces["stress"] == (20, 20)  # the compact mat's Stress cells (two mats to a sheet)
    assert ground_markers.fit_problems(pieces, spaces, ("A4", "Letter")) == []
    big = dataclasses.replace(pieces, markers=tuple(dataclasses.replace(m, size=23.0) if m.id == "stress" else m
                                                    for m in pieces.markers))
    problems = ground_markers.fit_problems(big, spaces, ("A4",))
    assert problems and "stress" in problems[0].message and problems[0].file == "content/ground/pieces.toml"
    assert len(set(pieces.symbols.values())) == 6  # a symbol of its own per seat


def test_fighter_fits_a_track_cell():
    pieces, _ = load_duel_pieces(ROOT)
    assert duel_pieces.check_fighter_fits(pieces, 12, ("A4", "Letter")) == []
    assert duel_pieces.check_fighter_fits(dataclasses.replace(pieces, fighter_size=21.0), 12, ("Letter",))


@pytest.mark.parametrize("lang", LANGS)
def test_seat_markers_carry_every_seat_number(lang):
    art = next(a for a in build_lang(lang).artifacts if a.component == "ground-seat-markers" and a.path.endswith(".pdf"))
    front, back = (p.extract_text() for p in PdfReader(io.BytesIO(art.data)).pages)
    for seat in "123456":
        assert front.count(seat) >= 4 and back.count(seat) >= 4  # Stress, Freedom, DARVO, Focus/Blame of seat n
    ready, spent = {"it": ("PRONTA", "USATA"), "en": ("READY", "SPENT"), "ru": ("ГОТОВ", "ИСПОЛЬЗОВАН")}[lang]
    assert front.count(ready) >= 6 and back.count(spent) == 6


@pytest.mark.parametrize("lang", LANGS)
def test_duel_pieces_two_fighters_two_slips_and_player_backs(lang):
    kit = build_lang(lang)
    art = next(a for a in kit.artifacts if a.component == "duel-pieces" and a.path.endswith(".pdf"))
    assert dict(art.pieces) == {"duel-fighter": 2, "duel-order-slip": 2}
    text = _text(art)
    player = {"it": "Giocatore", "en": "Player", "ru": "Игрок"}[lang]
    assert text.count(f"{player} A") >= 2 and text.count(f"{player} B") >= 2
    stances = next(a for a in kit.artifacts if a.component == "duel-stance-cards" and a.layout == "sheet")
    backs = PdfReader(io.BytesIO(stances.data)).pages[1].extract_text()
    assert f"{player} A" in backs and f"{player} B" in backs


@pytest.mark.parametrize("lang", LANGS)
def test_strike_cards_say_plainly_what_beats_what(lang):
    kit = build_lang(lang)
    strikes = next(a for a in kit.artifacts if a.component == "duel-strike-cards" and a.layout == "sheet")
    text = " ".join(_text(strikes).split())
    beats, loses = {"it": ("Questo colpo batte", "Questo colpo perde contro"),
                    "en": ("This strike beats", "This strike loses to"),
                    "ru": ("Этот удар побеждает удар", "Этот удар проигрывает удару")}[lang]
    assert beats in text and loses in text
    assert "Побеждает:" not in text and "Проигрывает:" not in text


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_only_player_words_on_sheets(lang):
    ctx = build_lang(lang).ctx
    sentence = proof_sentence(ctx)
    assert "500" in sentence and not re.search(r"\w+=", sentence)
    line = imprint(ctx, "T").line("A4")
    assert " board " not in f" {line} " and ctx.board_fingerprint[:8] in line


def test_fold_marks_and_print_note_keep_off_the_sheet_edges():
    w, h = 841.89, 595.28  # A4 landscape, pt
    marks = fold_marks(w, h, 4, "Print double-sided, flip on the short edge")
    page = PdfReader(io.BytesIO(marks)).pages[0]
    stream = page.get_contents().get_data().decode("latin-1")
    points = [(float(x), float(y)) for x, y in re.findall(r"(-?[\d.]+) (-?[\d.]+) [ml]\b", stream)]
    points += [(float(x), float(y)) for x, y in re.findall(r"1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm", stream)]
    assert len(points) >= 6
    edge = EDGE * 72 / 25.4
    assert EDGE >= 5 and all(edge - 0.01 <= y <= h - edge + 0.01 for _, y in points)
