"""The kit's fonts (PT Sans, PT Sans Narrow from PyPI), registered with fontconfig/cairo and reportlab."""

from __future__ import annotations

import ctypes
import ctypes.util
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import fontpkg_pt_sans
import fontpkg_pt_sans_narrow


@dataclass(frozen=True)
class Face:
    """One font file: the family name cairo/fontconfig knows, its style, and the reportlab name."""

    family: str
    bold: bool
    italic: bool
    path: Path
    rl_name: str


def _files(pkg) -> Path:
    return Path(pkg.__file__).parent / "files"


SANS_DIR = _files(fontpkg_pt_sans)
NARROW_DIR = _files(fontpkg_pt_sans_narrow)
FACES = (
    Face("PT Sans", False, False, SANS_DIR / "PT_Sans-Web-Regular.ttf", "PTSans"),
    Face("PT Sans", True, False, SANS_DIR / "PT_Sans-Web-Bold.ttf", "PTSans-Bold"),
    Face("PT Sans", False, True, SANS_DIR / "PT_Sans-Web-Italic.ttf", "PTSans-Italic"),
    Face("PT Sans", True, True, SANS_DIR / "PT_Sans-Web-BoldItalic.ttf", "PTSans-BoldItalic"),
    Face("PT Sans Narrow", False, False, NARROW_DIR / "PT_Sans-Narrow-Web-Regular.ttf", "PTSansNarrow"),
    Face("PT Sans Narrow", True, False, NARROW_DIR / "PT_Sans-Narrow-Web-Bold.ttf", "PTSansNarrow-Bold"),
)


def face(family: str = "PT Sans", bold: bool = False, italic: bool = False) -> Face:
    """The face of a family and style (Narrow has no italics: the upright face is used)."""
    for f in FACES:
        if f.family == family and f.bold == bold and (f.italic == italic or family == "PT Sans Narrow"):
            return f
    raise KeyError(f"no font {family!r} bold={bold} italic={italic}")


@lru_cache(maxsize=1)
def register_fontconfig() -> None:
    """Add the packaged font folders to fontconfig's current configuration, so cairo finds them."""
    lib = ctypes.util.find_library("fontconfig")
    if not lib:
        raise RuntimeError("fontconfig library not found: install libfontconfig1 (Debian) or fontconfig (Homebrew)")
    fc = ctypes.CDLL(lib)
    fc.FcConfigAppFontAddDir.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    fc.FcConfigAppFontAddDir.restype = ctypes.c_int
    for folder in (SANS_DIR, NARROW_DIR):
        if not fc.FcConfigAppFontAddDir(None, str(folder).encode()):
            raise RuntimeError(f"fontconfig could not add the font folder {folder}")


@lru_cache(maxsize=None)
def register_reportlab() -> None:
    """Register every face and the two families with reportlab (embedded TrueType subsets), once per process:
    registering again would swap the font objects under a document being drawn (output then depends on history)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for f in FACES:
        pdfmetrics.registerFont(TTFont(f.rl_name, str(f.path)))
    map_families()


def map_families() -> None:
    """Point the families' bold and italic at their faces (<b> in a paragraph); again after anything registers a
    face anew (reportlab then maps every style of that name to the one face: bold text would print regular)."""
    from reportlab.lib.fonts import addMapping

    for f in FACES:
        addMapping(f.rl_name.split("-")[0], int(f.bold), int(f.italic), f.rl_name)
    addMapping("PTSansNarrow", 0, 1, "PTSansNarrow")
    addMapping("PTSansNarrow", 1, 1, "PTSansNarrow-Bold")


@lru_cache(maxsize=None)
def cmap(path: Path) -> frozenset[int]:
    """Code points a font file has glyphs for."""
    from fontTools.ttLib import TTFont

    with TTFont(str(path), lazy=True) as font:
        return frozenset(font.getBestCmap())


@lru_cache(maxsize=4096)
def missing_glyphs(text: str, f: Face) -> str:
    """Characters of text (other than whitespace/controls) the face has no glyph for (asked again for repeated
    texts: a deck's footer, the small print of every page)."""
    have = cmap(f.path)
    return "".join(sorted({ch for ch in text if not ch.isspace() and ord(ch) not in have and ord(ch) >= 32}))


@dataclass(frozen=True)
class Metrics:
    """Unkerned advance widths of one face, in em units, as cairo's toy API lays them out."""

    advances: dict[int, float]
    ascent: float
    descent: float
    default: float
    ems: dict[str, float] = field(default_factory=dict, compare=False, repr=False)  # widths measured so far

    def width(self, text: str, size: float) -> float:
        """Advance width of text at size (same unit as size); each text is summed once (fitting measures the same
        words at every size it tries)."""
        em = self.ems.get(text)
        if em is None:
            adv = self.advances
            em = self.ems[text] = sum(adv.get(ord(ch), self.default) for ch in text)
        return em * size


@lru_cache(maxsize=None)
def metrics(f: Face) -> Metrics:
    """Advance widths and vertical metrics of a face, read once with fontTools."""
    from fontTools.ttLib import TTFont

    with TTFont(str(f.path), lazy=True) as font:
        upm = font["head"].unitsPerEm
        hmtx = font["hmtx"]
        advances = {cp: hmtx[name][0] / upm for cp, name in font.getBestCmap().items()}
        hhea = font["hhea"]
        notdef = hmtx[font.getGlyphOrder()[0]][0] / upm
        return Metrics(advances, hhea.ascent / upm, -hhea.descent / upm, notdef)


def string_width(text: str, f: Face, size: float) -> float:
    """Unkerned width of text set in face f at size."""
    return metrics(f).width(text, size)


def prime_cairo_fonts() -> None:
    """Resolve every cairo toy face once, the same way in every process, before anything is drawn.

    cairo resolves a toy face (family, slant, weight) through fontconfig on its first use and keeps the
    rendering options of that first use (hinting, antialiasing) for later ones: without this, raster text could
    depend on which component happened to draw text first in the process (serial and parallel builds differ).
    """
    import cairocffi as cairo

    register_fontconfig()
    opts = cairo.FontOptions()  # what cairosvg uses for text-rendering="geometricPrecision" (every card face)
    opts.set_antialias(cairo.ANTIALIAS_BEST)
    opts.set_hint_style(cairo.HINT_STYLE_NONE)
    opts.set_hint_metrics(cairo.HINT_METRICS_OFF)
    cr = cairo.Context(cairo.ImageSurface(cairo.FORMAT_ARGB32, 8, 8))
    cr.set_font_options(opts)
    for family in dict.fromkeys(f.family for f in FACES):
        for slant in (cairo.FONT_SLANT_NORMAL, cairo.FONT_SLANT_ITALIC):
            for weight in (cairo.FONT_WEIGHT_NORMAL, cairo.FONT_WEIGHT_BOLD):
                cr.select_font_face(family, slant, weight)
                cr.set_font_size(10)
                cr.text_extents("Ag")


def preload_fonts(reportlab: bool) -> None:
    """Read every face's metrics (and register them with reportlab when asked) in this process, so that worker
    processes forked afterwards share them instead of each reading the font files again."""
    for f in FACES:
        metrics(f)
        cmap(f.path)
    if reportlab:
        register_reportlab()
