"""One spelling per term, checked on the printed pages: a glossary term written any other way is drift."""

from __future__ import annotations

import functools
import re
import unicodedata

WORD = re.compile(r"[^\W\d_][\w-]*")


@functools.lru_cache(maxsize=65536)
def fold(word: str) -> str:
    """Lower case without accents (Jōdan -> jodan)."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


def words(text: str) -> frozenset[str]:
    """The words of a text, as the spelling check reads them."""
    return frozenset(WORD.findall(text))


def _one_edit(a: str, b: str) -> bool:
    """Whether a and b differ by exactly one inserted, deleted or changed letter."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i:] == b[i + 1:] or (len(a) == len(b) and a[i + 1:] == b[i + 1:])


def drift(word: str, spelling: str, others: frozenset[str]) -> bool:
    """`word` is another spelling of the term spelled `spelling`: a known other form (another script), the same
    letters with other accents, or one letter off (Кэси / Каэси); inflected forms (Гедана) are the term."""
    if word == spelling or word.startswith(spelling):
        return False
    if word in others or any(word.startswith(o) and len(o) >= 4 for o in others):
        return True
    w, s = fold(word), fold(spelling)
    return w == s or (len(s) >= 4 and _one_edit(w, s) and not w.startswith(s[:-1]))


def spelling_drift(text: str, terms: dict[str, frozenset[str]], printed_untranslated: frozenset[str] = frozenset()
                   ) -> list[str]:
    """Messages for every word of text that spells a term (canonical spelling -> other spellings) otherwise; the
    words of strings a development build prints in English for want of a translation are not drift (the build
    warns about those strings as missing)."""
    return _drift_of(words(text), terms, printed_untranslated)


def runs_drift(texts: list[str], terms: dict[str, frozenset[str]], printed_untranslated: frozenset[str] = frozenset()
               ) -> list[str]:
    """spelling_drift(" ".join(texts), ...), each text's words found once per process: a word holds no space, so the
    joined text's words are its parts' (pages repeat their runs)."""
    found: set[str] = set()
    for text in texts:
        found.update(_run_words(text))
    return _drift_of(found, terms, printed_untranslated) if found else []


def _drift_of(found: set[str] | frozenset[str], terms: dict[str, frozenset[str]],
              printed_untranslated: frozenset[str]) -> list[str]:
    """The messages of spelling_drift for these words, each word's verdict kept per process (pages repeat words)."""
    known = _VERDICTS.setdefault(tuple(sorted(terms.items(), key=lambda kv: kv[0])), {})
    out = []
    for word in sorted(found - printed_untranslated):
        verdict = known.get(word)
        if verdict is None:
            verdict = known[word] = tuple(f"{word!r} where the cards write {spelling!r}"
                                          for spelling, others in terms.items() if drift(word, spelling, others))
        out.extend(verdict)
    return out


RUNS_KEPT = 65536  # the most text runs whose words or notation matches a process keeps (notation.py too)


@functools.lru_cache(maxsize=RUNS_KEPT)
def _run_words(text: str) -> frozenset[str]:
    """words(text) of a run, kept per process (pages repeat their runs)."""
    return words(text)


_VERDICTS: dict[tuple, dict[str, tuple[str, ...]]] = {}  # terms -> word -> its messages (pages repeat words)
