"""Booklet figures and inline icons: the components' own drawings, drawn by the same cairo code as the sheets and
placed in the booklet as PDF forms.

Every figure is the drawing a component prints (board, legend, ladder strip, suits, strikes, track): its art drawn by
cairosvg and its texts and icons by cairo (render/svg.collected_drawing), as on the sheets. reportlab lays the
booklet out; where a figure or an inline icon goes it paints a 1 x 1 placeholder image whose one pixel numbers the
picture (figures: a Flowable; icons: an `<a name>` anchor in the paragraph, which reportlab reports with its
position to the canvas's public bookmarkHorizontal). Once reportlab has written the PDF, `place_forms` (pikepdf)
swaps each placeholder for the picture's cairo PDF as a form XObject painted in the same unit square: paths stay
paths and text stays text in the kit's faces, a picture shown twice is stored once, and no booklet PDF keeps a
raster image.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any, Callable, Hashable

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from ..content.games import each
from ..plan.model import BuildContext
from ..problems import CheckFailed, Problem
from ..render.icons import ICONS
from ..render.layout import FLOOR_PT, NBSP
from ..render.pdf import PdfDoc
from ..render.svg import Drawing, Item, Sketch, collected_items, draw_items, recorded, render_template

ANCHOR = "inline-icon"  # the name of an inline icon's anchor starts so: "inline-icon <name> <size> <leading>"
ICON_EM = 1.05  # an inline icon is this many ems wide (as on the cards: generator.render.layout.ICON_EM)
PT_PER_MM = 72 / 25.4


@dataclass(frozen=True)
class Picture:
    """A component's drawing ready to be shown at any scale: its art, its texts and icons (items), the matrix from
    the SVG's user units to pt, and the region shown (x, y, w, h in pt)."""

    art: Drawing
    items: tuple[Item, ...]
    region: tuple[float, float, float, float]

    @property
    def width(self) -> float:
        return self.region[2]

    @property
    def height(self) -> float:
        return self.region[3]

    def legible(self, scale: float) -> tuple[Item, ...]:
        """The items without the text a reader could not read at this scale (under FLOOR_PT): a component shrunk
        into a booklet shows its shapes and colours, and only the words that stay legible."""
        units = math.sqrt(abs(self.art.units[0] * self.art.units[3] - self.art.units[1] * self.art.units[2]))
        out = []
        for item in self.items:
            size = item.args[0].size if item.kind == "block" else item.args[3] if item.kind == "label" else None
            if size is not None:
                a, b, c, d = item.matrix[:4]
                if size * units * math.sqrt(abs(a * d - b * c)) * scale < FLOOR_PT - 0.01:
                    continue
            out.append(item)
        return tuple(out)

    def pdf(self, scale: float = 1.0) -> bytes:
        """A one-page PDF of the region (pt), its text left out where illegible at scale (cairo, as the sheets)."""
        keep = self.legible(scale)

        def draw(cr: Any) -> None:
            cr.set_source_surface(self.art.surface, 0, 0)
            cr.paint()
            if keep:
                import cairocffi as cairo

                cr.transform(cairo.Matrix(*self.art.units))
                draw_items(cr, list(keep))

        drawing = recorded(self.art.width, self.art.height, draw)
        x, y, w, h = self.region
        doc = PdfDoc(0, "figure")
        cr = doc.page(w / PT_PER_MM, h / PT_PER_MM)
        cr.rectangle(0, 0, w, h)  # what lies outside the region is cut away, for the eye and for the page QA
        cr.clip()
        doc.place(drawing, -x, -y, 1.0, self.region)
        return doc.finish()


def picture(art: Drawing, items: list[Item], box: tuple[float, float, float, float] | None = None) -> Picture:
    """A Picture of a drawing; box (x, y, w, h in the SVG's units, mm) crops it."""
    if box is None:
        region = (0.0, 0.0, art.width, art.height)
    else:
        sx, _, _, sy, tx, ty = art.units
        region = (box[0] * sx + tx, box[1] * sy + ty, box[2] * sx, box[3] * sy)
    return Picture(art, tuple(items), region)


class Pictures:
    """The pictures one booklet shows, numbered as they are first placed, and the placeholder image of each."""

    def __init__(self) -> None:
        self.makers: list[Callable[[], bytes]] = []
        self.numbers: dict[Hashable, int] = {}

    def placeholder(self, key: Hashable, make: Callable[[], bytes]) -> ImageReader:
        """The 1 x 1 image standing for the picture key (make() gives its one-page PDF when it is placed)."""
        if key not in self.numbers:
            self.numbers[key] = len(self.makers)
            self.makers.append(make)
        n = self.numbers[key] + 1  # never black: 0 is no picture
        from PIL import Image

        return ImageReader(Image.new("RGB", (1, 1), (n >> 16 & 255, n >> 8 & 255, n & 255)))

    def number_of(self, rgb: tuple[int, int, int]) -> int | None:
        """The picture a placeholder's pixel stands for (None: not one of this booklet's)."""
        n = (rgb[0] << 16 | rgb[1] << 8 | rgb[2]) - 1
        return n if 0 <= n < len(self.makers) else None


class Figure(Flowable):
    """A picture scaled to fit the frame width (never enlarged), centred; text that would print under the type
    floor is left out (Picture.legible at the scale it is finally drawn)."""

    def __init__(self, name: str, shown: Picture, max_width: float, pictures: Pictures):
        super().__init__()
        self.name, self.picture, self.pictures = name, shown, pictures
        self.scale = min(1.0, max_width / shown.width)
        self.shrink = 1.0  # further scale applied by the page (typeset.Scalable)
        self.width, self.height = shown.width * self.scale, shown.height * self.scale
        self.hAlign = "CENTER"

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """The scaled size."""
        return self.width, self.height

    def draw(self) -> None:
        """The placeholder of this picture at this scale (place_forms puts the picture there)."""
        scale = round(self.scale * self.shrink, 4)
        image = self.pictures.placeholder(("figure", self.name, scale), lambda: self.picture.pdf(scale))
        self.canv.drawImage(image, 0, 0, self.width, self.height)


@dataclass(frozen=True)
class FigureSource:
    """Makers of the figures a booklet may show: name -> the component's SVG (and crop box)."""

    makers: dict[str, Callable[[Sketch], tuple[str, tuple[float, float, float, float] | None]]]


def figure_source(ctx: BuildContext) -> FigureSource:
    """Every figure name with the component drawing behind it, in the context's language: each game's booklet module
    (content/games.toml `booklet`) gives its own (``figures(ctx)``)."""
    makers: dict[str, Callable[[Sketch], Any]] = {}
    for module in each("booklet").values():
        if hasattr(module, "figures"):
            makers.update(module.figures(ctx))
    return FigureSource(makers)


def figure_picture(make: Callable[[Sketch], tuple[str, tuple[float, float, float, float] | None]]) -> Picture:
    """A figure maker's drawing as a Picture: its SVG made with a sketch taking its texts and icons (as the sheets)."""
    box: list[Any] = []

    def svg(sketch: Sketch) -> str:
        text, crop = make(sketch)
        box.append(crop)
        return text

    art, items = collected_items(svg)
    return picture(art, items, box[0])


def figure_factory(src: FigureSource, where: str, pictures: Pictures) -> Callable[[str, float], Flowable]:
    """The booklet's figure maker; an unknown figure name is a build error naming the known ones."""
    cache: dict[str, Picture] = {}

    def make(name: str, width: float) -> Flowable:
        if name not in src.makers:
            raise CheckFailed([Problem("error", "booklet-figure", f"unknown figure {name!r}", where,
                                       hint=f"use one of: {', '.join(sorted(src.makers))}")])
        if name not in cache:
            cache[name] = figure_picture(src.makers[name])
        return Figure(name, cache[name], width, pictures)

    return make


def icon_markup_factory(ctx: BuildContext, where: str, pictures: Pictures) -> tuple[Callable[..., str], type]:
    """Inline {icon:X}: paragraph markup reserving the icon's width, and the canvas class painting it (vector).

    The markup is an anchor (`<a name>`, whose position reportlab reports to the canvas) followed by no-break spaces
    sized to the icon's width (reportlab never breaks a line at a no-break space), so the icon travels with the word
    it is glued to.
    """
    games = each("booklet").values()  # each game's booklet module: its own names of icons, its own icons
    by_code = {k: v for m in games if hasattr(m, "icon_names") for k, v in m.icon_names(ctx).items()}
    icons: dict[str, Picture] = {}

    def resolve(name: str) -> str:
        name = by_code.get(name, name)
        if name in ICONS or _game_icon(ctx, name):
            return name
        raise CheckFailed([Problem("error", "booklet-icon", f"unknown icon {name!r}", where,
                                   hint=f"use a game's icon name ({', '.join(sorted(by_code))}), a game's own icon "
                                   f"or one of: {', '.join(sorted(ICONS))}")])

    def markup(name: str, size: float, leading: float) -> str:
        name = resolve(name)
        from reportlab.pdfbase.pdfmetrics import stringWidth

        from ..render.fonts import register_reportlab

        register_reportlab()
        em = stringWidth(NBSP, "PTSans", 1.0)
        count = 4
        fs = size * ICON_EM / (count * em)
        return (f'<a name="{ANCHOR} {name} {size:.3f} {leading:.3f}"/>'
                f'<font name="PTSans" size="{fs:.3f}">{NBSP * count}</font>')

    def shown(name: str) -> Picture:
        if name not in icons:
            art, items = collected_items(lambda sketch: _inline_svg(ctx, name, sketch))
            icons[name] = picture(art, items)
        return icons[name]

    class IconCanvas(Canvas):
        """The booklet's canvas: an inline icon's anchor paints the icon's placeholder where the anchor is (the
        line's top at the icon's left edge); other anchors are reportlab's own bookmarks."""

        def bookmarkHorizontal(self, key, relativeX, relativeY, **kw):
            if not str(key).startswith(ANCHOR + " "):
                return super().bookmarkHorizontal(key, relativeX, relativeY, **kw)
            _, name, size, leading = key.split()
            s = float(size) * ICON_EM
            image = pictures.placeholder(("icon", name), lambda: shown(name).pdf())
            self.drawImage(image, relativeX + s * 0.04, relativeY - float(leading) - float(size) * 0.18,
                           s * 0.92, s * 0.92)
            return None

    return markup, IconCanvas


def _game_icon(ctx: BuildContext, name: str, sketch: Sketch | None = None) -> str | None:
    """A game's own inline icon (its booklet module's ``icon_svg``: e.g. a suit; its texts handed to the sketch), or
    None."""
    for module in each("booklet").values():
        svg = module.icon_svg(ctx, name, sketch) if hasattr(module, "icon_svg") else None
        if svg:
            return svg
    return None


def _inline_svg(ctx: BuildContext, name: str, sketch: Sketch) -> str:
    return _game_icon(ctx, name, sketch) or render_template(ctx.root / "templates", "icon.svg.j2", sketch, icon=name)


def place_forms(data: bytes, pictures: Pictures) -> bytes:
    """The booklet PDF with every placeholder image replaced by its picture as a form XObject (drawn in the unit
    square the image was painted in); each picture is stored once per document."""
    import pikepdf

    if not pictures.makers:
        return data
    pdf = pikepdf.open(io.BytesIO(data))
    forms: dict[int, Any] = {}
    for page in pdf.pages:
        xobjects = page.obj.get("/Resources", {}).get("/XObject")
        if xobjects is None:
            continue
        for key in list(xobjects.keys()):
            image = xobjects[key]
            if image.get("/Subtype") != pikepdf.Name.Image or image.get("/Width") != 1 or image.get("/Height") != 1:
                continue
            number = pictures.number_of(pikepdf.PdfImage(image).as_pil_image().convert("RGB").getpixel((0, 0)))
            if number is None:
                continue
            if number not in forms:
                forms[number] = _unit_form(pdf, pictures.makers[number]())
            xobjects[key] = forms[number]
    out = io.BytesIO()
    pdf.save(out, static_id=True, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return out.getvalue()


def _unit_form(pdf: Any, one_page: bytes) -> Any:
    """The page of a one-page PDF as a form XObject of pdf drawn into the unit square (as an image is), clipped to
    it by a clip path the page QA reads (a figure cropped from a larger drawing hides nothing past its crop)."""
    import pikepdf

    src = pikepdf.open(io.BytesIO(one_page))
    page = src.pages[0]
    x0, y0, x1, y1 = (float(v) for v in page.mediabox)
    inner = pdf.copy_foreign(page.as_form_xobject())
    w, h = x1 - x0, y1 - y0
    content = f"q 0 0 1 1 re W n {1 / w:.6f} 0 0 {1 / h:.6f} {-x0 / w:.6f} {-y0 / h:.6f} cm /P Do Q".encode()
    return pdf.make_stream(content, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                           BBox=pikepdf.Array([0, 0, 1, 1]),
                           Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(P=inner)))
