"""Typesetting rules: header cells and headings never break words, numbering per section, nested bullets."""

import io

import pytest
from pypdf import PdfReader

from generator.booklet.typeset import FORMATS, story
from generator.rules.source import parse

from .conftest import booklet_of, make_ctx

HEADS = {"it": ("Carta", "Copie", "Effetto"), "en": ("Card", "Copies", "Effect"), "ru": ("Карта", "Копии", "Эффект")}
LONG = {"it": "Precipitevolissimevolmente", "en": "Antidisestablishmentarianism", "ru": "Человеконенавистничество"}


def _text(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())


@pytest.mark.parametrize("lang", ("it", "en", "ru"))
def test_header_cells_and_headings_never_hyphenate(lang):
    card, copies, effect = HEADS[lang]
    word = LONG[lang]
    long_cell = " ".join([word] * 12)
    cols = "| " + " | ".join(["A", card, copies, effect, "B", "C", "D"]) + " |"
    row = "| " + " | ".join(["x", long_cell, "2", long_cell, long_cell, long_cell, long_cell]) + " |"
    source = f"# {word} {word}\n\n## {word}{word}\n\n{cols}\n|---|---|---|---|---|---|---|\n{row}\n"
    entries = {"Card": card, "Copies": copies, "Effect": effect}
    pdfs = booklet_of(make_ctx(lang, entries), source, "test")
    for layout in ("A5", "A4"):
        text = _text(pdfs[layout][0])
        assert f"{card} {copies} {effect}" in text
        assert f"{word}{word}" in text  # a heading wider than the page shrinks instead of breaking
        assert f"{word} {word}" in text


def _lists(flow):
    return [f for f in flow if type(f).__name__ == "ListFlowable"]


@pytest.mark.parametrize("lang", ("it", "en", "ru"))
def test_numbering_counts_per_section_and_bullets_nest_under_steps(lang):
    source = "## A\n\n1. one\n2. two\n\n- sub\n\nText.\n\n3. three\n\n- sub\n\n## B\n\n1. again\n\nText.\n\n- free\n"
    flow = story(parse(source), lambda t: t, FORMATS["A5"], lang, lambda n, w: None, lambda n, s: "")
    lists = _lists(flow)
    assert [lf._start for lf in lists] == [1, "•", 3, "•", 1, "•"]
    numbered, nested, free = lists[0]._leftIndent, lists[1]._leftIndent, lists[5]._leftIndent
    assert nested > numbered and nested > free
    assert lists[3]._leftIndent == nested
    assert lists[1]._leftIndent - lists[1]._bulletDedent == numbered  # the bullet itself sits under the step text


@pytest.mark.parametrize("lang", ("it", "en", "ru"))
def test_a_paragraph_after_a_steps_sub_items_continues_the_step(lang):
    source = "## A\n\n1. one\n\n- sub\n\nMore of step one.\n\nNext paragraph.\n\n## B\n\n1. again\n\nPlain text.\n"
    flow = story(parse(source), lambda t: t, FORMATS["A5"], lang, lambda n, w: None, lambda n, s: "")
    paras = {f.getPlainText().replace("\xa0", " "): f.style.leftIndent  # a short last word is tied (no-break)
             for f in flow if type(f).__name__ == "Paragraph"}
    assert paras["More of step one."] == _lists(flow)[0]._leftIndent > 0
    assert paras["Next paragraph."] == 0 and paras["Plain text."] == 0


FAQ = {"it": ("Domande frequenti", "Posso passare?", "Sì, sempre."),
       "en": ("Frequently asked questions", "May I pass?", "Yes, always."),
       "ru": ("Частые вопросы", "Можно пройти?", "Да, всегда.")}


def _bold_words(pdf: bytes) -> tuple[str, str]:
    """The text set in a bold face and the text set in a regular face, read back from the PDF's fonts."""
    bold, regular = [], []

    def visit(text, cm, tm, font, size):
        if text.strip() and font:
            (bold if "Bold" in str(font.get("/BaseFont", "")) else regular).append(text)

    for page in PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(visitor_text=visit)
    return " ".join(" ".join(bold).split()), " ".join(" ".join(regular).split())


@pytest.mark.parametrize("lang", ("it", "en", "ru"))
def test_faq_questions_are_bold_in_every_language(lang):
    heading, question, answer = FAQ[lang]
    source = "## Frequently asked questions\n\nMay I pass? Yes, always.\n"
    entries = {"Frequently asked questions": heading, "May I pass? Yes, always.": f"{question} {answer}"}
    bold, regular = _bold_words(booklet_of(make_ctx(lang, entries), source, "test")["A5"][0])
    assert question in bold and answer not in bold  # the question in bold (the heading is bold too)
    assert answer in regular


def _line_texts(p) -> list[str]:
    out = []
    for line in p.blPara.lines:
        words = line[1] if isinstance(line, tuple) else [getattr(w, "text", w) for w in line.words]
        out.append(" ".join(str(getattr(w, "text", w)) for w in words))
    return out


def test_a_booklet_line_never_ends_with_a_word_tied_by_a_no_break_space():
    """Russian catalogs tie one-letter words to the next (в\u00a0комнату): reportlab must not break there, and a
    long tied word may still hyphenate after the tie."""
    nb = "\u00a0"
    text = " ".join([f"Положите фишку в{nb}комнату и{nb}возьмите карту у{nb}соседа в{nb}достопримечательности."] * 4)
    flow = story(parse(f"## A\n\n{text}\n"), lambda t: t, FORMATS["A5"], "ru", lambda n, w: None, lambda n, s: "")
    (para,) = [f for f in flow if type(f).__name__ == "Paragraph" and "фишку" in f.getPlainText()]
    for width in (60, 75, 90, 120, 160):
        para.wrap(width, 2000)
        lines = _line_texts(para)
        assert len(lines) > 3
        assert not any(line.rstrip().split(" ")[-1] in ("в", "и", "у") for line in lines), (width, lines)
        assert all(f"в{nb}" not in line or not line.endswith(f"в{nb}") for line in lines)
