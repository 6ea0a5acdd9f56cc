"""What the duel kit prints equals what the resolver plays: precedence table, strike cards, rulings, setup."""

import re
from functools import lru_cache
from pathlib import Path

import pytest

from generator.booklet.builders import duel_rules
from generator.kit.build import prepare
from generator.kit.model import BuildOptions
from tests.duel.test_resolver import duel, resolved_winner
from tests.ground.kitcache import build_lang
from tests.render.pdfcheck import reader

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("it", "en", "ru")


@lru_cache(maxsize=None)
def booklet(lang: str):
    """(context, the A5 duel booklet's text with spaces normalised) for one language."""
    ctx = prepare(ROOT, BuildOptions(lang, papers=("A4",)))
    pdf = next(a for a in duel_rules(ctx) if a.layout == "pages").data
    text = " ".join(p.extract_text() for p in reader(pdf).pages)
    return ctx, re.sub(r"\s+", " ", re.sub(r"-\n", "", text))


def label(ctx, sid: str) -> str:
    d = duel()
    s = d.strikes[sid]
    return f"{ctx.p_(f'duel/{sid}', s.romaji)} ({ctx.p_(f'duel/{sid}', s.name)})"


@pytest.mark.parametrize("lang", LANGS)
def test_printed_precedence_table_equals_the_resolver(lang):
    ctx, text = booklet(lang)
    d = duel()
    lose = ctx.p_("duel-rules", "both lose")
    rows = 0
    for a, b, _ in d.precedence():
        won = resolved_winner(d, a, b)  # the turn actually played by the resolver
        outcome = ctx.p_("duel-rules", "{strike} wins").format(strike=label(ctx, won)) if won else lose
        pair = (ctx.p_("duel-rules", "The same strike") if a == b else
                ctx.p_("duel-rules", "{first} and {second}").format(first=label(ctx, a), second=label(ctx, b)))
        assert f"{pair} {outcome}" in text, (lang, a, b, outcome)
        rows += a != b
    assert rows == 3
    head = f"{ctx.p_('duel-rules', 'Both strikes hit')} {ctx.p_('duel-rules', 'Outcome')}"
    assert text.count(head) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_strike_cards_state_the_resolvers_precedence(lang):
    built = build_lang(lang)
    ctx = built.ctx
    pdf = built.pdf("duel-strike-cards", "sheet").data
    text = "".join("".join(p.extract_text() for p in reader(pdf).pages).split())
    d = duel()
    for a, b, _ in d.precedence():
        won = resolved_winner(d, a, b)
        if won and a != b:
            lost = b if won == a else a
            term = d.strikes[lost].term if lang == "ru" else ctx.p_(f"duel/{lost}", d.strikes[lost].romaji)
            beats = ctx.p_("duel-strike-cards", "This strike beats %(strikes)s.").split("%(strikes)s")[0]
            assert "".join(f"{beats}{term}".split()) in text, (lang, won, lost)


@pytest.mark.parametrize("lang", LANGS)
def test_rulings_section_in_every_language(lang):
    ctx, text = booklet(lang)
    r = duel().r
    assert ctx.p_("duel-rules", "Rulings for this kit") in text
    assert ctx.p_("duel-rules", "Provisional: the combat order leaves these points open. This kit plays them as "
                                "follows until the designer rules otherwise.") in text
    for item in r.items:
        topic = ctx.p_("duel-rulings", item.topic)
        assert f"{item.id} {topic}." in text, (lang, item.id)
        shown = ctx.p_("duel-rulings", item.text)
        assert shown != item.text or lang == "en", (lang, item.id, "untranslated")
        assert shown[:40] in text, (lang, item.id)
    for line in r.setup + r.victory:
        assert ctx.p_("duel-rulings", line)[:40] in text


def test_a_changed_ruling_reaches_the_booklet(proved_project):
    path = proved_project / "content/duel/rulings.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "Seigan moves up to three cells forward (one, two or three) or one cell back.",
        "Seigan moves exactly three cells forward or one cell back."), encoding="utf-8")
    ctx = prepare(proved_project, BuildOptions("en", papers=("A4",)))
    pdf = next(a for a in duel_rules(ctx) if a.layout == "pages").data
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in reader(pdf).pages))
    assert "Seigan moves exactly three cells forward" in text and "up to three cells" not in text


def test_an_unknown_generated_section_names_file_and_line():
    from generator.booklet.data_blocks import expand
    from generator.problems import CheckFailed
    from generator.rules.source import parse

    blocks = parse("# Rules\n\ntext\n\n![tables](duel)\n\n![figure](board)\n")
    assert [b.kind for b in blocks] == ["heading1", "para", "data", "figure"]
    with pytest.raises(CheckFailed) as exc:
        expand(None, blocks, "content/duel/rules.md")
    p = exc.value.problems[0]
    assert (p.file, p.line) == ("content/duel/rules.md", 5) and "![rulings](duel)" in p.hint


def test_a_ruling_variant_must_be_one_the_resolver_plays():
    r = duel().r
    with pytest.raises(ValueError, match="D99"):
        r.replace("D99", 1)
    with pytest.raises(ValueError, match="'up-to' or 'exact'"):
        r.replace("D03", "up to")
    assert r.replace("D03", "exact").value("seigan_forward") == "exact" and r.value("seigan_forward") == "up-to"
