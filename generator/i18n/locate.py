"""Where each catalog entry prints, to the box: the page and the box on the page image of every place a
component's PDF prints an entry's text, found in the page's own text read back through pdfium (its characters and
their boxes), never from what the renderer meant to draw.

An entry's printed text (its translation, or the English source) is searched in each page's text with markup,
placeholders and icons taken out (its longest literal part is searched); line ends, no-break spaces and line-end
hyphens are read as the text has them. A place inside the place of a longer entry on the same page (a card name
quoted in a ruling) is not counted. Boxes are in pixels of the preview image (generator.render.preview.frame)."""

from __future__ import annotations

import re
from dataclasses import dataclass

PT_PER_MM = 72 / 25.4
MAX_PLACES = 12  # per entry and component: a term printed on every card is shown on the first dozen
_MARKUP = re.compile(r"\*\*|\*|\{icon:[^{}]*\}|\{[A-Za-z_0-9.\[\]]*(?:![rsa])?(?::[^{}]*)?\}|%(?:\([A-Za-z_]\w*\))?"
                     r"[-+0# ]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]")
_SPACE = re.compile(r"\s+")
_HYPHENS = "\ufffe\u00ad\u0002"  # pdfium's marks of a hyphen added at a line end (and a soft hyphen)


@dataclass(frozen=True)
class Place:
    """One place an entry prints: the component, its page image (file, 1-based page) and the box on that image in
    pixels (x0, y0, x1, y1 from the top left); box_mm: the same box on the PDF page, in mm from its top left."""

    component: str
    file: str
    page: int
    box: tuple[int, int, int, int]
    box_mm: tuple[float, float, float, float]

    def as_json(self) -> dict:
        """The place as places.json holds it (dataclasses.asdict copies deeply: ten times slower, on every edit)."""
        return {"component": self.component, "file": self.file, "page": self.page, "box": list(self.box),
                "box_mm": list(self.box_mm)}


def pieces(text: str) -> list[str]:
    """The literal parts of a printed text (markup, icons and placeholders cut out), normalized for searching (its
    case kept: the search ignores it, and prefers the places that have it)."""
    parts = [_norm(p) for p in _MARKUP.split(text)]
    return [p for p in parts if p.strip()]


def _norm(text: str) -> str:
    return _SPACE.sub(" ", text.replace("\u00a0", " ").replace("\u202f", " "))


def page_text(textpage) -> tuple[str, list[int]]:
    """A page's text normalized as pieces() normalizes an entry (one space for any run of white space and line
    ends, a line-end hyphen pdfium added left out), and for each character its index in the text page."""
    n = textpage.count_chars()
    raw = textpage.get_text_range(0, n) if n else ""
    if len(raw) != n:  # characters outside the BMP: read one by one
        raw = "".join(textpage.get_text_range(i, 1)[:1] or " " for i in range(n))
    out: list[str] = []
    index: list[int] = []
    skip_break = False
    for i, ch in enumerate(raw):
        if ch in _HYPHENS:
            skip_break = True
            continue
        if ch in "\r\n" and skip_break:
            continue
        skip_break = ch == "-" and i + 1 < n and raw[i + 1] in "\r\n"  # a hyphen of the text, kept, at a line end
        if ch.isspace() or ch == "\u00a0":
            if out and out[-1] == " ":
                continue
            ch = " "
        out.append(ch)
        index.append(i)
    return "".join(out), index


def _bounded(text: str, start: int, end: int) -> bool:
    """A found piece is a whole word run: no letter or digit glued to either end."""
    return (start == 0 or not text[start - 1].isalnum() or not text[start].isalnum()) and \
        (end >= len(text) or not text[end].isalnum() or not text[end - 1].isalnum())


def locate(pdf: bytes, component: str, printed: dict, width_px: int) -> dict:
    """key -> [Place] for every key of printed (key -> the text it prints) found on a page of the PDF; the image
    file of page n (1-based) is `<component>-<n>.png`, drawn by render.preview.pdf_preview at width_px."""
    import pypdfium2 as pdfium

    from ..render.preview import frame

    wanted = {k: max(pieces(t), key=len) for k, t in printed.items() if t and pieces(t)}
    found: dict = {}
    doc = pdfium.PdfDocument(pdf)
    try:
        for n in range(len(doc)):
            page = doc[n]
            tp = page.get_textpage()
            try:
                text, index = page_text(tp)
                spans = _spans(text, wanted)
                if not spans:
                    continue
                x0, y0, s = frame(page, width_px)
                height = page.get_size()[1]
                for key, (a, b) in spans:
                    boxes = [tp.get_charbox(index[i]) for i in range(a, b) if text[i] != " "]
                    left, bottom = min(c[0] for c in boxes), min(c[1] for c in boxes)
                    right, top = max(c[2] for c in boxes), max(c[3] for c in boxes)
                    pt = (left, height - top, right, height - bottom)  # from the top left
                    px = (round((pt[0] * s - x0) / 2), round((pt[1] * s - y0) / 2), round((pt[2] * s - x0) / 2),
                          round((pt[3] * s - y0) / 2))
                    mm = tuple(round(v / PT_PER_MM, 2) for v in pt)
                    places = found.setdefault(key, [])
                    if len(places) < MAX_PLACES:
                        places.append(Place(component, f"{component}-{n + 1}.png", n + 1, px, mm))
            finally:
                tp.close()
    finally:
        doc.close()
    return found


def _spans(text: str, wanted: dict) -> list[tuple]:
    """(key, (start, end)) of every bounded occurrence of each wanted piece in any case (a heading set in capitals),
    those in the piece's own case only when there are some; less those inside a longer piece's."""
    hits = []
    lower = text.lower() if len(text.lower()) == len(text) else text
    for key, piece in wanted.items():
        found = []
        start = lower.find(piece.lower())
        while start >= 0:
            end = start + len(piece)
            if _bounded(text, start, end):
                found.append((start, end))
            start = lower.find(piece.lower(), start + 1)
        same_case = [(a, b) for a, b in found if text[a:b] == piece]
        hits += [(key, span) for span in (same_case or found)]
    hits.sort(key=lambda h: (h[1][0], -(h[1][1] - h[1][0])))
    out = []
    reach = -1  # the end of the longest span met so far: a span inside it belongs to that longer text
    for key, (a, b) in hits:
        if b <= reach and not any(a == a2 and b == b2 for _k, (a2, b2) in out[-4:]):
            continue
        out.append((key, (a, b)))
        reach = max(reach, b)
    return out
