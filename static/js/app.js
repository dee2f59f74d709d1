/* taikai page glue: service worker, outbox forms, outbox status panel. */
(function () {
  'use strict';
  const O = () => window.TaikaiOutbox;
  const en = () => (document.documentElement.lang || 'ja').toLowerCase().startsWith('en');
  const t = (ja, e) => (en() ? e : ja);
  const LABELS = {
    saved: ['端末に保存', 'Saved on phone'], sending: ['送信中', 'Sending'],
    applied: ['記録済み', 'Recorded'], duplicate: ['記録済み (重複)', 'Recorded (duplicate)'],
    confirmed: ['確認済み', 'Confirmed'], conflict: ['競合 — 本部が確認します', 'Conflict — the desk will decide'],
    rejected: ['却下: ', 'Rejected: '], auth: ['ログインすると送信します', 'Sign in to send'],
  };
  const label = (op) => t(...LABELS[op.status] || [op.status, op.status]) +
    (op.status === 'rejected' ? op.message || '' : '');
  const hhmm = (iso) => {
    const d = new Date(iso), p = (n) => String(n).padStart(2, '0');
    return isNaN(d) ? '' : `${p(d.getHours())}:${p(d.getMinutes())}`;
  };
  const el = (tag, attrs, text) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text != null) e.textContent = text;
    return e;
  };

  // (1) Service worker. Navigation fallbacks and the SW-side sync live there.
  if ('serviceWorker' in navigator) {
    window.addEventListener('load', () => {
      navigator.serviceWorker.register('/sw.js', { scope: '/' })
        .catch((e) => console.warn('taikai: service worker not registered', e));
    });
    // Leaving the page with unsent ops: let the SW finish sending them.
    document.addEventListener('visibilitychange', async () => {
      const c = navigator.serviceWorker.controller;
      if (document.visibilityState === 'hidden' && c && O() && (await O().pendingCount())) {
        c.postMessage({ type: 'sync' });
      }
    });
  }

  // (2) Forms with data-op become operations in the outbox.
  function serialize(form, submitter) {
    const out = {}, boxes = {};
    for (const f of form.elements) if (f.type === 'checkbox' && f.name) boxes[f.name] = (boxes[f.name] || 0) + 1;
    const add = (k, v, many) => {
      if (many) (out[k] = out[k] || []).push(v);
      else if (k in out) out[k] = [].concat(out[k], v);
      else out[k] = v;
    };
    for (const f of form.elements) {
      const k = f.name;
      if (!k || f.disabled || k === 'csrf_token' || f.type === 'file') continue;
      if (['submit', 'button', 'reset', 'image'].includes(f.type) || f.tagName === 'BUTTON') {
        if (f === submitter && f.type !== 'reset') add(k, f.value);
        continue;
      }
      if (f.type === 'checkbox') {
        if (boxes[k] > 1) { out[k] = out[k] || []; if (f.checked) out[k].push(f.value); } else out[k] = f.checked;
      } else if (f.type === 'radio') {
        if (f.checked) out[k] = f.value; else if (!(k in out)) out[k] = null;
      } else if (f.type === 'number' || f.type === 'range') {
        add(k, f.value === '' ? null : Number(f.value));
      } else if (f.tagName === 'SELECT' && f.multiple) {
        out[k] = Array.from(f.selectedOptions, (o) => o.value);
      } else add(k, f.value);
    }
    return out;
  }
  const num = (v) => (v != null && /^-?\d+$/.test(v) ? Number(v) : v === undefined || v === '' ? null : v);

  function toast(msg, kind) {
    let b = document.getElementById('op-toast');
    if (!b) { b = el('div', { id: 'op-toast', role: 'status', 'aria-live': 'polite', 'data-testid': 'op-saved' }); document.body.appendChild(b); }
    b.className = 'flash toast ' + (kind || 'ok');
    b.textContent = msg;
    clearTimeout(b._t);
    b._t = setTimeout(() => { b.className = 'flash toast hidden'; }, 4000);
  }

  // Capture phase on document runs before htmx's listener on the form; we
  // stop it there so the op goes through the outbox only (never a direct POST).
  document.addEventListener('submit', async (ev) => {
    const form = ev.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.op || !O()) return;
    ev.preventDefault();
    ev.stopImmediatePropagation();
    if (form.dataset.saving) return; // a double tap must not make two ops
    if (!form.reportValidity()) return;
    form.dataset.saving = '1';
    try {
      const payload = serialize(form, ev.submitter);
      const retryOf = form.dataset.retryOf;
      const op = retryOf
        ? await O().retryAsNew(retryOf, payload, num(form.dataset.baseVersion))
        : await O().enqueue(form.dataset.op, num(form.dataset.matchId), num(form.dataset.baseVersion), payload);
      // Stored: only now is it safe to clear what the person typed.
      delete form.dataset.retryOf;
      form.classList.remove('editing');
      if (!('keepValues' in form.dataset)) form.reset();
      toast(t('保存しました (端末)', 'Saved on phone'), 'ok');
      if (op.kind === 'report_game') announceIfOffline(op);
    } catch (e) {
      console.error('taikai: could not store op', e);
      toast(t('端末に保存できませんでした', 'Could not save on this phone'), 'error');
    } finally { delete form.dataset.saving; }
  }, true);

  // (4) Offline (or the send did not get through): let the match page update
  // its own view optimistically.
  async function announceIfOffline(op) {
    if (navigator.onLine !== false) {
      await O().idle();
      const cur = await O().get(op.op_id);
      if (!cur || !O().UNSENT.includes(cur.status)) return;
    }
    document.body.dispatchEvent(new CustomEvent('taikai:local-op', { bubbles: true, detail: { op } }));
    const reg = await navigator.serviceWorker?.getRegistration?.().catch(() => null);
    if (reg && reg.sync) reg.sync.register('taikai-outbox').catch(() => {}); // extra trigger only
  }

  // Put a rejected op's payload back into its form for fixing.
  function fill(op) {
    const form = document.querySelector(`form[data-op="${CSS.escape(op.kind)}"][data-match-id="${CSS.escape(String(op.match_id))}"]`);
    if (!form) return false;
    for (const [k, v] of Object.entries(op.payload || {})) {
      for (const f of form.elements) {
        if (f.name !== k) continue;
        if (f.type === 'checkbox') f.checked = Array.isArray(v) ? v.includes(f.value) : !!v;
        else if (f.type === 'radio') f.checked = String(v) === f.value;
        else if (f.tagName === 'SELECT' && f.multiple) for (const o of f.options) o.selected = [].concat(v).includes(o.value);
        else if (!['submit', 'button', 'file'].includes(f.type)) f.value = v == null ? '' : Array.isArray(v) ? v[0] : v;
      }
    }
    form.dataset.retryOf = op.op_id;
    form.classList.add('editing');
    form.scrollIntoView({ block: 'center' });
    const first = form.querySelector('input:not([type=hidden]),select,textarea');
    if (first) first.focus();
    return true;
  }

  // (3) Status panel: <div id="outbox-status"> (optional data-match-url="/m/{match_id}"
  // to open the match page for an edit; optional data-kind-labels='{"kind":"label"}').
  // Any [data-outbox-pending] element elsewhere (header badge) gets the count.
  let rendering = false, dirty = false;
  async function render() {
    if (!O()) return;
    if (rendering) { dirty = true; return; }
    rendering = true;
    try {
      do {
        dirty = false;
        const [ops, n, last] = await Promise.all([O().list(), O().pendingCount(), O().lastSync()]);
        document.querySelectorAll('[data-outbox-pending]').forEach((b) => {
          b.textContent = n; b.hidden = !n;
        });
        const box = document.getElementById('outbox-status');
        if (box) draw(box, ops.slice().reverse(), n, last);
      } while (dirty);
    } finally { rendering = false; }
  }
  function draw(box, ops, n, last) {
    let kinds = {};
    try { kinds = JSON.parse(box.dataset.kindLabels || '{}'); } catch (e) { /* ignore */ }
    const head = el('p', { class: 'outbox-summary' });
    head.append(t('未送信 ', 'Pending '), el('span', { 'data-testid': 'pending-count', class: 'badge' }, n),
      ' · ', t('最終同期 ', 'Last sync '),
      el('time', { 'data-testid': 'last-sync', datetime: last || '' }, last ? hhmm(last) : '—'), ' ');
    const now = el('button', { type: 'button', class: 'btn', 'data-action': 'sync' }, t('今すぐ送信', 'Send now'));
    head.append(now);
    const ul = el('ul', { class: 'outbox-list' });
    for (const op of ops) {
      const li = el('li', { 'data-testid': 'op', 'data-op-id': op.op_id, 'data-status': op.status, class: 'op op-' + op.status });
      li.append(el('span', { class: 'op-what' }, `${kinds[op.kind] || op.kind} #${op.match_id}`), ' ',
        el('time', { class: 'muted', datetime: op.device_time }, hhmm(op.device_time)), ' ',
        el('span', { class: 'op-status' }, label(op)));
      if (op.status === 'rejected') {
        li.append(' ', el('button', { type: 'button', class: 'btn', 'data-action': 'edit' }, t('修正', 'Edit')));
      }
      if (op.status === 'rejected' || op.status === 'conflict') {
        li.append(' ', el('button', { type: 'button', class: 'btn', 'data-action': 'discard' }, t('消去', 'Dismiss')));
      }
      ul.append(li);
    }
    if (!ops.length) ul.append(el('li', { class: 'muted' }, t('送信する記録はありません', 'Nothing to send')));
    box.replaceChildren(head, ul);
  }

  document.addEventListener('click', async (ev) => {
    const b = ev.target.closest && ev.target.closest('#outbox-status [data-action]');
    if (!b || !O()) return;
    const li = b.closest('[data-op-id]'), id = li && li.dataset.opId;
    if (b.dataset.action === 'sync') O().sync();
    else if (b.dataset.action === 'discard') await O().discard(id).catch(console.warn);
    else if (b.dataset.action === 'edit') {
      const op = await O().get(id);
      if (!op || fill(op)) return;
      const url = document.getElementById('outbox-status').dataset.matchUrl;
      if (url) { // open the match page; it picks the edit up on load
        sessionStorage.setItem('taikai-edit', op.op_id);
        location.href = url.replace('{match_id}', encodeURIComponent(op.match_id));
      } else toast(t('この画面に修正フォームがありません', 'The form for this entry is not on this page'), 'error');
    }
  });

  async function pendingEdit() {
    const id = sessionStorage.getItem('taikai-edit');
    if (!id || !O()) return;
    const op = await O().get(id);
    if (!op || op.status !== 'rejected' || fill(op)) sessionStorage.removeItem('taikai-edit');
  }

  document.addEventListener('taikai:outbox-changed', render);
  document.addEventListener('htmx:afterSettle', render); // panel may be swapped in
  const start = () => { render(); pendingEdit(); };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
