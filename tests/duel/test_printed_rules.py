"""What the duel kit prints equals what the resolver plays: precedence table, strike cards, rulings, setup."""

import re
from functools import lru_cache

import pytest

from generator.booklet.builders import build_booklet
from generator.kit.build import prepare
from generator.plan.model import BuildOptions
from tests.conftest import kit_booklet, kit_context
from tests.duel.test_resolver import duel, resolved_winner
from tests.ground.kitcache import build_lang
from tests.render.pdfcheck import reader
from generator.content.languages import language_codes

LANGS = language_codes()


@lru_cache(maxsize=None)
def booklet(lang: str):
    """(context, the A5 duel booklet's text with spaces normalised) for one language."""
    ctx = kit_context(lang)
    pdf = next(a for a in kit_booklet(lang, "duel") if a.layout == "pages" and a.paper == "A5").data
    text = " ".join(p.extract_text() for p in reader(pdf).pages)
    return ctx, re.sub(r"\s+", " ", re.sub(r"-\n", "", text))


def flat(s: str) -> str:
    """A catalog string spaced as booklet() reads the page (a no-break space after a Russian one-letter word is a
    space there)."""
    return re.sub(r"\s+", " ", s)


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
        assert flat(f"{pair} {outcome}") in text, (lang, a, b, outcome)
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
    assert flat(ctx.p_("duel-rules", "Rulings for this kit")) in text
    assert flat(ctx.p_("duel-rules", "The combat order above is the designer's text, unchanged. It leaves these "
                                     "points open; this kit plays them as follows.")) in text
    for item in r.items:
        topic = ctx.p_("duel-rulings", item.topic)
        label = ctx.p_("rulings", "Ruling %(number)s") % {"number": int(item.id[1:])}
        assert flat(f"{label}. {topic}.") in text, (lang, item.id)
        assert item.id not in text, (lang, item.id)  # players read "Ruling 4", never the designer's id
        shown = ctx.p_("duel-rulings", item.text)
        assert shown != item.text or lang == "en", (lang, item.id, "untranslated")
        assert flat(r.say(shown))[:40] in text and "%(" not in text, (lang, item.id)
    for line in r.setup + r.victory:
        assert flat(r.say(ctx.p_("duel-rulings", line)))[:40] in text
    assert "seed" not in text.lower()  # players' words: "the combat order", never the developers' "seed"


def test_a_changed_ruling_reaches_the_booklet(proved_project):
    path = proved_project / "content/duel/rulings.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "In Seigan, move one, two or three cells forward, or one cell back.",
        "In Seigan, move exactly three cells forward, or one cell back."), encoding="utf-8")
    ctx = prepare(proved_project, BuildOptions("en", papers=("A4",)))
    pdf = next(a for a in build_booklet(ctx, "duel") if a.layout == "pages").data
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in reader(pdf).pages))
    assert "move exactly three cells forward" in text and "move one, two or three" not in text


def test_an_unknown_generated_section_names_file_and_line():
    from generator.booklet.data_blocks import expand
    from generator.problems import CheckFailed
    from generator.rules.source import parse

    blocks = parse("# Rules\n\ntext\n\n![tables](duel)\n\n![figure](board)\n")
    assert [b.kind for b in blocks] == ["heading1", "para", "figure", "figure"]  # the booklet tells them apart
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


def test_the_start_cells_are_one_ruling_for_booklet_reference_and_track(proved_project):
    """D01 is the one place for the start: a changed value moves the booklet, the setup card and the track."""
    from generator.components.duel_cards import reference_card, track

    path = proved_project / "content/duel/rulings.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("value = [4, 9]", "value = [3, 10]"), encoding="utf-8")
    ctx = prepare(proved_project, BuildOptions("ru", papers=("A4",)))
    pdf = next(a for a in build_booklet(ctx, "duel") if a.layout == "pages").data
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in reader(pdf).pages))
    assert "на клетке 3 лицом к клетке 12" in text and "на клетке 10 лицом к клетке 1" in text
    assert "между ними 6 пустых клеток" in text and "клетке 4" not in text  # ngettext: 6 -> "many" form
    card = next(a for a in reference_card(ctx) if a.layout == "single").data
    said = "".join("".join(p.extract_text() for p in reader(card).pages).split())  # justified: spaces vary
    assert "клетке3,мечкклетке12" in said and "клетке10,мечкклетке1." in said
    strip = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in reader(track(ctx)[0].data).pages))
    assert "(A) на клетке 3, лицом к клетке 12" in strip and "(B) на клетке 10, лицом к клетке 1" in strip


def test_a_ruling_text_naming_an_unknown_cell_is_refused_with_its_line(project):
    from generator.content.duel import load_duel

    path = project / "content/duel/rulings.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("on cell %(b_cell)s facing", "on cell %(b)s facing"),
                    encoding="utf-8")
    data, problems = load_duel(project)
    bad = [p for p in problems if p.severity == "error"]
    assert data is None and len(bad) == 1 and "text names b:" in bad[0].message
    line = next(n for n, t in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "%(b)s" in t)
    assert bad[0].file == "content/duel/rulings.toml" and bad[0].line == line and "a_cell" in bad[0].hint


@pytest.mark.parametrize("lang", LANGS)
def test_the_seigan_card_names_the_rulings_that_settle_it(lang):
    """A player holding only the Seigan card learns that the booklet's rulings settle its open points."""
    built = build_lang(lang)  # the stance cards as the kit renders them
    ctx = built.ctx
    seigan = ctx.model.duel.stance("seigan")
    assert {"D03", "D07", "D10"} <= set(seigan.rulings) and set(seigan.rulings) <= {r.id for r in duel().r.items}
    pdf = built.pdf("duel-stance-cards", "single").data
    cards = ["".join(re.sub(r"-\n", "", p.extract_text()).split()) for p in reader(pdf).pages]  # hyphenated
    said = ctx.p_("duel-stance-cards", "Kit rulings %(ids)s: see the rules booklet.") % {"ids": "3, 5–7, 10"}
    assert seigan.rulings == ("D03", "D05", "D06", "D07", "D10") and sum("".join(said.split()) in c for c in cards) == 2  # A's and B's Seigan cards


@pytest.mark.parametrize("lang", LANGS)
def test_the_order_slip_holds_an_order_as_the_rules_define_it(lang):
    """Movement is steps or a turn (never both), the action one of strike / stance change / none (D11, D13)."""
    from generator.components import duel_pieces
    from generator.content.duel_pieces import CTX

    built = build_lang(lang)  # the fighters and order slips as the kit renders them
    ctx = built.ctx
    cols = ctx.model.duel_pieces.slip_columns
    assert "turn round" in cols[1] and "technique" not in " ".join(cols) and "Facing after" not in " ".join(cols)
    assert duel().r.value("techniques") is False and duel().r.value("deflection") == "none"
    text = "".join("".join(p.extract_text() for p in reader(a.data).pages) for a in built.artifacts
                   if a.component == duel_pieces.COMPONENT and a.paper == "A4")
    for col in cols:
        shown = ctx.p_(CTX, col)
        assert shown != col or lang == "en"
        assert "".join(shown.split())[:25] in "".join(text.split()), (lang, col)
