"""Parse a rules source (a small Markdown subset) into blocks, one translatable message per block.

Format of content/<game>/rules.md (English source, message ids):
  # Title / ## Section / ### Subsection     headings
  - item                                     bullet list item (one message each)
  1. item                                    numbered list item (one message each)
  | a | b |  (first row is the header; a |---| line follows it)   table: one message per cell
  ![figure](name)                            a figure drawn by the booklet (not translated)
  ![section](game)                           target dojo|ground|duel: a section generated from that game's data
                                             (generator/booklet/data_blocks.py), e.g. ![rulings](duel)
  other lines                                paragraph; consecutive lines join, a blank line ends it
Inline: **bold** and *italic*; {icon:X} shows the icon of square/card type X.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..inputfile import read_input
from ..messages import Message


@dataclass(frozen=True)
class Block:
    """One block of a rules source: kind heading1-3|para|bullet|number|table|figure|data, and its texts."""

    kind: str
    line: int
    texts: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()


_NUM = re.compile(r"^(\d+)\.\s+(.*)$")
GAME_TARGETS = ("dojo", "ground", "duel")  # ![section](game) is generated data, any other target a figure
_FIG = re.compile(r"^!\[([^\]]*)\]\(([^)]+)\)$")


def parse(text: str) -> list[Block]:
    """Blocks of a rules source in order."""
    blocks: list[Block] = []
    para: list[str] = []
    para_line = 0
    table: list[tuple[str, ...]] = []
    table_line = 0

    def flush() -> None:
        nonlocal para, table
        if para:
            blocks.append(Block("para", para_line, (" ".join(para),)))
            para = []
        if table:
            blocks.append(Block("table", table_line, rows=tuple(table)))
            table = []

    for n, raw in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        line = raw.strip()
        if line.startswith("|"):
            if para:
                flush()
            cells = tuple(c.strip() for c in line.strip("|").split("|"))
            if all(set(c) <= set("-: ") for c in cells):
                continue
            if not table:
                table_line = n
            table.append(cells)
            continue
        if table:
            flush()
        if not line:
            flush()
        elif line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            blocks.append(Block(f"heading{min(level, 3)}", n, (line[level:].strip(),)))
        elif line.startswith(("- ", "* ", "• ")):
            flush()
            blocks.append(Block("bullet", n, (line[2:].strip(),)))
        elif _NUM.match(line):
            flush()
            blocks.append(Block("number", n, (_NUM.match(line).group(2),)))
        elif _FIG.match(line):
            flush()
            alt, name = _FIG.match(line).groups()
            blocks.append(Block("data", n, (alt, name)) if name in GAME_TARGETS else Block("figure", n, (name,)))
        else:
            if not para:
                para_line = n
            para.append(line)
    flush()
    return blocks


def messages(path: Path) -> list[Message]:
    """Every translatable text of a rules source: headings, paragraphs, list items, table cells."""
    out: list[Message] = []
    for b in parse(read_input(path, "rules source")):
        if b.kind in ("figure", "data"):
            continue
        texts = b.texts if b.kind != "table" else tuple(c for row in b.rows for c in row if c)
        out.extend(Message(t, None, b.line, f"rules {b.kind}") for t in texts)
    return out
