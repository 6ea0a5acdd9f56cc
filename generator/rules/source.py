"""Parse a rules source (a small Markdown subset) into blocks, one translatable message per block.

Format of content/<game>/rules.md (English source, message ids):
  # Title / ## Section / ### Subsection     headings
  - item                                     bullet list item (one message each)
  1. item                                    numbered list item (one message each)
  | a | b |  (first row is the header; a |---| line follows it)   table: one message per cell
  ![figure](name)                            a figure drawn by the booklet (not translated)
  ![section](game)                           a game's code of content/games.toml as the target: a section
                                             generated from that game's data (the booklet makes it a data block:
                                             generator/booklet/data_blocks.py), e.g. ![components](<game>): the
                                             bill of materials with counts
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
    """One block of a rules source: kind heading1-3|para|bullet|number|table|figure|data, and its texts (a figure's:
    its target and its alt text; a data block's: its name and game); tables and paragraphs keep the (source) heading
    they stand under."""

    kind: str
    line: int
    texts: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    section: str = ""

    def cell_context(self, row: int, col: int) -> str:
        """The msgctxt of a table cell: `table:<section heading>/<column header>` (`/header` for the header row)."""
        header = self.rows[0][col] if self.rows and col < len(self.rows[0]) else str(col + 1)
        return f"table:{self.section}/{'header' if row == 0 else header}"

    def cell_line(self, row: int) -> int:
        """The source line of a table row (the |---| line follows the header)."""
        return self.line + row + (1 if row else 0)


_NUM = re.compile(r"^(\d+)\.\s+(.*)$")
_FIG = re.compile(r"^!\[([^\]]*)\]\(([^)]+)\)$")


def parse(text: str) -> list[Block]:
    """Blocks of a rules source in order."""
    blocks: list[Block] = []
    para: list[str] = []
    para_line = 0
    table: list[tuple[str, ...]] = []
    table_line = 0
    section = ""

    def flush() -> None:
        nonlocal para, table
        if para:
            blocks.append(Block("para", para_line, (" ".join(para),), section=section))
            para = []
        if table:
            blocks.append(Block("table", table_line, rows=tuple(table), section=section))
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
            section = line[level:].strip()
            blocks.append(Block(f"heading{min(level, 3)}", n, (section,)))
        elif line.startswith(("- ", "* ", "• ")):
            flush()
            blocks.append(Block("bullet", n, (line[2:].strip(),)))
        elif _NUM.match(line):
            flush()
            blocks.append(Block("number", n, (_NUM.match(line).group(2),)))
        elif _FIG.match(line):
            flush()
            alt, name = _FIG.match(line).groups()
            blocks.append(Block("figure", n, (name, alt)))  # the booklet makes a game's target a data block
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
        if b.kind == "table":
            out.extend(Message(c, b.cell_context(i, j), b.cell_line(i), _cell_comment(b, i, j))
                       for i, row in enumerate(b.rows) for j, c in enumerate(row) if c)
        elif b.kind not in ("figure", "data"):
            out.extend(Message(t, None, b.line, f"rules {b.kind}: {BLOCK_ROOM[b.kind]}") for t in b.texts)
    return out


# Where each kind of block lands in the booklets (A5 and half-Letter: 118 mm text width; A4 and Letter: 178 mm;
# booklet.typeset.FORMATS), for translators.
BLOCK_ROOM = {
    "heading1": "the booklet's title, bold, on the first page and in every page footer (keep it short)",
    "heading2": "a section heading, bold, one line of 118 mm (A5) preferred",
    "heading3": "a subsection heading, bold, one line of 118 mm (A5) preferred",
    "para": "body text, 118 mm wide (A5), wraps and hyphenates: no length limit",
    "bullet": "a bullet list item, about 113 mm wide (A5), wraps and hyphenates",
    "number": "a numbered step, about 112 mm wide (A5), wraps and hyphenates",
}


def _cell_comment(b: Block, row: int, col: int) -> str:
    where = "header row (bold, never hyphenated)" if row == 0 else f"row {row} of {len(b.rows) - 1}"
    return (f"rules table \"{b.section}\", column \"{b.rows[0][col]}\", {where}; {len(b.rows[0])} columns in "
            "the booklet's 118 mm text width (A5), cells wrap")
