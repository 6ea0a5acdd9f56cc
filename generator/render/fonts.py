"""The kit's fonts (PT Sans, PT Sans Narrow from PyPI), drawn by cairo from these files alone (a private fontconfig
configuration: register_fontconfig) and registered with reportlab."""

from __future__ import annotations

import ctypes
import ctypes.util
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import fontpkg_pt_sans
import fontpkg_pt_sans_narrow

from ..problems import Problem
from . import font_tables


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


# The private fontconfig configuration cairo draws with (register_fontconfig): no font folder of the system or
# the user, no rule from /etc/fonts, no cache; the kit's font files are added to it one by one. Its rules are the
# rendering defaults the kit was drawn with on Debian's stock configuration (10-hinting-slight, 10-yes-antialias,
# 11-lcdfilter-default, 90-synthetic), written out here so that no machine's configuration changes them.
FONTS_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <match target="pattern"><edit name="hintstyle" mode="append"><const>hintslight</const></edit></match>
  <match target="pattern"><edit name="antialias" mode="append"><bool>true</bool></edit></match>
  <match target="pattern"><edit name="lcdfilter" mode="append"><const>lcddefault</const></edit></match>
  <match target="font">
    <test name="slant"><const>roman</const></test>
    <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>
    <edit name="matrix" mode="assign"><times><name>matrix</name>
      <matrix><double>1</double><double>0.2</double><double>0</double><double>1</double></matrix></times></edit>
    <edit name="slant" mode="assign"><const>oblique</const></edit>
    <edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit>
  </match>
  <match target="font">
    <test name="weight" compare="less_eq"><const>medium</const></test>
    <test target="pattern" name="weight" compare="more_eq"><const>bold</const></test>
    <edit name="embolden" mode="assign"><bool>true</bool></edit>
    <edit name="weight" mode="assign"><const>bold</const></edit>
  </match>
</fontconfig>
"""


class FontSetupError(RuntimeError):
    """The kit's fonts cannot be set up (a font file missing or unreadable, fontconfig absent): the message says
    which file and what to do."""


FONTCONFIG_SONAME = "libfontconfig.so.1"  # what find_library("fontconfig") answers on Linux (cairo has loaded it)


def _fontconfig() -> ctypes.CDLL:
    try:  # by its soname first: find_library runs ldconfig (a process) to find that very name
        fc = ctypes.CDLL(FONTCONFIG_SONAME)
    except OSError:
        lib = ctypes.util.find_library("fontconfig")
        if not lib:
            raise FontSetupError("fontconfig library not found: install libfontconfig1 (Debian) or fontconfig "
                                 "(Homebrew)") from None
        fc = ctypes.CDLL(lib)
    for name, args, res in (("FcConfigCreate", [], ctypes.c_void_p),
                            ("FcConfigParseAndLoadFromMemory", [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int],
                             ctypes.c_int),
                            ("FcConfigBuildFonts", [ctypes.c_void_p], ctypes.c_int),
                            ("FcConfigAppFontAddFile", [ctypes.c_void_p, ctypes.c_char_p], ctypes.c_int),
                            ("FcConfigSetCurrent", [ctypes.c_void_p], ctypes.c_int),
                            ("FcConfigGetCurrent", [], ctypes.c_void_p),
                            ("FcNameParse", [ctypes.c_char_p], ctypes.c_void_p),
                            ("FcConfigSubstitute", [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int], ctypes.c_int),
                            ("FcDefaultSubstitute", [ctypes.c_void_p], None),
                            ("FcFontMatch", [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)],
                             ctypes.c_void_p),
                            ("FcPatternGetString", [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                                                    ctypes.POINTER(ctypes.c_char_p)], ctypes.c_int),
                            ("FcPatternDestroy", [ctypes.c_void_p], None)):
        func = getattr(fc, name)
        func.argtypes, func.restype = args, res
    return fc


FONT_FIX = "reinstall the locked packages: rm -rf .venv && make install"


def font_problems() -> list[Problem]:
    """One problem for each of the kit's font files that is missing or cannot be read as a font (phase one asks,
    before anything renders)."""
    found = []
    for f in FACES:
        try:
            cmap(f.path)
        except Exception as exc:  # noqa: BLE001 - absent, truncated, not a font: the same advice
            reason = "is missing" if not f.path.exists() else f"cannot be read as a font ({exc})"
            style = f"{' bold' if f.bold else ''}{' italic' if f.italic else ''}"
            found.append(Problem("error", "font-file", f"the kit's font file for {f.family}{style} {reason}",
                                 file=str(f.path), hint=FONT_FIX))
    return found


def check_font_files() -> None:
    """FontSetupError naming the first of the kit's font files that is missing or unreadable, and the fix."""
    for p in font_problems()[:1]:
        raise FontSetupError(f"{p.file}: {p.message}; {p.hint}")


@lru_cache(maxsize=1)
def register_fontconfig() -> None:
    """Make fontconfig's current configuration (the one cairo resolves every family through) a private one that
    holds the kit's font files and nothing else (FONTS_CONF), once per process, before anything is drawn: a family
    name can then only resolve to one of the kit's files, whatever the machine's fonts and however cold or busy
    its font cache. Each face must resolve to its own file (checked here); a missing file is a FontSetupError."""
    check_font_files()
    fc = _fontconfig()
    config = fc.FcConfigCreate()
    if not config or not fc.FcConfigParseAndLoadFromMemory(config, FONTS_CONF.encode(), 1):
        raise FontSetupError("fontconfig refused the kit's font configuration (fontconfig 2.13 or later is needed)")
    fc.FcConfigBuildFonts(config)
    for f in FACES:
        if not fc.FcConfigAppFontAddFile(config, str(f.path).encode()):
            raise FontSetupError(f"fontconfig could not load the kit's font file {f.path}; {FONT_FIX}")
    if not fc.FcConfigSetCurrent(config):
        raise FontSetupError("fontconfig could not switch to the kit's font configuration")
    for f in FACES:
        found = resolve(f.family, f.bold, f.italic, fc)
        if found != f.path:
            raise FontSetupError(f"fontconfig resolves {f.family} (bold={f.bold}, italic={f.italic}) to {found}, "
                                 f"not to the kit's {f.path}")


def resolve(family: str, bold: bool = False, italic: bool = False, fc: ctypes.CDLL | None = None) -> Path | None:
    """The font file fontconfig's current configuration gives for a family and style (what cairo's toy API and
    cairosvg draw with: cairo asks for weight medium, 100, or bold, 200)."""
    fc = fc or _fontconfig()
    name = f"{family}:weight={200 if bold else 100}:slant={100 if italic else 0}".encode()
    pattern = fc.FcNameParse(name)
    fc.FcConfigSubstitute(None, pattern, 0)  # FcMatchPattern
    fc.FcDefaultSubstitute(pattern)
    result = ctypes.c_int()
    match = fc.FcFontMatch(None, pattern, ctypes.byref(result))
    fc.FcPatternDestroy(pattern)
    if not match:
        return None
    out = ctypes.c_char_p()
    try:
        if fc.FcPatternGetString(match, b"file", 0, ctypes.byref(out)) != 0:
            return None
        return Path(out.value.decode())
    finally:
        fc.FcPatternDestroy(match)


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


def _table(path: Path) -> dict:
    """A font file's tables (font_tables.py): from the generated file while it matches the kit's font files, else
    read from the file by fontTools."""
    found = font_tables.tables(tuple(f.path for f in FACES))
    table = None if found is None else found.get(path.name)
    if isinstance(table, dict) and isinstance(table.get("advances"), list):
        return table
    return font_tables.read_face(path)


def generate_tables() -> bool:
    """Write the kit's font tables for every process to read (font_tables.py; `make bytecode` runs it)."""
    return font_tables.generate([f.path for f in FACES])


@lru_cache(maxsize=None)
def cmap(path: Path) -> frozenset[int]:
    """Code points a font file has glyphs for."""
    return frozenset(cp for cp, _advance in _table(path)["advances"])


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
    """Advance widths and vertical metrics of a face (its fontTools tables, read once: _table), in ems."""
    table = _table(f.path)
    upm = table["upm"]
    return Metrics({cp: advance / upm for cp, advance in table["advances"]}, table["ascent"] / upm,
                   -table["descent"] / upm, table["notdef"] / upm)


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
