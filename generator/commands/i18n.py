"""`dojo i18n extract|update|check|stats`: the translator workflow on the gettext catalogs under locales/."""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path

from ..content.languages import TABLE, languages
from ..problems import CheckFailed, Problem, blocking
from ..i18n.catalogs import PSEUDO_LANG


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `i18n` command and its subcommands."""
    i18n = sub.add_parser("i18n", help="translations: extract, update, check and count the gettext catalogs")
    isub = i18n.add_subparsers(dest="i18n_command", metavar="SUBCOMMAND")
    isub.required = True
    for name, func, text in (
        ("extract", run_extract, "write locales/templates/<domain>.pot from templates, code, content and rules"),
        ("init", run_update, "create every catalog of a language added to locales/languages.toml (as update does)"),
        ("update", run_update, "extract, then merge the templates into every language (previous msgids kept)"),
        ("check", run_check, "check the catalogs: syntax, placeholders, plurals, markup, glyphs, completeness"),
        ("stats", run_stats, "table of translated / fuzzy / untranslated entries per language and catalog"),
        ("slots", run_slots, "render the English kit in memory and record which entry lands in which slot "
         "(locales/templates/slots.json, written into the catalogs as '#. slot:' comments by the next update)"),
    ):
        p = isub.add_parser(name, help=text, description=text)
        p.add_argument("--root", type=Path, default=Path("."), help="project folder (default: current folder)")
        if name in ("init", "update", "check", "stats"):
            p.add_argument("--lang", action="append", required=name == "init",
                           help="only this language (repeatable; default: every language of locales/languages.toml"
                           + ("; xx: the pseudo-locale, whose overflows are warnings)" if name == "check" else ")"))
        if name == "stats":
            p.add_argument("--by-component", action="store_true",
                           help="coverage per language and component, with what each component still lacks")
        if name == "check":
            p.add_argument("--render", action="store_true",
                           help="also render every component in memory: strings that overflow their slot, in "
                                "each language (slower; nothing is written)")
        p.set_defaults(run=func)
    w = isub.add_parser("watch", help="live preview of one language on http://127.0.0.1:PORT/ (re-renders what an "
                        "edited catalog, content or template file affects)")
    w.add_argument("--root", type=Path, default=Path("."), help="project folder (default: current folder)")
    w.add_argument("--lang", required=True, help="the language to preview (xx: the pseudo-locale)")
    w.add_argument("--port", type=int, default=8765, help="port on 127.0.0.1 (default 8765; 0: any free port)")
    w.set_defaults(run=run_watch)


def _langs(args: argparse.Namespace, pseudo: bool = False) -> tuple[str, ...]:
    """The languages asked for (default: every language of the table); CheckFailed naming an unknown one."""
    table = languages(args.root.resolve())
    known = (*table, PSEUDO_LANG) if pseudo else tuple(table)
    asked = tuple(dict.fromkeys(args.lang)) if args.lang else tuple(table)
    for lang in asked:
        if lang not in known:
            raise CheckFailed([Problem("error", "lang", f"unknown language {lang!r}; {TABLE.as_posix()} lists "
                                       f"{', '.join(known)}", TABLE.as_posix(),
                                       hint=f'add a [[language]] table with code = "{lang}" (TRANSLATING.md, '
                                            '"Add a language"), then run `dojo i18n init --lang ' + lang + '`')])
    return asked


def _fail(exc: CheckFailed) -> int:
    for p in exc.problems:
        print(p.render(), file=sys.stderr)
    print(f"stopped: {len(exc.problems)} problem(s); no file was changed", file=sys.stderr)
    return 1


def run_extract(args: argparse.Namespace) -> int:
    """Write the POT templates."""
    from ..i18n.workflow import write_templates

    try:
        paths = write_templates(args.root.resolve())
    except CheckFailed as exc:
        return _fail(exc)
    for path in paths:
        print(f"wrote {path.relative_to(args.root.resolve())}")
    return 0


def run_watch(args: argparse.Namespace) -> int:
    """Serve the live preview until Ctrl-C."""
    from .preview import watch

    try:
        [lang] = _langs(argparse.Namespace(root=args.root, lang=[args.lang]), pseudo=True)
    except CheckFailed as exc:
        return _fail(exc)
    try:
        watch(args.root.resolve(), lang, args.port)
    except CheckFailed as exc:  # a bad or taken port (told before anything renders)
        for p in exc.problems:
            print(p.render(), file=sys.stderr)
        return 2
    return 0


def run_slots(args: argparse.Namespace) -> int:
    """Record the slot map."""
    from .slots import write_slots

    root = args.root.resolve()
    try:
        path = write_slots(root)
    except CheckFailed as exc:
        return _fail(exc)
    print(f"wrote {path.relative_to(root)}: run `dojo i18n update` to write the slot comments into the catalogs")
    return 0


def run_update(args: argparse.Namespace) -> int:
    """Extract and merge into every language."""
    from ..i18n.workflow import update_catalogs

    root = args.root.resolve()
    warnings: list[Problem] = []
    try:
        merged = update_catalogs(root, _langs(args), warnings)
    except CheckFailed as exc:
        return _fail(exc)
    for m in merged:
        state = "created" if m.created else "updated"
        print(f"{state} {m.path.relative_to(root)}: {m.fuzzy} fuzzy, {m.untranslated} untranslated")
    for path in new_glossaries(root, _langs(args)):
        print(f"created {path.relative_to(root)}: the do-not-translate terms (add the game's terms to it)")
    for p in warnings:
        print(p.render(), file=sys.stderr)
    return 0


def new_glossaries(root: Path, langs: tuple[str, ...]) -> list[Path]:
    """Give each language of langs without a glossary (the source language and the pseudo-locale need none) its
    locales/glossary/<lang>.tbx holding the do-not-translate terms."""
    from ..output.files import write_text_atomic
    from ..i18n.catalogs import SOURCE_LANG
    from ..i18n.glossary import glossary_path, glossary_tbx

    table = languages(root)
    out = []
    for lang in langs:
        path = glossary_path(root, lang)
        if lang not in (SOURCE_LANG, PSEUDO_LANG) and lang in table and not path.exists():
            write_text_atomic(path, glossary_tbx(root, lang, table[lang].english))
            out.append(path)
    return out


def run_check(args: argparse.Namespace) -> int:
    """Every check of every language asked (the languages side by side on every core, after the sources' messages
    are extracted once); exit 1 when any blocking problem is found."""
    from ..kit.workers import run_ordered
    from ..i18n.extract import cached_extraction
    from ..i18n.slots import slot_problems

    root = args.root.resolve()
    try:
        langs = _langs(args, pseudo=True)
    except CheckFailed as exc:
        return _fail(exc)
    cached_extraction(root)  # once, into its cache, before the languages' checks compare with it
    problems = []
    rendered = []
    for lang, found in zip(langs, run_ordered(functools.partial(strict_check, root), langs, 0)):
        problems.extend(found)
        if args.render and not blocking(found):
            rendered.append(lang)
    problems.extend(render_problems(root, rendered))
    problems.extend(slot_problems(root))  # the size data the catalogs' `#. slot:` comments give: current?
    for p in problems:
        print(p.render(), file=sys.stderr)
    errors = blocking(problems)
    if errors:
        print(f"i18n check: {len(errors)} error(s), {len(problems) - len(errors)} warning(s) in "
              f"{', '.join(langs)}", file=sys.stderr)
        return 1
    print(f"i18n check: {', '.join(langs)} OK ({len(problems)} warning(s))")
    return 0


def strict_check(root: Path, lang: str) -> list:
    """Every catalog check of one language, gaps as errors (a worker's piece of work)."""
    from ..i18n.consistency import consistency_problems, yo_problems
    from ..i18n.gate import check_language

    return check_language(root, lang, strict=True) + consistency_problems(root, lang) + yo_problems(root, lang)


def render_problems(root: Path, langs: list[str]) -> list:
    """What rendering every component of each language in memory reports (overflowing slots, missing glyphs), the
    languages rendered together on every core; a component whose inputs are unchanged since it last rendered
    without a problem comes from the component cache."""
    from .. import pipeline

    return pipeline.problems(pipeline.run(root, langs, "check"))


def run_stats(args: argparse.Namespace) -> int:
    """The rich table of counts per language and catalog."""
    from rich.console import Console
    from rich.table import Table

    from ..i18n.gate import language_stats

    root = args.root.resolve()
    try:
        langs = _langs(args)
    except CheckFailed as exc:
        return _fail(exc)
    if args.by_component:
        return _component_stats(root, langs)
    table = Table(title="Translation status (locales/<lang>/LC_MESSAGES/<domain>.po)")
    for col, justify in (("lang", "left"), ("catalog", "left"), ("translated", "right"), ("fuzzy", "right"),
                         ("untranslated", "right"), ("total", "right"), ("done", "right")):
        table.add_column(col, justify=justify)
    errors = []
    for lang in langs:
        for s in language_stats(root, lang):
            if s.error:
                table.add_row(lang, s.domain, "-", "-", "-", "-", "error (see below)" if s.error != "missing" else
                              "missing")
                errors += [s.error] if s.error != "missing" else []
                continue
            done = f"{100 * s.translated / s.total:.0f}%" if s.total else "-"
            style = "green" if s.total and s.translated == s.total else ("yellow" if s.total else "dim")
            table.add_row(lang, s.domain, str(s.translated), str(s.fuzzy), str(s.untranslated), str(s.total),
                          done, style=style)
        table.add_section()
    Console(width=110).print(table)
    for error in errors:
        print(error, file=sys.stderr)
    return 1 if errors else 0


def _component_stats(root: Path, langs: tuple[str, ...]) -> int:
    """`stats --by-component`: a table per language of each component's translated entries and what it lacks."""
    from rich.console import Console
    from rich.table import Table

    from ..i18n.coverage import component_coverage

    console = Console(width=130)
    for lang in langs:
        table = Table(title=f"{lang}: translated entries per component (fuzzy counts as not yet)")
        for col, justify in (("component", "left"), ("translated", "right"), ("total", "right"), ("done", "right"),
                             ("still lacks", "left")):
            table.add_column(col, justify=justify)
        for row in component_coverage(root, lang):
            lacks = ", ".join(repr(m) for m in row.lacking[:2]) + (
                f" and {len(row.lacking) - 2} more" if len(row.lacking) > 2 else "")
            style = "green" if row.translated == row.total else "yellow"
            table.add_row(row.component, str(row.translated), str(row.total),
                          f"{100 * row.translated / row.total:.0f}%", lacks or "-", style=style)
        console.print(table)
    return 0
