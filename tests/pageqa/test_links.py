"""Tunnel links never cross a label or an icon (issue 33): the page check finds a crossing on a synthetic page and
on a board whose link is drawn straight across, and the kit's boards (sheets, A2, the booklet's figure) pass."""

import re

import cairocffi as cairo
import pytest

from generator.components import dojo_board, dojo_board_sheets
from generator.pageqa.check import artifact_problems
from generator.pageqa.pages import inks
from generator.pageqa.pages import tunnel_inks
from generator.pageqa.links import LINK_RGB, link_crossings, prints_board
from generator.pageqa.read import read_pdf
from generator.render.pdf import PdfDoc, mm
from generator.render.svg import collected_drawing
from tests.conftest import kit_booklet, kit_context
from tests.pageqa.test_check import WORDS, _page


def _crossings(data: bytes) -> list[list[str]]:
    return [link_crossings(i, p.runs) for i, p in zip(tunnel_inks(data), read_pdf(data))]


def _line(cr, points, rgb, width=0.7, dash=True) -> None:
    cr.save()
    cr.set_source_rgb(*rgb)
    cr.set_line_width(mm(width))
    if dash:
        cr.set_dash([mm(2.5), mm(1.5)])
    cr.move_to(mm(points[0][0]), mm(points[0][1]))
    for x, y in points[1:]:
        cr.line_to(mm(x), mm(y))
    cr.stroke()
    cr.restore()


def test_the_links_colour_is_the_boards():
    assert dojo_board.LINK == "#%02x%02x%02x" % LINK_RGB
    assert prints_board("dojo-board", "sheet") and prints_board("dojo-rules", "plain")
    assert not prints_board("dojo-rules", "saddle-stitch") and not prints_board("ground-rules", "plain")


@pytest.mark.parametrize("lang", list(WORDS))
def test_a_link_under_a_word_or_an_icon_is_found_and_one_beside_them_passes(lang):
    link = tuple(c / 255 for c in LINK_RGB)

    def draw(cr):
        _line(cr, [(20, 40), (190, 40)], link)  # under the word and the icon drawn next
        _line(cr, [(20, 80), (190, 80)], link)  # 2 mm under the second word: clear
        _line(cr, [(100, 100), (100, 200)], (0.1, 0.1, 0.1), 1.1, dash=False)  # a wall, drawn after: links cross walls
        _line(cr, [(20, 150), (190, 150)], link)
        cr.select_font_face("PT Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD)
        cr.set_font_size(mm(5.5))
        cr.set_source_rgb(0.1, 0.1, 0.1)
        cr.move_to(mm(30), mm(41))
        cr.show_text(word)
        cr.move_to(mm(30), mm(77))
        cr.show_text(word)
        cr.new_path()
        cr.arc(mm(150), mm(40), mm(3), 0, 6.3)  # an icon painted after the link
        cr.fill()
        cr.new_path()
        cr.arc(mm(150), mm(70), mm(3), 0, 6.3)  # another, away from every link
        cr.fill()

    word = WORDS[lang]
    found = _crossings(_page(draw))[0]
    assert len(found) == 2, found
    at = [tuple(float(v) for v in re.search(r"at \(([\d.]+), ([\d.]+)\) mm", f).groups()) for f in found]
    assert f"the text {word!r}" in found[0] and 29 < at[0][0] < 31 and at[0][1] == 40.0  # where the word begins
    assert "an icon or mark (6." in found[1] and 146 < at[1][0] < 148 and at[1][1] == 40.0
    assert inks(_page(draw))[0] and not [i for i in inks(_page(draw))[0] if i.kind == "link"]  # only when asked


def _board_pdf(svg: str) -> bytes:
    whole = collected_drawing(lambda _sketch: svg)
    doc = PdfDoc(0, "t")
    doc.page(420.0, 594.0)
    doc.place(whole, mm(25), mm(25))
    return doc.finish()


def test_a_board_with_a_link_drawn_straight_across_its_squares_is_stopped():
    ctx = kit_context("it")
    svg = dojo_board.board_svg(ctx)
    assert _crossings(_board_pdf(svg)) == [[]]
    (i, j), _ = next(iter(dojo_board.link_routes(ctx.board).items()))
    centre = [(dojo_board.M + (k % 16 + 0.5) * dojo_board.S, dojo_board.M + (k // 16 + 0.5) * dojo_board.S)
              for k in (i, j)]
    straight = (f'<path d="M{centre[0][0]} {centre[0][1]}L{centre[1][0]} {centre[1][1]}" fill="none" '
                f'stroke="{dojo_board.LINK}" stroke-width="0.7"/>')
    dots = re.search(r'<g fill="{}"'.format(dojo_board.LINK), svg).start()  # with the links, before the labels
    found = _crossings(_board_pdf(svg[:dots] + straight + svg[dots:]))[0]
    label = dojo_board.tunnel_labels(ctx.board)[i]
    assert any(f"the text {label!r}" in f for f in found), found  # its own label, at the square's centre
    assert len(found) > 3  # and the icons and letters of the squares on its way


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_kits_boards_have_every_link_and_cross_nothing(lang):
    ctx = kit_context(lang)
    arts = [a for a in dojo_board_sheets.build(ctx) if a.path.endswith(".pdf")]
    arts += [a for a in kit_booklet(lang, "dojo") if a.layout == "plain"]
    for art in arts:
        painted = tunnel_inks(art.data)
        links = [i for page in painted for i in page if i.kind == "link"]
        assert links, art.path  # the check reads the links it is about
        if art.paper == "A2" or art.component == "dojo-rules":
            assert len(links) == 12, art.path  # one per tunnel pair, whole
        assert _crossings(art.data) == [[]] * len(painted), art.path
        assert not [p for p in artifact_problems(art, lang) if p.rule == "board-link-crossing"]


def test_segments_far_from_every_mark_are_skipped_with_the_same_findings():
    """link_crossings steps only along segments whose cells hold a mark; on random links over random marks (points
    on cell edges too) it finds what stepping every segment finds, at the same first points (the oracle: every
    step of every segment, each mark tried in its own box's cells, as the index lists them)."""
    import math
    import random

    from generator.pageqa import links as L
    from generator.pageqa.layers import Ink
    from generator.pageqa.read import Run

    def oracle(inks, runs):
        lines = [i for i in inks if i.kind == "link" and len(i.points) > 1]
        if not lines:
            return []
        first = min(i.z for i in lines)
        marks = [("text", r.text, r.box) for r in runs if r.text.strip()]
        marks += [("piece", "", i.box) for i in inks if i.kind == "piece" and i.z > first
                  and max(i.box[2] - i.box[0], i.box[3] - i.box[1]) < L.BIG_MM]

        def cells(b):
            return {(cx, cy) for cx in range(math.floor(b[0] / L.CELL), math.floor(b[2] / L.CELL) + 1)
                    for cy in range(math.floor(b[1] / L.CELL), math.floor(b[3] / L.CELL) + 1)}
        found = {}
        for link in lines:
            grow = link.size + L.CLEAR_MM
            for (ax, ay), (bx, by) in zip(link.points, link.points[1:]):
                steps = max(1, math.ceil(math.hypot(bx - ax, by - ay) / L.STEP_MM))
                for k in range(steps + 1):
                    x, y = ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps
                    cell = (math.floor(x / L.CELL), math.floor(y / L.CELL))
                    for n, (_, _, b) in enumerate(marks):
                        if n not in found and cell in cells(b) and b[0] - grow < x < b[2] + grow \
                                and b[1] - grow < y < b[3] + grow:
                            found[n] = (x, y)
        return [(marks[n][2], p) for n, p in sorted(found.items(), key=lambda f: (f[1][1], f[1][0]))]

    rng = random.Random(46)
    crossed = 0
    for _ in range(60):
        grid = [5.0 * rng.randrange(0, 12) for _ in range(8)]  # points on cell edges as well as anywhere
        pick = lambda: rng.choice(grid) if rng.random() < 0.3 else rng.uniform(0, 60)  # noqa: E731
        inks = [Ink("link", (0, 0, 0, 0), 1, size=0.35, points=tuple((pick(), pick()) for _ in range(rng.randint(2, 5))))
                for _ in range(rng.randint(1, 3))]
        for _ in range(rng.randint(0, 12)):
            x, y = pick(), pick()
            inks.append(Ink("piece", (x, y, x + rng.uniform(0.1, 6), y + rng.uniform(0.1, 6)), 5))
        runs = tuple(Run("word", (x, y, x + 8, y + 3), (0, 0, 0), 9.0) for x, y in
                     ((pick(), pick()) for _ in range(rng.randint(0, 4))))
        want = oracle(inks, runs)
        got = L.link_crossings(inks, runs)
        assert len(got) == len(want)
        for message, (_, (x, y)) in zip(got, want):
            assert message.endswith(f"at ({x:.1f}, {y:.1f}) mm")
        crossed += len(want)
    assert crossed > 20, "the random pages have crossings to find"
