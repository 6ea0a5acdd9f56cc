"""Typography of a translation, as an editor reads it: warnings with file and line, per language.

Russian: «ёлочки» quotes (not straight or English quotes), a spaced em dash between words (not a hyphen or an
unspaced dash), a no-break space (U+00A0) after a short preposition, conjunction, particle or the pronoun я (в, к,
с, у, о, и, а, я; во, ко, со, об, от, до, за, из, на, по, не, ни, но), so that no line ends with it
(`tie_short_words` writes them; the kit's line breaking, cards and booklets alike, never breaks at U+00A0).
Italian: one apostrophe style in a catalog (the straight ' the catalogs use), one form of address in a sentence
(tu or voi, never both), and in a game's texts the form the language table sets for that game. Pure functions of
the catalog entries; the pseudo-locale and English (the source) are not checked."""

from __future__ import annotations

import re
from collections import Counter

from ..content.games import game_codes, games
from ..problems import Problem
from ..render.layout import NBSP
from .checks import Entry

_STRAIGHT_QUOTES = re.compile(r'"[^"]+"|“[^”]+”|„[^“”]+[“”]')
_HYPHEN_AS_DASH = re.compile(r"(?<=\w) - (?=\w)")
_UNSPACED_DASH = re.compile(r"(?<=[^\W\d])—|—(?=[^\W\d])")
_SENTENCE = re.compile(r"[^.!?;:]+")
SHORT_WORDS = ("в", "к", "с", "у", "о", "и", "а", "я",  # the one-letter prepositions, conjunctions, the pronoun я
               "во", "ко", "со", "об", "от", "до", "за", "из", "на", "по",  # two-letter prepositions
               "не", "ни", "но")  # two-letter particles and a conjunction
_SHORT = re.compile(r"(?<![\w\-])(" + "|".join(sorted({w for s in SHORT_WORDS for w in (s, s.capitalize())},
                                                       key=lambda w: (-len(w), w))) + r") (?=\S)")
_SENTENCE_START = re.compile(r"(?:^|[.!?…:]\s+|\n)[«„\"(\[—–\s•*]*$")  # what may come before a capital В, И, С ...
_TU = re.compile(r"(?i)\b(puoi|sei|hai|devi|vuoi|tuo|tua|tuoi|tue|ti)\b")
_VOI = re.compile(r"(?i)\b(potete|siete|avete|dovete|volete|vostro|vostra|vostri|vostre|vi)\b")
# Forms that address the reader one way only (imperatives of the rules' verbs, possessives): what the language
# table's address setting of a game is checked with.
_FORMS = {"tu": re.compile(r"(?i)\b(puoi|sei|hai|devi|vuoi|tuo|tua|tuoi|tue|scegli|metti|prendi|mescola|tieni|"
                           r"ritaglia|stampa|piega|incolla|scrivi|posa|rivela|gira|pesca|leggi)\b"),
          "voi": re.compile(r"(?i)\b(potete|siete|avete|dovete|volete|vostro|vostra|vostri|vostre|scegliete|"
                            r"mettete|prendete|mescolate|tenete|ritagliate|piegate|incollate|scrivete|"
                            r"posate|pescate|leggete|date|risolvete|sommate|contate|togliete|perdete|vincete|"
                            r"pinzate|tagliate|giocate|usate|accordatevi|scambiatevi|"
                            r"rimettete|annunciate|decidetelo)\b")}
GAMES = game_codes()  # content/games.toml
APOSTROPHES = ("'", "’")


def _warn(e: Entry, rule: str, what: str, hint: str) -> Problem:
    return Problem("warning", rule, what, e.file, e.line, where=e.where, hint=hint)


def _forms(e: Entry) -> list[str]:
    return [f for f in e.forms if f] if not e.fuzzy else []


def untied(text: str) -> list[re.Match]:
    """The short words (SHORT_WORDS) of a Russian text followed by a plain space: any lowercase one, and a
    capitalised one only where a sentence or line begins (elsewhere a capital letter names something: «игрок А в
    свободной стойке»)."""
    return [m for m in _SHORT.finditer(text)
            if m.group(1).islower() or _SENTENCE_START.search(text, 0, m.start())]


def tie_short_words(text: str) -> str:
    """text with a no-break space after every untied short word (what the typography check asks for)."""
    out, pos = [], 0
    for m in untied(text):
        out += [text[pos:m.end(1)], NBSP]
        pos = m.end()
    return "".join(out) + text[pos:]


def russian(e: Entry) -> list[Problem]:
    """«» quotes, spaced em dashes and no-break spaces after short words in a Russian translation."""
    out = []
    for text in _forms(e):
        loose = untied(text)
        if loose:
            words = ", ".join(dict.fromkeys(f"«{m.group(1)}»" for m in loose))
            out.append(_warn(e, "typography", f"a plain space after the short word{'s' * (len(loose) > 1)} "
                             f"{words} ({len(loose)} in this text): a line may end with it",
                             "write a no-break space (U+00A0) after it, e.g. «в\u00a0комнату» (Poedit: "
                             "Ctrl+Shift+Space; or copy one from a neighbouring entry)"))
        if _STRAIGHT_QUOTES.search(text):
            out.append(_warn(e, "typography", "quotation marks other than «ёлочки» in Russian text",
                             "write «…» (inner quotes „…“)"))
        if _HYPHEN_AS_DASH.search(text):
            out.append(_warn(e, "typography", "a hyphen between spaces used as a dash", "write a spaced em dash ' — '"))
        if _UNSPACED_DASH.search(text):
            out.append(_warn(e, "typography", "an em dash without spaces between words",
                             "put a space on each side: 'слово — слово'"))
    return out


SEED_CATALOGS: dict[str, tuple[str, ...]] = {}  # language -> the rules catalogs in the designers' own words, printed
for _game in games().values():  # as written (content/games.toml `seed_lang`)
    if _game.seed_lang:
        SEED_CATALOGS[_game.seed_lang] = (*SEED_CATALOGS.get(_game.seed_lang, ()), f"{_game.code}-rules")


def address(e: Entry, forms: dict[str, str], lang: str = "it") -> list[Problem]:
    """The form of address the language table sets for the entry's game (tu or voi), never the other one (the
    seed's own text, printed in its own words, aside)."""
    domain = e.file.rsplit("/", 1)[-1].removesuffix(".po")
    if domain in SEED_CATALOGS.get(lang, ()):
        return []
    game = domain.split("-")[0] if domain.split("-")[0] in GAMES else "kit"  # kit and site: the kit's own strings
    want = forms.get(game)
    other = {"tu": "voi", "voi": "tu"}.get(want or "")
    if other is None:
        return []
    found = [m.group(0) for text in _forms(e) for m in [_FORMS[other].search(text)] if m]
    if not found:
        return []
    texts = "the kit's own texts" if game == "kit" else f"the {game} texts"
    return [_warn(e, "address", f"'{found[0]}' addresses the reader as {other}; {texts} use {want} "
                  "(locales/languages.toml, address)", f"write it with {want}, as the rest of {texts}")]


def italian(e: Entry) -> list[Problem]:
    """tu and voi never in one sentence of an Italian translation."""
    out = []
    for text in _forms(e):
        for sentence in _SENTENCE.findall(text):
            tu, voi = _TU.search(sentence), _VOI.search(sentence)
            if tu and voi:
                out.append(_warn(e, "address", f"'{tu.group(0)}' (tu) and '{voi.group(0)}' (voi) in one sentence",
                                 "address the reader one way in a sentence: tu for the player acting, voi for the "
                                 "whole table"))
                break
    return out


def apostrophes(entries: list[Entry]) -> list[Problem]:
    """One apostrophe style per Italian catalog: every entry using the less common one is told."""
    counts = Counter(ch for e in entries for text in _forms(e) for ch in text if ch in APOSTROPHES)
    if len(counts) < 2:
        return []
    usual = counts.most_common(1)[0][0]
    odd = next(ch for ch in APOSTROPHES if ch != usual)
    return [_warn(e, "typography", f"apostrophe {odd!r} where this catalog writes {usual!r}",
                  f"write {usual!r} as the rest of the catalog does")
            for e in entries if any(odd in text for text in _forms(e))]


def quotes(e: Entry, marks: str) -> list[Problem]:
    """Quotation marks other than the language table's (`quotes = "«»"`) in a translation (the seeds aside)."""
    domain = e.file.rsplit("/", 1)[-1].removesuffix(".po")
    if marks != "«»" or domain in SEED_CATALOGS.get(_lang_of(e), ()):
        return []
    found = [m.group(0) for text in _forms(e) for m in [_STRAIGHT_QUOTES.search(text)] if m]
    return [_warn(e, "typography", f"quotation marks {found[0][:1]}…{found[0][-1:]} where the language writes «…» "
                  "(locales/languages.toml, quotes)", "write «…» as the rest of the kit does")] if found else []


def _lang_of(e: Entry) -> str:
    parts = e.file.split("/")
    return parts[-3] if len(parts) >= 3 else ""


PER_ENTRY = {"ru": (russian,), "it": (italian,)}
PER_CATALOG = {"it": (apostrophes,)}
ADDRESSED = ("it",)  # languages whose address setting is checked (the forms above are Italian)


def typography_problems(lang: str, entries: list[Entry], forms: dict[str, str] | None = None,
                        marks: str = "") -> list[Problem]:
    """Every typography warning of one catalog's entries in a language (none for languages without rules); forms:
    the language table's form of address per game and for the kit's own strings (Italian: tu or voi); marks: its
    quotation marks (Russian: always «», checked by russian())."""
    out = [p for e in entries for check in PER_ENTRY.get(lang, ()) for p in check(e)]
    if marks and lang != "ru":
        out += [p for e in entries for p in quotes(e, marks)]
    if lang in ADDRESSED and forms:
        out += [p for e in entries for p in address(e, forms, lang)]
    return out + [p for check in PER_CATALOG.get(lang, ()) for p in check(entries)]
