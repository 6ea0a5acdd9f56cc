"""The live preview's page: every component with a page picker over all its pages, every open problem, and how
many of the language's entries the components print. Every text on it is escaped (problems quote translations)."""

from __future__ import annotations

from html import escape

STYLE = """body{font:14px sans-serif;background:#eee;margin:1em}section{display:inline-block;margin:.5em;
background:#fff;padding:.5em;vertical-align:top}img{max-width:46vw;max-height:80vh;display:block}
pre{color:#b00;white-space:pre-wrap}select{margin:.3em 0}.cov{color:#555}.pic{position:relative}
.hit{position:absolute;border:2px solid #e00;background:rgba(255,0,0,.12);pointer-events:none}
#entry{width:60vw}"""
# Picking an entry (its msgctxt | msgid) shows, in every component printing it, the page it prints on with its box
# outlined (places.json: the boxes read back from the pages); a page picked by hand keeps the outlines of its page.
SCRIPT = """let v=document.body.dataset.version,places=null,boxes=[];
function pic(s){return s.querySelector('.pic')}
function mark(s){const w=pic(s),img=w.querySelector('img');w.querySelectorAll('.hit').forEach(e=>e.remove());
const page=+(s.querySelector('select')||{value:1}).value,k=img.naturalWidth?img.clientWidth/img.naturalWidth:1;
for(const p of boxes)if(p.component===s.dataset.name&&p.page===page){const d=document.createElement('div');
d.className='hit';d.style.left=p.box[0]*k-3+'px';d.style.top=p.box[1]*k-3+'px';
d.style.width=(p.box[2]-p.box[0])*k+6+'px';d.style.height=(p.box[3]-p.box[1])*k+6+'px';w.appendChild(d)}}
function show(sel){const s=sel.closest('section'),img=pic(s).querySelector('img');
img.onload=()=>mark(s);img.src=s.dataset.name+'-'+sel.value+'.png?v='+v}
async function pick(inp){const key=inp.value.replace(' | ','\\u0004');
if(!places)places=await (await fetch('places.json?v='+v)).json();
boxes=places[key]||places['\\u0004'+inp.value]||[];const first={};for(const p of boxes)first[p.component]??=p;
document.querySelectorAll('section').forEach(s=>{const p=first[s.dataset.name],sel=s.querySelector('select');
if(p&&sel&&+sel.value!==p.page){sel.value=p.page;show(sel)}else if(pic(s))mark(s)});
const s=document.querySelector('section[data-name="'+(boxes[0]||{}).component+'"]');if(s)s.scrollIntoView()}
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
    return (f'<section data-name="{n}"><b>{n}</b> {picker}<div class="pic">'
            f'<img src="{n}-1.png?v={version}" alt="{n}, page 1" loading="lazy"></div></section>')


def _unprinted(coverage, entries: dict) -> str:
    """The entries no component prints in this build, each with its catalog and where it would print (if known)."""
    if not coverage.missing:
        return ""
    rows = []
    for key in coverage.missing:
        context, msgid = key
        domain, text, _fuzzy = entries.get(key, ("", "", False))
        shown = text[0] if isinstance(text, (list, tuple)) else text
        why = coverage.unreached.get(key)
        note = f"{why[0]}, only in {why[1]}" if why else "printed by no component"
        rows.append(f"<li><code>{escape(domain)}.po</code> {escape(repr(context)) + ' ' if context else ''}"
                    f"<b>{escape(msgid)}</b>{' → ' + escape(shown) if shown else ''} <i>({escape(note)})</i></li>")
    return (f'<details open><summary>{len(coverage.missing)} entries printed by no component in this build '
            f'({len(coverage.unreached)} of them only in a state no build reaches)</summary><ul>{"".join(rows)}'
            '</ul></details>')


def _picker(entries: dict) -> str:
    """A field to pick an entry (msgctxt | msgid): the components printing it turn to its page, its box outlined."""
    options = "".join(f'<option value="{escape((c + " | " if c else "") + m, quote=True)}">'
                      for c, m in sorted(entries, key=str))
    return (f'<p><label>Show where an entry prints: <input id="entry" list="keys" onchange="pick(this)" '
            f'placeholder="msgctxt | msgid"></label><datalist id="keys">{options}</datalist></p>')


def page_html(lang: str, version: int, units, problems, coverage, entries: dict | None = None) -> str:
    """The whole preview page (coverage: preview.Coverage; entries: the language's entries, for their texts)."""
    sections = "".join(_section(u.name, u.pages, version, u.html) for u in units if u.pages or u.html)
    listed = escape("\n".join(p.render() for p in problems)) or "no open problem"
    return (f'<!doctype html><html lang="{escape(lang, quote=True)}"><meta charset="utf-8">'
            f'<title>dojo-pnp preview: {escape(lang)}</title><style>{STYLE}</style>'
            f'<body data-version="{version}"><h1>{escape(lang)}: version {version}</h1>'
            f'<p class="cov">{coverage.printed} of {coverage.total} catalog entries are printed by the components '
            f'below; entries.json lists where each one lands, places.json the page and box.</p>'
            f'{_picker(entries or {})}{_unprinted(coverage, entries or {})}'
            f'<pre id="p">{listed}</pre>{sections}<script>{SCRIPT}</script></body></html>\n')
