"""Board sheets: every quadrant page shows its own squares (nothing lost when one board is cut in four)."""

from pathlib import Path

from generator.board.model import N, to_quadrant
from generator.components.dojo_board import SHEETS, coord, tunnel_labels
from tests.conftest import kit_context
from tests.render.pdfcheck import reader

ROOT = Path(__file__).resolve().parents[2]
QUADRANT_OF_SHEET = {(0, 0): 0, (0, 1): 1, (1, 1): 2, (1, 0): 3}  # model quadrants are clockwise


def test_each_quadrant_page_prints_its_tunnels_and_their_partners(kit):
    lang, out = kit.lang, kit.out
    board = kit_context(lang).board
    labels = tunnel_labels(board)
    assert len(set(labels.values())) * 2 == len(labels)  # one label per linked pair
    for paper in ("A4", "Letter"):
        r = reader((out / f"dojo/board-{paper}.pdf").read_bytes())
        for page, sheet in zip(r.pages, SHEETS):
            text = page.extract_text()
            mine = [i for i in labels if to_quadrant(divmod(i, N))[0] == QUADRANT_OF_SHEET[sheet]]
            assert mine
            for i in mine:
                assert labels[i] in text, (paper, sheet, labels[i])
                assert coord(board.links[i]) in text, (paper, sheet, coord(board.links[i]))


def test_the_boards_art_holds_no_empty_group_for_the_texts_cairo_draws():
    """A label the sketch takes (drawn by cairo over the art) leaves nothing in the SVG: cairosvg walked 680 empty
    groups a kit for nothing (a third of the board's art time). Without a sketch the labels are SVG text."""
    from generator.components.dojo_board import board_svg
    from generator.render.templates import Sketch

    ctx = kit_context("it")
    sketch = Sketch()
    art = board_svg(ctx, sketch=sketch)
    assert "<g />" not in art and "<g/>" not in art and "<text" not in art
    assert sum(item.kind == "label" for item in sketch.items) > 256  # every square's letter, the labels, coordinates
    assert art.count("<g") < 20
    plain = board_svg(ctx)
    assert plain.count("<text") >= sum(item.kind == "label" for item in sketch.items)  # (and the blocks' lines)
