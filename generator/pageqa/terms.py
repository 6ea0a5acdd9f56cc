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
    known = _VERDICTS.setdefault(tuple(sorted(terms.items(), key=lambda kv: kv[0])), {})
    out = []
    for word in sorted(words(text) - printed_untranslated):
        found = known.get(word)
        if found is None:
            found = known[word] = tuple(f"{word!r} where the cards write {spelling!r}"
                                        for spelling, others in terms.items() if drift(word, spelling, others))
        out.extend(found)
    return out


def runs_drift(texts: list[str], terms: dict[str, frozenset[str]], printed_untranslated: frozenset[str] = frozenset()
               ) -> list[str]:
    """spelling_drift(" ".join(texts), ...), each text's words found once per process: a word holds no space, so the
    joined text's words are its parts' (pages repeat their runs)."""
    found: set[str] = set()
    for text in texts:
        these = _WORDS.get(text)
        if these is None:
            if len(_WORDS) > 65536:
                _WORDS.clear()
            these = _WORDS[text] = words(text)
        found.update(these)
    if not found:
        return []
    known = _VERDICTS.setdefault(tuple(sorted(terms.items(), key=lambda kv: kv[0])), {})
    out = []
    for word in sorted(found - printed_untranslated):
        verdict = known.get(word)
        if verdict is None:
            verdict = known[word] = tuple(f"{word!r} where the cards write {spelling!r}"
                                          for spelling, others in terms.items() if drift(word, spelling, others))
        out.extend(verdict)
    return out


_WORDS: dict[str, frozenset[str]] = {}  # a run's text -> its words
_VERDICTS: dict[tuple, dict[str, tuple[str, ...]]] = {}  # terms -> word -> its messages (pages repeat words)
