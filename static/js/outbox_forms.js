/* taikai entry forms: a <form data-op data-match-id data-base-version> becomes an outbox entry
 * (stored on this phone first, sent by outbox.js), never a plain post. Its payload is
 * form_payload.js's, the same function the offline match page uses. */
(function (G) {
  'use strict';
  const O = () => G.TaikaiOutbox;
  const { t, num, toast } = G.TaikaiDom;
  const serialize = (form, submitter) => G.TaikaiFormPayload.formPayload(form, submitter); // form_payload.js

  // A refresh of the match (#match-play, after any sync that changed something) or of the desk's
  // run table (#desk-matches, every 30 s) must not wipe what the referee or the desk is entering:
  // while one of its forms is touched and not yet stored (or the desk has a confirmation box
  // open), the refresh waits; storing the entry syncs, and that sync refreshes the page.
  const HELD = '#match-play form, #desk-matches form';
  const touch = (ev) => {
    const form = ev.target.closest && ev.target.closest(HELD);
    if (form) form.dataset.touched = '1';
  };
  document.addEventListener('input', touch, true);
  document.addEventListener('change', touch, true);
  const entering = (elt) => elt && ((elt.id === 'match-play' && elt.querySelector('form[data-touched]'))
    || (elt.id === 'desk-matches' && elt.querySelector('form[data-touched], details[open]')));
  document.addEventListener('htmx:beforeRequest', (ev) => {
    if (entering(ev.detail && ev.detail.elt)) ev.preventDefault();
  });
  // A refresh already on its way when the referee tapped is dropped too (its answer would put
  // back an empty form under their finger); the sync after storing the entry brings a new one.
  document.addEventListener('htmx:beforeSwap', (ev) => {
    if (entering(ev.detail && ev.detail.target)) ev.detail.shouldSwap = false;
  });

  // Capture phase on document runs before htmx's listener on the form; the
  // event stops here, so the op goes through the outbox only.
  document.addEventListener('submit', async (ev) => {
    const form = ev.target, d = form.dataset;
    if (!d || !d.op || !O()) return; // no data-op (or no outbox): normal form
    ev.preventDefault();
    ev.stopImmediatePropagation();
    if (d.saving) return; // a double tap must not make two ops
    d.saving = '1';
    let stored = false;
    try {
      const payload = serialize(form, ev.submitter), base = num(d.baseVersion);
      // A one-tap form (a check-in row) whose same entry still waits to be sent: the list may
      // have been drawn again since the first tap, so the form alone cannot know. Nothing new.
      if ('once' in d && (await sameWaiting(d.op, payload))) return;
      const op = d.retryOf ? await O().retryAsNew(d.retryOf, payload, base)
        : await O().enqueue(d.op, num(d.matchId), base, payload);
      // Stored: only now may what the person typed be cleared.
      delete d.retryOf;
      delete d.touched;
      form.classList.remove('editing');
      if (!('keepValues' in d)) form.reset();
      if (G.TaikaiEntry) G.TaikaiEntry.track(form, op); // queued, then what the server said
      if (op.match_id != null) announceIfOffline(op);
      stored = true;
    } catch (e) {
      console.error('taikai: op not stored', e);
      toast(t('端末に保存できませんでした', 'Could not save on this phone'), 'error');
    } finally {
      // A form made for one tap (a check-in row) stays inert once its entry is stored: a fast
      // second tap sends nothing; the list drawn again after the sync brings the new state.
      if (stored && 'once' in d) form.querySelectorAll('button[type=submit]').forEach((b) => b.setAttribute('aria-disabled', 'true'));
      else delete d.saving;
    }
  }, true);

  const sameWaiting = async (kind, payload) => (await O().unsent()).some((o) => o.kind === kind
    && Object.keys(payload).every((k) => String((o.payload || {})[k]) === String(payload[k])));

  // Not sent (offline): the match page may update its view optimistically.
  async function announceIfOffline(op) {
    if (navigator.onLine !== false) {
      await O().idle();
      const cur = await O().get(op.op_id);
      if (!cur || !O().UNSENT.includes(cur.status)) return;
    }
    document.body.dispatchEvent(new CustomEvent('taikai:local-op', { bubbles: true, detail: { op } }));
    const SW = navigator.serviceWorker;
    const reg = SW && (await SW.getRegistration().catch(() => null));
    if (reg && reg.sync) reg.sync.register('taikai-outbox').catch(() => {}); // extra trigger only
  }

  G.TaikaiForms = { serialize };
})(self);
