"""One way to draw a face: a Jinja SVG template plus its text slots declared as data, fitted by layout.fit.

A face ``<game>/<name>`` is two files in ``templates/``:

- ``<game>/<name>.svg.j2`` draws the art (bands, frames, icons) and prints the fitted texts with
  ``{{ m.texts(texts) }}``; it reads slot geometry from ``at`` (placed boxes) and ``L`` (declared slots), so art
  and text share one set of numbers.
- ``<game>/<name>.toml`` declares the face size and every slot: box in mm (``x``, ``y``, ``w``, ``h``), a style of
  the shared type scale (``templates/style.toml``: face, weight, size range, leading, colour) and optional
  overrides (``size = [min, max]``, ``align``, ``color``, ``max_lines``). ``extends = "<game>/<base>"`` inherits a
  base file's slots (e.g. the footer). A slot without ``y`` flows: it is placed ``flow`` mm below the text placed
  before it (``inline = true``: beside the slot placed just before). ``dx``/``dy`` (and ``rows``, a grid filled
  column by column) repeat a slot for indexed items (``f.text("step", t, i=2)``); a repeated slot without
  ``dy`` flows each item below the previous one.

Code only says *what* goes in which slot::

    f = Face(ctx, "ground-mode-cards", mode.id, "ground/mode")
    f.text("name", name)
    f.text("goal", goal)
    card = f.drawing(band=colour)

Every text is fitted by ``generator.render.layout.fit`` (wrap, hyphenation per language, shrink inside the
slot's size range); an overflow or a missing glyph is collected and ``drawing()`` raises one CheckFailed naming
component, card, slot and language for all of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from ..content.toml_source import TomlSource, load_toml
from ..problems import CheckFailed, Problem
from .layout import Block, Slot, Where, fit, fit_stack, fit_table, settle
from .svg import Drawing, environment, render_template, template_drawing

STYLE_FILE = "style.toml"


@dataclass(frozen=True)
class SlotSpec:
    """A declared slot: box in mm (y None: flows below the previous text), style and repetition."""

    name: str
    x: float
    y: float | None
    w: float
    h: float
    slot: Slot | None  # None: an art box (no text)
    color: str
    flow: float = 0.0
    dx: float = 0.0
    dy: float = 0.0
    rows: int = 0
    gap: float = 1.0  # between the paragraphs of a stack
    inline: bool = False  # at the y of the slot placed just before (side by side)
    beside: str = ""  # at the y of item i of this (stacked) slot: numbers, tiles and letters beside paragraphs
    min_row: float = 0.0  # a stacked paragraph takes at least this height (room for a tile beside it)
    columns: tuple[float, ...] = ()  # a table's column widths as shares of w
    across: int = 0  # a grid filled row by row, this many items per row (rows: filled column by column)


@dataclass(frozen=True)
class Layout:
    """A face's declared geometry: size, the lowest y text may reach, its slots by name."""

    name: str
    width: float
    height: float
    bottom: float
    slots: dict[str, SlotSpec]
    palette: dict[str, str]
    top: float = 0.0  # where the first flowing slot starts (below a header band)


@dataclass(frozen=True)
class Box:
    """Where a slot landed: top-left, width, height used (mm)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def bottom(self) -> float:
        """The y under the box."""
        return self.y + self.h


def _read(templates: Path, name: str) -> TomlSource:
    """templates/<name>.toml through the one TOML reader; a syntax error or a missing file stops with file:line."""
    src = load_toml(templates / f"{name}.toml", templates.parent, "face-layout")
    if src.problems:
        raise CheckFailed(src.problems)
    return src


@lru_cache(maxsize=8)
def _styles(templates: Path) -> dict[str, Any]:
    return _read(templates, STYLE_FILE.removesuffix(".toml")).data


def _raw(templates: Path, name: str) -> tuple[dict[str, Any], dict[str, tuple[str, int | None]]]:
    """A layout's tables merged over its `extends` base, and where each slot is declared (file, line)."""
    src = _read(templates, name)
    doc = src.data
    at = {slot: (src.name, src.line("slot", slot)) for slot in doc.get("slot", {})}
    base = doc.get("extends")
    if not base:
        return doc, at
    merged, base_at = _raw(templates, base)
    merged = {**merged, "face": {**merged.get("face", {}), **doc.get("face", {})},
              "slot": {**merged.get("slot", {}), **doc.get("slot", {})}}
    return merged, {**base_at, **at}


def _colour(value: str, palette: dict[str, str]) -> str:
    return palette.get(value, value)


def _spec(at: tuple[str, int | None], name: str, raw: dict[str, Any], styles: dict[str, Any],
          palette: dict[str, str]) -> SlotSpec:
    known = styles["style"]
    if raw.get("style", "body") not in known or "w" not in raw:
        what = f"unknown style {raw.get('style')!r}" if "w" in raw else "no width w"
        raise CheckFailed([Problem("error", "face-layout", f"slot {name}: {what}", at[0], at[1],
                                   hint=f"styles: {', '.join(known)} (templates/{STYLE_FILE}); every slot needs w")])
    style = dict(known.get(raw.get("style", "body"), {})) if "style" in raw or "size" in raw else None
    slot = None
    if style is not None:
        style.update({k: raw[k] for k in ("size", "align", "leading", "max_lines", "bold", "family", "hyphenate")
                      if k in raw})
        lo, hi = style.get("size", [8, 8])
        slot = Slot(name, raw["w"], raw.get("h", 100.0), hi, lo, style.get("family", "PT Sans"),
                    bool(style.get("bold", False)), False, style.get("align", "left"), style.get("leading", 1.2),
                    style.get("max_lines"), style.get("hyphenate"))
    color = _colour(raw.get("color", (style or {}).get("color", "ink")), palette)
    return SlotSpec(name, raw.get("x", 0.0), raw.get("y"), raw["w"], raw.get("h", 100.0), slot, color,
                    raw.get("flow", 0.0), raw.get("dx", 0.0), raw.get("dy", 0.0), raw.get("rows", 0),
                    raw.get("gap", 1.0), raw.get("inline", False), raw.get("beside", ""), raw.get("min_row", 0.0),
                    tuple(raw.get("columns", ())), raw.get("across", 0))


@lru_cache(maxsize=64)
def layout(templates: Path, name: str) -> Layout:
    """The declared layout templates/<name>.toml (inheriting its `extends` base)."""
    styles = _styles(templates)
    palette = dict(styles.get("palette", {}))
    raw, at = _raw(templates, name)
    face = raw.get("face", {})
    width, height = face.get("width", 69.5), face.get("height", 94.9)
    slots = {k: _spec(at[k], k, v, styles, palette) for k, v in raw.get("slot", {}).items()}
    return Layout(name, width, height, face.get("bottom", height), slots, palette, face.get("top", 0.0))


def forget_templates() -> None:
    """Forget the SVG templates and face layouts read in this process, so that edited ones are read again (the
    preview's watch mode)."""
    environment.cache_clear()
    layout.cache_clear()
    _styles.cache_clear()


def preload_layouts(templates: Path) -> None:
    """Read every face layout of the folder in this process, so that worker processes forked afterwards share them
    (a layout with a mistake is left to the component using it, which reports it)."""
    for path in sorted(templates.rglob("*.toml")):
        name = path.relative_to(templates).with_suffix("").as_posix()
        if name != STYLE_FILE.removesuffix(".toml"):
            try:
                layout(templates, name)
            except (CheckFailed, KeyError, TypeError, ValueError, AttributeError):
                pass


@dataclass
class Face:
    """One face being composed from its layout: texts fitted to declared slots, problems collected."""

    ctx: Any  # the build context: root, lang
    component: str
    card: str
    name: str  # "<game>/<face>": templates/<name>.svg.j2 and templates/<name>.toml
    texts: list[dict[str, Any]] = field(default_factory=list)
    at: dict[str, Box] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    size: tuple[float, float] | None = None  # (W, H) mm when the face grows with its data (e.g. a track)
    template: str | None = None  # another face's template drawing this layout (default: templates/<name>.svg.j2)
    cursor: float = 0.0
    last: Box | None = None
    origins: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """Flowing slots start below the layout's top (e.g. under the header band)."""
        self.cursor = self.L.top

    @cached_property
    def L(self) -> Layout:  # noqa: N802 (the templates' short name)
        """The declared layout (looked up once per face)."""
        return layout(self.ctx.root / "templates", self.name)

    def _where(self) -> Where:
        return Where(self.component, self.card, self.ctx.lang)

    def _box(self, slot: str, i: int | None, rows: int | None) -> tuple[SlotSpec, str, float, float]:
        """Where slot (item i) goes: fixed y, or flowing below the cursor; a grid (dy or rows) from item 0."""
        if slot not in self.L.slots:
            raise CheckFailed([Problem("error", "face-layout", f"{self._where().text(slot)}: the layout declares no "
                                       f"slot {slot!r}", f"templates/{self.name}.toml",
                                       hint=f"declare it, or use one of: {', '.join(self.L.slots)}")])
        spec = self.L.slots[slot]
        key = slot if i is None else f"{slot}-{i}"
        k = i or 0
        per = rows or spec.rows
        col, row = (k // per, k % per) if per else (k % spec.across, k // spec.across) if spec.across else (k, k)
        grid = bool(per or spec.dy)
        if spec.inline:
            return spec, key, spec.x + col * spec.dx, self.last.y if self.last else self.cursor
        if spec.beside:
            row_box = self.at[spec.beside if i is None else f"{spec.beside}-{k}"]
            return spec, key, spec.x, row_box.y
        if spec.y is not None:
            origin = spec.y
        elif grid and k:
            origin = self.origins[slot]
        else:
            origin = self.cursor + spec.flow
        if not k:
            self.origins[slot] = origin  # item 0 anchors a grid's later items
        return spec, key, spec.x + col * spec.dx, origin + (row * spec.dy if grid else 0.0)

    def box(self, slot: str, i: int | None = None, rows: int | None = None, advance: bool = True) -> Box:
        """Place an art box (a declared slot without text, e.g. a drawing in the flow) and return it."""
        spec, key, x, y = self._box(slot, i, rows)
        self.at[key] = self.last = Box(x, y, spec.w, spec.h)
        if advance:
            self.cursor = max(self.cursor, y + spec.h)
        return self.at[key]

    def text(self, slot: str, text: str, i: int | None = None, rows: int | None = None,
             color: str | None = None, valign: str = "top", icon_color: str | None = None) -> Box | None:
        """Fit text into a declared slot (indexed i for repeated slots); returns where it landed."""
        spec, key, x, y = self._box(slot, i, rows)
        room = self._room(spec, y)
        if room <= 0:
            self._no_room(key, spec, text)
            return None
        try:
            block = fit(text, Slot(key, spec.w, room, spec.slot.max_pt, spec.slot.min_pt, spec.slot.family,
                                   spec.slot.bold, False, spec.slot.align, spec.slot.leading, spec.slot.max_lines,
                                   spec.slot.hyphenate), self._where())
        except CheckFailed as exc:
            self.problems.extend(exc.problems)
            return None
        top = y + (spec.h - block.height) / 2 if valign == "middle" else y
        placed = self._place(key, [block], x, top, spec, color)
        self.texts[-1]["icon_color"] = icon_color
        return placed

    def stack(self, slot: str, texts: list[str], color: str | None = None) -> Box | None:
        """Fit paragraphs one under another in a declared slot at one common size."""
        spec, key, x, y = self._box(slot, None, None)
        room = self._room(spec, y)
        if room <= 0:
            self._no_room(key, spec, " / ".join(texts))
            return None
        try:
            blocks = fit_stack(texts, Slot(key, spec.w, room, spec.slot.max_pt, spec.slot.min_pt, spec.slot.family,
                                           spec.slot.bold, False, spec.slot.align, spec.slot.leading),
                               self._where(), gap=spec.gap, min_row=spec.min_row)
        except CheckFailed as exc:
            self.problems.extend(exc.problems)
            return None
        return self._place(key, blocks, x, y, spec, color)

    def table(self, slot: str, rows: list[list[str]], color: str | None = None) -> Box | None:
        """Fit a table (first row the header) in a declared slot; rows are recorded as boxes <slot>-<r>."""
        spec, key, x, y = self._box(slot, None, None)
        widths = [spec.w * c for c in spec.columns]
        try:
            table = fit_table(rows, widths, Slot(key, spec.w, self._room(spec, y), spec.slot.max_pt, spec.slot.min_pt,
                                                 spec.slot.family, False, False, "left", spec.slot.leading),
                              self._where())
        except CheckFailed as exc:
            self.problems.extend(exc.problems)
            return None
        top = y
        for r, (cells, h) in enumerate(zip(table.cells, table.heights)):
            cx = x
            for block, w in zip(cells, widths):
                self.texts.append(dict(block=block, x=cx, y=y, color=color or spec.color))
                cx += w
            self.at[f"{key}-{r}"] = Box(x, y, spec.w, h)
            y += h
        self.at[key] = self.last = Box(x, top, spec.w, y - top)
        self.cursor = max(self.cursor, y)
        return self.at[key]

    def _room(self, spec: SlotSpec, y: float) -> float:
        """A flowing slot ends at the layout's bottom (above the footer); a fixed slot has its declared box."""
        return min(spec.h, self.L.bottom - y) if spec.y is None else spec.h

    def _place(self, key: str, blocks: list[Block], x: float, y: float, spec: SlotSpec,
               color: str | None) -> Box:
        top = y
        for i, b in enumerate(blocks):
            self.texts.append(dict(block=b, x=x, y=y, color=color or spec.color))
            self.at[f"{key}-{i}"] = Box(x, y, spec.w, max(b.height, spec.min_row))
            y += max(b.height, spec.min_row) + spec.gap
        used = y - spec.gap - top
        self.at[key] = self.last = Box(x, top, spec.w, used)
        self.cursor = max(self.cursor, top + used)
        return self.at[key]

    def _no_room(self, key: str, spec: SlotSpec, text: str) -> None:
        """No room left for a flowing slot: an overflow the fit watcher sees (a warning in the pseudo-locale)."""
        try:
            settle([text], replace(spec.slot, name=key, width=spec.w, height=0.0), self._where(), Problem(
                "error", "overflow", f"{self._where().text(key)}: no room left on the face for {text!r}",
                where=self.card, hint="shorten the texts above it (or their translations)"))
        except CheckFailed as exc:
            self.problems.extend(exc.problems)

    def svg(self, **values: Any) -> str:
        """The face as SVG text (templates/<name>.svg.j2); any text that did not fit raises every problem found."""
        templates, name, values = self._template(values)
        return render_template(templates, name, **values)

    def drawing(self, **values: Any) -> Drawing:
        """The face drawn (a reusable vector Drawing): svg() drawn, its texts handed over without SVG text."""
        templates, name, values = self._template(values)
        return template_drawing(templates, name, **values)

    def _template(self, values: dict[str, Any]) -> tuple[Path, str, dict[str, Any]]:
        """The face's template and what it is rendered with; any text that did not fit raises every problem."""
        if self.problems:
            raise CheckFailed(self.problems)
        L = self.L
        w, h = self.size or (L.width, L.height)
        return (self.ctx.root / "templates", f"{self.template or self.name}.svg.j2",
                dict(W=w, H=h, L=L.slots, P=L.palette, at=self.at, texts=self.texts, **values))


def collect(builders: list[Any]) -> list[Any]:
    """Run face builders, gathering every CheckFailed into one (so a build lists all overflows at once)."""
    out, problems = [], []
    for build in builders:
        try:
            out.append(build())
        except CheckFailed as exc:
            problems.extend(exc.problems)
    if problems:
        raise CheckFailed(problems)
    return out
