"""Printed phrases are whole translatable messages (issue 44, item 5): no printed string is glued together by code
from a translated piece and other words, punctuation or another translated piece, so a translator can reorder it.

Read from the source (AST): in the modules that print a kit's text, an f-string, a `+` or a `"..." % ...` whose
parts hold a translation call (ctx._, ctx.p_, ctx.n_, ui(...), t.p_, gettext...) together with literal text or a
second translation call is refused. A list joined with a separator (", ".join) and a translated message filled
through its named placeholders (ctx._("%(title)s (continued)") % {...}) are what the fix looks like.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted({*ROOT.glob("generator/components/*.py"), *ROOT.glob("generator/booklet/*.py"),
                  *ROOT.glob("generator/export/*_tts.py"),  # each game's card names on the digital table
                  *(ROOT / "generator" / p for p in ("plan/guide.py", "kit/contact.py", "plan/bom.py",
                                                     "export/tts_cards.py", "export/tts_setup.py",
                                                     "content/duel_rulings.py"))})
TRANSLATE = {"_", "p_", "n_", "ui", "gettext", "pgettext", "ngettext", "npgettext",
             # helpers that return translated text
             "term", "duel_term", "seat_label", "step_label", "ruling_label", "suit_name", "sheets_line"}


def _translated(node: ast.AST) -> int:
    """How many translation calls an expression holds (not counting those inside a `msg % {...}` fill)."""
    if isinstance(node, ast.Call):
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
        if name in TRANSLATE:
            return 1
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and _translated(node.left):
        return 1  # a translated message filled through its placeholders: one whole message
    return sum(_translated(c) for c in ast.iter_child_nodes(node))


def _literal_words(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.strip() != ""


def glued(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, code) of each expression that glues a translated piece to words, punctuation or another piece."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            pieces = sum(_translated(v.value) for v in node.values if isinstance(v, ast.FormattedValue))
            if pieces and (pieces > 1 or any(_literal_words(v) for v in node.values)):
                out.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            sides = (node.left, node.right)  # text + text (lists added together are not text)
            texts = [s for s in sides if _literal_words(s) or isinstance(s, (ast.JoinedStr, ast.Call, ast.BinOp))]
            if len(texts) == 2 and any(_translated(s) for s in sides) and not any(
                    isinstance(s, (ast.List, ast.ListComp)) for s in sides):
                out.append((node.lineno, ast.unparse(node)))
        elif (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and _literal_words(node.left)
              and _translated(node.right)):
            out.append((node.lineno, ast.unparse(node)))  # "%s · %s" % (ctx._(a), b): the pattern is not translated
    return out


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_printed_string_is_glued_from_translated_pieces(path):
    found = glued(ast.parse(path.read_text(encoding="utf-8")))
    assert not found, "\n".join(f"{path.relative_to(ROOT)}:{n}: {code} -- make it one message with named "
                                f"placeholders (ctx.p_(CTX, '%(a)s: %(b)s') % {{...}})" for n, code in found)


@pytest.mark.parametrize("code, bad", [
    ("f\"{ctx.p_(c, s.name)}: {ctx.p_(c, s.effect)}\"", True),        # 'name: effect'
    ("f\"{title} ({ctx._('continued')})\"", True),                    # a word glued after a piece
    ("ctx._('Relation slot') + f' {i + 1}'", True),
    ("'GROUND · ' + ui(ctx, comp, 'Player mat')", True),
    ("'%s (%s)' % (ctx._(a), b)", True),
    ("ctx._('%(title)s (continued)') % {'title': title}", False),     # the fix: one message, placeholders
    ("', '.join(term(ctx, s) for s in strikes)", False),              # a list, not a sentence
    ("f'{i}. {x}'", False),                                           # no translated piece
])
def test_the_check_tells_glued_from_whole(code, bad):
    assert bool(glued(ast.parse(code))) is bad


@pytest.mark.parametrize("lang, words", [
    ("ru", {1: "1 пустая клетка", 3: "3 пустые клетки", 5: "5 пустых клеток", 21: "21 пустая клетка"}),
    ("it", {1: "1 casella vuota", 4: "4 caselle vuote"}),
    ("en", {1: "1 empty cell", 4: "4 empty cells"}),
])
def test_the_empty_cells_of_ruling_1_use_the_languages_plural_forms(lang, words):
    """'%(gap)s empty cells' had no plural: the ruling's count is words from the real catalog's ngettext."""
    import gettext
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from generator.content.duel_rulings import DuelRulings, Ruling

    mo = io.BytesIO()
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "kit.po", "rb") as po:
        write_mo(mo, read_po(po))
    mo.seek(0)
    t = gettext.GNUTranslations(mo)
    for gap, said in words.items():
        r = DuelRulings((Ruling("D01", "", "", [1, gap + 2]), Ruling("D14", "", "", 12)), (), ())
        assert r.say("[%(empty_cells)s]", t.ngettext) == f"[{said}]"
