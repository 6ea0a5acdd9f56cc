"""Dojo Labyrinth content (content/dojo/*.toml): Nebbia deck, square types, reference cards, belts, pawns."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..i18n.messages import Message
from ..problems import CheckFailed, Problem
from ..render.icons import ICONS
from .toml_source import Fields, TomlSource, load_toml, table_list

DIR = Path("content/dojo")
ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
COLOR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
NEBBIA_CTX = "dojo-nebbia"
SQUARE_CTX = "dojo-square"
REF_CTX = "dojo-reference"
BELT_CTX = "dojo-belt-ladder"
PAWN_CTX = "dojo-pawns"
REF_NAME = "Reference"  # the reference deck name: reference.toml [deck] name


@dataclass(frozen=True)
class CardType:
    """A Nebbia card type: name, icon, band colour, whether it is secret, and its handling note."""

    id: str
    name: str
    icon: str
    color: str
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
    line: int


@dataclass(frozen=True)
class NebbiaDeck:
    """The Dojo Mist deck."""

    name: str
    back: str
    types: tuple[CardType, ...]
    cards: tuple[NebbiaCard, ...]

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
    color: str
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
    color: str
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
    color: str
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


def _color(f: Fields, key: str) -> str | None:
    value = f.text(key)
    if isinstance(value, str) and not COLOR_RE.match(value):
        f.problems.append(f.src.problem(f"field {key!r} = {value!r} is not a #rrggbb colour", *f.path, key,
                                        where=f.where))
    return value


def _id(f: Fields, seen: set[str]) -> str | None:
    value = f.text("id")
    if isinstance(value, str):
        if not ID_RE.match(value):
            f.problems.append(f.src.problem(f"id {value!r} must use a-z, 0-9 and '-'", *f.path, "id", where=f.where))
        elif value in seen:
            f.problems.append(f.src.problem(f"duplicate id {value!r}", *f.path, "id", where=f.where))
        seen.add(value)
    return value


def _icon(f: Fields, key: str = "icon") -> str | None:
    return f.choice(key, tuple(sorted(ICONS)))


def load_nebbia(src: TomlSource) -> tuple[NebbiaDeck | None, list[Problem]]:
    """The Nebbia deck from nebbia.toml: types and cards, every field checked."""
    problems: list[Problem] = []
    deck = Fields(src, src.data.get("deck"), ("deck",))
    name, back = deck.text("name"), deck.text("back")
    types, seen = [], set()
    for i, t in table_list(src, "type"):
        f = Fields(src, t, ("type", i), where=f"type #{i + 1}")
        f.unknown(("id", "name", "icon", "color", "secret", "note"))
        types.append(CardType(_id(f, seen), f.text("name"), _icon(f), _color(f, "color"),
                              f.get("secret", bool, False), f.text("note")))
        problems += f.problems
    cards, seen = [], set()
    type_ids = tuple(t.id for t in types if t.id)
    for i, c in table_list(src, "card"):
        f = Fields(src, c, ("card", i), where=f"card {c.get('id', i + 1) if isinstance(c, dict) else i + 1}")
        f.unknown(("id", "type", "name", "effect", "copies"))
        cards.append(NebbiaCard(_id(f, seen), f.choice("type", type_ids), f.text("name"), f.text("effect"),
                                f.integer("copies", 1, 9), f.line()))
        problems += f.problems
    problems += deck.problems
    if problems:
        return None, problems
    return NebbiaDeck(name, back, tuple(types), tuple(cards)), []


def load_squares(src: TomlSource) -> tuple[tuple[SquareType, ...], list[Problem]]:
    """Square types from squares.toml."""
    out, problems, seen = [], [], set()
    for i, s in table_list(src, "square"):
        f = Fields(src, s, ("square", i), where=f"square #{i + 1}")
        f.unknown(("id", "code", "letter", "name", "icon", "color", "effect"))
        out.append(SquareType(_id(f, seen), f.choice("code", tuple("SD.AF?PK1")), f.text("letter"), f.text("name"),
                              _icon(f), _color(f, "color"), f.text("effect")))
        problems += f.problems
    return tuple(out), problems


def _strings(f: Fields, key: str, required: bool = True) -> tuple[str, ...]:
    value = f.get(key, list, ... if required else [])
    if value is None:
        return ()
    if not all(isinstance(v, str) and v.strip() for v in value):
        f.problems.append(f.src.problem(f"field {key!r} must be a list of non-empty strings", *f.path, key,
                                        where=f.where))
        return ()
    return tuple(value)


def load_reference(src: TomlSource) -> tuple[tuple[RefCard, ...], list[Problem]]:
    """Reference cards from reference.toml."""
    out, problems, seen = [], [], set()
    for i, c in table_list(src, "card"):
        f = Fields(src, c, ("card", i), where=f"card {c.get('id', i + 1) if isinstance(c, dict) else i + 1}")
        f.unknown(("id", "kind", "title", "copies", "items", "header", "rows"))
        kind = f.choice("kind", ("list", "table", "squares"))
        rows = f.get("rows", list, [])
        if kind == "table" and not (rows and all(isinstance(r, list) and len(r) == 3 and all(isinstance(x, str)
                                                                                            for x in r) for r in rows)):
            f.problems.append(src.problem("a table card needs rows of 3 strings", "card", i, "rows", where=f.where))
            rows = []
        out.append(RefCard(_id(f, seen), kind, f.text("title"), f.integer("copies", 1, 9),
                           _strings(f, "items", kind in ("list", "table")),
                           _strings(f, "header", kind == "table"), tuple(tuple(r) for r in rows)))
        problems += f.problems
    return tuple(out), problems


def load_ladder(src: TomlSource) -> tuple[Ladder | None, list[Problem]]:
    """The belt ladder from belts.toml: six belts covering 0..17 in order."""
    head = Fields(src, src.data.get("ladder"), ("ladder",))
    belts, problems, seen = [], [], set()
    for i, b in table_list(src, "belt"):
        f = Fields(src, b, ("belt", i), where=f"belt #{i + 1}")
        f.unknown(("id", "name", "from", "to", "color", "ink"))
        belts.append(Belt(_id(f, seen), f.text("name"), f.integer("from", 0, 17), f.integer("to", 0, 17),
                          _color(f, "color"), _color(f, "ink")))
        problems += f.problems
    expected = 0
    for i, b in enumerate(belts):
        if b.start is not None and b.end is not None and (b.start != expected or b.end < b.start):
            problems.append(src.problem(f"belt {b.id} covers {b.start}..{b.end}; the next belt must start at "
                                        f"{expected}", "belt", i, "from", hint="belts cover 0..17 in order"))
        expected = (b.end or 0) + 1
    if expected != 18 and not problems:
        problems.append(src.problem("the belts must end at position 17", "belt", hint="the ladder runs 0..17"))
    ladder = Ladder(head.text("title"), head.text("goal"), head.text("goal_note"), _strings(head, "notes"),
                    tuple(belts))
    problems += head.problems
    return (None if problems else ladder), problems


def load_pawns(src: TomlSource) -> tuple[Pawns | None, list[Problem]]:
    """The 8 pawns from pawns.toml: distinct numbers 1..8 and colours."""
    head = Fields(src, src.data.get("pawns"), ("pawns",))
    pawns, problems = [], []
    for i, p in table_list(src, "pawn"):
        f = Fields(src, p, ("pawn", i), where=f"pawn #{i + 1}")
        f.unknown(("number", "name", "color", "ink"))
        pawns.append(Pawn(f.integer("number", 1, 8), f.text("name"), _color(f, "color"), _color(f, "ink")))
        problems += f.problems
    if not problems and sorted(p.number for p in pawns) != list(range(1, 9)):
        problems.append(src.problem("there must be 8 pawns numbered 1 to 8", "pawn"))
    if not problems and len({p.color.lower() for p in pawns}) != len(pawns):
        problems.append(src.problem("pawn colours must be distinct", "pawn"))
    result = Pawns(head.text("title"), head.text("instructions"), tuple(pawns))
    problems += head.problems
    return (None if problems else result), problems


def load_dojo(root: Path) -> DojoContent:
    """Load and check every Dojo content file; raise CheckFailed listing every problem."""
    problems: list[Problem] = []
    results = []
    for name, loader in (("nebbia.toml", load_nebbia), ("squares.toml", load_squares),
                         ("reference.toml", load_reference), ("belts.toml", load_ladder),
                         ("pawns.toml", load_pawns)):
        try:
            value, found = loader(load_toml(root / DIR / name, root))
        except CheckFailed as exc:
            value, found = None, list(exc.problems)
        results.append(value)
        problems += found
    if problems:
        raise CheckFailed(problems)
    return DojoContent(*results)


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
