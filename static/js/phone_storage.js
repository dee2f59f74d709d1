/* taikai phone storage: the phone is the only copy of an entry until it syncs, and browsers evict
 * storage (Safari after 7 days without a visit; any browser under pressure unless persistent).
 * - Asks for persistent storage once per sign-in, and says on the staff page whether it was granted
 *   while the phone holds entries not sent yet (nothing to lose: nothing said).
 * - Warns on the staff page when entries have waited unsent for more than 30 minutes while online.
 * - Checks in after each pack refresh (POST /sync/seen): the desk's venue page lists each phone's
 *   last sync and the entries it still holds. Words: the section's data-msg-* (Babel). */
(function (G) {
  'use strict';
  const O = () => G.TaikaiOutbox;
  const LATE_MS = 30 * 60 * 1000;
  const ASKED = 'taikai-persist-asked';
  const box = () => document.getElementById('phone-storage');

  async function persisted() {
    const s = navigator.storage;
    if (!s || !s.persisted) return null;
    if (!sessionStorage.getItem(ASKED) && s.persist) { // once per sign-in (a session)
      sessionStorage.setItem(ASKED, '1');
      return s.persist().catch(() => s.persisted());
    }
    return s.persisted().catch(() => null);
  }

  // Entries saved on this phone longer ago than 30 minutes and still not sent, while online.
  const late = (unsent) => (navigator.onLine === false ? 0
    : unsent.filter((o) => Date.now() - Date.parse(o.device_time) > LATE_MS).length);

  // Shown only while this phone holds entries not sent yet: with nothing to lose, whether the
  // browser keeps its storage is nobody's worry (the offline pack is fetched again).
  async function draw(granted) {
    const b = box();
    if (!b) return;
    const d = b.dataset, kept = b.querySelector('[data-part=persist]');
    kept.textContent = granted === null ? d.msgUnsupported : granted ? d.msgGranted : d.msgNotGranted;
    kept.dataset.granted = String(granted);
    const unsent = O() ? await O().unsent() : [];
    const n = late(unsent), warn = b.querySelector('[data-part=late]');
    warn.hidden = !n;
    warn.textContent = d.msgLate.replace('{n}', n);
    b.hidden = unsent.length === 0;
  }

  async function checkIn(granted) {
    const token = document.querySelector('meta[name="csrf-token"]');
    if (!O() || !token || navigator.onLine === false) return;
    const body = { device_id: await O().deviceId(), waiting: await O().pendingCount(), persisted: granted };
    await fetch('/sync/seen', { method: 'POST', credentials: 'same-origin', cache: 'no-store', redirect: 'manual',
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token.content }, body: JSON.stringify(body) });
  }

  let granted = null;
  async function start() {
    granted = await persisted();
    await draw(granted);
  }
  document.addEventListener('taikai:server-seen', () => checkIn(granted).catch(() => {}));
  document.addEventListener('taikai:outbox-changed', () => draw(granted).catch(() => {}));
  setInterval(() => draw(granted).catch(() => {}), 60000);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => start().catch(() => {}));
  else start().catch(() => {});
})(self);
