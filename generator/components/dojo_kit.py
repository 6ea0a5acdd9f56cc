"""The Dojo kit's contact sheet: one PNG with the preview of every Dojo component."""

from __future__ import annotations

import io

import cairocffi as cairo

from ..plan.model import Artifact, BuildContext
from ..plan.registry import component_name
from ..problems import CheckFailed, Problem
from ..render.fonts import face, missing_glyphs, register_fontconfig
from ..render.preview import surface_png

THUMB_H = 240  # px
LABEL_H = 22


def contact_png(ctx: BuildContext, previews: list[Artifact]) -> bytes:
    """One PNG with every component's preview, labelled with its component id; its name, version and language
    on top."""
    register_fontconfig()
    images = [(a.component, cairo.ImageSurface.create_from_png(io.BytesIO(a.data))) for a in previews]
    widths = [round(img.get_width() * THUMB_H / img.get_height()) for _, img in images]
    width = max(800, sum(widths) + 16 * (len(images) + 1))
    head = ctx._("%(kit)s · %(version)s · %(lang)s") % {
        "kit": ctx._(component_name("dojo-kit")), "version": ctx.version, "lang": ctx.lang.upper()}
    missing = missing_glyphs(head, face())
    if missing:
        raise CheckFailed([Problem("error", "missing-glyph", f"no glyph for {missing!r} in {head!r}")])
    sheet = cairo.ImageSurface(cairo.FORMAT_RGB24, width, THUMB_H + 2 * LABEL_H + 32)
    cr = cairo.Context(sheet)
    cr.set_source_rgb(0.95, 0.94, 0.91)
    cr.paint()
    cr.select_font_face("PT Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD)
    cr.set_font_size(14)
    cr.set_source_rgb(0.1, 0.1, 0.1)
    cr.move_to(16, 20)
    cr.show_text(head)
    x = 16
    for (component, img), w in zip(images, widths):
        cr.save()
        cr.translate(x, LABEL_H + 8)
        cr.scale(w / img.get_width(), THUMB_H / img.get_height())
        cr.set_source_surface(img, 0, 0)
        cr.paint()
        cr.restore()
        cr.set_font_size(11)
        cr.set_source_rgb(0.2, 0.2, 0.2)
        cr.move_to(x, LABEL_H + THUMB_H + 26)
        cr.show_text(component)
        x += w + 16
    return surface_png(sheet)


def contact_sheet_png(ctx: BuildContext, before: list[Artifact]) -> list[Artifact]:
    """previews/dojo/contact-sheet.png: the previews of the Dojo components rendered before it."""
    previews = [a for a in before if a.kind == "preview" and a.component.startswith("dojo-")]
    return [Artifact("previews/dojo/contact-sheet.png", "dojo-kit", "preview", contact_png(ctx, previews))]
