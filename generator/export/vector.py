"""The kit's vector card faces (cairo's single-card PDF pages) turned into press CMYK, still vector: text stays
text (its fonts embedded and subset, as cairo wrote them), line art stays paths; only pictures are pixels.

Every content stream of a face (the page's and each form XObject's it draws, recursively) is parsed with
pikepdf (`parse_content_stream`), its colour operators dropped and a DeviceCMYK `k`/`K` written just before
each painting operator that needs one (`unparse_content_stream`):

- a neutral colour (R, G and B within NEUTRAL of each other) prints on the black plate only: dark ones (mean at
  most PLAIN_BLACK, the kit's black and near-black type and rules) as plain black `0 0 0 1`, lighter greys as
  the K-only tint that matches their lightness through the press profile;
- any other colour goes through the press profile (littleCMS via Pillow's ImageCms, sRGB -> SWOP, relative
  colorimetric with black-point compensation) and the ink limit (cmyk.limit_ink), so no colour lays more than
  cmyk.INK_LIMIT percent;
- constant alpha (the duel backs' patterns: `ca` 0.2-0.3) is flattened: the colour is mixed with the face's
  body colour (the full-bleed rectangle every face paints first, templates/face.svg.j2), the graphics state set
  opaque, and transparency groups dropped; PDF/X-1a allows no transparency;
- images are separated to CMYK (soft masks flattened onto the body colour) at their own resolution.

Shadings, patterns and inline images are not drawn by the kit's templates: meeting one is an error naming the
page, never a silently wrong file.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np
import pikepdf
from PIL import Image, ImageCms

from . import cmyk

NEUTRAL = 0.03  # R, G, B within this of each other: a grey (or black), printed on the black plate alone
PLAIN_BLACK = 0.25  # a neutral this dark or darker prints as plain black, 0 0 0 1 (the kit's #1d1d1b type)
NEAR_NEUTRAL = 0.08  # type and thin rules this dark and at most this far from grey are black type: plain black too
THIN_RULE_PT = 0.75 * 72 / 25.4  # a stroke this wide or thinner (user space) is a rule or frame line, not art
FILL_OPS = {"f", "F", "f*", "B", "B*", "b", "b*", "Tj", "TJ", "'", '"'}
STROKE_OPS = {"S", "s", "B", "B*", "b", "b*"}
TEXT_OPS = {"Tj", "TJ", "'", '"'}
COLOUR_OPS = {"rg", "RG", "g", "G", "k", "K", "cs", "CS", "sc", "SC", "scn", "SCN"}
UNSUPPORTED = {"sh": "a shading", "BI": "an inline image", "INLINE IMAGE": "an inline image"}
RGB = tuple[float, float, float]
CMYK = tuple[float, float, float, float]


class Unsupported(Exception):
    """A face draws something the CMYK conversion does not handle (the message names it)."""


@functools.cache
def _grey_ramp() -> np.ndarray:
    """sRGB lightness (0-255) of K-only tints 0..255 through the press profile (monotonic, darkening)."""
    ramp = np.zeros((1, 256, 4), dtype=np.uint8)
    ramp[0, :, 3] = np.arange(256)
    return np.asarray(cmyk.to_rgb(Image.fromarray(ramp, "CMYK")), dtype=np.float64)[0].mean(axis=1)


@functools.cache
def press_colour(rgb: RGB, small: bool = False) -> CMYK:
    """The DeviceCMYK colour (0-1, 4 decimals) an sRGB colour (0-1) prints as (see the module's rules); small: the
    colour of type or of a thin rule, where a near-black (#2f2a24) is black type too."""
    r, g, b = rgb
    if small and max(rgb) - min(rgb) <= NEAR_NEUTRAL and (r + g + b) / 3 <= PLAIN_BLACK:
        return (0.0, 0.0, 0.0, 1.0)
    if max(rgb) - min(rgb) <= NEUTRAL:
        mean = (r + g + b) / 3
        if mean <= PLAIN_BLACK:
            return (0.0, 0.0, 0.0, 1.0)
        k = int(np.abs(_grey_ramp() - mean * 255).argmin())
        return (0.0, 0.0, 0.0, round(k / 255, 4))
    pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
    c, m, y, k = cmyk.to_cmyk(pixel).getpixel((0, 0))
    return tuple(round(v / 255, 4) for v in (c, m, y, k))  # type: ignore[return-value]


@dataclass
class _State:
    fill: RGB = (0.0, 0.0, 0.0)
    stroke: RGB = (0.0, 0.0, 0.0)
    fill_alpha: float = 1.0
    stroke_alpha: float = 1.0
    fill_space: str = "/DeviceRGB"
    stroke_space: str = "/DeviceRGB"
    width: float = 1.0
    set_fill: CMYK | None = None  # what the converted stream has set (restored by Q with the rest)
    set_stroke: CMYK | None = None

    def copy(self) -> "_State":
        return _State(**self.__dict__)


@dataclass
class Face:
    """The conversion of one page (face): its body colour once painted, what it holds."""

    where: str
    backdrop: RGB | None = None
    texts: int = 0  # text-showing operators kept
    colours: set[CMYK] = field(default_factory=set)


class Converter:
    """Converts faces into one output Pdf (forms shared between faces are converted once per body colour)."""

    def __init__(self, pdf: pikepdf.Pdf):
        self.pdf = pdf
        self._forms: dict[tuple, pikepdf.Object] = {}
        self._images: dict[tuple, pikepdf.Object] = {}

    def page_form(self, instructions: list, resources: pikepdf.Dictionary, box: list[float], where: str,
                  text: bool = True) -> tuple[pikepdf.Object, Face]:
        """A page (its parsed content and its resources, copied into self.pdf) as one CMYK form XObject (BBox the
        page's MediaBox); text=False leaves its text out (the copy that paints the extra bleed)."""
        face = Face(where)
        content, drawn = self._stream(instructions, resources, face, text)
        form = self.pdf.make_stream(content, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                                    BBox=pikepdf.Array(box), Resources=self._resources(resources, drawn, text))
        return form, face

    def _stream(self, instructions, resources: pikepdf.Dictionary, face: Face, text: bool,
                start: _State | None = None) -> tuple[bytes, pikepdf.Dictionary]:
        state, stack, out = (start.copy() if start else _State()), [], []
        state.set_fill = state.set_stroke = None  # a form sets its colours itself before it paints
        xobjects = pikepdf.Dictionary()  # the converted XObjects this stream draws, by the names it uses
        path: list[str] = []
        in_text = False
        for operands, operator in instructions:
            op = str(operator)
            if op in UNSUPPORTED or isinstance(operands, pikepdf.PdfInlineImage):
                raise Unsupported(f"{face.where}: the face draws {UNSUPPORTED.get(op, 'an inline image')}, which "
                                  "the CMYK export does not convert (draw it as paths, or as an image XObject)")
            if op == "q":
                stack.append(state.copy())
            elif op == "Q":
                state = stack.pop() if stack else _State()
            elif op in COLOUR_OPS:
                self._colour(state, op, operands, face)
                continue
            elif op == "gs":
                gs = resources.get("/ExtGState", {}).get(str(operands[0]))
                if gs is not None:
                    state.fill_alpha = float(gs.get("/ca", state.fill_alpha))
                    state.stroke_alpha = float(gs.get("/CA", state.stroke_alpha))
            elif op == "BT":
                in_text = True
                if not text:
                    continue
            elif op == "ET":
                in_text = False
                if not text:
                    continue
            if in_text and not text:
                continue
            if op in ("re", "m"):
                path.append(op)
            if op == "Do":
                self._before_do(state, operands, resources, face, out)
                operands = [self._place(str(operands[0]), resources, face, text, state, xobjects)]
            if op == "w":
                state.width = float(operands[0])
            if op in FILL_OPS:
                if face.backdrop is None and path == ["re"] and state.fill_alpha >= 1:
                    face.backdrop = state.fill  # the body: the face's first opaque rectangle
                self._ensure(state, out, face, fill=True, small=op in TEXT_OPS)
            if op in STROKE_OPS:
                self._ensure(state, out, face, fill=False, small=state.width <= THIN_RULE_PT)
            if op in TEXT_OPS:
                face.texts += 1
                self._ensure(state, out, face, fill=False, small=True)  # stroked text render modes: stroke colour
            if op in ("f", "F", "f*", "B", "B*", "b", "b*", "S", "s", "n"):
                path = []
            out.append((operands, operator))
        return pikepdf.unparse_content_stream(out), xobjects

    def _place(self, name: str, resources, face: Face, text: bool, state: _State,
               xobjects: pikepdf.Dictionary) -> pikepdf.Name:
        """The converted XObject drawn by `name` in this state, entered in `xobjects` (under a new name when the
        same one is drawn converted differently)."""
        source = resources.get("/XObject", {}).get(name)
        if source is None:
            raise Unsupported(f"{face.where}: draws XObject {name}, which its resources do not hold")
        converted = self._xobject(source, face, text, state)
        key, n = name, 1
        while key in xobjects and xobjects[key].objgen != converted.objgen:
            n += 1
            key = f"{name}_{n}"
        xobjects[key] = converted
        return pikepdf.Name(key)

    def _colour(self, state: _State, op: str, operands, face: Face) -> None:
        values = [float(v) for v in operands if not isinstance(v, pikepdf.Name)]
        stroke = op.isupper()
        if op in ("cs", "CS"):
            space = str(operands[0])
            if space not in ("/DeviceRGB", "/DeviceGray", "/DeviceCMYK"):
                raise Unsupported(f"{face.where}: colour space {space} (pattern, ICC or named colour) is not "
                                  "converted; the kit draws in sRGB")
            setattr(state, "stroke_space" if stroke else "fill_space", space)
            rgb: RGB = (0.0, 0.0, 0.0)
        elif op in ("g", "G") or (op.lower() in ("sc", "scn") and len(values) == 1):
            rgb = (values[0],) * 3
        elif op in ("k", "K") or (op.lower() in ("sc", "scn") and len(values) == 4):
            c, m, y, k = values
            rgb = tuple((1 - min(1.0, v + k)) for v in (c, m, y))  # type: ignore[assignment]
        elif len(values) == 3:
            rgb = tuple(values)  # type: ignore[assignment]
        else:
            raise Unsupported(f"{face.where}: colour operator {op} {values} is not converted")
        setattr(state, "stroke" if stroke else "fill", rgb)

    def _effective(self, rgb: RGB, alpha: float, face: Face) -> RGB:
        if alpha >= 1:
            return rgb
        under = face.backdrop or (1.0, 1.0, 1.0)
        return tuple(round(alpha * a + (1 - alpha) * b, 4) for a, b in zip(rgb, under))  # type: ignore[return-value]

    def _ensure(self, state: _State, out: list, face: Face, fill: bool, small: bool = False) -> None:
        rgb, alpha = (state.fill, state.fill_alpha) if fill else (state.stroke, state.stroke_alpha)
        colour = press_colour(self._effective(rgb, alpha, face), small)
        if colour != (state.set_fill if fill else state.set_stroke):
            out.append((list(colour), pikepdf.Operator("k" if fill else "K")))
            face.colours.add(colour)
            if fill:
                state.set_fill = colour
            else:
                state.set_stroke = colour

    def _before_do(self, state: _State, operands, resources, face: Face, out: list) -> None:
        xobject = resources.get("/XObject", {}).get(str(operands[0]))
        if xobject is not None and xobject.get("/Subtype") == pikepdf.Name.Image and xobject.get("/ImageMask"):
            self._ensure(state, out, face, fill=True)  # a stencil mask paints the fill colour

    def _resources(self, resources: pikepdf.Dictionary, drawn: pikepdf.Dictionary, text: bool) -> pikepdf.Dictionary:
        out = pikepdf.Dictionary()
        for key, value in resources.items():
            if key == "/ExtGState":
                out[key] = pikepdf.Dictionary({name: self._opaque(gs) for name, gs in value.items()})
            elif key == "/XObject":
                out[key] = drawn
            elif key == "/ColorSpace":
                continue  # every colour is now DeviceCMYK, set by k and K
            elif key == "/Font" and not text:
                continue
            else:
                out[key] = value
        return out

    def _opaque(self, gs: pikepdf.Object) -> pikepdf.Object:
        if all(float(gs.get(k, 1)) >= 1 for k in ("/ca", "/CA")) and "/SMask" not in gs and "/BM" not in gs:
            return gs
        kept = {k: v for k, v in gs.items() if k not in ("/ca", "/CA", "/SMask", "/BM", "/AIS", "/TK")}
        return self.pdf.make_indirect(pikepdf.Dictionary(kept))

    def _xobject(self, xobject: pikepdf.Object, face: Face, text: bool, state: _State) -> pikepdf.Object:
        if xobject.get("/Subtype") == pikepdf.Name.Image:
            return self._image(xobject, face)
        key = (xobject.objgen, face.backdrop, text, state.fill, state.stroke, state.fill_alpha, state.stroke_alpha)
        if key not in self._forms:
            resources = xobject.get("/Resources", pikepdf.Dictionary())
            content, drawn = self._stream(pikepdf.parse_content_stream(xobject), resources, face, text, state)
            entries = {k: v for k, v in xobject.stream_dict.items()
                       if k not in ("/Length", "/Filter", "/DecodeParms", "/Resources", "/Group")}
            form = self.pdf.make_stream(content, **{k[1:]: v for k, v in entries.items()})
            form.Resources = self._resources(resources, drawn, text)
            self._forms[key] = form
        return self._forms[key]

    def _image(self, xobject: pikepdf.Object, face: Face) -> pikepdf.Object:
        if xobject.get("/ImageMask"):
            return xobject
        key = (xobject.objgen, face.backdrop)
        if key not in self._images:
            picture = pikepdf.PdfImage(xobject).as_pil_image()
            smask = xobject.get("/SMask")
            if smask is not None or picture.mode in ("RGBA", "LA", "P"):
                under = tuple(round(v * 255) for v in (face.backdrop or (1.0, 1.0, 1.0)))
                alpha = pikepdf.PdfImage(smask).as_pil_image().convert("L") if smask is not None else \
                    picture.convert("RGBA").getchannel("A")
                base = Image.new("RGB", picture.size, under)
                base.paste(picture.convert("RGB"), mask=alpha.resize(picture.size))
                picture = base
            separated = picture if picture.mode == "CMYK" else cmyk.to_cmyk(_srgb(picture))
            self._images[key] = self.pdf.make_stream(
                separated.tobytes(), Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image, Width=separated.width,
                Height=separated.height, ColorSpace=pikepdf.Name.DeviceCMYK, BitsPerComponent=8)
        return self._images[key]


def _srgb(picture: Image.Image) -> Image.Image:
    """An image as sRGB (an embedded ICC profile honoured)."""
    icc = picture.info.get("icc_profile")
    if icc and picture.mode == "RGB":
        import io

        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        return ImageCms.profileToProfile(picture, source, ImageCms.createProfile("sRGB"), outputMode="RGB")
    return picture.convert("RGB")


__all__ = ["Converter", "Face", "Unsupported", "press_colour"]
