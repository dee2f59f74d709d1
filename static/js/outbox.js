/* taikai outbox: ops entered on this phone, kept in IndexedDB until the server
 * answers each. Used by pages (window.TaikaiOutbox) and the service worker
 * (importScripts): one implementation, one database. Needs idb.
 * - enqueue() commits the op before any network call.
 * - Ops go out in seq order; a transient failure ends the pass, so later ops
 *   never overtake earlier ones.
 * - One sender at a time (Web Locks, else a lease in IndexedDB); the server
 *   dedupes on op_id, so a resend after a lost reply is harmless anyway.
 * - No HTTP answer drops an entry: unlike Workbox background-sync, which drops
 *   entries on any HTTP response (409/422/500). Background Sync is only an
 *   extra trigger (Safari has none). */
(function (G) {
  'use strict';
  const UNSENT = ['saved', 'sending', 'auth'], SETTLED = ['applied', 'duplicate', 'confirmed'];
  // held: the match's players were not known on the server yet; it decides later
  // (applied, or a conflict for the desk) and the phone asks until it has.
  const OUTCOMES = SETTLED.concat(['conflict', 'rejected', 'held']);
  const BATCH = 50, KEEP_SETTLED = 100, TIMEOUT = 20000, LEASE_MS = 30000;
  const isPage = typeof document !== 'undefined';
  const me = uuid(); // this tab/worker, for the fallback lease
  const now = () => new Date().toISOString();

  let dbp = null;
  function db() {
    if (dbp) return dbp;
    const p = G.idb.openDB('taikai', 1, {
      upgrade(d) {
        if (!d.objectStoreNames.contains('outbox')) {
          const s = d.createObjectStore('outbox', { keyPath: 'op_id' });
          s.createIndex('status', 'status');
          s.createIndex('seq', 'seq');
        }
        if (!d.objectStoreNames.contains('meta')) d.createObjectStore('meta');
      },
      // A newer app version wants to upgrade the schema: do not block it.
      blocking() { p.then((d) => d.close()); if (dbp === p) dbp = null; },
      terminated() { if (dbp === p) dbp = null; },
    });
    p.catch(() => { if (dbp === p) dbp = null; });
    return (dbp = p);
  }

  // randomUUID needs https; a venue LAN on plain http has getRandomValues.
  function uuid() {
    if (G.crypto.randomUUID) return crypto.randomUUID();
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
    return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join('-');
  }
  const getMeta = async (k) => (await db()).get('meta', k);
  const setMeta = async (k, v) => (await db()).put('meta', v, k);

  // Device id, next seq, the op (and removal of the op it replaces): one transaction.
  async function addOp(kind, matchId, baseVersion, payload, replaces) {
    const tx = (await db()).transaction(['outbox', 'meta'], 'readwrite');
    const meta = tx.objectStore('meta'), box = tx.objectStore('outbox');
    let dev = await meta.get('device_id');
    if (!dev) { dev = uuid(); meta.put(dev, 'device_id'); }
    const seq = ((await meta.get('seq')) || 0) + 1;
    meta.put(seq, 'seq');
    const op = {
      op_id: uuid(), device_id: dev, seq, kind, match_id: matchId,
      base_version: baseVersion == null ? null : baseVersion,
      payload: payload || {}, device_time: now(), status: 'saved',
    };
    box.put(op);
    if (replaces) box.delete(replaces);
    await tx.done;
    notify(false);
    kick();
    return op;
  }
  const enqueue = (kind, matchId, baseVersion, payload) => addOp(kind, matchId, baseVersion, payload);

  const list = async () => (await db()).getAllFromIndex('outbox', 'seq');
  const get = async (id) => (await db()).get('outbox', id);
  const unsent = async () => (await list()).filter((o) => UNSENT.includes(o.status));
  const pendingCount = async () => (await unsent()).length;

  // Only for entries a person has looked at and acted on.
  async function discard(id) {
    const op = await get(id);
    if (!op || !['rejected', 'conflict'].includes(op.status)) throw new Error('not rejected/conflict');
    await (await db()).delete('outbox', id);
    notify(false);
  }
  // An edited rejected entry becomes a new op; the old one goes (the server keeps both).
  async function retryAsNew(id, payload, baseVersion) {
    const old = await get(id);
    if (!old || old.status !== 'rejected') throw new Error('not rejected');
    return addOp(old.kind, old.match_id, baseVersion === undefined ? old.base_version : baseVersion, payload, id);
  }

  // Set fields (or fields(cur) -> changes|null) on stored ops.
  async function update(ids, fields) {
    const tx = (await db()).transaction('outbox', 'readwrite');
    let n = 0;
    for (const id of ids) {
      const cur = await tx.store.get(id);
      const f = cur && (typeof fields === 'function' ? fields(cur) : fields);
      if (f) { await tx.store.put(Object.assign(cur, f)); n++; }
    }
    await tx.done;
    return n;
  }
  const ids = (ops) => ops.map((o) => o.op_id);
  // The op as sent: everything but the phone-side status fields.
  const wire = ({ status, code, message, match_version, answered_at, resolution, lost, undone, ...op }) => op;
  // onlyUnsent (for /sync/outcomes): never overwrite an answered entry.
  function storeResults(results, onlyUnsent) {
    const by = new Map(results.filter(Boolean).map((r) => [r.op_id, r]));
    return update([...by.keys()], (cur) => {
      const r = by.get(cur.op_id);
      const decidedNow = cur.status === 'held' && r.outcome !== 'held' && r.outcome !== 'duplicate';
      if (onlyUnsent && !UNSENT.includes(cur.status) && !decidedNow) {
        // An answered entry only learns the desk's decision on its conflict, or that a void undid it.
        if (r.undone && !cur.undone) return { undone: r.undone };
        return r.resolution && r.resolution !== cur.resolution ? { resolution: r.resolution, lost: !!r.lost } : null;
      }
      return {
        resolution: r.resolution ?? null, lost: r.lost ?? null, undone: r.undone ?? null,
        status: OUTCOMES.includes(r.outcome) ? r.outcome : 'rejected', code: r.code ?? null,
        message: r.message ?? null, match_version: r.match_version ?? null, answered_at: now(),
      };
    });
  }
  const flat = (e) => (e == null ? '' : typeof e === 'object'
    ? Object.values(e).map(flat).filter(Boolean).join(' ') : String(e));

  // ---- sync ----------------------------------------------------------------
  let running = null, again = false, failures = 0, timer = null, leased = false;
  function kick() { sync().catch((e) => console.warn('taikai sync', e)); }

  // A call during a sync makes it run one more pass (an op enqueued mid-sync is
  // not left behind) and shares its promise.
  function sync() {
    if (running) { again = true; return running; }
    clearTimeout(timer);
    running = (async () => {
      let changed = false;
      try {
        do { again = false; if (await withLock(syncOnce)) changed = true; } while (again);
        if (changed) { await prune(); notify(true); }
      } finally { running = null; }
      return changed;
    })();
    return running;
  }
  const idle = () => (running ? running.catch(() => false) : Promise.resolve(false));

  function withLock(fn) {
    if (G.navigator && navigator.locks) return navigator.locks.request('taikai-outbox-sync', () => fn());
    return withLease(fn);
  }
  async function takeLease() {
    const tx = (await db()).transaction('meta', 'readwrite');
    const l = await tx.store.get('lease'), t = Date.now();
    const ok = !l || l.until < t || l.owner === me;
    if (ok) await tx.store.put({ owner: me, until: t + LEASE_MS }, 'lease');
    await tx.done;
    return ok;
  }
  async function withLease(fn) {
    for (let i = 0; !(await takeLease()); i++) {
      if (i > 80) { scheduleRetry(); return false; }
      await new Promise((r) => setTimeout(r, 500));
    }
    leased = true;
    try { return await fn(); } finally {
      leased = false;
      const l = await getMeta('lease');
      if (l && l.owner === me) await (await db()).delete('meta', 'lease');
    }
  }

  async function csrf() {
    const m = isPage && document.querySelector('meta[name="csrf-token"]');
    return (m && m.content) || getMeta('csrf'); // the SW has no DOM: pages store it
  }

  // A new session (browser restarted, cookie gone) makes the stored token stale,
  // and a page served from the offline copy never gets a new one: read a fresh
  // token from a page the server renders now (this also starts the session).
  async function freshCsrf() {
    try {
      const res = await fetch('/login', { credentials: 'same-origin', cache: 'no-store' });
      const m = /<meta name="csrf-token" content="([^"]+)"/.exec(await res.text());
      if (!res.ok || !m) return false;
      await setMeta('csrf', m[1]);
      const tag = isPage && document.querySelector('meta[name="csrf-token"]');
      if (tag) tag.content = m[1];
      return true;
    } catch (e) { return false; }
  }

  async function request(method, url, body) {
    if (leased) await takeLease(); // renew before a possibly slow request
    const ctl = new AbortController(), t = setTimeout(() => ctl.abort(), TIMEOUT);
    try {
      const headers = { Accept: 'application/json' };
      if (body) { headers['Content-Type'] = 'application/json'; headers['X-CSRFToken'] = (await csrf()) || ''; }
      // "manual": a redirect to sign-in must read as 401, not a 200 HTML page.
      const res = await fetch(url, {
        method, headers, body: body && JSON.stringify(body), credentials: 'same-origin',
        cache: 'no-store', redirect: 'manual', signal: ctl.signal,
      });
      if (res.type === 'opaqueredirect') return { status: 401 };
      return { status: res.status, data: await res.json().catch(() => null) };
    } catch (e) {
      return { status: 0 }; // offline, DNS, timeout
    } finally { clearTimeout(t); }
  }

  function scheduleRetry() {
    if (!isPage) return; // SW timers do not survive; pages and events retry
    const base = G.TAIKAI_BACKOFF_MS || 1000; // tests shorten it
    const cap = Math.min(60000, base * 2 ** failures++);
    clearTimeout(timer);
    timer = setTimeout(kick, Math.min(60000, cap * (0.75 + Math.random() / 2))); // jitter
  }

  // Entries in conflict wait for the desk, held ones for an earlier result: ask now and then.
  async function checkDecisions() {
    const open = (await list()).filter((o) => (o.status === 'conflict' && !o.resolution) || o.status === 'held');
    if (!open.length) return false;
    if (isPage) { clearTimeout(pollTimer); pollTimer = setTimeout(kick, G.TAIKAI_POLL_MS || 15000); }
    const since = Math.min(...open.map((o) => o.seq));
    const r = await request('GET', '/sync/outcomes?device_id=' + encodeURIComponent(open[0].device_id) + '&since_seq=' + since);
    return r.status === 200 && Array.isArray(r.data?.results) && (await storeResults(r.data.results, true)) > 0;
  }
  let pollTimer = null;

  // One pass under the lock; true if anything changed.
  async function syncOnce() {
    const decided = await checkDecisions().catch(() => false);
    let ops = await unsent(), changed = decided;
    if (!ops.length) return changed;
    const dev = ops[0].device_id;
    // We hold the lock, so "sending" means the reply was lost: ask first.
    if (ops.some((o) => o.status === 'sending')) {
      const r = await request('GET', '/sync/outcomes?device_id=' + encodeURIComponent(dev));
      if (r.status === 200 && Array.isArray(r.data?.results) && (await storeResults(r.data.results, true))) {
        changed = true;
        ops = await unsent();
      }
    }
    const tried = new Set();
    let size = BATCH, csrfRenewed = false;
    while (ops.length) {
      if (G.navigator && navigator.onLine === false) { scheduleRetry(); break; }
      const batch = ops.slice(0, size), bids = ids(batch);
      bids.forEach((id) => tried.add(id));
      await update(bids, { status: 'sending' });
      const r = await request('POST', '/sync/ops', { device_id: dev, ops: batch.map(wire) });
      const errors = r.data && r.data.errors;
      changed = true;
      if (r.status === 200 && Array.isArray(r.data?.results)) {
        await storeResults(r.data.results, false);
        if (Array.isArray(r.data.undone)) await storeResults(r.data.undone, true); // a void undid earlier entries
        // An op the server did not answer for stays unsent (next pass).
        await update(bids, (c) => c.status === 'sending' && { status: 'saved' });
        failures = 0;
        await setMeta('last_sync', now());
      } else if (r.status === 400 && r.data?.error === 'csrf' && !csrfRenewed && (await freshCsrf())) {
        csrfRenewed = true; // once per pass: a token that still fails waits for the backoff
        await update(bids, { status: 'saved' });
        bids.forEach((id) => tried.delete(id));
        continue;
      } else if (r.status === 401) {
        // Keep all as "sign in to send"; a page load after sign-in sends them.
        await update(ids(await unsent()), { status: 'auth' });
        return true;
      } else if (r.status >= 400 && r.status < 500 && errors) {
        if (batch.length === 1) {
          await update(bids, { status: 'rejected', code: 'invalid', message: flat(errors) });
        } else { // which op is bad? one by one, so only it is rejected
          await update(bids, { status: 'saved' });
          tried.clear();
          size = 1;
        }
      } else {
        // Network, timeout, 5xx, 4xx without JSON reason (stale CSRF token?):
        // keep, back off; stopping here keeps the order.
        await update(bids, { status: 'saved' });
        scheduleRetry();
        return true;
      }
      ops = (await unsent()).filter((o) => !tried.has(o.op_id) && o.status !== 'auth');
    }
    return changed;
  }

  // Drop old answered entries; never unsent, held, rejected or conflict ones.
  async function prune() {
    const done = (await list()).filter((o) => SETTLED.includes(o.status));
    const d = await db();
    for (const o of done.slice(0, Math.max(0, done.length - KEEP_SETTLED))) await d.delete('outbox', o.op_id);
  }

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

  if (isPage) {
    const onRemote = (e) => {
      const t = e.data && e.data.type;
      if (t === 'taikai:synced' || t === 'taikai:outbox-changed') fire(t === 'taikai:synced');
    };
    if (bc) bc.onmessage = onRemote;
    if (navigator.serviceWorker) navigator.serviceWorker.addEventListener('message', onRemote);
    const start = async () => {
      const m = document.querySelector('meta[name="csrf-token"]'); // for the SW
      if (m && m.content) await setMeta('csrf', m.content).catch(() => {});
      kick();
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
    else start();
    G.addEventListener('online', () => { failures = 0; kick(); });
    document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') kick(); });
  }

  G.TaikaiOutbox = {
    enqueue, sync, list, get, unsent, pendingCount, discard, retryAsNew, idle, UNSENT,
    lastSync: () => getMeta('last_sync'),
  };
})(self);
