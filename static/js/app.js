/* taikai page glue: service worker, outbox forms, outbox status panel. */
(function () {
  'use strict';
  const O = () => window.TaikaiOutbox;
  const t = (ja, en) => (/^en/i.test(document.documentElement.lang) ? en : ja);
  const LABELS = {
    saved: ['端末に保存', 'Saved on phone'], sending: ['送信中', 'Sending'],
    applied: ['記録済み', 'Recorded'], duplicate: ['記録済み (重複)', 'Recorded (duplicate)'],
    confirmed: ['確認済み', 'Confirmed'], conflict: ['競合 — 本部が確認します', 'Conflict — the desk will decide'],
    rejected: ['却下: ', 'Rejected: '], auth: ['ログインすると送信します', 'Sign in to send'],
    held: ['前の試合の結果を待っています', 'Waiting for an earlier result'],
  };
  // The desk's decision on a conflict, as the phone that entered it reads it.
  const DECIDED_LOST = {
    kept: ['本部は先の記録を採用 (この記録は不採用)', 'The desk kept the other entry (not this one)'],
    taken: ['本部は別の記録を採用 (この記録は不採用)', 'The desk took the other entry (not this one)'],
    third: ['本部が別の結果を入力 (この記録は不採用)', 'The desk entered another result (not this one)'],
  };
  const DECIDED_KEPT = { kept: DECIDED_LOST.kept, taken: ['本部がこの記録を採用', 'The desk took this entry'], third: DECIDED_LOST.third };
  const hhmm = (iso) => (iso ? new Date(iso).toTimeString().slice(0, 5) : '—');
  const el = (tag, attrs, ...kids) => {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    e.append(...kids.map((k) => (k instanceof Node ? k : String(k))));
    return e;
  };
  const num = (v) => (v == null || v === '' ? null : /^-?\d+$/.test(v) ? +v : v);
  const isBtn = (f) => f.tagName === 'BUTTON' || /^(submit|button|reset|image|file)$/.test(f.type);

  // (1) Service worker. Leaving with unsent ops: it keeps sending after we go.
  const SW = navigator.serviceWorker;
  if (SW) {
    addEventListener('load', () => SW.register('/sw.js', { scope: '/' }).catch(console.warn));
    document.addEventListener('visibilitychange', async () => {
      if (document.visibilityState === 'hidden' && SW.controller && O() && (await O().pendingCount())) {
        SW.controller.postMessage({ type: 'sync' });
      }
    });
  }

  // (2) <form data-op data-match-id data-base-version> becomes an outbox op.
  // Checkbox: boolean (several with one name: array of checked values);
  // number: number; repeated names, multi-selects: arrays.
  function serialize(form, submitter) {
    const out = {}, n = {};
    for (const f of form.elements) n[f.name] = (n[f.name] || 0) + 1;
    for (const f of form.elements) {
      const k = f.name;
      if (!k || f.disabled || k === 'csrf_token') continue;
      let v = f.value;
      if (isBtn(f)) { if (f !== submitter || f.type === 'reset' || f.type === 'file') continue; }
      else if (f.type === 'checkbox') {
        if (n[k] === 1) { out[k] = f.checked; continue; }
        out[k] = out[k] || [];
        if (f.checked) out[k].push(v);
        continue;
      } else if (f.type === 'radio') { if (f.checked || !(k in out)) out[k] = f.checked ? v : null; continue; }
      else if (f.type === 'number' || f.type === 'range') v = v === '' ? null : +v;
      else if (f.tagName === 'SELECT' && f.multiple) { out[k] = Array.from(f.selectedOptions, (o) => o.value); continue; }
      out[k] = k in out ? [].concat(out[k], v) : v;
    }
    return expandScore(out);
  }

  // A score choice ("2-1"; a draw "2-2" is a double K.O.) is sent as winner and rounds.
  function expandScore(out) {
    if (!('score' in out)) return out;
    const m = /^(\d+)-(\d+)$/.exec(out.score || '');
    delete out.score;
    if (!m) return out;
    const a = +m[1], b = +m[2];
    Object.assign(out, { rounds_a: a, rounds_b: b }, a === b ? { double_ko: true } : { winner: a > b ? 'a' : 'b' });
    return out;
  }

  function toast(msg, kind) {
    let b = document.getElementById('op-toast');
    if (!b) document.body.append(b = el('div', { id: 'op-toast', role: 'status', 'data-testid': 'op-saved' }));
    b.className = 'flash toast ' + kind;
    b.textContent = msg;
    clearTimeout(b._t);
    b._t = setTimeout(() => b.classList.add('hidden'), 4000);
  }

  // Capture phase on document runs before htmx's listener on the form; the
  // event stops here, so the op goes through the outbox only.
  document.addEventListener('submit', async (ev) => {
    const form = ev.target, d = form.dataset;
    if (!d || !d.op || !O()) return; // no data-op (or no outbox): normal form
    ev.preventDefault();
    ev.stopImmediatePropagation();
    if (d.saving) return; // a double tap must not make two ops
    d.saving = '1';
    try {
      const payload = serialize(form, ev.submitter), base = num(d.baseVersion);
      const op = d.retryOf ? await O().retryAsNew(d.retryOf, payload, base)
        : await O().enqueue(d.op, num(d.matchId), base, payload);
      // Stored: only now may what the person typed be cleared.
      delete d.retryOf;
      form.classList.remove('editing');
      if (!('keepValues' in d)) form.reset();
      if (window.TaikaiEntry) window.TaikaiEntry.track(form, op); // queued, then what the server said
      if (op.match_id != null) announceIfOffline(op);
    } catch (e) {
      console.error('taikai: op not stored', e);
      toast(t('端末に保存できませんでした', 'Could not save on this phone'), 'error');
    } finally { delete d.saving; }
  }, true);

  // (4) Not sent (offline): the match page may update its view optimistically.
  async function announceIfOffline(op) {
    if (navigator.onLine !== false) {
      await O().idle();
      const cur = await O().get(op.op_id);
      if (!cur || !O().UNSENT.includes(cur.status)) return;
    }
    document.body.dispatchEvent(new CustomEvent('taikai:local-op', { bubbles: true, detail: { op } }));
    const reg = SW && (await SW.getRegistration().catch(() => null));
    if (reg && reg.sync) reg.sync.register('taikai-outbox').catch(() => {}); // extra trigger only
  }

  const fill = (op) => (window.TaikaiEntry ? window.TaikaiEntry.edit(op) : false);

  // (3) Status in <div id="outbox-status"> (optional data-match-url="/m/{match_id}"
  // to edit on the match page, data-kind-labels='{"kind":"label"}');
  // [data-outbox-pending] elements (header badge) get the pending count.
  let busy = false, dirty = false;
  async function render() {
    if (!O()) return;
    if (busy) { dirty = true; return; }
    busy = true;
    try {
      do {
        dirty = false;
        const [ops, n, last] = await Promise.all([O().list(), O().pendingCount(), O().lastSync()]);
        document.querySelectorAll('[data-outbox-pending]').forEach((b) => { b.textContent = n; b.hidden = !n; });
        const box = document.getElementById('outbox-status');
        if (box) draw(box, ops.reverse(), n, last);
      } while (dirty);
    } finally { busy = false; }
  }
  function draw(box, ops, n, last) {
    let kinds = {};
    try { kinds = JSON.parse(box.dataset.kindLabels || '{}'); } catch (e) { /* keep raw kinds */ }
    const btn = (action, ja, en) => el('button', { type: 'button', class: 'btn', 'data-action': action }, t(ja, en));
    const head = el('p', { class: 'outbox-summary' },
      t('未送信 ', 'Pending '), el('span', { 'data-testid': 'pending-count', class: 'badge' }, n),
      t(' · 最終同期 ', ' · Last sync '), el('time', { 'data-testid': 'last-sync', datetime: last || '' }, hhmm(last)),
      btn('sync', '今すぐ送信', 'Send now'));
    const ul = el('ul', { class: 'outbox-list' });
    for (const op of ops) {
      const s = op.status, li = el('li', { 'data-testid': 'op', 'data-op-id': op.op_id, 'data-status': s, class: 'op op-' + s },
        el('span', { class: 'op-what' }, (window.TaikaiEntry && window.TaikaiEntry.labelOf(op)) || kinds[op.kind] || ''), ' ',
        el('time', { class: 'muted', datetime: op.device_time }, hhmm(op.device_time)),
        el('span', { class: 'op-status' }, t(...(LABELS[s] || [s, s])) + (s === 'rejected' ? op.message || '' : '')));
      if (op.resolution) {
        li.dataset.resolution = op.resolution;
        li.append(' ', el('span', { class: 'op-decision badge', 'data-testid': 'decision' },
          t(...(op.lost ? DECIDED_LOST : DECIDED_KEPT)[op.resolution])));
      }
      if (op.undone) { // a later void undid this applied entry: the server's reason, in the reader's language
        li.dataset.undone = '1';
        li.append(' ', el('span', { class: 'op-undone badge error', 'data-testid': 'undone' }, op.undone.message || ''));
      }
      if (s === 'rejected') li.append(btn('edit', '修正', 'Edit'));
      if (s === 'rejected' || s === 'conflict') li.append(btn('discard', '消去', 'Dismiss'));
      ul.append(li);
    }
    if (!ops.length) ul.append(el('li', { class: 'muted' }, t('送信する記録はありません', 'Nothing to send')));
    box.replaceChildren(head, ul);
  }

  document.addEventListener('click', async (ev) => {
    const b = ev.target.closest && ev.target.closest('#outbox-status [data-action]');
    if (!b || !O()) return;
    const id = b.closest('[data-op-id]')?.dataset.opId, a = b.dataset.action;
    if (a === 'sync') return O().sync();
    if (a === 'discard') return O().discard(id).catch(console.warn);
    const op = await O().get(id);
    if (!op || fill(op)) return;
    const url = document.getElementById('outbox-status').dataset.matchUrl;
    if (!url) return toast(t('この画面に修正フォームがありません', 'The form for this entry is not on this page'), 'error');
    sessionStorage.setItem('taikai-edit', id); // the match page picks it up on load
    location.href = url.replace('{match_id}', encodeURIComponent(op.match_id));
  });

  async function start() {
    render();
    const id = sessionStorage.getItem('taikai-edit'), op = id && O() && (await O().get(id));
    if (id && (!op || op.status !== 'rejected' || fill(op))) sessionStorage.removeItem('taikai-edit');
  }
  document.addEventListener('taikai:outbox-changed', render);
  document.addEventListener('htmx:afterSettle', render); // the panel may be swapped in
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
