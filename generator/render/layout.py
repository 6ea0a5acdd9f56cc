"""Text layout with the font's own metrics: inline icons, word wrap, pyphen hyphenation, shrink to fit."""

from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable, Container, Iterator, TypeVar

import pyphen

from ..content.languages import hyphenation
from ..problems import CheckFailed, Problem
from .fonts import Face, face, metrics, missing_glyphs

PT_PER_MM = 72 / 25.4
ICON_RE = re.compile(r"\{icon:([a-z0-9-]+)\}")
HYPHEN = "-"
ICON_EM = 1.05  # an inline icon is this many ems wide (glyph box plus a little air)
FLOOR_PT = 6.5  # nothing printed on a component is smaller: slot sizes below it are raised to it

T = TypeVar("T")

# The fit watcher (i18n tooling, generator/i18n/fitwatch.py) sees every fit: (texts, slot, where, overflow problem
# or None) -> the problem to raise, or None. It maps slots to catalog entries and, in the pseudo-locale, accepts
# overflows: the fit then returns its smallest-size result marked `overflow` (drawn with a red outline).
FIT_WATCH: ContextVar[Callable | None] = ContextVar("FIT_WATCH", default=None)

# The words printed in the source language for want of a translation (a development build of a language still
# being translated) and that language's code, set while a component renders (kit/cache.recording, whose lookups
# keep filling the set): such words hyphenate by the source language's rules, not the kit's ("mo-vement" is German
# hyphenation of English).
IN_SOURCE: ContextVar[tuple[Container[str], str]] = ContextVar("IN_SOURCE", default=(frozenset(), ""))


@contextmanager
def printed_in_source(words: Container[str], source: str) -> Iterator[None]:
    """While the block runs, these words (a set that may keep growing) are printed in the source language."""
    token = IN_SOURCE.set((words, source))
    try:
        yield
    finally:
        IN_SOURCE.reset(token)


def source_words(text: str) -> tuple[frozenset[str], str] | tuple[()]:
    """The words of a text printed in the source language (IN_SOURCE) and its code, () when none is: what wrap's
    hyphenation depends on beyond the kit's language."""
    words, source = IN_SOURCE.get()
    if not words:
        return ()
    found = frozenset(w for w in letter_words(text) if w in words)
    return (found, source) if found else ()


def letter_words(text: str) -> list[str]:
    """The words of a text as hyphenation reads them (runs of letters)."""
    return _LETTERS.findall(text)


def hyphenation_lang(word: str, lang: str, source: tuple[frozenset[str], str] | tuple[()] | None = None) -> str:
    """The language whose rules break a word: the source language's for a word printed untranslated (source:
    source_words' reading of its text; None: of the word, now), else the kit's."""
    if source is None:
        source = source_words(word)
    return source[1] if source and not source[0].isdisjoint(letter_words(word)) else lang


def settle(texts: list[str], slot: "Slot", where: "Where", problem: Problem | None = None) -> None:
    """Tell the fit watcher about a fit; an overflow raises CheckFailed unless the watcher accepts it."""
    watch = FIT_WATCH.get()
    if watch is not None:
        problem = watch(texts, slot, where, problem)
    if problem is not None:
        raise CheckFailed([problem])


@dataclass(frozen=True)
class Slot:
    """A text box on a component: size in mm, font sizes in pt (shrinks from max_pt to min_pt)."""

    name: str
    width: float
    height: float
    max_pt: float
    min_pt: float
    family: str = "PT Sans"
    bold: bool = False
    italic: bool = False
    align: str = "left"  # left | center
    leading: float = 1.2
    max_lines: int | None = None
    hyphenate: bool | None = None  # None: body text hyphenates, bold text (titles, labels) never does

    def __post_init__(self) -> None:
        """Raise the sizes to the engine's floor (FLOOR_PT); titles (bold) never hyphenate unless asked to."""
        if self.hyphenate is None:
            object.__setattr__(self, "hyphenate", not self.bold)
        object.__setattr__(self, "min_pt", max(self.min_pt, FLOOR_PT))
        object.__setattr__(self, "max_pt", max(self.max_pt, self.min_pt))

    @property
    def face(self) -> Face:
        """The font face of this slot."""
        return face(self.family, self.bold, self.italic)


@dataclass(frozen=True)
class Run:
    """A piece of a laid-out line: text, or an icon (text is the icon name), x offset in mm."""

    x: float
    text: str
    icon: bool = False


@dataclass(frozen=True)
class Line:
    """One laid-out line: its runs and width in mm."""

    runs: tuple[Run, ...]
    width: float


@dataclass(frozen=True)
class Block:
    """Text fitted into a slot: lines, the size used (pt and mm) and baseline positions (mm from the top)."""

    slot: Slot
    lines: tuple[Line, ...]
    size_pt: float
    overflow: bool = False  # only when the fit watcher accepted an overflow (pseudo-locale builds)

    @property
    def size(self) -> float:
        """Font size in mm (the unit of SVG user space on cards)."""
        return self.size_pt / PT_PER_MM

    @property
    def line_height(self) -> float:
        """Distance between baselines in mm."""
        return self.size * self.slot.leading

    @property
    def height(self) -> float:
        """Height taken by the lines in mm."""
        return len(self.lines) * self.line_height

    def baselines(self) -> list[float]:
        """Baseline y of each line, from the slot's top, in mm."""
        lh = self.line_height
        first = (lh - self.size) / 2 + self.size * 0.86
        return [first + i * lh for i in range(len(self.lines))]

    def line_x(self, line: Line) -> float:
        """Left x of a line inside the slot (alignment applied)."""
        return (self.slot.width - line.width) / 2 if self.slot.align == "center" else 0.0


@dataclass(frozen=True)
class Where:
    """Who owns a string, for error messages: component, card, slot, language."""

    component: str
    card: str
    lang: str

    def text(self, slot: str) -> str:
        """Readable location."""
        return f"component {self.component}, card {self.card}, slot {slot}, language {self.lang}"


HYPHEN_LEFT, HYPHEN_RIGHT = 2, 3  # letters left before a hyphen, carried over after it
HYPHEN_MIN = 6  # shorter words never hyphenate
SHORT_TAIL = 3  # a paragraph's last word this short (or a number) is tied to the word before it
NBSP = "\u00a0"
_LETTERS = re.compile(r"[^\W\d_]+")
_BREAKS = re.compile(r"[^\S\u00a0]+")  # where a line may break: any white space but the no-break space


@lru_cache(maxsize=None)
def hyphenator(lang: str) -> pyphen.Pyphen | None:
    """The pyphen dictionary of a language (None when there is none)."""
    code = hyphenation(lang)  # the language table's dictionary (locales/languages.toml)
    return pyphen.Pyphen(lang=code, left=HYPHEN_LEFT, right=HYPHEN_RIGHT) if code else None


def may_hyphenate(word: str) -> bool:
    """Typography rules shared by cards and booklets: never names or titles (capitalised), numbers, words with
    digits, or words shorter than HYPHEN_MIN letters (a tied group: see hyphenations)."""
    letters = _LETTERS.fullmatch(word.strip(".,;:!?»«\"'()[]…—–"))
    return bool(letters) and len(letters.group(0)) >= HYPHEN_MIN and not letters.group(0)[0].isupper()


def hyphenations(word: str, lang: str) -> list[tuple[str, str]]:
    """(head, tail) ways to break a word by the rules above, longest head first; [] when it must stay whole. Words
    tied by no-break spaces ('в\u00a0комнату', a short tail 'mira\u00a02.') break only inside the last one."""
    tied, nbsp, last = word.rpartition(NBSP)
    if nbsp:
        return [(tied + NBSP + head, tail) for head, tail in hyphenations(last, lang)]
    dic = hyphenator(lang)
    if dic is None or not may_hyphenate(word):
        return []
    core = word.rstrip(".,;:!?»\"')…")
    return [(head, tail + word[len(core):]) for head, tail in dic.iterate(core)]


_SPACED_DASH = re.compile(r"[^\S\u00a0\n]+(?=[—–][^\S\u00a0])")  # the space before a dash standing between words
_NUMBER_WORD = re.compile(r"(?<![^\s(«\"\u00a0])([+\-−]?\d+)[^\S\u00a0\n]+(?=[^\W\d_])")  # a number, then a word


def tie_breaks(text: str) -> str:
    """A dash standing between words (« — », « – ») tied to the word before it, and a number to the word after it
    («5 раундов», «2 carte»), with a no-break space: no line starts with a dash or ends with a number (cards and
    booklets, every language)."""
    return _NUMBER_WORD.sub(lambda m: m.group(1) + NBSP, _SPACED_DASH.sub(NBSP, text))


def unbreakable(text: str) -> list[str]:
    """The pieces a line may not break inside: words, and words tied by no-break spaces (str.split() would cut a
    tie: Python counts U+00A0 as whitespace), a dash between words with the word before it and a number with the
    word after it (tie_breaks)."""
    return [w for w in _BREAKS.split(tie_breaks(text)) if w]


def tie_short_tail(text: str) -> str:
    """Bind a paragraph's short last word or number (e.g. '1.', '+2.', 'mira.') to the word before it with a
    no-break space, so no line holds only that."""
    head, sep, last = text.rstrip().rpartition(" ")
    core = last.strip(".,;:!?»«\"'()…")
    if sep and head and (len(core) <= SHORT_TAIL or any(c.isdigit() for c in core)) and "{icon:" not in last:
        return head + NBSP + last
    return text


def pieces(word: str) -> list[tuple[str, bool]]:
    """Split a word into text and icon pieces ({icon:name} marks an icon)."""
    out: list[tuple[str, bool]] = []
    pos = 0
    for m in ICON_RE.finditer(word):
        if m.start() > pos:
            out.append((word[pos:m.start()], False))
        out.append((m.group(1), True))
        pos = m.end()
    if pos < len(word):
        out.append((word[pos:], False))
    return out


def plain_text(text: str) -> str:
    """Text without icon marks (what the font must be able to print)."""
    return ICON_RE.sub("", text)


class _Wrapper:
    """Greedy line breaking of one paragraph at one size."""

    def __init__(self, slot: Slot, size_mm: float, lang: str, source: tuple[frozenset[str], str] | tuple[()] = ()):
        self.slot, self.size, self.lang, self.source = slot, size_mm, lang, source
        self.face = slot.face
        self.width = metrics(self.face).width  # the face's widths, looked up once per paragraph and size
        self.space = self.width(" ", size_mm)
        self.lines: list[list[tuple[str, bool]]] = []
        self.cur: list[tuple[str, bool]] = []
        self.cur_w = 0.0
        self.too_wide = 0.0

    def w(self, parts: list[tuple[str, bool]]) -> float:
        """Width of a word's pieces in mm."""
        return sum(self.size * ICON_EM if icon else self.width(t, self.size) for t, icon in parts)

    def add(self, word: str) -> None:
        """Place one word: on this line, hyphenated across lines, or on a new line."""
        parts = pieces(word)
        width = self.w(parts)
        gap = self.space if self.cur else 0.0
        if self.cur_w + gap + width <= self.slot.width:
            self._append(parts, width, gap)
            return
        if self._hyphenate(parts, self.slot.width - self.cur_w - gap, gap):
            return
        self.flush()
        if width <= self.slot.width:
            self._append(parts, width, 0.0)
        elif not self._hyphenate(parts, self.slot.width, 0.0):
            self.too_wide = max(self.too_wide, width - self.slot.width)
            self._append(parts, width, 0.0)

    def _append(self, parts, width: float, gap: float) -> None:
        if gap:
            self.cur.append((" ", False))
        self.cur.extend(parts)
        self.cur_w += gap + width

    def _hyphenate(self, parts, room: float, gap: float) -> bool:
        """Put the longest hyphenated head of a plain word that fits room; the tail goes on."""
        if len(parts) != 1 or parts[0][1]:
            return False
        word = parts[0][0]
        if not self.slot.hyphenate:
            return False
        for head, tail in hyphenations(word, hyphenation_lang(word, self.lang, self.source)):
            piece = head if head.endswith(HYPHEN) else head + HYPHEN
            hw = self.width(piece, self.size)
            if hw <= room:
                self._append([(piece, False)], hw, gap)
                self.flush()
                self.add(tail)
                return True
        return False

    def flush(self) -> None:
        """End the current line."""
        if self.cur:
            self.lines.append(self.cur)
        self.cur, self.cur_w = [], 0.0


def _to_line(parts: list[tuple[str, bool]], size: float, f: Face) -> Line:
    width = metrics(f).width
    runs: list[Run] = []
    x, buf, start = 0.0, "", 0.0
    for text, icon in parts:
        if icon:
            if buf:
                runs.append(Run(start, buf))
                buf = ""
            runs.append(Run(x, text, True))
            x += size * ICON_EM
            start = x
        else:
            if not buf:
                start = x
            buf += text
            x += width(text, size)
    if buf:
        runs.append(Run(start, buf))
    return Line(tuple(runs), x)


def wrap(text: str, slot: Slot, size_pt: float, lang: str) -> tuple[tuple[Line, ...], float]:
    """Lines of text at one size, and how many mm the widest unbreakable word sticks out (0 = fits); worked out
    once per process for the same text, slot, size and language (a deck's footer is fitted on every card), and
    the same words of it printed in the source language (source_words: they break by its rules)."""
    return _wrap(text, slot, size_pt, lang, source_words(text))


@lru_cache(maxsize=4096)
def _wrap(text: str, slot: Slot, size_pt: float, lang: str, source: tuple[frozenset[str], str] | tuple[()]
          ) -> tuple[tuple[Line, ...], float]:
    size = size_pt / PT_PER_MM
    wrapper = _Wrapper(slot, size, lang, source)
    all_lines: list[Line] = []
    for para in text.split("\n"):
        for word in unbreakable(tie_short_tail(para).strip()):
            wrapper.add(word)
        wrapper.flush()
        all_lines.extend(_to_line(p, size, wrapper.face) for p in wrapper.lines)
        wrapper.lines = []
    return tuple(all_lines), wrapper.too_wide


def glyph_problems(text: str, slot: Slot, where: Where) -> list[Problem]:
    """A missing glyph is a build error naming the string and language (cairo would print a box)."""
    missing = missing_glyphs(plain_text(text), slot.face)
    if not missing:
        return []
    return [Problem("error", "missing-glyph",
                    f"{where.text(slot.name)}: font {slot.family} has no glyph for {missing!r} in {text!r}",
                    where=where.card, hint="change the translation or the slot's font")]


def shrink(slot: Slot, where: Where, what: str, attempt: Callable[[float], tuple[T, str | None]],
           texts: list[str], mark: Callable[[T], T], step: float = 0.25) -> T:
    """The one shrink-to-fit loop: try sizes from slot.max_pt down to slot.min_pt until attempt(size) fits.

    attempt returns (result, None) when it fits, else (result, how it overflows); every fit of `texts` is told
    to the fit watcher (settle). At the minimum size an overflow is a CheckFailed naming component, card, slot
    and language, unless the watcher accepts it: then the smallest result comes back marked (mark).
    """
    size = slot.max_pt
    while True:
        result, over = attempt(size)
        if over is None:
            settle(texts, slot, where)
            return result
        if size - step < slot.min_pt - 1e-9:
            settle(texts, slot, where, Problem(
                "error", "overflow", f"{where.text(slot.name)}: cannot fit {what} at the minimum size "
                f"{slot.min_pt} pt ({over})", where=where.card,
                hint="shorten the text (or its translation) or enlarge the slot"))
            return mark(result)
        size = round(size - step, 4)


def _check_glyphs(pairs: list[tuple[str, Slot]], where: Where) -> None:
    problems = [p for text, slot in pairs for p in glyph_problems(text, slot, where)]
    if problems:
        raise CheckFailed(problems)


def _overflow(too_wide: float, height: float, room: float) -> str | None:
    if too_wide:
        return f"{too_wide:.1f} mm too wide"
    return None if height <= room + 1e-6 else f"{height - room:.1f} mm too tall"


def fit(text: str, slot: Slot, where: Where) -> Block:
    """Fit text into slot (wrap, hyphenate, shrink); raise CheckFailed on a missing glyph or an overflow."""
    _check_glyphs([(text, slot)], where)

    def attempt(size: float) -> tuple[Block, str | None]:
        lines, too_wide = wrap(text, slot, size, where.lang)
        block = Block(slot, lines, size)
        over = _overflow(too_wide, block.height, slot.height)
        if over is None and slot.max_lines is not None and len(lines) > slot.max_lines:
            over = f"{len(lines)} lines, at most {slot.max_lines}"
        return block, over

    return shrink(slot, where, f"the text {text!r}", attempt, [text], lambda b: replace(b, overflow=True))


def fit_stack(texts: list[str], slot: Slot, where: Where, gap: float = 1.0, min_row: float = 0.0) -> list[Block]:
    """Fit several texts one under the other (slot.height shared, gap mm between) at one common size."""
    _check_glyphs([(t, slot) for t in texts], where)

    def attempt(size: float) -> tuple[list[Block], str | None]:
        blocks, too_wide = [], 0.0
        for t in texts:
            lines, wide = wrap(t, slot, size, where.lang)
            too_wide = max(too_wide, wide)
            blocks.append(Block(slot, lines, size))
        total = sum(max(b.height, min_row) for b in blocks) + gap * (len(blocks) - 1)
        return blocks, _overflow(too_wide, total, slot.height)

    return shrink(slot, where, f"{len(texts)} texts", attempt, texts,
                  lambda bs: [replace(bs[0], overflow=True), *bs[1:]])  # the first block's outline: the whole slot


@dataclass(frozen=True)
class Table:
    """A fitted table: blocks per row and cell, each row's height (mm), the common size (pt)."""

    cells: tuple[tuple[Block, ...], ...]
    heights: tuple[float, ...]
    size_pt: float


def fit_table(rows: list[list[str]], widths: list[float], slot: Slot, where: Where, pad: float = 0.8,
              header: bool = True) -> Table:
    """Fit a table (first row bold when header) into slot.height at one common size; columns are widths mm."""
    col_slots = [replace(slot, name=f"{slot.name} col {i + 1}", width=w - pad) for i, w in enumerate(widths)]
    bold = [replace(s, bold=True) for s in col_slots]
    slots_of = [bold if header and r == 0 else col_slots for r in range(len(rows))]
    _check_glyphs([(t, slots_of[r][c]) for r, row in enumerate(rows) for c, t in enumerate(row)], where)

    def attempt(size: float) -> tuple[Table, str | None]:
        cells, too_wide = [], 0.0
        for r, row in enumerate(rows):
            out = []
            for c, t in enumerate(row):
                lines, wide = wrap(t, slots_of[r][c], size, where.lang)
                too_wide = max(too_wide, wide)
                out.append(Block(slots_of[r][c], lines, size))
            cells.append(tuple(out))
        heights = tuple(max(b.height for b in row) + pad for row in cells)
        return Table(tuple(cells), heights, size), _overflow(too_wide, sum(heights), slot.height)

    return shrink(slot, where, "the table", attempt, [t for row in rows for t in row],
                  lambda t: replace(t, cells=tuple(tuple(replace(b, overflow=True) for b in r) for r in t.cells)))
