"""The glossary of each language (locales/glossary/<lang>.tbx, TBX as Weblate and translate-toolkit load it) and
its check: a do-not-translate term altered is an error, a departure from a preferred term is a warning."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from ..content.games import game_codes
from ..problems import Problem
from .catalogs import rel
from .checks import Entry

GLOSSARY_DIR = Path("locales/glossary")
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
DNT = "do-not-translate"
PREFERRED = "preferredTerm-admn-sts"
DEPRECATED = "deprecatedTerm-admn-sts"
_ENDINGS = {"it": "aeiou", "ru": "аяоеёиыуюйь"}
_INFINITIVES = {"it": ("are", "ere", "ire"), "ru": ("ться", "ть")}


@dataclass(frozen=True)
class Term:
    """One glossary entry: the English term, the preferred translation, forbidden variants, do-not-translate."""

    id: str
    source: str
    target: str
    deprecated: tuple[str, ...]
    dnt: bool
    note: str
    line: int | None = None
    admitted: tuple[str, ...] = ()  # other accepted forms (an inflection the lenient match does not catch)
    games: tuple[str, ...] = ()  # the games the term belongs to (subjectField); empty: every catalog

    def applies_to(self, domain: str) -> bool:
        """True for the catalogs of the term's games (and for kit/site, which name every game)."""
        game = domain.split("-")[0]
        return not self.games or game not in game_codes() or game in self.games


def glossary_path(root: Path, lang: str) -> Path:
    """locales/glossary/<lang>.tbx."""
    return root / GLOSSARY_DIR / f"{lang}.tbx"


def load_glossary(root: Path, lang: str) -> tuple[list[Term], list[Problem]]:
    """The terms of a language's glossary (none when it has no glossary); a file that does not parse is a problem."""
    path = glossary_path(root, lang)
    if not path.exists():
        return [], []
    try:
        tree = ET.parse(path)
    except ET.ParseError as exc:
        return [], [Problem("error", "glossary", f"glossary does not parse: {exc}", rel(path, root),
                            exc.position[0], hint="fix the XML (compare with a neighbouring termEntry)")]
    lines = {m.group(1): n for n, t in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             for m in [re.search(r'<termEntry id="([^"]+)"', t)] if m}
    terms = []
    for entry in tree.getroot().iter("termEntry"):
        sets = {ls.get(XML_LANG): ls for ls in entry.iter("langSet")}
        if "en" not in sets or lang not in sets:
            continue
        source = sets["en"].findtext("tig/term") or ""
        forms: dict[str, list[str]] = {}
        for tig in sets[lang].iter("tig"):
            status = tig.findtext("termNote[@type='administrativeStatus']") or PREFERRED
            forms.setdefault(status, []).append(tig.findtext("term") or "")
        accepted = forms.get(PREFERRED, []) + forms.get("admittedTerm-admn-sts", [])
        if not source or not accepted:
            continue
        note = entry.findtext("descrip[@type='definition']") or ""
        games = tuple(g.strip() for g in (entry.findtext("descrip[@type='subjectField']") or "").split(",") if g.strip())
        dnt = any((n.text or "").strip() == DNT for n in entry.iter("note"))
        eid = entry.get("id") or source
        terms.append(Term(eid, source, accepted[0], tuple(forms.get(DEPRECATED, [])), dnt, note, lines.get(eid),
                          tuple(accepted[1:]), games))
    return terms, []


def protected_terms(root: Path) -> list[Term]:
    """The do-not-translate terms of every glossary (GROUND, DARVO, GR, OU, ND, the Japanese terms), each with its
    English spelling as the one to keep: what a language whose glossary lacks a term is checked against."""
    seen: dict[str, Term] = {}
    for path in sorted((root / GLOSSARY_DIR).glob("*.tbx")):
        try:
            tree = ET.parse(path)
        except ET.ParseError:
            continue  # reported by that language's own check
        for entry in tree.getroot().iter("termEntry"):
            eid = entry.get("id") or ""
            english = next((ls.findtext("tig/term") for ls in entry.iter("langSet") if ls.get(XML_LANG) == "en"), "")
            if eid and english and eid not in seen and any((n.text or "").strip() == DNT for n in entry.iter("note")):
                games = tuple(g.strip() for g in (entry.findtext("descrip[@type='subjectField']") or "").split(",")
                              if g.strip())
                seen[eid] = Term(eid, english, english, (), True, entry.findtext("descrip[@type='definition']") or "",
                                 None, (), games)
    return list(seen.values())


def glossary_tbx(root: Path, lang: str, english: str) -> str:
    """A new language's glossary: every do-not-translate term, kept as English spells it (a language written in
    another script changes the spelling to its own, as Russian does); the translators add the game terms."""
    rows = []
    for t in protected_terms(root):
        subject = f'<descrip type="subjectField">{",".join(t.games)}</descrip>' if t.games else ""
        rows.append(f'   <termEntry id="{_xml(t.id)}">\n    <descrip type="definition">{_xml(t.note)}</descrip>{subject}\n'
                    f"    <note>{DNT}</note>\n"
                    f'    <langSet xml:lang="en"><tig><term>{_xml(t.source)}</term></tig></langSet>\n'
                    f'    <langSet xml:lang="{lang}">\n'
                    f"     <tig><term>{_xml(t.target)}</term><termNote type=\"administrativeStatus\">{PREFERRED}"
                    "</termNote></tig>\n    </langSet>\n   </termEntry>\n")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">\n'
            '<martif type="TBX" xml:lang="en">\n <martifHeader>\n  <fileDesc>\n'
            f"   <titleStmt><title>dojo-pnp glossary, English to {_xml(english)}</title></titleStmt>\n"
            "   <sourceDesc><p>Written by `dojo i18n init`: the terms never translated (the games' names, their "
            "abbreviations and the Japanese terms), checked by `dojo i18n check` (glossary-dnt). Add the game terms as in it.tbx or "
            "ru.tbx: a preferred term, forbidden variants (deprecatedTerm-admn-sts).</p></sourceDesc>\n"
            "  </fileDesc>\n </martifHeader>\n <text>\n  <body>\n" + "".join(rows) + "  </body>\n </text>\n</martif>\n")


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _lenient(term: str, lang: str) -> str:
    """A regex for a term with any inflected ending on its words (tacca/tacche, Урон/Урона)."""
    ends = _ENDINGS.get(lang, "")

    def stem(word: str) -> str:
        for verb in _INFINITIVES.get(lang, ()):  # a verb in any person or participle: rivendicare/rivendicato
            if len(word) - len(verb) >= 4 and word.lower().endswith(verb):
                return word[:-len(verb)]
        for _ in range(2):  # Russian adjectives inflect two letters: Неверный/Неверного
            if len(word) >= 5 and word[-1].lower() in ends:
                word = word[:-1]
        return word

    words = [re.escape(stem(w)) + r"\w*" for w in term.split()]
    return r"(?<!\w)" + r"\s+".join(words)


def _has(text: str, term: str, exact: bool, lang: str) -> bool:
    if exact:  # the spelling kept, an inflected ending allowed (Сейган, в Сейгане)
        spelled = re.escape(term).replace("\\ ", r"\s")  # a space of the term matches a no-break space too
        return re.search(rf"(?<![\w-]){spelled}", text) is not None
    return re.search(_lenient(term, lang), text, re.I) is not None


_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]")


_EN_INFLECTIONS = r"(?:s|es|d|ed|ing)?"  # claim, claims, claimed, claiming; face, faces, faced


def _source_has(msgid: str, term: Term) -> bool:
    """The English term in the source, in any of its inflected forms (a do-not-translate name exactly)."""
    msgid = _PLACEHOLDER.sub(" ", msgid)  # {strike} is a placeholder, not the word "strike"
    flags = 0 if term.dnt or not term.source.islower() else re.I
    tail = "" if term.dnt else _EN_INFLECTIONS
    return re.search(rf"(?<![\w-]){re.escape(term.source)}{tail}(?![\w-])", msgid, flags) is not None


def _forbidden(text: str, bad: str, term: Term, lang: str) -> bool:
    """A forbidden variant in the translation: a one-word variant of a translated term in its inflected forms too
    (rivendicare forbids rivendicato and rivendica), anything else as spelled."""
    lenient = _lenient(bad, lang)
    if term.dnt or " " in bad or any(re.fullmatch(lenient, f, re.I) for f in (term.target, *term.admitted)):
        # a phrase ("колода Туман" forbids that phrase, not "Колода Тумана Додзё"), or a variant differing from an
        # accepted form only by its ending (PRONTO beside PRONTA): as spelled
        return re.search(rf"(?<![\w-]){re.escape(bad)}(?![\w])", text) is not None
    return re.search(lenient, text, re.I) is not None


def check_terms(e: Entry, terms: list[Term], lang: str, glossary: str) -> list[Problem]:
    """Glossary problems of one translated entry."""
    forms = [f for f in e.forms if f]
    if not forms or e.fuzzy:
        return []
    text = " ".join(forms)
    source = e.msgid + " " + (e.plural or "")
    out = []
    domain = Path(e.file).stem
    words = _PLACEHOLDER.sub(" ", source).lower()  # a term absent from it is absent: no regex needed (speed)
    for t in terms:
        if t.source.lower() not in words or not t.applies_to(domain) or not _source_has(source, t):
            continue
        hint = f"glossary {glossary}, term {t.id!r}: {t.note}"
        if t.dnt and not _has(text, t.target, True, lang):
            out.append(Problem("error", "glossary-dnt", f"{t.source!r} must stay {t.target!r} (do not translate "
                               "or respell it)", e.file, e.line, where=e.where, hint=hint))
            continue
        if not t.dnt and not any(_has(text, f, False, lang) for f in (t.target, *t.admitted)):
            out.append(Problem("warning", "glossary", f"the glossary translates {t.source!r} as {t.target!r}, "
                               "which this translation does not use", e.file, e.line, where=e.where,
                               hint=hint + " (ignore when the sentence needs another word)"))
        for bad in t.deprecated:
            if _forbidden(text, bad, t, lang):
                out.append(Problem("error" if t.dnt else "warning", "glossary-dnt" if t.dnt else "glossary",
                                   f"{bad!r} is a forbidden variant of {t.target!r} ({t.source!r})", e.file,
                                   e.line, where=e.where, hint=hint))
    return out


def glossary_problems(root: Path, lang: str, entries: list[Entry]) -> list[Problem]:
    """Every glossary problem of a language's entries; the do-not-translate terms its glossary lacks (or every one,
    when it has none) are checked in their English spelling."""
    terms, problems = load_glossary(root, lang)
    have = {t.id for t in terms}
    terms += [t for t in protected_terms(root) if t.id not in have]
    name = rel(glossary_path(root, lang), root)
    for e in entries:
        problems.extend(check_terms(e, terms, lang, name))
    return problems
