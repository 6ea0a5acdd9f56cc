"""The printing guide's content (issue 29): per game and paper, what a person with only a printer needs — the files
of the minimum set with their sheets and printer settings, the alternatives, the paper for each kind of piece,
and what to do when the backs drift — in the kit's language, from the build's own manifest entries (the same
minimum set and sheet counts as the manifest's `sheets`, plan/sheets.py). Nothing in it needs a command line.

`components/kit_guide.py` typesets it as `printing-guide-<paper>.pdf` (a page per game); `kit/contact.py` puts its
summary at the top of `index.html`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..content.games import game_codes, games
from ..messages import N_
from ..pageqa.ink import game_of
from .model import BuildContext
from .registry import component_name
from .sheets import MINIMUM_LAYOUTS, double_sided, ganged, minimum_entries, sheets_of

GAMES = game_codes()  # content/games.toml
CALIBRATION = "kit-calibration"


def game_name(ctx: BuildContext, game: str) -> str:
    """A game's printed name in the kit's language (the games table's `name`, else its designer's `title`)."""
    return ctx._(games(ctx.root)[game].name)

LONG_EDGE = N_("double-sided, flip on the long edge")
SHORT_EDGE = N_("double-sided, flip on the short edge; fold and staple")
ONE_SIDED = N_("one-sided")
GUTTERFOLD = N_("one-sided; fold on the dashed line, glue, cut")

SETTINGS = (
    N_("Print every file at actual size (100%), never “fit to page” or “shrink to fit”."),
    N_("“Double-sided, flip on the long edge”: in the print dialog choose two-sided printing with long-edge binding "
       "(some printers call it “flip on long edge” or “book”). Each page of backs follows its page of fronts."),
    N_("Rules booklets: two-sided with short-edge binding (“flip on short edge”). Fold the printed sheets in half "
       "together and staple them on the fold."),
    N_("A printer without two-sided printing: print page 1, turn the sheet over along the edge named above, feed it "
       "back in and print page 2. Try it first with the duplex calibration page."),
)

DRIFT = (
    N_("Print the duplex calibration page double-sided (flip on the long edge) and hold it against a light: it shows "
       "in millimetres how far your printer moves the back, and whether it turns or scales it."),
    N_("Many printers can move the back side themselves: look in the printer's settings for a back-side image "
       "position, duplex adjustment or margin shift, and enter the calibration page's reading there."),
    N_("A shift of 1–2 mm hardly shows: the backs are light, with a frame well inside the cut. Cut along the cut lines "
       "of the fronts."),
    N_("Or print the cards as gutterfolds: one-sided, the back folded behind the front, so they cannot drift."),
    N_("Or give the reading to whoever made this kit: they can make it again with every back moved by it."),
)


@dataclass(frozen=True)
class GuideFile:
    """One file a printer may print: its path, what it is, the sheets it takes (None: print shops) and how."""

    path: str
    what: str
    sheets: int | None
    how: str


@dataclass(frozen=True)
class GameGuide:
    """One game's guide on one paper."""

    game: str
    name: str
    paper: str
    sheets: int
    files: tuple[GuideFile, ...]  # the minimum set
    alternatives: tuple[tuple[str, tuple[GuideFile, ...]], ...]  # (what they are instead of, files) groups
    other_paper: tuple[str, int] | None  # the other paper of the kit and its sheets
    calibration: GuideFile | None
    paper_advice: tuple[str, ...]


def how_msgid(entry: dict) -> str:
    """How a home-print file is printed (an English message id)."""
    if entry["layout"] == "saddle-stitch":
        return SHORT_EDGE
    if entry["layout"] == "gutterfold":
        return GUTTERFOLD
    return LONG_EDGE if double_sided(entry) else ONE_SIDED


def _file(ctx: BuildContext, entry: dict, paper: str) -> GuideFile:
    """A file as the guide lists it (its sheets counted on the guide's paper only)."""
    name = ctx._(component_name(entry["component"])).split(": ", 1)[-1]  # "GROUND: player mats" -> "player mats"
    return GuideFile(entry["path"], name[:1].upper() + name[1:],
                     sheets_of(entry) if entry.get("paper") == paper else None, ctx._(how_msgid(entry)))


ALTERNATIVE_GROUPS = (  # (heading, which entries) in the order the guide lists them
    (N_("Without double-sided printing: the cards as gutterfolds"), lambda e, over: e["layout"] == "gutterfold"),
    (N_("One file per component instead of the shared sheets (more paper)"),
     lambda e, over: (e["paper"], e["component"]) in over and e["layout"] in MINIMUM_LAYOUTS),
    (N_("The rules as plain pages (one page per sheet) or as the booklet's own pages"),
     lambda e, over: e["layout"] in ("plain", "pages")),
    (N_("For a print shop: single cards with bleed, one card face per page"), lambda e, over: e["paper"] == "card"),
    (N_("For a copy shop: the whole board on one A2 sheet"), lambda e, over: e["paper"] == "A2"),
)


def game_guide(ctx: BuildContext, entries: list[dict], game: str, paper: str) -> GameGuide:
    """A game's guide on paper from the build's manifest entries."""
    pdfs = [e for e in entries if e["path"].endswith(".pdf") and game_of(e["component"]) in (game, "kit")]
    minimum = [e for e in minimum_entries(pdfs) if e["paper"] == paper]
    calibration = next((_file(ctx, e, paper) for e in minimum if e["component"] == CALIBRATION), None)
    # the calibration sheet the guide asks for first is counted and listed with the game's files (issue 47)
    files = (calibration,) * (calibration is not None) + tuple(_file(ctx, e, paper) for e in minimum
                                                                if game_of(e["component"]) == game)
    over = ganged(e for e in pdfs if e.get("paper") == paper)
    chosen = {e["path"] for e in minimum}
    groups = []
    mine = [e for e in pdfs if game_of(e["component"]) == game and e["path"] not in chosen
            and e.get("paper") in (paper, "card", "A2", "A5" if paper == "A4" else "HalfLetter")]
    for heading, wanted in ALTERNATIVE_GROUPS:
        found = tuple(_file(ctx, e, paper) for e in mine if wanted(e, over))
        if found:
            groups.append((ctx._(heading), found))
    others = [p for p in ctx.options.papers if p != paper]
    other = None
    if others:
        other = (others[0], sum(sheets_of(e) for e in minimum_entries(pdfs)
                                if e["paper"] == others[0] and (game_of(e["component"]) == game
                                                                or e["component"] == CALIBRATION)))
    return GameGuide(game, game_name(ctx, game), paper, sum(f.sheets or 0 for f in files), files, tuple(groups),
                     other, calibration, tuple(ctx._(t) for t in games(ctx.root)[game].paper))


def guides(ctx: BuildContext, entries: Iterable[dict], paper: str) -> list[GameGuide]:
    """Every game's guide on paper."""
    entries = list(entries)
    return [game_guide(ctx, entries, g, paper) for g in GAMES
            if any(game_of(e["component"]) == g for e in entries)]


def sheets_line(ctx: BuildContext, n: int) -> str:
    """'12 sheets' in the kit's language."""
    return ctx.n_("%(num)d sheet", "%(num)d sheets", n) % {"num": n}


def settings(ctx: BuildContext) -> tuple[str, ...]:
    """The printer settings, in the kit's language."""
    return tuple(ctx._(t) for t in SETTINGS)


def drift(ctx: BuildContext) -> tuple[str, ...]:
    """What to do when the backs drift, in the kit's language (no command line)."""
    return tuple(ctx._(t) for t in DRIFT)
