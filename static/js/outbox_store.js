/* taikai outbox, the queue store: entries entered on this phone, kept in IndexedDB
 * until the server answers each (one database for pages and the service worker).
 * Needs idb. Knows nothing of the network or of who is signed in.
 * - An entry is committed before any network call.
 * - No HTTP answer drops an entry: only a person does (discard), or pruning of
 *   old answered ones. */
(function (G) {
  'use strict';
  const UNSENT = ['saved', 'sending', 'auth'], SETTLED = ['applied', 'duplicate', 'confirmed'];
  // held: the match's players were not known on the server yet; it decides later
  // (applied, or a conflict for the desk) and the phone asks until it has.
  const OUTCOMES = SETTLED.concat(['conflict', 'rejected', 'held']);
  const KEEP_SETTLED = 100;
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
  // who: the person entering it, kept with the entry (a shared phone sends it only as them).
  async function addOp(who, kind, matchId, baseVersion, payload, replaces) {
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
      entered_by: { id: who.id, name: who.name },
    };
    box.put(op);
    if (replaces) box.delete(replaces);
    await tx.done;
    return op;
  }
  // This phone's id (made now if it has entered nothing yet): its check-ins on the desk's venue page.
  async function deviceId() {
    const tx = (await db()).transaction('meta', 'readwrite');
    let dev = await tx.store.get('device_id');
    if (!dev) { dev = uuid(); await tx.store.put(dev, 'device_id'); }
    await tx.done;
    return dev;
  }

  const list = async () => (await db()).getAllFromIndex('outbox', 'seq');
  const get = async (id) => (await db()).get('outbox', id);
  const unsent = async () => (await list()).filter((o) => UNSENT.includes(o.status));

  // Only for entries a person has looked at and acted on.
  async function discard(id) {
    const op = await get(id);
    if (!op || !['rejected', 'conflict'].includes(op.status)) throw new Error('not rejected/conflict');
    await (await db()).delete('outbox', id);
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
  const wire = ({ status, code, message, match_version, answered_at, resolution, lost, undone, entered_by, received_by, ...op }) =>
    (entered_by ? { ...op, entered_by: entered_by.id } : op);
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

  // Drop old answered entries; never unsent, held, rejected or conflict ones.
  async function prune() {
    const done = (await list()).filter((o) => SETTLED.includes(o.status));
    const d = await db();
    for (const o of done.slice(0, Math.max(0, done.length - KEEP_SETTLED))) await d.delete('outbox', o.op_id);
  }

  G.TaikaiOutboxStore = {
    UNSENT, db, uuid, now, getMeta, setMeta, addOp, deviceId, list, get, unsent, discard,
    update, ids, wire, storeResults, prune,
  };
})(self);
