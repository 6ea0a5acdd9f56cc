"""Face building for the GROUND and duel components on the card engine: fitted text slots plus SVG art."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..kit.model import BuildContext
from ..problems import CheckFailed, Problem
from ..render.cards import BLEED, BLEED_H, BLEED_W, SAFE, face_drawing
from ..render.layout import FLOOR_PT, Slot, Where, fit
from ..render.svg import Drawing

INK = "#1d1d1b"
MUTED = "#5a5a56"
M = BLEED + SAFE  # safe-zone margin from the bleed edge (mm)
INNER_W = BLEED_W - 2 * M


@dataclass
class Face:
    """One face being composed: texts fitted to slots (errors collected) and SVG art, in mm."""

    ctx: BuildContext
    component: str
    card: str
    template: str = "ground/face.svg.j2"
    width: float = BLEED_W
    height: float = BLEED_H
    bg: str = "#ffffff"
    art: list[str] = field(default_factory=list)
    texts: list[dict[str, Any]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    bottom: float | None = None  # lowest y text may reach (default: above the footer line)

    def text(self, text: str, x: float, y: float, w: float, h: float, max_pt: float, min_pt: float | None = None,
             bold: bool = False, align: str = "left", color: str = INK, narrow: bool = False,
             slot: str = "text") -> float:
        """Fit text into a box at (x, y) (top-left, mm), never below the face's bottom; returns the height taken."""
        card = abs(self.width - BLEED_W) < 1e-6 and abs(self.height - BLEED_H) < 1e-6
        limit = self.bottom if self.bottom is not None else \
            self.height - (M + (3.6 if slot != "footer" else 0) if card else 0)
        h = min(h, limit - y)
        if h <= 0:
            self.problems.append(Problem("error", "overflow", f"component {self.component}, card {self.card}, slot "
                                         f"{slot}, language {self.ctx.lang}: no room left on the face for {text!r}",
                                         where=self.card, hint="shorten the texts above it (or their translations)"))
            return 0.0
        s = Slot(slot, w, h, max_pt, min_pt or max_pt * 0.7, "PT Sans Narrow" if narrow else "PT Sans", bold,
                 False, align)
        try:
            block = fit(text, s, Where(self.component, self.card, self.ctx.lang))
        except CheckFailed as exc:
            self.problems.extend(exc.problems)
            return 0.0
        self.texts.append(dict(block=block, x=x, y=y, color=color))
        return block.height

    def stack(self, texts: list[tuple[str, str]], x: float, y: float, w: float, max_pt: float, min_pt: float,
              gap: float = 1.2, bottom: float | None = None, **style: Any) -> float:
        """Fit (slot, text) paragraphs one under another at one common size; returns the height they take."""
        limit = bottom if bottom is not None else (self.bottom if self.bottom is not None else self.height - M - 3.6)
        where = Where(self.component, self.card, self.ctx.lang)
        families = ["PT Sans Narrow"] if style.get("narrow") else ["PT Sans", "PT Sans Narrow"]
        min_pt, max_pt = max(min_pt, FLOOR_PT), max(max_pt, FLOOR_PT)
        total = 0.0
        for family in families:  # the condensed face before giving up: room by layout, never below the floor
            size = max_pt
            while size >= min_pt - 1e-9:
                try:
                    blocks = [fit(t, Slot(name, w, 10_000, size, size, family, bool(style.get("bold"))), where)
                              for name, t in texts]
                except CheckFailed as exc:
                    self.problems.extend(exc.problems)
                    return 0.0
                total = sum(b.height for b in blocks) + gap * (len(blocks) - 1)
                if y + total <= limit + 1e-6:
                    for b in blocks:
                        self.texts.append(dict(block=b, x=x, y=y, color=style.get("color", INK)))
                        y += b.height + gap
                    return total
                size = round(size - 0.25, 4)
        slots = ", ".join(n for n, _ in texts)
        message = (f"component {self.component}, card {self.card}, slots {slots}, language {self.ctx.lang}: "
                   f"the texts do not fit at {min_pt} pt ({total - (limit - y):.1f} mm too tall)")
        self.problems.append(Problem("error", "overflow", message, where=self.card,
                                     hint="shorten the texts (or their translations)"))
        return 0.0

    def svg(self, fragment: str) -> None:
        """Add programmatic art (shapes only: no text)."""
        self.art.append(fragment)

    def rect(self, x: float, y: float, w: float, h: float, fill: str = "none", stroke: str | None = None,
             sw: float = 0.3, rx: float = 0.0, dash: str | None = None) -> None:
        """A rectangle in mm."""
        extra = f' stroke="{stroke}" stroke-width="{sw:.3f}"' if stroke else ""
        extra += f' stroke-dasharray="{dash}"' if dash else ""
        self.art.append(f'<rect x="{x:.3f}" y="{y:.3f}" width="{w:.3f}" height="{h:.3f}" rx="{rx:.3f}" '
                        f'fill="{fill}"{extra}/>')

    def drawing(self) -> Drawing:
        """Render the face; any text that did not fit stops the build with every problem found."""
        if self.problems:
            raise CheckFailed(self.problems)
        return face_drawing(self.ctx.root, self.template, W=self.width, H=self.height, bg=self.bg,
                            art="".join(self.art), texts=self.texts)


def ui(ctx: BuildContext, component: str, msgid: str) -> str:
    """A component's own printed label (msgctxt = component id)."""
    return ctx.p_(component, msgid)


def footer(f: Face, text: str, color: str = MUTED) -> None:
    """Small print at the bottom of the safe zone (e.g. 'GROUND · Sample edition')."""
    f.text(text, M, f.height - M - 3.2, f.width - 2 * M, 3.4, 6.5, 6.5, align="center", color=color, narrow=True,
           slot="footer")


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
