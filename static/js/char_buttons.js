/* taikai character buttons (the char_choices macro's fieldset): a chip per character, the one to
 * keep first, then the title's roster behind a search (Enter picks the only match, or the typed
 * name). Used by entry.js (online page, an entry back in its form), unsent_view.js and offline_pack.js (the page
 * built from the pack, which has no server to draw them). */
(function (G) {
  'use strict';
  const { el } = G.TaikaiDom;
  // A chip shows the character in the reader's language and sends the stored value; data-search
  // holds both names and the kana reading, so 「かず」 finds 一八 (the pack's character_search).
  const charChip = (side, value, text, search) => el('label', Object.assign({ class: 'chip' }, search ? { 'data-search': search } : {}),
    el('input', { type: 'radio', name: 'char_' + side, value }), text || value);
  // As textsearch.fold on the server: width (NFKC), katakana as hiragana, case.
  const fold = (s) => (s || '').normalize('NFKC').replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60)).toLowerCase();
  function addChar(form, side, value) {
    const roster = form.querySelector(`[data-testid=chars-${side}] .char-roster`);
    if (!roster) return null;
    const chip = charChip(side, value);
    roster.prepend(chip);
    const input = chip.querySelector('input');
    input.checked = true;
    return input;
  }
  // Fill a side's character buttons (the char_choices macro's fieldset) where the page has no
  // server to draw them (the offline match page): the ones to keep first, then the roster behind
  // the search; `picked` is checked. Locked (registered characters only): no roster.
  function setChars(form, side, keep, picked, roster, locked, unnamed, names) {
    const label = (v) => ((names || {}).label || {})[v] || v, search = (v) => ((names || {}).search || {})[v] || '';
    const box = form.querySelector(`[data-testid=chars-${side}]`);
    if (!box) return;
    const kept = keep.length ? keep : [''];
    box.querySelector('.char-keep').replaceChildren(...kept.map((v) => charChip(side, v, v ? label(v) : unnamed)));
    const more = box.querySelector('.char-more');
    if (!more) { const one = box.querySelector('input'); one.checked = one.defaultChecked = true; return; }
    more.hidden = !!locked;
    more.querySelector('.char-roster').replaceChildren(...(locked ? [] : roster.filter((c) => !kept.includes(c)).map((c) => charChip(side, c, label(c), search(c)))));
    more.querySelector('[data-char-search]').value = '';
    const chosen = [...box.querySelectorAll(`input[name=char_${side}]`)].find((i) => i.value === picked);
    const on = chosen || box.querySelector('input');
    on.checked = on.defaultChecked = true; // what a reset after the entry goes back to
    more.open = !!chosen && !kept.includes(picked);
  }

  // The search: the roster narrowed to what is typed.
  document.addEventListener('input', (ev) => {
    const s = ev.target.closest && ev.target.closest('[data-char-search]');
    if (!s) return;
    const q = fold(s.value.trim());
    s.closest('details').querySelectorAll('.char-roster label').forEach((l) => {
      l.hidden = !!q && !fold(`${l.textContent} ${l.dataset.search || ''}`).includes(q);
    });
  });
  document.addEventListener('keydown', (ev) => { // Enter picks the only match, or the typed name
    const s = ev.target.closest && ev.target.closest('[data-char-search]');
    if (!s || ev.key !== 'Enter') return;
    ev.preventDefault();
    const shown = [...s.closest('details').querySelectorAll('.char-roster label')].filter((l) => !l.hidden);
    if (shown.length === 1) shown[0].querySelector('input').checked = true;
    else if (s.value.trim()) addChar(s.form, s.closest('[data-testid^=chars-]').dataset.testid.slice(-1), s.value.trim());
  });

  G.TaikaiChars = { addChar, setChars };
})(self);
