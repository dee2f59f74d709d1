/* taikai outbox: operations entered on this phone, kept in IndexedDB until the
 * server has answered for each one. Loaded by pages (window.TaikaiOutbox) and by
 * the service worker (importScripts; self.TaikaiOutbox) so both share one
 * implementation and one database. Needs idb's UMD build (global `idb`).
 *
 * Guarantees:
 * - enqueue() commits the op to IndexedDB before any network call: a tap is
 *   never lost to a dead connection, a closed tab or an app update.
 * - Ops are sent in `seq` order; a batch that fails for a transient reason
 *   (network, 5xx) stops the pass, so later ops never overtake earlier ones.
 * - Only one context (tab or service worker) sends at a time (Web Locks, else
 *   an IndexedDB lease). The server dedupes on op_id anyway, so a resend after
 *   a lost reply is harmless; the lock just keeps the phone's view consistent.
 * - Nothing is dropped on an HTTP error. (This is why we do not use Workbox
 *   background-sync: it discards an entry on any HTTP response, e.g. 409/422/500.
 *   Background Sync is only used as an extra trigger; Safari has none.)
 */
(function (global) {
  'use strict';
  const DB_NAME = 'taikai', DB_VERSION = 1, LOCK = 'taikai-outbox-sync';
  const UNSENT = ['saved', 'sending', 'auth'];
  const SETTLED = ['applied', 'duplicate', 'confirmed'];
  const OUTCOMES = SETTLED.concat(['conflict', 'rejected']);
  const BATCH = 50, KEEP_SETTLED = 100, FETCH_TIMEOUT = 20000, LEASE_MS = 30000;
  const isPage = typeof document !== 'undefined';
  const me = uuid(); // this context, for the fallback lease

  let dbp = null;
  function db() {
    if (dbp) return dbp;
    const p = global.idb.openDB(DB_NAME, DB_VERSION, {
      upgrade(d) {
        if (!d.objectStoreNames.contains('outbox')) {
          const s = d.createObjectStore('outbox', { keyPath: 'op_id' });
          s.createIndex('status', 'status');
          s.createIndex('seq', 'seq');
        }
        if (!d.objectStoreNames.contains('meta')) d.createObjectStore('meta');
      },
      // A newer app version (another tab / the new SW) wants to upgrade the
      // schema: close so it is not blocked; we reopen lazily on next use.
      blocking() { p.then((d) => d.close()); if (dbp === p) dbp = null; },
      terminated() { if (dbp === p) dbp = null; },
    });
    dbp = p;
    p.catch(() => { if (dbp === p) dbp = null; });
    return p;
  }

  // crypto.randomUUID needs a secure context; a venue server on plain http
  // still has getRandomValues.
  function uuid() {
    if (global.crypto && crypto.randomUUID) return crypto.randomUUID();
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
    const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const getMeta = async (k) => (await db()).get('meta', k);
  const setMeta = async (k, v) => (await db()).put('meta', v, k);

  async function deviceId() {
    const d = await db();
    const tx = d.transaction('meta', 'readwrite');
    let id = await tx.store.get('device_id');
    if (!id) { id = uuid(); await tx.store.put(id, 'device_id'); }
    await tx.done;
    return id;
  }

  // One transaction: device id, next seq and the op (and removal of the op it
  // replaces) commit together or not at all.
  async function addOp(kind, matchId, baseVersion, payload, replaces) {
    const d = await db();
    const tx = d.transaction(['outbox', 'meta'], 'readwrite');
    const meta = tx.objectStore('meta'), box = tx.objectStore('outbox');
    let dev = await meta.get('device_id');
    if (!dev) { dev = uuid(); meta.put(dev, 'device_id'); }
    const seq = ((await meta.get('seq')) || 0) + 1;
    meta.put(seq, 'seq');
    const op = {
      op_id: uuid(), device_id: dev, seq, kind, match_id: matchId,
      base_version: baseVersion == null ? null : baseVersion,
      payload: payload || {}, device_time: new Date().toISOString(), status: 'saved',
    };
    box.put(op);
    if (replaces) box.delete(replaces);
    await tx.done;
    return op;
  }

  async function enqueue(kind, matchId, baseVersion, payload) {
    const op = await addOp(kind, matchId, baseVersion, payload);
    notify(false);
    kick();
    return op;
  }

  async function list() {
    return (await db()).getAllFromIndex('outbox', 'seq');
  }
  async function get(opId) { return (await db()).get('outbox', opId); }
  async function pendingCount() {
    const d = await db();
    let n = 0;
    for (const s of UNSENT) n += await d.countFromIndex('outbox', 'status', s);
    return n;
  }

  // Only for entries a person has looked at and acted on.
  async function discard(opId) {
    const op = await get(opId);
    if (!op || !['rejected', 'conflict'].includes(op.status)) {
      throw new Error('only rejected or conflict entries can be discarded');
    }
    await (await db()).delete('outbox', opId);
    notify(false);
  }

  // An edited rejected entry becomes a new op (new op_id, new seq); the old
  // entry is removed in the same transaction. The server keeps both in its log.
  async function retryAsNew(opId, payload, baseVersion) {
    const old = await get(opId);
    if (!old || old.status !== 'rejected') throw new Error('only rejected entries can be resent');
    const op = await addOp(old.kind, old.match_id,
      baseVersion === undefined ? old.base_version : baseVersion, payload, old.op_id);
    notify(false);
    kick();
    return op;
  }

  // ---- sync -------------------------------------------------------------
  let running = null, again = false, failures = 0, timer = null, leaseHeld = false;

  function kick() { sync().catch((e) => console.warn('taikai sync', e)); }

  // Coalesces triggers: while a sync runs, further calls make it do one more
  // pass (so an op enqueued mid-sync is not left behind) and share its promise.
  function sync() {
    if (running) { again = true; return running; }
    clearTimeout(timer); timer = null;
    running = (async () => {
      let changed = false;
      try {
        do { again = false; if (await withLock(syncOnce)) changed = true; } while (again);
      } finally { running = null; }
      if (changed) { await prune(); notify(true); }
      return changed;
    })();
    return running;
  }
  const idle = () => (running ? running.catch(() => false) : Promise.resolve(false));

  function withLock(fn) {
    if (global.navigator && navigator.locks && navigator.locks.request) {
      return navigator.locks.request(LOCK, () => fn());
    }
    return withLease(fn);
  }
  async function takeLease() {
    const d = await db();
    const tx = d.transaction('meta', 'readwrite');
    const l = await tx.store.get('lease'), now = Date.now();
    const ok = !l || l.until < now || l.owner === me;
    if (ok) await tx.store.put({ owner: me, until: now + LEASE_MS }, 'lease');
    await tx.done;
    return ok;
  }
  async function withLease(fn) {
    for (let i = 0; !(await takeLease()); i++) {
      if (i > 80) { scheduleRetry(); return false; }
      await sleep(500);
    }
    leaseHeld = true;
    try { return await fn(); } finally {
      leaseHeld = false;
      const d = await db(), tx = d.transaction('meta', 'readwrite');
      const l = await tx.store.get('lease');
      if (l && l.owner === me) await tx.store.delete('lease');
      await tx.done;
    }
  }

  async function csrfToken() {
    if (isPage) {
      const m = document.querySelector('meta[name="csrf-token"]');
      if (m && m.content) return m.content;
    }
    return getMeta('csrf'); // the service worker has no DOM: pages store it
  }

  async function request(method, url, body) {
    if (leaseHeld) await takeLease(); // renew before a possibly slow request
    const ctl = new AbortController();
    const t = setTimeout(() => ctl.abort(), FETCH_TIMEOUT);
    try {
      const headers = { Accept: 'application/json' };
      if (body) {
        headers['Content-Type'] = 'application/json';
        const tok = await csrfToken();
        if (tok) headers['X-CSRFToken'] = tok;
      }
      // redirect "manual": a login redirect must read as "sign in", not as a
      // 200 HTML page.
      const res = await fetch(url, {
        method, headers, body: body ? JSON.stringify(body) : undefined,
        credentials: 'same-origin', cache: 'no-store', redirect: 'manual', signal: ctl.signal,
      });
      if (res.type === 'opaqueredirect') return { status: 401, data: null };
      let data = null;
      try { data = await res.json(); } catch (e) { /* not JSON */ }
      return { status: res.status, data };
    } catch (e) {
      return { status: 0, data: null }; // offline, DNS, timeout
    } finally { clearTimeout(t); }
  }

  async function unsent() {
    return (await list()).filter((o) => UNSENT.includes(o.status));
  }
  async function update(ops, fields) {
    const d = await db();
    const tx = d.transaction('outbox', 'readwrite');
    for (const o of ops) {
      const cur = await tx.store.get(o.op_id);
      if (cur) await tx.store.put(Object.assign(cur, typeof fields === 'function' ? fields(cur) : fields));
    }
    await tx.done;
  }
  // Store each result. `onlyUnsent`: for /sync/outcomes, never overwrite an
  // entry that already has its answer.
  async function storeResults(results, onlyUnsent) {
    const d = await db();
    const tx = d.transaction('outbox', 'readwrite');
    let n = 0;
    for (const r of results || []) {
      const cur = r && (await tx.store.get(r.op_id));
      if (!cur || (onlyUnsent && !UNSENT.includes(cur.status))) continue;
      cur.status = OUTCOMES.includes(r.outcome) ? r.outcome : 'rejected';
      cur.code = r.code == null ? null : r.code;
      cur.message = r.message == null ? null : r.message;
      cur.match_version = r.match_version == null ? null : r.match_version;
      cur.answered_at = new Date().toISOString();
      await tx.store.put(cur);
      n++;
    }
    await tx.done;
    return n;
  }
  const wire = (o) => ({
    op_id: o.op_id, device_id: o.device_id, seq: o.seq, kind: o.kind, match_id: o.match_id,
    base_version: o.base_version, payload: o.payload, device_time: o.device_time,
  });
  function flatten(e) {
    if (e == null) return '';
    if (typeof e === 'string') return e;
    if (Array.isArray(e)) return e.map(flatten).filter(Boolean).join(' ');
    if (typeof e === 'object') return Object.values(e).map(flatten).filter(Boolean).join(' ');
    return String(e);
  }
  // marshmallow many=True errors look like {"ops": {"3": {...}}}: map to ops.
  function perOpErrors(errors, batch) {
    const byIndex = errors && errors.ops;
    if (!byIndex || typeof byIndex !== 'object' || Array.isArray(byIndex)) return null;
    const m = new Map();
    for (const [k, v] of Object.entries(byIndex)) if (batch[+k]) m.set(batch[+k].op_id, flatten(v));
    return m.size ? m : null;
  }

  function scheduleRetry() {
    if (!isPage) return; // SW timers do not survive; pages and events retry
    failures++;
    const cap = Math.min(60000, 1000 * 2 ** (failures - 1));
    clearTimeout(timer);
    timer = setTimeout(kick, Math.min(60000, cap * (0.75 + Math.random() * 0.5)));
  }

  // One pass under the lock. Returns true if any entry changed.
  async function syncOnce() {
    let changed = false;
    const dev = await deviceId();
    let ops = await unsent();
    if (!ops.length) return false;
    // We hold the lock, so an op still "sending" lost its reply (tab closed,
    // connection dropped): ask what became of it before resending.
    if (ops.some((o) => o.status === 'sending')) {
      const r = await request('GET', '/sync/outcomes?device_id=' + encodeURIComponent(dev));
      if (r.status === 200 && r.data && Array.isArray(r.data.results)) {
        if (await storeResults(r.data.results, true)) changed = true;
        ops = await unsent();
      }
    }
    const tried = new Set();
    let size = BATCH;
    while (ops.length) {
      if (global.navigator && navigator.onLine === false) { scheduleRetry(); break; }
      const batch = ops.slice(0, size);
      batch.forEach((o) => tried.add(o.op_id));
      await update(batch, { status: 'sending' });
      const r = await request('POST', '/sync/ops', { device_id: dev, ops: batch.map(wire) });
      if (r.status === 200 && r.data && Array.isArray(r.data.results)) {
        await storeResults(r.data.results, false);
        // An op the server did not answer for goes back to "saved" (next pass).
        await update(batch, (c) => (c.status === 'sending' ? { status: 'saved' } : {}));
        failures = 0;
        await setMeta('last_sync', new Date().toISOString());
        changed = true;
      } else if (r.status === 401) {
        // Not signed in: keep everything, labelled "sign in to send"; the next
        // page load (after sign-in) sends them. No timer: it would only 401.
        await update(ops, { status: 'auth' });
        return true;
      } else if (r.status >= 400 && r.status < 500 && r.data && r.data.errors) {
        const per = perOpErrors(r.data.errors, batch);
        if (per) {
          await update(batch, (c) => (per.has(c.op_id)
            ? { status: 'rejected', code: 'invalid', message: per.get(c.op_id) } : { status: 'saved' }));
          batch.forEach((o) => { if (!per.has(o.op_id)) tried.delete(o.op_id); });
        } else if (batch.length > 1) {
          // Cannot tell which op is bad: resend one by one so only it is rejected.
          await update(batch, { status: 'saved' });
          batch.forEach((o) => tried.delete(o.op_id));
          size = 1;
        } else {
          await update(batch, { status: 'rejected', code: 'invalid', message: flatten(r.data.errors) });
        }
        changed = true;
      } else {
        // Network error, timeout, 5xx, or a 4xx without a JSON reason (e.g. a
        // stale CSRF token): keep as saved and back off. Order is preserved
        // because we stop here.
        await update(batch, { status: 'saved' });
        scheduleRetry();
        return true;
      }
      ops = (await unsent()).filter((o) => !tried.has(o.op_id) && o.status !== 'auth');
    }
    return changed;
  }

  // Keep the newest KEEP_SETTLED answered entries; never touch unsent,
  // rejected or conflict entries.
  async function prune() {
    const done = (await list()).filter((o) => SETTLED.includes(o.status));
    if (done.length <= KEEP_SETTLED) return;
    const d = await db(), tx = d.transaction('outbox', 'readwrite');
    for (const o of done.slice(0, done.length - KEEP_SETTLED)) tx.store.delete(o.op_id);
    await tx.done;
  }

  // ---- change notification ----------------------------------------------
  // Pages: "taikai:outbox-changed" on document (status UI) and, after a sync
  // that changed anything, "taikai:synced" on document.body (htmx refresh).
  // Other tabs hear it through a BroadcastChannel; the SW posts to its clients.
  const bc = isPage && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('taikai-outbox') : null;
  function fire(synced) {
    document.dispatchEvent(new CustomEvent('taikai:outbox-changed'));
    if (synced && document.body) document.body.dispatchEvent(new CustomEvent('taikai:synced', { bubbles: true }));
  }
  function notify(synced) {
    const type = synced ? 'taikai:synced' : 'taikai:outbox-changed';
    if (isPage) { fire(synced); if (bc) bc.postMessage({ type }); return; }
    if (global.clients) {
      global.clients.matchAll({ type: 'window', includeUncontrolled: true })
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
      const tok = await csrfToken().catch(() => null);
      if (tok && tok !== (await getMeta('csrf').catch(() => null))) await setMeta('csrf', tok).catch(() => {});
      kick();
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
    else start();
    global.addEventListener('online', () => { failures = 0; kick(); });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') kick();
    });
  }

  global.TaikaiOutbox = {
    enqueue, sync, list, get, pendingCount, discard, retryAsNew, idle,
    deviceId, lastSync: () => getMeta('last_sync'), UNSENT, SETTLED,
  };
})(typeof self !== 'undefined' ? self : this);
