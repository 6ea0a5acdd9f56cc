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

from ..problems import Problem
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


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page of a PDF, read back through pdfium (a line-end hyphen joined)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    try:
        out = []
        for page in doc:
            tp = page.get_textpage()
            out.append(re.sub("[\ufffe\u00ad\u0002]\r?\n?", "", tp.get_text_range()))
            tp.close()
        return out
    finally:
        doc.close()


def pdf_text(data: bytes) -> str:
    """The text of every page of a PDF, read back through pdfium (a line-end hyphen joined)."""
    return "\n".join(pdf_pages(data))


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


def untranslated_words(root: Path, lang: str) -> dict[str, str]:
    """word (lower case) -> the catalog (path from root) of an entry not translated yet (empty or fuzzy) whose English
    text has it: a development kit prints that English meanwhile."""
    out: dict[str, str] = {}
    for path in catalog_paths(root, lang):
        for m in read_catalog(path, lang, root).catalog or ():
            forms = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
            if m.id and (m.fuzzy or not all(forms)):
                for msgid in m.id if isinstance(m.id, (list, tuple)) else (m.id,):
                    for w in WORD.findall(msgid):
                        out.setdefault(w.lower(), path.relative_to(root).as_posix())
    return out


OTHER_PAPERS = ("Letter", "HalfLetter")  # the same words as the A4 and A5 files: read once
SHOWN = 8  # words named in one finding


def visible_problems(root: Path, lang: str, artifacts) -> list[Problem]:
    """What `dojo i18n check --render` reports of a non-English kit rendered in memory (its artifacts): each page
    (PDF page, or index.html) printing a word no catalog of the language gives, with the words and the fix (an error
    in a released language, a warning in an incubating one); the words printed in English because their entries are
    not translated yet, one line per catalog. Nothing when every word comes from a catalog."""
    from .catalogs import PSEUDO_LANG, SOURCE_LANG
    from .gate import _incubating

    if lang in (SOURCE_LANG, PSEUDO_LANG):
        return []
    known = vocabulary(root, lang)
    pending = untranslated_words(root, lang)
    severity = "warning" if _incubating(root, lang) else "error"
    out: list[Problem] = []
    english: dict[str, set[str]] = {}
    for path, page, text in _texts(artifacts):
        stray = []
        for w in dict.fromkeys(stray_words(text, known)):
            if w.lower() in pending:
                english.setdefault(pending[w.lower()], set()).add(w)
            else:
                stray.append(w)
        if stray:
            out.append(Problem(
                severity, "visible", f"prints {len(stray)} word(s) no catalog of {lang} gives: "
                + ", ".join(repr(w) for w in stray[:SHOWN]) + (", ..." if len(stray) > SHOWN else ""),
                path, where=f"page {page}" if page else "its text",
                hint="the text comes from code or a template, not from a catalog: make it a message (ctx._, ui(), "
                     "{{ _() }} in a template; TRANSLATING.md, 'For developers'), run `make i18n-update` and "
                     "translate it; a name every language keeps goes in the glossary's never-translated terms"))
    for catalog, words in sorted(english.items()):
        shown = sorted(words, key=str.lower)
        out.append(Problem("warning", "visible", f"{len(shown)} printed word(s) are the English of entries not "
                           f"translated yet: " + ", ".join(repr(w) for w in shown[:SHOWN])
                           + (", ..." if len(shown) > SHOWN else ""), catalog,
                           hint=f"translate the catalog's remaining entries (`dojo i18n stats --lang {lang}`)"))
    return out


def _texts(artifacts):
    """(path, page number or 0 for a web page, text) of every PDF page and HTML page of the artifacts, one paper."""
    seen: set[str] = set()
    for a in artifacts:
        if getattr(a, "paper", None) in OTHER_PAPERS:
            continue
        if a.path.endswith(".html"):
            yield a.path, 0, html_text(a.data.decode("utf-8"))
        elif a.path.endswith(".pdf"):
            for n, text in enumerate(pdf_pages(a.data), 1):
                if text not in seen:  # a page printed in two layouts is reported once
                    seen.add(text)
                    yield a.path, n, text
