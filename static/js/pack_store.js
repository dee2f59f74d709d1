/* taikai pack store: each staff phone keeps its event's offline pack (entrants, members, the
 * bracket's feeding structure, match titles, the rule set) in IndexedDB, fetched at sign-in and
 * after every sync; then the match pages are kept (page_keeper.js). offline_pack.js reads it. */
(function (G) {
  'use strict';
  let dbp = null;
  const db = () => dbp || (dbp = G.idb.openDB('taikai-pack', 1, {
    upgrade(d) { d.createObjectStore('events', { keyPath: 'id' }); },
  }));

  // ---- the pack -------------------------------------------------------------
  let refreshing = null;
  async function refresh() {
    if (navigator.onLine === false) return false;
    try {
      const res = await fetch('/sync/pack', { credentials: 'same-origin', cache: 'no-store', redirect: 'manual' });
      if (!res.ok) return false;
      const data = await res.json();
      const tx = (await db()).transaction('events', 'readwrite');
      for (const event of data.events || []) tx.store.put(event);
      await tx.done;
      G.localStorage && G.localStorage.setItem('taikai-pack-at', new Date().toISOString());
      document.dispatchEvent(new CustomEvent('taikai:server-seen')); // the offline indicator goes
      G.TaikaiPageKeeper.keep(data.events || []).catch((e) => console.warn('taikai pages', e));
      return true;
    } catch (e) { return false; }
  }
  const refreshOnce = () => refreshing || (refreshing = refresh().finally(() => { refreshing = null; }));

  // The match with its bracket, phase and event, from whichever stored pack has it.
  async function find(matchId) {
    for (const event of await (await db()).getAll('events')) {
      for (const phase of event.phases) {
        for (const bracket of phase.brackets) {
          const match = bracket.matches.find((m) => m.id === matchId);
          if (match) return { event, phase, bracket, match };
        }
      }
    }
    return null;
  }

  // The stored event with this address (the staff list follows this phone's results from it).
  async function event(slug) {
    return (await (await db()).getAll('events')).find((e) => e.slug === slug) || null;
  }

  G.TaikaiPackStore = { refresh: refreshOnce, find, event };
})(self);
