/* taikai outbox: ops entered on this phone, kept in IndexedDB until the server
 * answers each. Used by pages (window.TaikaiOutbox) and the service worker
 * (importScripts): one implementation, one database. Needs idb and, loaded before
 * it, its parts: outbox_store.js (the queue), outbox_owner.js (whose entry is whose
 * on a shared phone), outbox_send.js (the sender). This file tells pages of changes
 * and puts the parts together.
 * - enqueue() commits the op before any network call; a signed-out visitor records nothing. */
(function (G) {
  'use strict';
  const S = G.TaikaiOutboxStore, W = G.TaikaiOutboxOwner;
  const isPage = typeof document !== 'undefined';

  // ---- change notification -------------------------------------------------
  // Pages: "taikai:outbox-changed" on document (status UI); after a sync that
  // changed anything, "taikai:synced" on body (htmx). Other tabs hear it via
  // BroadcastChannel; the SW posts to its clients.
  const bc = isPage && G.BroadcastChannel ? new BroadcastChannel('taikai-outbox') : null;
  function fire(synced) {
    document.dispatchEvent(new CustomEvent('taikai:outbox-changed'));
    if (synced && document.body) document.body.dispatchEvent(new CustomEvent('taikai:synced', { bubbles: true }));
  }
  function notify(synced) {
    const type = synced ? 'taikai:synced' : 'taikai:outbox-changed';
    if (isPage) { fire(synced); if (bc) bc.postMessage({ type }); } else if (G.clients) {
      clients.matchAll({ type: 'window', includeUncontrolled: true })
        .then((cs) => cs.forEach((c) => c.postMessage({ type })));
    }
  }
  const sender = G.TaikaiOutboxSender(notify);

  async function addOp(kind, matchId, baseVersion, payload, replaces) {
    const who = await W.person();
    if (!who) throw new Error('signed out'); // a signed-out visitor records nothing
    const op = await S.addOp(who, kind, matchId, baseVersion, payload, replaces);
    notify(false);
    sender.kick();
    return op;
  }
  const enqueue = (kind, matchId, baseVersion, payload) => addOp(kind, matchId, baseVersion, payload);
  // An edited rejected entry becomes a new op; the old one goes (the server keeps both).
  async function retryAsNew(id, payload, baseVersion) {
    const old = await S.get(id);
    if (!old || old.status !== 'rejected') throw new Error('not rejected');
    return addOp(old.kind, old.match_id, baseVersion === undefined ? old.base_version : baseVersion, payload, id);
  }
  async function discard(id) {
    await S.discard(id);
    notify(false);
  }
  async function signOut() {
    await W.forget();
    notify(false);
  }

  if (isPage) {
    const onRemote = (e) => {
      const t = e.data && e.data.type;
      if (t === 'taikai:synced' || t === 'taikai:outbox-changed') fire(t === 'taikai:synced');
    };
    if (bc) bc.onmessage = onRemote;
    if (navigator.serviceWorker) navigator.serviceWorker.addEventListener('message', onRemote);
    const start = async () => {
      const m = document.querySelector('meta[name="csrf-token"]'); // for the SW
      if (m && m.content) await S.setMeta('csrf', m.content).catch(() => {});
      const who = W.pagePerson(); // for the SW and the offline match shell
      if (who) await S.setMeta('user', who).catch(() => {});
      sender.kick();
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
    else start();
    G.addEventListener('online', sender.online);
    document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') sender.kick(); });
    hearAfterSwap();
  }

  // A section refreshed on "taikai:synced" is deaf while htmx swaps its new copy in (the copy listens only once
  // settled): a sync ending in that gap would leave the page showing what the server had before it (the match
  // page one game behind). A section that comes in after a sync it asked before asks again.
  function hearAfterSwap() {
    let syncedAt = 0;
    const askedAt = {};
    document.addEventListener('taikai:synced', () => { syncedAt = performance.now(); }, true);
    document.addEventListener('htmx:beforeRequest', (ev) => {
      const id = ev.detail && ev.detail.elt && ev.detail.elt.id;
      if (id) askedAt[id] = performance.now();
    });
    document.addEventListener('htmx:load', (ev) => {
      const id = ev.target && ev.target.id;
      if (!id || !(id in askedAt) || askedAt[id] >= syncedAt) return;
      delete askedAt[id];
      fire(true);
    });
  }

  G.TaikaiOutbox = {
    enqueue, sync: sender.sync, list: S.list, get: S.get, unsent: S.unsent,
    pendingCount: async () => (await S.unsent()).length, discard, retryAsNew, idle: sender.idle, UNSENT: S.UNSENT,
    lastSync: () => S.getMeta('last_sync'), deviceId: S.deviceId,
    person: W.person, waiting: W.waiting, receive: sender.receive, signOut, mineUnsent: W.mineUnsent,
  };
})(self);
