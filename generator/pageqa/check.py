"""Print rules checked on the pages read back: text overlaps, card safe zones, the sheet's edge band, type size.

Pure: takes the build's in-memory artifacts, returns Problems naming file, page, card place and language.
"""

from __future__ import annotations

import dataclasses

from typing import Iterable

from ..artifact import Artifact
from ..problems import Problem
from ..render.cards import card_slots
from ..render.pdf import EDGE_MM
from ..collector import paused
from .cut import CUT_DRIFT_MM, CUT_FRAME_MM, cut_frames
from .ink import home_print
from .layers import FOOTER_MM, CardRuns, band_gap, card_small_type, hidden_text, mixed_families
from .links import link_crossings, prints_board
from .notation import COORDINATES, runs_notation
from .objects import white
from .pages import read_pages
from .read import Box, Page, Run
from .terms import runs_drift

MIN_PT = 6.5  # smallest type allowed (the same floor as render.layout.FLOOR_PT, checked independently)
SAFE_MM = 3.0  # text stays this far inside a card's trim
TOUCH_MM = 0.3  # inked boxes of different lines closer than this count as touching
LINE_CLEAR_MM = 0.7  # text keeps this far (plus TOUCH_MM: 1 mm) from the cut and fold lines between cards
LINE_MM = 1.0  # a stroke no wider than this across is a line (a cut or fold line), not an outlined box
FRAME_GAP_MM = 2.0  # card text keeps this far inside any frame round it (issue 29)
FRAME_LINE_MM = 0.8  # the widest frame line the card templates draw (templates/STYLE.md): the gap is measured inside it
FRAME_MIN_MM = (25.0, 10.0)  # an outlined box at least this wide and high is a frame (smaller ones are art)
SAME_LINE_MM = 0.5  # runs on one baseline overlapping more than this are printed over each other
DECK_KINDS = ("cards", "reference")
CARD_LAYOUTS = ("sheet", "single-sided", "gutterfold", "single")
MAX_PER_PAGE = 3  # findings reported per rule and page (the rest are counted)


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] + TOUCH_MM and b[0] < a[2] + TOUCH_MM and a[1] < b[3] + TOUCH_MM and b[1] < a[3] + TOUCH_MM


def _inside(box: Box, area: Box) -> bool:
    return area[0] <= box[0] and area[1] <= box[1] and box[2] <= area[2] and box[3] <= area[3]


def _repeat(ta: str, a: Box, tb: str, b: Box) -> bool:
    """Run a is (a clipped part of) run b drawn again on the same spot: a halo, or a drawing shown twice."""
    return ta.strip() in tb and _inside(a, (b[0] - 0.05, b[1] - 0.05, b[2] + 0.05, b[3] + 0.05))


def overlaps(runs: tuple[Run, ...]) -> list[str]:
    """Text runs on different lines whose inked boxes touch or overlap (pairs found by a sweep down the page, in
    the order the runs were read)."""
    order = sorted(range(len(runs)), key=lambda i: runs[i][1][1])
    clashes = []
    for n, i in enumerate(order):
        ta, a, ka = runs[i][:3]
        below = a[3] + TOUCH_MM
        for j in order[n + 1:]:
            tb, b, kb = runs[j][:3]
            if b[1] >= below:
                break
            if not (a[0] < b[2] + TOUCH_MM and b[0] < a[2] + TOUCH_MM):
                continue
            if ka[0] == kb[0] and abs(ka[1] - kb[1]) <= 1:  # one baseline: neighbours (kerned pairs) must overprint
                if ka[2] == kb[2] or min(a[2], b[2]) - max(a[0], b[0]) <= SAME_LINE_MM or _repeat(ta, a, tb, b) \
                        or _repeat(tb, b, ta, a):
                    continue
            clashes.append((i, j) if i < j else (j, i))
    out = []
    for i, j in sorted(clashes):
        (ta, a), tb = runs[i][:2], runs[j].text
        out.append(f"text {ta.strip()[:40]!r} touches {tb.strip()[:40]!r} at ({a[0]:.1f}, {a[1]:.1f}) mm")
    return out


def small_type(runs: tuple[Run, ...]) -> list[str]:
    """Runs set smaller than MIN_PT."""
    return [f"text {text.strip()[:40]!r} is {size:.1f} pt (minimum {MIN_PT} pt) at ({box[0]:.1f}, {box[1]:.1f}) mm"
            for text, box, _, size in (r[:4] for r in runs) if size < MIN_PT - 0.01]


def edge_band(page: Page) -> list[str]:
    """Glyphs and painted marks closer than EDGE_MM to the sheet edge."""
    w, h = page.size
    inner = (EDGE_MM - 0.01, EDGE_MM - 0.01, w - EDGE_MM + 0.01, h - EDGE_MM + 0.01)
    out = [f"text {t.strip()[:40]!r} within {EDGE_MM:g} mm of the sheet edge at ({b[0]:.1f}, {b[1]:.1f}) mm"
           for t, b in (r[:2] for r in page.runs) if not _inside(b, inner)]
    out += [f"ink within {EDGE_MM:g} mm of the sheet edge: box ({b[0]:.1f}, {b[1]:.1f})–({b[2]:.1f}, {b[3]:.1f}) mm"
            for b in page.marks if not _inside(b, inner)]
    return out


def safe_zone(runs: tuple[Run, ...], slots: list[tuple[str, Box]], index: CardRuns | None = None) -> list[str]:
    """Text inside a card's trim that comes closer than SAFE_MM to the cut (index: the runs sorted into the card
    places, layers.CardRuns; made here when not given)."""
    out: list[str] = []
    if not slots:
        return out
    index = index or CardRuns(runs, slots)
    for (text, b, *_), k in zip(runs, index.first):
        if k is None:
            continue
        name, t = slots[k]  # the first card place holding the run's centre
        safe = (t[0] + SAFE_MM - 0.01, t[1] + SAFE_MM - 0.01, t[2] - SAFE_MM + 0.01, t[3] - SAFE_MM + 0.01)
        if not _inside(b, safe):
            out.append(f"{name}: text {text.strip()[:40]!r} outside the safe zone ({SAFE_MM:g} mm inside "
                       "the trim)")
    return out


def frame_safe_zone(strokes: tuple[Box, ...], slots: list[tuple[str, Box]]) -> list[str]:
    """Outlines drawn on a card (inside its trim, not bleed art) that come closer than SAFE_MM to the cut."""
    out = []
    for b in strokes if slots else ():
        for name, t in slots:
            if _inside(b, (t[0] - 0.01, t[1] - 0.01, t[2] + 0.01, t[3] + 0.01)):
                gap = min(b[0] - t[0], b[1] - t[1], t[2] - b[2], t[3] - b[3])
                if gap < SAFE_MM - 0.01:
                    out.append(f"{name}: a frame or rule ({b[2] - b[0]:.1f} × {b[3] - b[1]:.1f} mm) comes "
                               f"{gap:.2f} mm from the trim (safe zone {SAFE_MM:g} mm)")
                break
    return out


def frame_gap(runs: tuple[Run, ...], page: Page, slots: list[tuple[str, Box]], index: CardRuns | None = None
              ) -> list[str]:
    """Card text closer than FRAME_GAP_MM to a frame it sits in: a box of its card drawn with an inked outline (a
    frame, a tinted panel with a border; at least FRAME_MIN_MM across: icons and rules are art) round the text's
    centre. The distance is taken from the frame line's outer
    edge, less FRAME_LINE_MM for the line itself. The imprint line at a card's foot and the text on its header
    band (painted over the frame) are left out (index: the runs sorted into the card places, layers.CardRuns)."""
    out: list[str] = []
    if not slots:
        return out
    index = index or CardRuns(runs, slots)
    big = [i.box for i in page.paint if i.kind == "path" and i.stroke is not None and not white(i.stroke)
           and i.box[2] - i.box[0] >= FRAME_MIN_MM[0] and i.box[3] - i.box[1] >= FRAME_MIN_MM[1]]  # frames and
    # tinted panels with a border
    for k, (name, t) in enumerate(slots):
        frames = [f for f in big if _inside(f, (t[0] - 0.05, t[1] - 0.05, t[2] + 0.05, t[3] + 0.05))]
        if not frames:
            continue
        band = index.band(k, page.marks, t)
        for text, b, *_ in index.inside[k]:  # the runs whose centre the card holds, in the page's order
            if b[1] >= t[3] - FOOTER_MM or (band is not None and b[3] <= band + 0.05):
                continue
            cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
            for f in frames:
                if f[0] <= cx <= f[2] and f[1] <= cy <= f[3]:
                    gap = min(b[0] - f[0], b[1] - f[1], f[2] - b[2], f[3] - b[3]) - FRAME_LINE_MM
                    if gap < FRAME_GAP_MM - 0.01:
                        out.append(f"{name}: text {text.strip()[:40]!r} is {max(gap, 0.0):.1f} mm from the frame "
                                   f"round it ({FRAME_GAP_MM:g} mm at least)")
    return out


def text_on_marks(runs: tuple[Run, ...], strokes: tuple[Box, ...], slots: list[tuple[str, Box]]) -> list[str]:
    """Text within 1 mm of a line drawn between the cards (cut marks, fold lines): small print on a cut line. Only
    straight lines count (a box outlined beside the cards, e.g. a ganged sheet's track cells, is a piece)."""
    out = []
    for mark in strokes if slots else ():
        if any(_meets(mark, t) for _, t in slots) or min(mark[2] - mark[0], mark[3] - mark[1]) > LINE_MM:
            continue
        near = (mark[0] - LINE_CLEAR_MM, mark[1] - LINE_CLEAR_MM, mark[2] + LINE_CLEAR_MM, mark[3] + LINE_CLEAR_MM)
        for text, b in (r[:2] for r in runs):
            if _meets(b, near):
                out.append(f"text {text.strip()[:40]!r} touches a cut or fold line at ({mark[0]:.1f}, {mark[1]:.1f}) "
                           "mm")
    return out


def artifact_problems(artifact: Artifact, lang: str, back_offset: tuple[float, float] = (0.0, 0.0),
                      terms: dict[str, frozenset[str]] | None = None,
                      untranslated: frozenset[str] = frozenset()) -> list[Problem]:
    """Every page rule on one PDF artifact (terms: canonical spelling -> other spellings, checked on the text but
    for the words of strings printed untranslated)."""
    return check_artifact(artifact, lang, back_offset, terms, untranslated)[0]


def check_artifact(artifact: Artifact, lang: str, back_offset: tuple[float, float] = (0.0, 0.0),
                   terms: dict[str, frozenset[str]] | None = None, untranslated: frozenset[str] = frozenset(),
                   coverage: bool = False, book: dict | None = None) -> tuple[list[Problem], tuple[float, ...] | None]:
    """Every page rule on one PDF artifact, each page read once; with coverage, also each page's ink coverage
    (pageqa/ink.py) measured while the page is open (None when the file does not read back). book: the drawings
    read so far (pageqa/faces.py), shared by the files of one document: a page placing them is composed from
    their readings, and read again from the page alone when that finds anything."""
    deck = artifact.kind in DECK_KINDS and artifact.layout in CARD_LAYOUTS
    repeats = _repeats(artifact, deck, back_offset)
    found: dict[int, list[Problem]] = {}
    ink: dict[int, float] = {}
    # the board's tunnel links are read in the same walk, only where the board is printed
    pages = read_pages(artifact.data, coverage, frozenset(repeats), prints_board(artifact.component, artifact.layout),
                       artifact.placed, book)
    unread = lambda exc: ([Problem("error", "verify", f"the PDF cannot be read back ({type(exc).__name__}: {exc})",  # noqa: E731
                                   artifact.path, where=lang, hint="nothing was installed; run the build again, and "
                                   "report it if it happens again")], None)
    while True:
        try:
            read = next(pages)
        except StopIteration:
            break
        except Exception as exc:  # noqa: BLE001 - bytes that do not read back are a damaged file, never a traceback
            return unread(exc)
        found[read.page.number] = findings = _page_findings(artifact, read.page, read.layers, read.links or [], lang,
                                                            deck, back_offset, terms, untranslated)
        if findings and read.direct is not None:  # a composed page: its findings told from the page itself
            try:
                read = read.direct()
            except Exception as exc:  # noqa: BLE001 - as above
                return unread(exc)
            found[read.page.number] = _page_findings(artifact, read.page, read.layers, read.links or [], lang, deck,
                                                     back_offset, terms, untranslated)
        if read.ink is not None:
            ink[read.page.number] = read.ink
    for n, k in sorted(repeats.items()):  # a page repeating an earlier one: that page's findings, renamed
        names = {old: new for (old, _), (new, _) in zip(_slots(artifact, deck, k, back_offset),
                                                        _slots(artifact, deck, n, back_offset))}
        found[n] = [_moved(p, n, lang, names) for p in found[k]]
        if k in ink:
            ink[n] = ink[k]
    problems = [p for n in sorted(found) for p in found[n]]
    return problems, tuple(ink[n] for n in sorted(ink)) if coverage else None


def _slots(artifact: Artifact, deck: bool, page: int, back_offset: tuple[float, float]
           ) -> list[tuple[str, Box]]:
    """The card places of a page (name, trim box mm): recorded on the artifact, a deck layout's, or none."""
    if artifact.places:
        return artifact.card_places(page)
    return card_slots(artifact.layout, artifact.paper, page, back_offset) if deck else []


def _repeats(artifact: Artifact, deck: bool, back_offset: tuple[float, float]) -> dict[int, int]:
    """page -> the earlier page it repeats exactly (Artifact.same_as), where both have their card places at the
    same boxes: such a page is read once, its findings told for each page."""
    out: dict[int, int] = {}
    for n, k in enumerate(artifact.same_as, 1):
        if 0 < k < n and k not in out and [b for _, b in _slots(artifact, deck, n, back_offset)] == \
                [b for _, b in _slots(artifact, deck, k, back_offset)]:
            out[n] = k
    return out


def _moved(problem: Problem, page: int, lang: str, names: dict[str, str]) -> Problem:
    """A finding of a page told for a page repeating it: that page's number, and its card place's name where the
    message starts with one."""
    message = problem.message
    for old, new in names.items():
        if message.startswith(f"{old}: "):
            message = new + message[len(old):]
            break
    return dataclasses.replace(problem, message=message, where=f"page {page}, {lang}")


def _page_findings(artifact: Artifact, page: Page, ink: list, links: list, lang: str, deck: bool,
                   back_offset: tuple[float, float], terms: dict[str, frozenset[str]] | None,
                   untranslated: frozenset[str]) -> list[Problem]:
    """Every page rule on one page read back (ink: its layer items, read while it is open)."""
    problems = []
    slots = _slots(artifact, deck, page.number, back_offset)
    runs = page.runs
    texts = [r[0] for r in runs]  # the page's text run by run (terms.runs_drift, notation.runs_notation)
    index = CardRuns(runs, slots) if slots else None  # the runs sorted into the card places once for the card rules
    found = {"page-overlap": overlaps(runs) + text_on_marks(runs, page.strokes, slots), "page-type-size": small_type(runs),
             "page-hidden-text": hidden_text(ink), "card-family": mixed_families(ink, slots),
             "board-link-crossing": link_crossings(links, runs),
             "card-type-size": card_small_type(runs, slots, index),
             "card-band-gap": band_gap(runs, page.marks, slots, index),
             "page-edge": [] if artifact.layout == "single" else edge_band(page),
             "page-safe-zone": safe_zone(runs, slots, index) + frame_safe_zone(page.strokes, slots),
             "card-frame-gap": frame_gap(runs, page, slots, index),
             "card-cut-frame": cut_frames(page, slots) if artifact.layout == "single" else [],
             "term-spelling": runs_drift(texts, terms or {}, untranslated),
             "player-notation": runs_notation(texts, artifact.component in COORDINATES)}
    for rule, messages in found.items():
        for msg in messages[:MAX_PER_PAGE]:
            problems.append(Problem("error", rule, msg, artifact.path, where=f"page {page.number}, {lang}",
                                    hint=HINTS[rule]))
        if len(messages) > MAX_PER_PAGE:
            problems.append(Problem("error", rule, f"… and {len(messages) - MAX_PER_PAGE} more on this page",
                                    artifact.path, where=f"page {page.number}, {lang}"))
    return problems


HINTS = {
    "page-overlap": "give the texts room (shorter translation, smaller slot text, or move the element)",
    "page-type-size": f"set it at {MIN_PT} pt or more (pdf.SMALL_PT for small print)",
    "page-edge": f"keep everything {EDGE_MM:g} mm inside the sheet (home printers cannot print there)",
    "page-safe-zone": f"keep text and frames {SAFE_MM:g} mm inside the trim (the card template's safe area; a "
                      "frame's stroke counts with its width: templates/macros.svg.j2 frame)",
    "page-hidden-text": "draw the text above the shape, inside its drawing's clip, or leave it out (hidden words are "
                        "still found by text search and read aloud by screen readers)",
    "card-family": "set the card in one family: a layout slot's style 'body'/'strong' (PT Sans), not 'condensed'",
    "card-type-size": "set the card's text at 7 pt or more: the slot's size range (templates/<game>/<face>.toml), "
                      "more room, or a shorter text",
    "card-band-gap": "start the text 1.5 mm or more below the header band (the face's `top` or the slot's y)",
    "board-link-crossing": "route the link along the board's lanes (the board component's link routes) "
                           "or move what it crosses off the lanes",
    "card-frame-gap": f"keep card text {FRAME_GAP_MM:g} mm inside its frame: the slot's x and w in "
                      "templates/<game>/<face>.toml (card text runs from x 8.8 to 60.7 mm)",
    "card-cut-frame": f"on a print-shop face draw frames and borders {CUT_FRAME_MM:g} mm or more inside the trim, "
                      f"or bleed them off the edge (m.frame does: render/svg.paint_edges), so a cut drifting "
                      f"{CUT_DRIFT_MM:g} mm leaves an even border",
    "term-spelling": "write the term as the cards do (the catalog entry of the term) in this language's catalogs",
    "player-notation": "say it as players read it ('Ruling 4'; the rule in words): ids, variants and a ruling's "
                       "status stay in the designer's documents (designer.html, docs/PAPER-PLAY.md)",
}


def page_problems(artifacts: Iterable[Artifact], lang: str, back_offset: tuple[float, float] = (0.0, 0.0),
                  terms: dict[str, frozenset[str]] | None = None,
                  untranslated: frozenset[str] = frozenset()) -> list[Problem]:
    """The page QA over every PDF of a build: one Problem per finding, [] when every page passes (untranslated:
    the words of the strings printed in English for want of a translation, never term drift)."""
    return page_qa(list(artifacts), lang, back_offset, terms, untranslated)[0]


def page_qa(artifacts: list[Artifact], lang: str, back_offset: tuple[float, float] = (0.0, 0.0),
            terms: dict[str, frozenset[str]] | None = None,
            untranslated: frozenset[str] = frozenset()) -> tuple[list[Problem], list[Artifact]]:
    """page_problems, and the artifacts with the ink coverage of every home-print PDF (Artifact.ink) measured in
    the same reading of its pages."""
    out: list[Problem] = []
    measured = []
    book: dict = {}  # the drawings placed in these files, each read once (pageqa/faces.py)
    # a page's reading is thousands of short-lived tuples that reference counting frees; the cycle collector
    # would walk the young ones hundreds of times per kit for next to nothing (test_check.py)
    with paused():
        for a in artifacts:
            if a.path.endswith(".pdf"):
                found, ink = check_artifact(a, lang, back_offset, terms, untranslated,
                                            home_print(a.manifest_entry("")), book)
                out.extend(found)
                if ink is not None:
                    a = dataclasses.replace(a, ink=ink)
            measured.append(a)
    return out, measured
