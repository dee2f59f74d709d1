/* taikai entry feedback: what became of an entry, shown at its form, in the viewport.
 * queued on this phone (grey) -> accepted (green) | rejected (red: the rule, and the
 * entry back in the form) | conflict (amber: the desk decides) | held (amber: it waits for an
 * earlier result and applies by itself). The words are the server's table (outcome_words.py);
 * entries are named by entry_names.js, characters drawn by char_buttons.js. */
(function () {
  'use strict';
  const O = () => window.TaikaiOutbox;
  const { el, num, words } = window.TaikaiDom;
  const { describe, labelOf, remember } = window.TaikaiEntryNames;
  const STATE = (s) => words()[s] || words().saved || { tone: 'queued', form: '' };

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
    const decided = decision(op); // the desk has decided the conflict: its decision, not "the desk decides"
    const said = decided || (shared ? STATE('conflict') : STATE(op.status));
    const state = said.tone === 'held' ? 'conflict' : said.tone;
    let form = formFor(op);
    if (state === 'rejected' && form && form.dataset.retryOf !== op.op_id) fill(op, form, edits[op.op_id]);
    const b = statusBox();
    b.className = 'flash entry-status state-' + state; // (drops "toast": placed again below)
    b.dataset.state = state;
    const what = labelOf(op);
    const parts = [el('strong', {}, said.form), what ? ': ' + what : ''];
    if (shared) parts.push(el('span', { class: 'rule', 'data-testid': 'entry-rule' }, ' — ' + (op.message || '')));
    if (state === 'rejected') {
      parts.push(el('span', { class: 'rule', 'data-testid': 'entry-rule' }, ' — ' + (op.message || '')),
        el('span', { class: 'again' }, ' ' + (form ? STATE('back_in_form').form : '')));
    }
    b.replaceChildren(...parts);
    place(b, form, state);
  }
  // The desk's decision on this entry's conflict, in the server's words (outcome_words.py): green when
  // this entry is the result now, grey when another one is.
  function decision(op) {
    if (op.status !== 'conflict' || !op.resolution) return null;
    const form = (words()[op.lost ? 'decided_lost' : 'decided_kept'] || {})[op.resolution];
    if (!form) return null;
    return { form, tone: !op.lost && op.resolution === 'taken' ? 'accepted' : 'decided' };
  }
  // htmx swapped the view the state was in: it goes back at its form before the next paint.
  new MutationObserver(() => {
    if (shown && tracked && !document.getElementById('entry-status')) draw(shown);
  }).observe(document.body, { childList: true, subtree: true });
  // Just above the form's submit button (a rejection) or at the top of the form.
  function place(b, form, state) {
    const box = document.getElementById('match-play');
    const over = box && box.querySelector('[data-testid=winner]');
    if (over && state !== 'rejected' && !(form && box.contains(form))) { // the match is over: what comes next
      over.after(b); // the status under the winner, the match's top (names, next on this station) in view
      box.scrollIntoView({ block: 'start' });
      return;
    }
    const row = form && form.closest('.checkin-row');
    if (row) { row.append(b); return; } // over the row's corner: no row moves under the finger
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
    // The corrected resend goes at the refused entry's step: track() had moved the form past it, and
    // sent from there it would be "made after a refused entry" (a conflict), not the correction.
    const pos = (op.payload || {}).position, at = form.querySelector('input[name=position]');
    if (at && pos != null && pos !== '') at.value = pos;
    form.dataset.retryOf = op.op_id;
    form.classList.add('editing');
    return true;
  }
  const addChar = (...args) => window.TaikaiChars.addChar(...args); // char_buttons.js

  // The outbox list's "Edit": the entry back in its form, with its state beside it.
  function edit(op) {
    const form = formFor(op);
    if (!form || !fill(op, form)) return false;
    tracked = { op_id: op.op_id, kind: op.kind, match_id: op.match_id, form };
    refresh();
    return true;
  }

  document.addEventListener('taikai:outbox-changed', refresh);
  window.TaikaiEntry = { track, edit, refresh };
})();
