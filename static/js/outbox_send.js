/* taikai outbox, the sender: sends the signed-in person's entries and stores the answers.
 * Needs outbox_store.js and outbox_owner.js; made by outbox.js with its notify(synced).
 * - Ops go out in seq order; a transient failure ends the pass, so later ops
 *   never overtake earlier ones.
 * - One sender at a time (Web Locks, else a lease in IndexedDB); the server
 *   dedupes on op_id, so a resend after a lost reply is harmless anyway.
 * - No HTTP answer drops an entry: unlike Workbox background-sync, which drops
 *   entries on any HTTP response (409/422/500). Background Sync is only an
 *   extra trigger (Safari has none). */
(function (G) {
  'use strict';
  const S = G.TaikaiOutboxStore, W = G.TaikaiOutboxOwner;
  const BATCH = 50, TIMEOUT = 20000, LEASE_MS = 30000;
  const isPage = typeof document !== 'undefined';
  const me = S.uuid(); // this tab/worker, for the fallback lease
  const flat = (e) => (e == null ? '' : typeof e === 'object'
    ? Object.values(e).map(flat).filter(Boolean).join(' ') : String(e));

  G.TaikaiOutboxSender = function (notify) {
    let running = null, again = false, failures = 0, timer = null, leased = false, pollTimer = null;
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
          if (changed && isPage) armPoll(await S.list()); // entries just recorded are watched from now
          if (changed) { await S.prune(); notify(true); }
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
      const tx = (await S.db()).transaction('meta', 'readwrite');
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
        const l = await S.getMeta('lease');
        if (l && l.owner === me) await (await S.db()).delete('meta', 'lease');
      }
    }

    async function csrf() {
      const m = isPage && document.querySelector('meta[name="csrf-token"]');
      return (m && m.content) || S.getMeta('csrf'); // the SW has no DOM: pages store it
    }

    // A new session (browser restarted, cookie gone) makes the stored token stale,
    // and a page served from the offline copy never gets a new one: read a fresh
    // token from a page the server renders now (this also starts the session).
    async function freshCsrf() {
      try {
        const res = await fetch('/login', { credentials: 'same-origin', cache: 'no-store' });
        const m = /<meta name="csrf-token" content="([^"]+)"/.exec(await res.text());
        if (!res.ok || !m) return false;
        await S.setMeta('csrf', m[1]);
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
    const answered = (r) => r.status === 200 && Array.isArray(r.data?.results);

    // Entries in conflict wait for the desk, held ones for an earlier result: ask now and then.
    // The latest recorded entries too, less often: a desk correction upstream may restart their
    // match (I1), and the referee should hear it without entering anything more (a sent batch
    // hears it anyway, so this asks at most once per WATCH period).
    const WATCH_MS = 3 * 3600 * 1000, WATCH_LAST = 40;
    let watchedAt = 0;
    const recent = (o) => ['applied', 'confirmed'].includes(o.status) && !o.undone && o.match_id != null
      && Date.now() - Date.parse(o.answered_at || o.device_time || 0) < WATCH_MS;
    // The next check: soon while the desk has entries to decide, slower while recent ones are watched.
    const undecided = (o) => (o.status === 'conflict' && !o.resolution) || o.status === 'held';
    function armPoll(all) {
      const open = all.filter(undecided);
      if (!isPage || !(open.length || all.some(recent))) return;
      clearTimeout(pollTimer);
      pollTimer = setTimeout(kick, open.length ? G.TAIKAI_POLL_MS || 15000 : G.TAIKAI_WATCH_MS || 30000);
    }
    async function checkDecisions() {
      const who = await W.person();
      if (who && who.player) return false; // a player's report is answered at once; its page shows the rest
      // Also those the desk took here for someone else: their later decision reaches this phone.
      const ours = (o) => W.mine(o, who) || (!!who && o.received_by === who.id);
      const all = (await S.list()).filter(ours);
      const open = all.filter(undecided);
      const every = G.TAIKAI_WATCH_MS || 30000;
      const watch = Date.now() - watchedAt >= every * 0.9 ? all.filter(recent).slice(-WATCH_LAST) : [];
      const asked = open.concat(watch);
      armPoll(all);
      if (!asked.length) return false;
      if (watch.length) watchedAt = Date.now();
      const since = Math.min(...asked.map((o) => o.seq));
      const r = await request('GET', '/sync/outcomes?device_id=' + encodeURIComponent(asked[0].device_id) + '&since_seq=' + since);
      return answered(r) && (await S.storeResults(r.data.results, true)) > 0;
    }

    // One pass under the lock; true if anything changed.
    async function syncOnce() {
      const decided = await checkDecisions().catch(() => false);
      const who = await W.person();
      const unsentMine = async () => (await S.unsent()).filter((o) => W.mine(o, who));
      let ops = await unsentMine(), changed = decided;
      if (!ops.length) return changed;
      const dev = ops[0].device_id;
      // We hold the lock, so "sending" means the reply was lost: ask first.
      if (ops.some((o) => o.status === 'sending')) {
        const r = await request('GET', '/sync/outcomes?device_id=' + encodeURIComponent(dev));
        if (answered(r) && (await S.storeResults(r.data.results, true))) {
          changed = true;
          ops = await unsentMine();
        }
      }
      const tried = new Set();
      let size = BATCH, csrfRenewed = false;
      while (ops.length) {
        if (G.navigator && navigator.onLine === false) { scheduleRetry(); break; }
        const batch = ops.slice(0, size), bids = S.ids(batch);
        bids.forEach((id) => tried.add(id));
        await S.update(bids, { status: 'sending' });
        const to = (who && who.sync) || '/sync/ops'; // a player's own address, or the staff's
        const r = await request('POST', to, { device_id: dev, ops: batch.map(S.wire), waiting: ops.length });
        const errors = r.data && r.data.errors;
        changed = true;
        if (answered(r)) {
          await S.storeResults(r.data.results, false);
          if (Array.isArray(r.data.undone)) await S.storeResults(r.data.undone, true); // a void undid earlier entries
          // An op the server did not answer for stays unsent (next pass).
          await S.update(bids, (c) => c.status === 'sending' && { status: 'saved' });
          failures = 0;
          await S.setMeta('last_sync', S.now());
        } else if (r.status === 400 && r.data?.error === 'csrf' && !csrfRenewed && (await freshCsrf())) {
          csrfRenewed = true; // once per pass: a token that still fails waits for the backoff
          await S.update(bids, { status: 'saved' });
          bids.forEach((id) => tried.delete(id));
          continue;
        } else if (r.status === 401) {
          // Keep all as "sign in to send"; a page load after sign-in sends them.
          await S.update(S.ids(await unsentMine()), { status: 'auth' });
          return true;
        } else if (r.status === 409 && r.data?.error === 'entered_by_other') {
          // The session is someone else's now: send nothing until a page says who is signed in.
          await S.update(bids, { status: 'saved' });
          await W.forget();
          return true;
        } else if (r.status === 413 && r.data?.error === 'too_large') {
          // Larger than the server takes: one by one, and an entry too large alone is refused in words.
          if (batch.length === 1) await S.update(bids, { status: 'rejected', code: 'too_large', message: r.data.message || '' });
          else { await S.update(bids, { status: 'saved' }); tried.clear(); size = 1; }
        } else if (r.status >= 400 && r.status < 500 && errors) {
          if (batch.length === 1) {
            await S.update(bids, { status: 'rejected', code: 'invalid', message: flat(errors) });
          } else { // which op is bad? one by one, so only it is rejected
            await S.update(bids, { status: 'saved' });
            tried.clear();
            size = 1;
          }
        } else {
          // Network, timeout, 5xx, 4xx without JSON reason (stale CSRF token?):
          // keep, back off; stopping here keeps the order.
          await S.update(bids, { status: 'saved' });
          scheduleRetry();
          return true;
        }
        ops = (await unsentMine()).filter((o) => !tried.has(o.op_id) && o.status !== 'auth');
      }
      return changed;
    }

    // The desk takes one person's waiting entries: applied as theirs, the desk noted as receiver.
    async function receive(personId) {
      const run = async () => {
        const ops = await W.enteredBy(personId);
        for (let i = 0; i < ops.length; i += BATCH) {
          const batch = ops.slice(i, i + BATCH), bids = S.ids(batch);
          await S.update(bids, { status: 'sending' });
          const r = await request('POST', '/sync/received', { device_id: batch[0].device_id, ops: batch.map(S.wire) });
          if (answered(r)) {
            await S.storeResults(r.data.results, false);
            await S.update(bids, { received_by: (await W.person()).id }); // the desk asks for their later decisions
          }
          await S.update(bids, (c) => c.status === 'sending' && { status: 'saved' });
          if (r.status !== 200) return r.data?.message || false;
        }
        return true;
      };
      const done = await withLock(run);
      notify(true);
      return done;
    }
    // Back online: try at once, the backoff starts again.
    const online = () => { failures = 0; kick(); };

    return { sync, kick, idle, receive, online };
  };
})(self);
