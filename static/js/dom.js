/* taikai page helpers, defined once for every page script: a DOM builder, the reader's language
 * pick, a form value as a number, the words the server rendered into the page, a short notice.
 * Loaded before the scripts that use them (base.html, offline.html, offline_match.html); never
 * imported by the service worker (it has no document). */
(function (G) {
  'use strict';
  // <tag attrs>kids</tag>; a kid that is not a node becomes its text.
  const el = (tag, attrs, ...kids) => {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    e.append(...kids.map((k) => (k instanceof Node ? k : String(k))));
    return e;
  };
  // The page's language (<html lang>), as the server rendered it.
  const t = (ja, en) => (/^en/i.test(document.documentElement.lang) ? en : ja);
  // A data attribute's or field's value: an integer as a number, empty as null, anything else as it is.
  const num = (v) => (v == null || v === '' ? null : /^-?\d+$/.test(v) ? +v : v);
  // JSON the server put in an attribute; `fallback` when it is missing or broken.
  const json = (text, fallback) => {
    try { return text ? JSON.parse(text) : fallback; } catch (e) { return fallback; }
  };
  // What became of an entry, in the reader's words: the server's one table (webapp/views/outcome_words.py),
  // a <meta> of every page that runs the entry scripts (kept with the page for offline use).
  let outcomes = null;
  const words = () => {
    if (!outcomes) {
      const m = document.querySelector('meta[name=taikai-outcome-words]');
      outcomes = json(m && m.content, {});
    }
    return outcomes;
  };
  // A bar at the bottom for a few seconds (an entry not stored, an action that failed).
  function toast(msg, kind) {
    let b = document.getElementById('op-toast');
    if (!b) document.body.append(b = el('div', { id: 'op-toast', role: 'status', 'data-testid': 'op-saved' }));
    b.className = 'flash toast ' + kind;
    b.textContent = msg;
    clearTimeout(b._t);
    b._t = setTimeout(() => b.classList.add('hidden'), 4000);
  }

  G.TaikaiDom = { el, t, num, json, words, toast };
})(self);
