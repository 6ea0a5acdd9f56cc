"""Playable pieces: fit checks against the spaces they sit on, owner marks, both duel sets, player words only."""

import dataclasses
import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.booklet.impose import EDGE, fold_marks
from generator.components import dojo_belt_ladder, dojo_board, dojo_pawns, duel_pieces, ground_markers, ground_mats
from generator.components.dojo_board_sheets import proof_sentence
from generator.content.dojo import load_dojo
from generator.content.duel_pieces import load_duel_pieces
from generator.content.ground_pieces import load_ground_pieces
from generator.components.common import imprint
from generator.render.colour import MIN_CONTRAST, contrast, ink_on
from tests.ground.kitcache import build_lang
from tests.conftest import LANGS

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


def test_contrast_and_ink():
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert ink_on("#f5d33b") != "#ffffff" and ink_on("#1e5bb8") == "#ffffff"


def test_tunnel_links_never_cross_the_central_dojo():
    ctx = build_lang("en").ctx
    board = ctx.board
    assert dojo_board.link_problems(board) == []
    x0, y0, x1, y1 = dojo_board.dojo_box(board)
    for i, j in enumerate(board.links):
        if j is not None and i < j:
            bend = dojo_board.link_route(board, i, j)
            pts = dojo_board._curve(*[(dojo_board.M + (divmod(k, 16)[1] + 0.5) * dojo_board.S,
                                       dojo_board.M + (divmod(k, 16)[0] + 0.5) * dojo_board.S) for k in (i, j)], bend)
            assert not any(x0 < x < x1 and y0 < y < y1 for x, y in pts)
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
    for n in "123456":
        assert front.count(n) >= 4 and back.count(n) >= 4  # Stress, Freedom, DARVO, Focus/Blame of seat n
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
