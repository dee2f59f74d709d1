/* taikai outbox panel: <div id="outbox-status"> lists this phone's entries and what became of
 * each (the server's words: outcome_words.py), with "send now", "edit", "dismiss" and the desk's
 * "take them"; [data-outbox-pending] elements (the header badge) get the pending count.
 * Optional data-match-url="/m/{match_id}" (edit on the match page), data-kind-labels='{"kind":"label"}'. */
(function () {
  'use strict';
  const O = () => window.TaikaiOutbox;
  const { el, t, json, words, toast } = window.TaikaiDom;
  // The outbox panel's words for each state, and the desk's decision on a conflict as the phone
  // that entered it reads it: the server's one table (webapp/views/outcome_words.py).
  const LABEL = (s) => (words()[s] || {}).panel || s;
  const DECIDED = (lost, resolution) => (words()[lost ? 'decided_lost' : 'decided_kept'] || {})[resolution] || '';
  const hhmm = (iso) => (iso ? new Date(iso).toTimeString().slice(0, 5) : '—');
  const labelOf = (op) => (window.TaikaiEntryNames ? window.TaikaiEntryNames.labelOf(op) : '');

  const fill = (op) => (window.TaikaiEntry ? window.TaikaiEntry.edit(op) : false);

  let busy = false, dirty = false;
  async function render() {
    if (!O()) return;
    if (busy) { dirty = true; return; }
    busy = true;
    try {
      do {
        dirty = false;
        const [ops, n, last, who] = await Promise.all([O().list(), O().pendingCount(), O().lastSync(), O().person()]);
        document.querySelectorAll('[data-outbox-pending]').forEach((b) => { b.textContent = n; b.hidden = !n; });
        const box = document.getElementById('outbox-status');
        if (box) draw(box, ops.reverse(), n, last, who);
      } while (dirty);
    } finally { busy = false; }
  }
  // Another person's unsent entry on this shared phone: it waits for them, or for the desk.
  function otherPerson(op, who) {
    const by = op.entered_by;
    if ((by && who && by.id === who.id) || !O().UNSENT.includes(op.status)) return null;
    return el('span', { class: 'op-status op-owner', 'data-testid': 'entered-by' }, by
      ? t(`${by.name}さんの入力: 送信には${by.name}さんのログインが必要です（または本部が受け取ります）`,
        `Entered by ${by.name}: ${by.name} must sign in to send, or the desk takes it`)
      : t('入力者不明（以前の版のアプリで入力）: 本部だけが受け取れます',
        'Entered by someone unknown (an older version of the app): only the desk can take it'));
  }
  function draw(box, ops, n, last, who) {
    const kinds = json(box.dataset.kindLabels, {});
    const btn = (action, ja, en) => el('button', { type: 'button', class: 'btn', 'data-action': action }, t(ja, en));
    const head = el('p', { class: 'outbox-summary' },
      t('未送信 ', 'Pending '), el('span', { 'data-testid': 'pending-count', class: 'badge' }, n),
      t(' · 最終同期 ', ' · Last sync '), el('time', { 'data-testid': 'last-sync', datetime: last || '' }, hhmm(last)),
      btn('sync', '今すぐ送信', 'Send now'));
    const ul = el('ul', { class: 'outbox-list' });
    for (const op of ops) {
      const other = otherPerson(op, who);
      const s = op.status, li = el('li', { 'data-testid': 'op', 'data-op-id': op.op_id, 'data-status': s, class: 'op op-' + s },
        el('span', { class: 'op-what' }, labelOf(op) || kinds[op.kind] || ''), ' ',
        el('time', { class: 'muted', datetime: op.device_time }, hhmm(op.device_time)),
        other || el('span', { class: 'op-status' }, op.undone
          ? t('記録のあと取り消されました', 'Recorded, then undone') // not "recorded" beside the reason it is gone
          : LABEL(s) + (s === 'rejected' ? op.message || '' : '')));
      if (other) li.dataset.enteredBy = op.entered_by ? op.entered_by.id : '';
      if (other && who && who.desk) li.append(btn('receive', '本部が受け取る', 'Desk takes it'));
      if (op.resolution) {
        li.dataset.resolution = op.resolution;
        li.append(' ', el('span', { class: 'op-decision badge', 'data-testid': 'decision' },
          DECIDED(op.lost, op.resolution)));
      }
      if (op.undone) { // a later void undid this applied entry: the server's reason, in the reader's language
        li.dataset.undone = '1';
        li.classList.add('op-undone-entry');
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
    if (a === 'receive') {
      const by = b.closest('[data-entered-by]').dataset.enteredBy, said = await O().receive(by === '' ? null : +by);
      if (said !== true) toast(said || t('受け取れませんでした。あとでもう一度', 'Could not take them: try again later'), 'error');
      return;
    }
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
  // A player's page loads the outbox after this file (its own head block): draw again once every
  // deferred script has run, or the panel stays an empty card until the first entry.
  document.addEventListener('DOMContentLoaded', render, { once: true });
})();
