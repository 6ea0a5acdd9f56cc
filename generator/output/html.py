"""HTML pages written from Jinja2 templates with autoescape on: every value a page shows (catalog text, content,
cached figures, file names) is escaped by the template engine, never by hand; only what a template marks |safe
(nothing, today) would reach the page as markup."""

from __future__ import annotations

from functools import lru_cache

from jinja2 import Environment, StrictUndefined, Template


@lru_cache(maxsize=None)
def _environment() -> Environment:
    return Environment(autoescape=True, undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                       keep_trailing_newline=True)


@lru_cache(maxsize=32)
def template(source: str) -> Template:
    """A page template (compiled once per process), autoescaped."""
    return _environment().from_string(source)


def render_html(source: str, **values: object) -> str:
    """The page: source rendered with values, every value escaped."""
    return template(source).render(**values)
