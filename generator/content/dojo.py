"""Dojo Labyrinth content (content/dojo/*.toml): Nebbia deck, square types, reference cards, belts, pawns."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..messages import Message
from ..problems import Problem, blocking
from .toml_source import Fields, TomlSource, load_toml

DIR = Path("content/dojo")
NEBBIA_CTX = "dojo-nebbia"
SQUARE_CTX = "dojo-square"
REF_CTX = "dojo-reference"
BELT_CTX = "dojo-belt-ladder"
PAWN_CTX = "dojo-pawns"
# The icons content may name; generator/render/icons.py draws each (tests/content/test_dojo.py checks it).
ICON_NAMES = ("tatami", "training", "fatigue", "mist", "tunnel", "misstep", "challenge", "safe", "torii", "technique",
              "movement", "interaction", "event", "die", "belt", "pawn")
REF_NAME = "Reference"  # the reference deck name: reference.toml [deck] name


@dataclass(frozen=True)
class CardType:
    """A Nebbia card type: name, icon, band colour, whether it is secret, and its handling note."""

    id: str
    name: str
    icon: str
    colour: str
    secret: bool
    note: str


@dataclass(frozen=True)
class NebbiaCard:
    """One distinct Nebbia card (English message ids)."""

    id: str
    type: str
    name: str
    effect: str
    copies: int
    line: int  # line of the card's `copies` field (rules-level checks point at it)


@dataclass(frozen=True)
class NebbiaDeck:
    """The Dojo Mist deck."""

    name: str
    back: str
    types: tuple[CardType, ...]
    cards: tuple[NebbiaCard, ...]
    file: str = ""  # where the deck is defined (for checks on the model)
    line: int = 0

    def type_of(self, card: NebbiaCard) -> CardType:
        """The type record of a card."""
        return next(t for t in self.types if t.id == card.type)


@dataclass(frozen=True)
class SquareType:
    """A board square type: board code, printed letter, name, icon, colour, reference effect."""

    id: str
    code: str
    letter: str
    name: str
    icon: str
    colour: str
    effect: str


@dataclass(frozen=True)
class RefCard:
    """A reference card: list items, an optional table, or the square list."""

    id: str
    kind: str
    title: str
    copies: int
    items: tuple[str, ...] = ()
    header: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Belt:
    """One belt of the ladder: positions from..to."""

    id: str
    name: str
    start: int
    end: int
    colour: str
    ink: str


@dataclass(frozen=True)
class Ladder:
    """The belt ladder component."""

    title: str
    goal: str
    goal_note: str
    notes: tuple[str, ...]
    belts: tuple[Belt, ...]


@dataclass(frozen=True)
class Pawn:
    """One pawn standee."""

    number: int
    name: str
    colour: str
    ink: str


@dataclass(frozen=True)
class Pawns:
    """The pawn sheet."""

    title: str
    instructions: str
    pawns: tuple[Pawn, ...]


@dataclass(frozen=True)
class DojoContent:
    """Everything under content/dojo/ a Dojo component prints."""

    nebbia: NebbiaDeck
    squares: tuple[SquareType, ...]
    reference: tuple[RefCard, ...]
    ladder: Ladder
    pawns: Pawns


def _icon(f: Fields, key: str = "icon") -> str | None:
    return f.choice(key, ICON_NAMES)


def load_nebbia(src: TomlSource) -> NebbiaDeck:
    """The Nebbia deck from nebbia.toml: types and cards, every field checked."""
    deck = src.table("deck")
    name, back = deck.text("name"), deck.text("back")
    types, seen = [], set()
    for f in src.rows("type"):
        f.unknown(("id", "name", "icon", "colour", "secret", "note"))
        types.append(CardType(f.ident(seen), f.text("name"), _icon(f), f.colour(), f.get("secret", bool, False),
                              f.text("note")))
    cards, seen = [], set()
    type_ids = tuple(t.id for t in types if t.id)
    for f in src.rows("card"):
        f.unknown(("id", "type", "name", "effect", "copies"))
        cards.append(NebbiaCard(f.ident(seen), f.choice("type", type_ids), f.text("name"), f.text("effect"),
                                f.integer("copies", 1, 9), f.line("copies")))
    return NebbiaDeck(name, back, tuple(types), tuple(cards), src.name, deck.line())


def load_squares(src: TomlSource) -> tuple[SquareType, ...]:
    """Square types from squares.toml."""
    out, seen = [], set()
    for f in src.rows("square"):
        f.unknown(("id", "code", "letter", "name", "icon", "colour", "effect"))
        out.append(SquareType(f.ident(seen), f.choice("code", tuple("SD.AF?PK1")), f.text("letter"), f.text("name"),
                              _icon(f), f.colour(), f.text("effect")))
    return tuple(out)


def load_reference(src: TomlSource) -> tuple[RefCard, ...]:
    """Reference cards from reference.toml."""
    out, seen = [], set()
    for f in src.rows("card"):
        f.unknown(("id", "kind", "title", "copies", "items", "header", "rows"))
        kind = f.choice("kind", ("list", "table", "squares"))
        rows = f.get("rows", list, [])
        if kind == "table" and not (rows and all(isinstance(r, list) and len(r) == 3 and all(isinstance(x, str)
                                                                                            for x in r) for r in rows)):
            f.error("a table card needs rows of 3 strings", "rows", 'write rows = [["a", "b", "c"], ...]')
            rows = []
        out.append(RefCard(f.ident(seen), kind, f.text("title"), f.integer("copies", 1, 9),
                           f.strings("items", kind in ("list", "table")),
                           f.strings("header", kind == "table"), tuple(tuple(r) for r in rows)))
    return tuple(out)


def load_ladder(src: TomlSource) -> Ladder:
    """The belt ladder from belts.toml: six belts covering 0..17 in order."""
    head = src.table("ladder")
    belts, seen = [], set()
    for f in src.rows("belt"):
        f.unknown(("id", "name", "from", "to", "colour", "ink"))
        belts.append(Belt(f.ident(seen), f.text("name"), f.integer("from", 0, 17), f.integer("to", 0, 17),
                          f.colour(), f.colour("ink")))
    expected, before = 0, len(src.problems)
    for i, b in enumerate(belts):
        if b.start is not None and b.end is not None and (b.start != expected or b.end < b.start):
            src.error(f"belt {b.id} covers {b.start}..{b.end}; the next belt must start at {expected}",
                      "belt", i, "from", hint="belts cover 0..17 in order")
        expected = (b.end or 0) + 1
    if expected != 18 and len(src.problems) == before:
        src.error("the belts must end at position 17", "belt", hint="the ladder runs 0..17")
    return Ladder(head.text("title"), head.text("goal"), head.text("goal_note"), head.strings("notes"), tuple(belts))


def load_pawns(src: TomlSource) -> Pawns:
    """The 8 pawns from pawns.toml: distinct numbers 1..8 and colours."""
    head = src.table("pawns")
    pawns = []
    for f in src.rows("pawn", what="pawn"):
        f.unknown(("number", "name", "colour", "ink"))
        pawns.append(Pawn(f.integer("number", 1, 8), f.text("name"), f.colour(), f.colour("ink")))
    if not src.problems and sorted(p.number for p in pawns) != list(range(1, 9)):
        src.error("there must be 8 pawns numbered 1 to 8", "pawn", hint="number the pawns 1 to 8, once each")
    if not src.problems and len({p.colour.lower() for p in pawns}) != len(pawns):
        src.error("pawn colours must be distinct", "pawn", hint="give every pawn its own colour")
    return Pawns(head.text("title"), head.text("instructions"), tuple(pawns))


FILES = (("nebbia.toml", load_nebbia), ("squares.toml", load_squares), ("reference.toml", load_reference),
         ("belts.toml", load_ladder), ("pawns.toml", load_pawns))


def load_dojo(root: Path) -> tuple[DojoContent | None, list[Problem]]:
    """Load and check every Dojo content file; None when any blocking problem was found."""
    problems: list[Problem] = []
    results = []
    for name, loader in FILES:
        src = load_toml(root / DIR / name, root)
        results.append(loader(src) if src.parsed else None)
        problems += src.problems
    if blocking(problems):
        return None, problems
    return DojoContent(*results), problems


def _fields_messages(src: TomlSource, table: str, keys: tuple[str, ...], ctx: str, per_item: bool) -> list[Message]:
    out: list[Message] = []
    items = src.data.get(table)
    entries = list(enumerate(items)) if isinstance(items, list) else [(None, items)]
    for i, item in entries:
        if not isinstance(item, dict):
            continue
        path = (table,) if i is None else (table, i)
        context = f"{ctx}/{item.get('id')}" if per_item and item.get("id") else ctx
        for key in keys:
            value = item.get(key)
            values = value if isinstance(value, list) else [value]
            for v in values:
                cells = v if isinstance(v, list) else [v]
                for cell in cells:
                    if isinstance(cell, str) and cell.strip() and not cell.strip().lstrip("+−-").isdigit():
                        out.append(Message(cell, context, src.line(*path, key) or 1, f"{table}.{key}"))
    return out


def messages(path: Path) -> list[Message]:
    """Translatable strings of one content/dojo/*.toml file (for catalogs and checks)."""
    src = load_toml(path)
    name = path.name
    if name == "nebbia.toml":
        return (_fields_messages(src, "deck", ("name", "back"), NEBBIA_CTX, False)
                + _fields_messages(src, "type", ("name", "note"), NEBBIA_CTX, False)
                + _fields_messages(src, "card", ("name", "effect"), NEBBIA_CTX, True))
    if name == "squares.toml":
        return _fields_messages(src, "square", ("letter", "name", "effect"), SQUARE_CTX, True)
    if name == "reference.toml":
        return (_fields_messages(src, "deck", ("name",), REF_CTX, False)
                + _fields_messages(src, "card", ("title", "items", "header", "rows"), REF_CTX, True))
    if name == "belts.toml":
        return (_fields_messages(src, "ladder", ("title", "goal", "goal_note", "notes"), BELT_CTX, False)
                + _fields_messages(src, "belt", ("name",), BELT_CTX, False))
    if name == "pawns.toml":
        return (_fields_messages(src, "pawns", ("title", "instructions"), PAWN_CTX, False)
                + _fields_messages(src, "pawn", ("name",), PAWN_CTX, False))
    return []


def load_parts(root: Path) -> tuple[dict[str, object], list[Problem]]:
    """The Dojo's parts of the kit model (content/games.toml `content`): ``model.dojo``, its Nebbia deck checked."""
    dojo, problems = load_dojo(root)
    if dojo is not None:
        problems += check_nebbia(dojo.nebbia)
    return {"dojo": dojo}, problems


# DR-N01 (the Italian rules, seed 000; docs/specs/dojo-rules-spec.md): card id -> (type, copies); 22 cards.
NEBBIA_RULES = {
    "kiai": ("technique", 3), "uke": ("technique", 2), "kaeshi": ("technique", 2),
    "tsugi-ashi": ("movement", 2), "secret-tunnel": ("movement", 1), "irimi": ("movement", 2),
    "challenge": ("interaction", 2),
    "sensei-watches": ("event", 1), "weight-of-the-belt": ("event", 1), "intensive-training": ("event", 2),
    "forbidden-strike": ("event", 1), "misstep": ("event", 2), "meditation": ("event", 1),
}
NEBBIA_SIZE = 22
RULE = "rules-count"


def check_nebbia(deck: NebbiaDeck) -> list[Problem]:
    """The Nebbia deck must be the rules' 22 cards: every card of DR-N01 with its type and copies, no other."""
    problems = []

    def err(message: str, line: int | None, where: str | None, hint: str) -> None:
        problems.append(Problem("error", RULE, message, deck.file, line, None, where, hint))

    for card in deck.cards:
        want = NEBBIA_RULES.get(card.id)
        where = f"card {card.id}"
        if want is None:
            err(f"card {card.id!r} is not in the rules' Nebbia deck (DR-N01)", card.line, where,
                f"use one of the rules' cards: {', '.join(NEBBIA_RULES)}")
        elif card.type != want[0]:
            err(f"card {card.id!r} has type {card.type!r}; the rules make it a {want[0]!r} card", card.line, where,
                f"set type = \"{want[0]}\"")
        elif card.copies != want[1]:
            err(f"field 'copies' = {card.copies}: the rules have {want[1]} {card.id!r} card(s) (DR-N01)", card.line,
                where, f"set copies = {want[1]}")
    missing = [c for c in NEBBIA_RULES if c not in {card.id for card in deck.cards}]
    if missing:
        err(f"the rules' card(s) {', '.join(missing)} are missing from the deck (DR-N01)", deck.line, None,
            "add a [[card]] for each")
    total = sum(c.copies for c in deck.cards)
    if total != NEBBIA_SIZE and not problems:
        per_type = Counter()
        for c in deck.cards:
            per_type[c.type] += c.copies
        shown = ", ".join(f"{t} {n}" for t, n in per_type.items())
        err(f"the deck has {total} cards ({shown}); the rules' Nebbia deck has {NEBBIA_SIZE}", deck.line, None,
            "set each card's copies as in the rules (DR-N01)")
    return problems
