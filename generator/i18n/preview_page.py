"""The live preview's page: every component with a page picker over all its pages, every open problem, and how
many of the language's entries the components print. Written from a Jinja2 template with autoescape (output/html.py):
every text on it is escaped by the template engine (problems quote translations, names come from the cache)."""

from __future__ import annotations

from ..output.html import render_html

STYLE = """body{font:14px sans-serif;background:#eee;margin:1em}section{display:inline-block;margin:.5em;
background:#fff;padding:.5em;vertical-align:top}img{max-width:46vw;max-height:80vh;display:block}
pre{color:#b00;white-space:pre-wrap}select{margin:.3em 0}.cov{color:#555}.pic{position:relative}
.hit{position:absolute;border:2px solid #e00;background:rgba(255,0,0,.12);pointer-events:none}
#entry{width:60vw}"""
# Picking an entry (its msgctxt | msgid) shows, in every component printing it, the page it prints on with its box
# outlined (places.json: the boxes read back from the pages); a page picked by hand keeps the outlines of its page.
# The page waits for the preview's next state (a long poll: /wait?since=VERSION, answered the moment an image is
# written): a changed page image is fetched in place (its tag changes), "checking…" shows while the edited components
# are read back, the problems are replaced; the page reloads only when what it lists changes (pages, components).
SCRIPT = """let v=+document.body.dataset.version,key=document.body.dataset.page,places=null,boxes=[],tags={};
function pic(s){return s.querySelector('.pic')}
function mark(s){const w=pic(s),img=w.querySelector('img');w.querySelectorAll('.hit').forEach(e=>e.remove());
const page=+(s.querySelector('select')||{value:1}).value,k=img.naturalWidth?img.clientWidth/img.naturalWidth:1;
for(const p of boxes)if(p.component===s.dataset.name&&p.page===page){const d=document.createElement('div');
d.className='hit';d.style.left=p.box[0]*k-3+'px';d.style.top=p.box[1]*k-3+'px';
d.style.width=(p.box[2]-p.box[0])*k+6+'px';d.style.height=(p.box[3]-p.box[1])*k+6+'px';w.appendChild(d)}}
function file(s){return s.dataset.name+'-'+(s.querySelector('select')||{value:1}).value+'.png'}
function show(sel){const s=sel.closest('section'),img=pic(s).querySelector('img'),f=file(s);
img.onload=()=>mark(s);img.src=f+'?h='+(tags[f]||'')}
async function pick(inp){const key=inp.value.replace(' | ','\\u0004');
if(!places)places=await (await fetch('places.json?v='+v,{cache:'no-store'})).json();
boxes=places[key]||places['\\u0004'+inp.value]||[];const first={};for(const p of boxes)first[p.component]??=p;
document.querySelectorAll('section').forEach(s=>{const p=first[s.dataset.name],sel=s.querySelector('select');
if(p&&sel&&+sel.value!==p.page){sel.value=p.page;show(sel)}else if(pic(s))mark(s)});
const s=document.querySelector('section[data-name="'+(boxes[0]||{}).component+'"]');if(s)s.scrollIntoView()}
function apply(st){if(st.page!==key){location.reload();return}v=st.version;tags=st.images;places=null;
document.getElementById('p').textContent=st.problems;
document.getElementById('busy').textContent=st.checking.length?'checking… '+st.checking.join(', '):
st.busy?'checking…':'';
document.querySelectorAll('section').forEach(s=>{const img=s.querySelector('.pic img');if(!img)return;
const f=file(s),h=tags[f];if(h&&!img.src.endsWith('?h='+h)){img.onload=()=>mark(s);img.src=f+'?h='+h}})}
async function wait(){for(;;){try{const r=await fetch('wait?since='+v,{cache:'no-store'});
if(r.ok){const st=await r.json();if(st.version>v)apply(st);continue}}catch(e){}
await new Promise(r=>setTimeout(r,1000))}}
fetch('state.json',{cache:'no-store'}).then(r=>r.json()).then(st=>{tags=st.images}).catch(()=>{}).then(wait)"""


PAGE = """<!doctype html><html lang="{{ lang }}"><meta charset="utf-8"><title>dojo-pnp preview: {{ lang }}</title>\
<style>""" + STYLE + """</style><body data-version="{{ version }}" data-page="{{ page_key }}">\
<h1>{{ lang }}: version {{ version }} <small id="busy"></small></h1>\
<p class="cov">{{ printed }} of {{ total }} catalog entries are printed by the components below; entries.json lists \
where each one lands, places.json the page and box.</p>\
<p><label>Show where an entry prints: <input id="entry" list="keys" onchange="pick(this)" \
placeholder="msgctxt | msgid"></label><datalist id="keys">{% for k in keys %}<option value="{{ k }}">{% endfor %}\
</datalist></p>\
{% if missing %}<details open><summary>{{ missing|length }} entries printed by no component in this build \
({{ unreached }} of them only in a state no build reaches)</summary><ul>\
{% for m in missing %}<li><code>{{ m.domain }}.po</code> {% if m.context %}{{ m.context }} {% endif %}\
<b>{{ m.msgid }}</b>{% if m.shown %} → {{ m.shown }}{% endif %} <i>({{ m.note }})</i></li>{% endfor %}\
</ul></details>{% endif %}\
<pre id="p">{{ listed }}</pre>\
{% for u in units %}{% if u.html %}<section data-name="{{ u.name }}"><b>{{ u.name }}</b><iframe \
src="{{ u.html }}?v={{ version }}" title="{{ u.name }}" width="720" height="600" sandbox></iframe></section>\
{% else %}<section data-name="{{ u.name }}"><b>{{ u.name }}</b> {% if u.pages > 1 %}<select aria-label="page" \
onchange="show(this)">{% for p in range(1, u.pages + 1) %}<option value="{{ p }}">{{ p }} / {{ u.pages }}</option>\
{% endfor %}</select>{% endif %}<div class="pic"><img src="{{ u.name }}-1.png?h={{ u.tag }}" \
alt="{{ u.name }}, page 1" loading="lazy"></div></section>{% endif %}{% endfor %}\
<script>""" + SCRIPT + """</script></body></html>
"""


def _missing(coverage, entries: dict) -> list[dict]:
    """The entries no component prints in this build, each with its catalog and where it would print (if known)."""
    rows = []
    for key in coverage.missing:
        context, msgid = key
        domain, text, _fuzzy = entries.get(key, ("", "", False))
        why = coverage.unreached.get(key)
        rows.append({"domain": domain, "context": repr(context) if context else "", "msgid": msgid,
                     "shown": text[0] if isinstance(text, (list, tuple)) else text,
                     "note": f"{why[0]}, only in {why[1]}" if why else "printed by no component"})
    return rows


def page_html(lang: str, version: int, units, problems, coverage, entries: dict | None = None,
              tags: dict | None = None, page_key: str = "") -> str:
    """The whole preview page (coverage: preview.Coverage; entries: the language's entries, for their texts; tags:
    page image -> the digest its address carries; page_key: what the page lists, the long poll's reload signal)."""
    shown = [{"name": u.name, "pages": u.pages, "html": u.html, "tag": (tags or {}).get(f"{u.name}-1.png", "")}
             for u in units if u.pages or u.html]
    return render_html(PAGE, lang=lang, version=version, page_key=page_key, printed=coverage.printed, total=coverage.total,
                       missing=_missing(coverage, entries or {}), unreached=len(coverage.unreached),
                       listed="\n".join(p.render() for p in problems) or "no open problem", units=shown,
                       keys=[(c + " | " if c else "") + m for c, m in sorted(entries or {}, key=str)])
