/* taikai entry feedback: what became of an entry, shown at its form, in the viewport.
 * queued on this phone (grey) -> accepted (green) | rejected (red: the rule, and the
 * entry back in the form) | conflict / held (amber: the desk decides). Also the phone's
 * unchecked view of a match (#offline-entry: the same forms, the game renumbered) and
 * the character search. Entries are named for people ("第2ゲーム: A 2–1 B"). */
(function () {
  'use strict';
  const O = () => window.TaikaiOutbox;
  const t = (ja, en) => (/^en/i.test(document.documentElement.lang) ? en : ja);
  const num = (v) => (v == null || v === '' ? null : /^-?\d+$/.test(v) ? +v : v);
  const el = (tag, attrs, ...kids) => {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    e.append(...kids.map((k) => (k instanceof Node ? k : String(k))));
    return e;
  };
  const STATES = {
    saved: ['queued', 'この端末に保存 — まだ送信していません', 'Queued on this phone — not sent yet'],
    sending: ['queued', '送信中 — サーバーの確認待ち', 'Sending — waiting for the server'],
    auth: ['queued', 'この端末に保存 — ログインすると送信します', 'Queued on this phone — sent when you sign in'],
    applied: ['accepted', '記録されました', 'Recorded'],
    duplicate: ['accepted', '記録されました', 'Recorded'],
    confirmed: ['accepted', '記録されました', 'Recorded'],
    conflict: ['conflict', '競合 — 本部に送りました。本部が決めます', 'Conflict — sent to the desk, which decides'],
    held: ['conflict', '保留 — 本部に送りました。本部が決めます', 'Held — sent to the desk, which decides'],
    rejected: ['rejected', '記録されていません', 'Not recorded'],
  };

  // ---- names -------------------------------------------------------------
  const LABELS_KEY = 'taikai-entry-labels';
  function labels() { try { return JSON.parse(localStorage.getItem(LABELS_KEY) || '{}'); } catch (e) { return {}; } }
  function remember(opId, label) {
    const all = labels();
    all[opId] = label;
    const keys = Object.keys(all);
    for (const k of keys.slice(0, Math.max(0, keys.length - 300))) delete all[k];
    try { localStorage.setItem(LABELS_KEY, JSON.stringify(all)); } catch (e) { /* full: names fall back */ }
  }
  function names(matchId) {
    const box = document.getElementById('match-play');
    if (!box || num(box.dataset.matchId) !== matchId) return null;
    try { return JSON.parse(box.dataset.entryNames || 'null'); } catch (e) { return null; }
  }
  // "第2ゲーム: A 2–1 B", "次の選手: チームA — A1", "じゃんけん: A"
  function describe(op, title) {
    const n = names(op.match_id), p = op.payload || {};
    if (!n) return title || '';
    const head = title || n.kinds[op.kind] || '';
    const sides = n.sides;
    if (op.kind === 'report_game') {
      return `${head}: ${sides.a} ${p.rounds_a}–${p.rounds_b} ${sides.b}` + (p.double_ko ? ` (${n.double_ko})` : '');
    }
    if (op.kind === 'name_player') return `${head}: ${sides[p.side] || ''} — ${n.members[p.member_id] || ''}`;
    const who = sides[p.winner] || sides[p.side];
    return who ? `${head}: ${who}` : head;
  }
  const labelOf = (op) => labels()[op.op_id] || describe(op, '');

  // ---- feedback at the form --------------------------------------------------
  let tracked = null; // {op_id, kind, match_id, form}
  function track(form, op) {
    remember(op.op_id, describe(op, form.dataset.title));
    nextPosition(op);
    tracked = { op_id: op.op_id, kind: op.kind, match_id: op.match_id, form };
    refresh();
  }
  // A quick second tap (the other team's blind pick) goes after this entry, not in its place.
  function nextPosition(op) {
    const pos = op.payload && op.payload.position;
    if (pos == null || pos === '') return;
    document.querySelectorAll('form[data-op], form[data-offline-op]').forEach((f) => {
      const i = f.querySelector('input[name=position]');
      if (i && num(f.dataset.matchId) === op.match_id && +i.value <= +pos) i.value = +pos + 1;
    });
  }
  const visible = (f) => f.isConnected && !f.closest('[hidden]');
  // Hidden fields that say which row or side a form is for (a check-in row, a team's pick).
  const KEY_FIELDS = ['entrant_id', 'side'];
  const sameTarget = (f, op) => KEY_FIELDS.every((k) => {
    const i = f.querySelector(`input[type=hidden][name=${k}]`);
    return !i || String((op.payload || {})[k]) === i.value;
  });
  function formFor(op) {
    const forms = [...document.querySelectorAll('form[data-op]')].filter(visible);
    const same = forms.filter((f) => f.dataset.op === op.kind && num(f.dataset.matchId) === op.match_id);
    if (tracked && same.includes(tracked.form)) return tracked.form;
    const target = same.find((f) => sameTarget(f, op));
    if (target || op.match_id == null) return target || null;
    return same[0] || forms.find((f) => num(f.dataset.matchId) === op.match_id) || null;
  }
  let box = null;
  function statusBox() {
    box = box || el('p', { id: 'entry-status', role: 'status', 'aria-live': 'polite', 'data-testid': 'entry-status' });
    return box;
  }
  let shown = null; // the op as last drawn, to draw it again at once after a swap
  async function refresh() {
    if (!tracked || !O()) return;
    const op = await O().get(tracked.op_id);
    if (op) draw(op);
  }
  function draw(op) {
    shown = op;
    const shared = op.status === 'applied' && op.code === 'station.shared'; // kept; the desk decides
    const [state, ja, en] = shared ? STATES.conflict : STATES[op.status] || STATES.saved;
    let form = formFor(op);
    if (state === 'rejected' && form && form.dataset.retryOf !== op.op_id) fill(op, form, edits[op.op_id]);
    const b = statusBox();
    b.className = 'flash entry-status state-' + state; // (drops "toast": placed again below)
    b.dataset.state = state;
    const what = labelOf(op);
    const parts = [el('strong', {}, t(ja, en)), what ? ': ' + what : ''];
    if (shared) parts.push(el('span', { class: 'rule', 'data-testid': 'entry-rule' }, ' — ' + (op.message || '')));
    if (state === 'rejected') {
      parts.push(el('span', { class: 'rule', 'data-testid': 'entry-rule' }, ' — ' + (op.message || '')),
        el('span', { class: 'again' }, ' ' + (form ? t('入力をフォームに戻しました。直して送ってください。',
          'Your entry is back in the form: correct it and send it again.') : '')));
    }
    b.replaceChildren(...parts);
    place(b, form, state);
  }
  // htmx swapped the view the state was in: it goes back at its form before the next paint.
  new MutationObserver(() => {
    if (shown && tracked && !document.getElementById('entry-status')) draw(shown);
  }).observe(document.body, { childList: true, subtree: true });
  // Just above the form's submit button (a rejection) or at the top of the form.
  function place(b, form, state) {
    const box = document.getElementById('match-play');
    if (form) {
      const submit = [...form.querySelectorAll('button[type=submit]')].pop();
      const one = form.querySelectorAll('button[type=submit]').length === 1;
      if (state === 'rejected' && one) submit.before(b); else form.prepend(b);
    } else if (box) box.querySelector('h1')?.after(b);
    else { b.classList.add('toast'); document.body.append(b); } // no form of it on view: a bar at the bottom
    b.scrollIntoView({ block: state === 'rejected' ? 'center' : 'nearest' });
  }

  // Put a rejected entry back into a form of its kind (score choice and characters too).
  // What the person changed in a form put back after a rejection. A sync swaps the match
  // section in again (a fresh form): their correction goes into it, not the refused entry.
  const edits = {};
  function noteEdit(ev) {
    const form = ev.target.form;
    if (form && form.dataset.retryOf) edits[form.dataset.retryOf] = formValues(form);
  }
  function formValues(form) {
    const v = {};
    for (const [k, x] of new FormData(form)) v[k] = k in v ? [].concat(v[k], x) : x;
    return v;
  }
  document.addEventListener('change', noteEdit);
  document.addEventListener('input', noteEdit);
  function fill(op, form, values) {
    form = form || formFor(op);
    if (!form) return false;
    const p = Object.assign({}, values || op.payload);
    if (!values && p.rounds_a != null && form.querySelector('input[name=score]')) p.score = `${p.rounds_a}-${p.rounds_b}`;
    for (const f of form.elements) {
      if (!(f.name in p) || f.tagName === 'BUTTON' || f.type === 'hidden') continue;
      const v = p[f.name], vs = [].concat(v).map(String);
      if (f.type === 'checkbox') f.checked = Array.isArray(v) ? vs.includes(f.value) : !!v;
      else if (f.type === 'radio') f.checked = String(v) === f.value;
      else if (f.tagName === 'SELECT') {
        if (v && ![...f.options].some((o) => o.value === String(v))) f.append(el('option', {}, v));
        f.value = v == null ? '' : vs[0];
      } else f.value = v == null ? '' : vs[0];
    }
    for (const side of ['a', 'b']) { // a character not on the buttons gets one
      const v = p['char_' + side];
      if (v && !form.querySelector(`input[name=char_${side}]:checked`)) addChar(form, side, v);
      const chosen = form.querySelector(`input[name=char_${side}]:checked`);
      const more = chosen && chosen.closest('details');
      if (more) more.open = true;
    }
    form.dataset.retryOf = op.op_id;
    form.classList.add('editing');
    return true;
  }
  const charChip = (side, value, text) => el('label', { class: 'chip' }, el('input', { type: 'radio', name: 'char_' + side, value }), text || value);
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
  function setChars(form, side, keep, picked, roster, locked, unnamed) {
    const box = form.querySelector(`[data-testid=chars-${side}]`);
    if (!box) return;
    const kept = keep.length ? keep : [''];
    box.querySelector('.char-keep').replaceChildren(...kept.map((v) => charChip(side, v, v || unnamed)));
    const more = box.querySelector('.char-more');
    more.hidden = !!locked;
    more.querySelector('.char-roster').replaceChildren(...(locked ? [] : roster.filter((c) => !kept.includes(c)).map((c) => charChip(side, c))));
    more.querySelector('[data-char-search]').value = '';
    const chosen = [...box.querySelectorAll(`input[name=char_${side}]`)].find((i) => i.value === picked);
    (chosen || box.querySelector('input')).checked = true;
    more.open = !!chosen && !kept.includes(picked);
  }

  // ---- character search ---------------------------------------------------------
  document.addEventListener('input', (ev) => {
    const s = ev.target.closest && ev.target.closest('[data-char-search]');
    if (!s) return;
    const q = s.value.trim().toLowerCase();
    s.closest('details').querySelectorAll('.char-roster label').forEach((l) => {
      l.hidden = !!q && !l.textContent.toLowerCase().includes(q);
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

  // ---- this phone's unchecked view of a match ---------------------------------------
  // Entries not sent yet make the server's next step stale: show the same forms in
  // #offline-entry instead, the game renumbered and last entry's characters kept.
  let drawing = false, redraw = false;
  async function showUnsent() {
    if (drawing) { redraw = true; return; }
    drawing = true;
    try { do { redraw = false; await drawUnsent(); } while (redraw); } finally { drawing = false; }
    refresh(); // the forms on view changed: the entry's state moves with them
  }
  async function drawUnsent() {
    const panel = document.getElementById('offline-entry'), box = document.getElementById('match-play');
    if (!O() || !panel || !box) return;
    const id = num(panel.dataset.matchId);
    const mine = (await O().unsent()).filter((o) => o.match_id === id);
    if (!panel.isConnected) return;
    // Next position: past every pending entry, so positions stay increasing per match.
    const next = Math.max(num(panel.dataset.recorded) + mine.length,
      ...mine.map((o) => (o.payload && o.payload.position != null ? +o.payload.position + 1 : 0)));
    box.dataset.position = next;
    box.querySelectorAll('form input[name=position]').forEach((i) => { i.value = next; });
    const on = mine.length > 0;
    panel.hidden = !on;
    box.querySelectorAll('.next-step').forEach((n) => { n.hidden = on; });
    const toss = panel.querySelector('.offline-toss');
    if (toss) toss.hidden = mine.some((o) => o.kind === 'coin_toss');
    panel.querySelectorAll('form[data-offline-op]').forEach((f) => {
      if (on && !f.closest('.offline-toss[hidden]')) f.dataset.op = f.dataset.offlineOp; else delete f.dataset.op;
    });
    const games = mine.filter((o) => o.kind === 'report_game');
    renumber(panel, num(panel.dataset.game) + games.length);
    if (games.length) keepCharacters(panel, games[games.length - 1].payload || {});
    panel.querySelector('#pending-entries').replaceChildren(...mine.map((op) => el('li',
      { 'data-op-id': op.op_id, 'data-testid': 'pending-entry', 'data-kind': op.kind, class: 'op-saved' },
      labelOf(op), ' ', el('span', { class: 'badge warn' }, t('未確認', 'not checked yet')))));
  }
  function renumber(panel, n) {
    const swap = (s) => s.replace(/\d+/, n);
    panel.querySelectorAll('[data-game-title], [data-game-label]').forEach((e) => { e.textContent = swap(e.textContent); });
    panel.querySelectorAll('form.report-game').forEach((f) => { if (f.dataset.title) f.dataset.title = swap(f.dataset.title); });
  }
  function keepCharacters(panel, last) {
    const form = panel.querySelector('form.report-game');
    if (!form || form.classList.contains('editing') || form.dataset.kept === JSON.stringify(last)) return;
    form.dataset.kept = JSON.stringify(last);
    for (const side of ['a', 'b']) {
      const v = last['char_' + side];
      if (!v) continue;
      const r = [...form.querySelectorAll(`input[name=char_${side}]`)].find((i) => i.value === v);
      if (r) r.checked = true; else addChar(form, side, v);
    }
    form.querySelectorAll('input[name=score]').forEach((i) => { i.checked = false; });
  }

  document.addEventListener('taikai:local-op', showUnsent);
  document.addEventListener('htmx:afterSettle', showUnsent);
  document.addEventListener('taikai:outbox-changed', refresh);
  const start = () => showUnsent();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();

  // The outbox list's "Edit": the entry back in its form, with its state beside it.
  function edit(op) {
    const form = formFor(op);
    if (!form || !fill(op, form)) return false;
    tracked = { op_id: op.op_id, kind: op.kind, match_id: op.match_id, form };
    refresh();
    return true;
  }

  window.TaikaiEntry = { track, edit, labelOf, remember, setChars };
})();
