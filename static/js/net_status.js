/* taikai offline indicator: in the header row from the first moment the phone is offline (or
 * shows a saved copy), "offline — last synced 14:03, 3 entries waiting"; gone as soon as the
 * connection is back, without a reload. It takes the place of the service worker's banner on a
 * saved copy, so nothing ever covers the header's links. Words: the header's data-msg-* (Babel). */
(function () {
  'use strict';
  const O = () => window.TaikaiOutbox;
  const { t } = window.TaikaiDom;
  const FALLBACK = { ja: 'オフライン — 最終同期 {time}・送信待ち {n}件', en: 'Offline — last synced {time}, {n} entries waiting' };
  let offline = navigator.onLine === false;

  function box() {
    let b = document.getElementById('net-status');
    const bar = document.querySelector('header.topbar');
    if (!b && bar) { // a page without the header's element (the static offline page)
      b = document.createElement('p');
      Object.assign(b, { id: 'net-status', className: 'net-status', hidden: true });
      b.setAttribute('role', 'status');
      b.setAttribute('data-testid', 'net-status');
      bar.append(b);
    }
    return b;
  }

  const hhmm = (iso) => {
    const d = iso ? new Date(iso) : null;
    return d && !isNaN(d) ? d.toTimeString().slice(0, 5) : '—';
  };
  const latest = (...isos) => isos.filter(Boolean).sort().pop() || null;

  async function draw() {
    const b = box();
    if (!b) return;
    document.documentElement.classList.toggle('is-offline', offline);
    b.hidden = !offline;
    if (!offline) return;
    const [n, last] = O() ? await Promise.all([O().pendingCount(), O().lastSync()]).catch(() => [0, null]) : [0, null];
    const seen = latest(last, localStorage.getItem('taikai-pack-at'), b.dataset.copyAt);
    const text = b.dataset.msgOffline || t(FALLBACK.ja, FALLBACK.en);
    b.textContent = text.replace('{time}', hhmm(seen)).replace('{n}', n);
  }

  // A saved copy served offline: its banner becomes the header's indicator (the copy's time kept).
  function adoptBanner() {
    const banner = document.getElementById('stale-banner');
    if (!banner) return;
    const b = box();
    if (b) b.dataset.copyAt = banner.dataset.fetchedAt || '';
    banner.remove();
    offline = true;
  }

  function start() {
    adoptBanner();
    draw();
  }
  addEventListener('offline', () => { offline = true; draw(); });
  addEventListener('online', () => { offline = false; draw(); });
  document.addEventListener('taikai:outbox-changed', draw);
  // The server answered (the pack came): the outbox's "synced" is no proof, it also follows a failed pass.
  document.addEventListener('taikai:server-seen', () => { // (a reply that left before the phone went offline: no)
    if (navigator.onLine !== false) { offline = false; draw(); }
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
  window.TaikaiNet = { draw, offline: () => offline };
})();
