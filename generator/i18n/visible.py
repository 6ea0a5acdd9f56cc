"""Every visible word from a catalog: the words a non-English kit prints (its PDFs' text read back through pdfium,
its index.html's text) that no translation of the language holds. A layout id printed as it is ("single-sided"),
an English label joined in code, a string the extractor never saw: each is a word of the kit no translator can
reach.

A word counts as from a catalog when some translation of the language (any form of any entry) has it, or it is a
name every language keeps: a do-not-translate term of the glossaries, a language's name or code, a paper size.
Numbers, versions, file names and fingerprints are not words."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from .catalogs import catalog_paths, read_catalog

WORD = re.compile(r"[^\W\d_]{2,}")  # letters only, two or more
NOT_WORDS = re.compile(r"\S*[/\\.+]\S*[\w]|\b[0-9a-f]{6,}\b|\{[^}]*\}|%\([^)]*\)[a-z]")  # paths, versions, hex
KEPT = ("A2", "A3", "A4", "A5", "Letter", "HalfLetter", "PDF", "PNG", "HTML", "TTS")  # paper sizes, formats
CODE = re.compile(r"^(?:[^\W\d_]{1,3})$")  # a square's or a tunnel's code (БК, Та, 1A): two capitals of three letters
BROKEN = re.compile(r"([^\W\d_]+)(?:\r?\n)?-(?:\r?\n| +)([^\W\d_]+)")  # hyphenated at a line end (pdfium gives
# the break as a newline, or as a space where the next line continues the same text run)


def vocabulary(root: Path, lang: str) -> set[str]:
    """The words of every translation of the language, the protected terms and the language names (lower case)."""
    from ..content.languages import languages
    from .glossary import load_glossary, protected_terms

    words: set[str] = set()

    def add(text: str) -> None:
        words.update(w.lower() for w in WORD.findall(text))

    for path in catalog_paths(root, lang):
        for m in read_catalog(path, lang, root).catalog or ():
            for form in m.string if isinstance(m.string, (list, tuple)) else (m.string or "",):
                add(form)
    terms, _ = load_glossary(root, lang)
    for t in [*terms, *protected_terms(root)]:
        add(t.target)
    for code, row in languages(root).items():
        add(f"{code} {row.english} {row.native}")
    add(" ".join(KEPT))
    return words


def stray_words(text: str, known: set[str]) -> list[str]:
    """The words of a printed text that are not in known (file names, versions, numbers and codes left out; a word
    hyphenated at a line end is read whole when the whole word is known)."""
    text = BROKEN.sub(lambda m: m[1] + m[2] if (m[1] + m[2]).lower() in known else f"{m[1]}-{m[2]}", text)
    return [w for w in WORD.findall(NOT_WORDS.sub(" ", text)) if w.lower() not in known
            and not (CODE.match(w) and sum(c.isupper() for c in w) >= 2)]


class _Text(HTMLParser):
    """The text a browser shows of a page (no style, script or tag attributes)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs) -> None:
        self.hidden += tag in ("style", "script")

    def handle_endtag(self, tag) -> None:
        self.hidden -= tag in ("style", "script") and self.hidden > 0

    def handle_data(self, data) -> None:
        if not self.hidden:
            self.parts.append(data)


def html_text(html: str) -> str:
    """The visible text of an HTML page."""
    parser = _Text()
    parser.feed(html)
    return "\n".join(parser.parts)


def pdf_text(data: bytes) -> str:
    """The text of every page of a PDF, read back through pdfium (a line-end hyphen joined)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    try:
        out = []
        for page in doc:
            tp = page.get_textpage()
            out.append(tp.get_text_range())
            tp.close()
        return re.sub("[\ufffe\u00ad\u0002]\r?\n?", "", "\n".join(out))
    finally:
        doc.close()


def kit_strays(folder: Path, root: Path, lang: str) -> dict[str, list[str]]:
    """file (relative to the kit folder) -> the words it shows that no catalog of lang holds, for a built kit's
    index.html and PDFs."""
    known = vocabulary(root, lang)
    out: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*")):
        if path.suffix == ".html":
            text = html_text(path.read_text(encoding="utf-8"))
        elif path.suffix == ".pdf":
            text = pdf_text(path.read_bytes())
        else:
            continue
        found = sorted(set(stray_words(text, known)))
        if found:
            out[path.relative_to(folder).as_posix()] = found
    return out
