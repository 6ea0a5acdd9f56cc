"""The live preview's page: every component with a page picker over all its pages, every open problem, and how
many of the language's entries the components print. Every text on it is escaped (problems quote translations)."""

from __future__ import annotations

from html import escape

STYLE = """body{font:14px sans-serif;background:#eee;margin:1em}section{display:inline-block;margin:.5em;
background:#fff;padding:.5em;vertical-align:top}img{max-width:46vw;max-height:80vh;display:block}
pre{color:#b00;white-space:pre-wrap}select{margin:.3em 0}.cov{color:#555}"""
SCRIPT = """let v=document.body.dataset.version;
function show(sel){const s=sel.closest('section');s.querySelector('img').src=
s.dataset.name+'-'+sel.value+'.png?v='+v}
setInterval(async()=>{try{const r=await fetch("version.txt",{cache:"no-store"});
if((await r.text()).trim()!==v)location.reload()}catch(e){}},700)"""


def _section(name: str, pages: int, version: int, html: str = "") -> str:
    """One component: its first page, and a picker over every page (a web page of the kit: the page itself)."""
    n = escape(name, quote=True)
    if html:
        return (f'<section data-name="{n}"><b>{n}</b><iframe src="{escape(html, quote=True)}?v={version}" '
                f'title="{n}" width="720" height="600" sandbox></iframe></section>')
    picker = ""
    if pages > 1:
        options = "".join(f'<option value="{p}">{p} / {pages}</option>' for p in range(1, pages + 1))
        picker = f'<select aria-label="page" onchange="show(this)">{options}</select>'
    return (f'<section data-name="{n}"><b>{n}</b> {picker}'
            f'<img src="{n}-1.png?v={version}" alt="{n}, page 1" loading="lazy"></section>')


def page_html(lang: str, version: int, units, problems, coverage: tuple[int, int, list]) -> str:
    """The whole preview page."""
    shown, total, _missing = coverage
    sections = "".join(_section(u.name, u.pages, version, u.html) for u in units if u.pages or u.html)
    listed = escape("\n".join(p.render() for p in problems)) or "no open problem"
    return (f'<!doctype html><html lang="{escape(lang, quote=True)}"><meta charset="utf-8">'
            f'<title>dojo-pnp preview: {escape(lang)}</title><style>{STYLE}</style>'
            f'<body data-version="{version}"><h1>{escape(lang)}: version {version}</h1>'
            f'<p class="cov">{shown} of {total} catalog entries are printed by the components below; '
            f'entries.json lists where each one lands.</p><pre id="p">{listed}</pre>{sections}'
            f'<script>{SCRIPT}</script></body></html>\n')
