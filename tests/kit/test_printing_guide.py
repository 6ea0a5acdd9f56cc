"""The printing guide (issue 29) read back from the built kit in it, en and ru: a page per game naming its sheets
and minimum set as the manifest counts them, the alternatives, paper, printer settings and what to do when backs
drift, nothing that needs a command line; its summary at the top of index.html; the calibration page and the
components lists in words for players."""

import html
import re

import pytest

from generator.plan.bom import component_lines
from generator.content.games import games
from generator.plan.guide import sheets_line
from generator.pageqa.read import read_pdf

COMMANDS = re.compile(r"README|--back-offset|\bdojo (build|export|i18n)\b|\bmake (pnp|test)\b|`|\.venv")


def _pages(kit, path: str) -> list[str]:
    """Each page's text as one line of words (runs joined)."""
    return [" ".join(" ".join(r.text for r in page.runs).split()) for page in read_pdf((kit.out / path).read_bytes())]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_guide_has_a_page_per_game_with_its_minimum_set_and_no_command_line(kit, paper):
    ctx = kit.ctx
    _ = lambda text: " ".join(text.split())  # noqa: E731 - the page's words: a no-break space read as a space
    entry = next(e for e in kit.manifest["files"] if e["path"] == f"printing-guide-{paper}.pdf")
    assert entry["component"] == "kit-printing-guide" and entry["kind"] == "guide" and entry["paper"] == paper
    pages = _pages(kit, entry["path"])
    assert len(pages) == 3  # one page per game, in every language and on both papers
    sheets = kit.manifest["sheets"]
    for game, page in zip(("dojo", "ground", "duel"), pages):
        assert f"{_(ctx._('Printing guide'))} · {_(ctx._(games()[game].name))}" in page, page[:120]
        assert _(sheets_line(ctx, sheets[game][paper]["sheets"])) in page  # the manifest's count, in words
        for path in sheets[game][paper]["files"]:  # the minimum set, each file named
            assert path in page, (game, path)
        assert sheets["kit"][paper]["files"][0] in page  # the calibration page, to print first
        other = "Letter" if paper == "A4" else "A4"
        assert _(sheets_line(ctx, sheets[game][other]["sheets"])) in page and f"-{other}.pdf" in page
        assert f"-gutterfold-{paper}.pdf" in page and "-single.pdf" in page  # the alternatives
        assert _(ctx._("double-sided, flip on the long edge")) in page and _(ctx._("one-sided")) in page
        assert re.search(r"\d+–\d+ (g/m²|г/м²)", page) and "100%" in page  # paper weights, actual size
        for heading in ("Alternatives", "Printer settings", "Paper", "If the backs do not line up"):
            assert _(ctx._(heading)) in page, (game, heading)
        assert not COMMANDS.search(page), COMMANDS.search(page)
    assert "-A2.pdf" in pages[0] and "booklet" in " ".join(sheets["dojo"][paper]["files"])
    assert "-A2.pdf" not in pages[2]  # the duel has no board: no copy-shop line


def test_index_html_opens_with_the_printing_summary(kit):
    ctx = kit.ctx
    page = (kit.out / "index.html").read_text(encoding="utf-8")
    guide = page[:page.index('<div class="grid">')]
    assert 'href="printing-guide-A4.pdf"' in guide and 'href="printing-guide-Letter.pdf"' in guide
    assert guide.index("printing-guide-A4.pdf") < guide.index("<table>")  # the guide first, then the summary
    rows = re.findall(r"<tr><td>(.*?)</td><td class=\"n\">(\d+)</td><td class=\"n\">(\d+)</td><td>(.*?)</td></tr>",
                      guide, re.S)
    assert [html.unescape(r[0]) for r in rows] == [ctx._(g.name) for g in games().values()]
    for (_name, a4, letter, files), game in zip(rows, ("dojo", "ground", "duel")):
        assert (int(a4), int(letter)) == (kit.manifest["sheets"][game]["A4"]["sheets"],
                                          kit.manifest["sheets"][game]["Letter"]["sheets"])
        assert re.findall(r'href="([^"]+)"', files) == kit.manifest["sheets"][game]["A4"]["files"]
    assert not COMMANDS.search(html.unescape(re.sub(r"<[^>]+>", " ", guide)))


def test_the_calibration_page_needs_no_command(kit):
    for paper in ("A4", "Letter"):
        front = _pages(kit, f"duplex-calibration-{paper}.pdf")[0]
        assert not COMMANDS.search(front)
    said = kit.ctx._("Same reading at A, B and C: the printer shifts the back by that much. Enter it in your "
                     "printer's back-side (duplex) position setting if it has one; otherwise print the cards as "
                     "gutterfolds, or give the reading to whoever made the kit: they can move every back by it.")
    assert said.split()[0] in front and " ".join(said.split()[-4:]) in front


NO_LIMIT = {"en": "no limit: improvise if you run out", "it": "nessun limite: se finiscono, improvvisa",
            "ru": "без ограничения: если не\u00a0хватит, замените"}
DEVELOPER = re.compile(r"\bspec\b|playtest|simulat|\bseed\b|README|GR-[A-Z]|\bD\d\d\b|msgid|component id", re.I)


def test_the_components_lists_speak_to_players(kit):
    """The bill of materials as players read it (booklets, index.html): no developer wording, and where the rules
    leave a count open, what to do ("no limit: improvise if you run out")."""
    ctx = kit.ctx
    for bom in ctx.model.boms:
        for piece in bom.pieces:  # the English source of every printed line
            for text in (piece.name, piece.note, piece.text):
                assert not DEVELOPER.search(text), (bom.path, piece.id, text)
    ground = next(b for b in ctx.model.boms if b.game == "ground")
    lines = dict(zip((p.id for p in ground.pieces), component_lines(ctx, ground)))
    assert NO_LIMIT[kit.lang] in lines["ground-tokens/protection"]
    page = html.unescape((kit.out / "index.html").read_text(encoding="utf-8"))
    assert lines["ground-tokens/protection"] in page and not DEVELOPER.search(" ".join(lines.values()))
