/* taikai service worker (served at /sw.js, scope "/").
 *
 * - App shell: precached, cache first.
 * - Pages (GET navigations): network first with a short timeout; every good
 *   answer is kept with the time it was fetched; offline, the kept copy is
 *   served with a "stale" banner, else the cached /offline page.
 * - POSTs and /sync/* never touch a cache.
 * - Page copies are kept per person: a signed-in page (it carries
 *   <meta name="taikai-user">) in that person's cache, only signed-out pages
 *   under the public cache. Offline, a person gets their own copies (or
 *   public ones); a signed-out visitor only public ones and no staff page.
 *   Sign-out drops the per-person caches (static/js/shared_phone.js).
 * - The outbox is IndexedDB and is never touched here on activate: queued ops
 *   survive app updates. This worker can also send them (same outbox.js).
 */
const SW_VERSION = 'v1';
const SHELL_CACHE = `taikai-shell-${SW_VERSION}`;
// Page copies are kept across versions on purpose: pages seen before must stay
// readable offline after an update. Bump only if the stored format changes
// (2: keyed by person; 1 held signed-in pages under public URLs and is dropped).
const PAGES_CACHE = 'taikai-pages-2';
const personCache = (id) => `${PAGES_CACHE}-u${id}`;
// Staff and desk pages: never shown offline to a signed-out visitor.
const STAFF_PAGE = /^\/(staff|desk|venue|account)(\/|$)/;
const NAV_TIMEOUT_MS = 3000;
const FETCHED_HEADER = 'X-Taikai-Fetched';
const SHELL = [
  '/',
  '/static/vendor/htmx.min.js',
  '/static/vendor/idb.umd.js',
  '/static/css/app.css',
  '/static/js/dom.js',
  '/static/js/pages.js',
  '/static/js/outbox_store.js',
  '/static/js/outbox_owner.js',
  '/static/js/outbox_send.js',
  '/static/js/outbox.js',
  '/static/js/char_buttons.js',
  '/static/js/stage_strike.js',
  '/static/js/offline_shape.js',
  '/static/js/entry_names.js',
  '/static/js/entry.js',
  '/static/js/unsent_view.js',
  '/static/js/sw_register.js',
  '/static/js/form_payload.js',
  '/static/js/outbox_forms.js',
  '/static/js/outbox_panel.js',
  '/static/js/secure_context.js',
  '/static/js/page_keeper.js',
  '/static/js/pack_store.js',
  '/static/js/offline_plays.js',
  '/static/js/offline_desk.js',
  '/static/js/offline_pack.js',
  '/static/js/offline_list.js',
  '/static/js/shared_phone.js',
  '/static/js/match_model.js',
  '/static/js/team_forms.js',
  '/static/js/net_status.js',
  '/static/js/phone_storage.js',
  '/static/manifest.webmanifest',
  '/static/icons/icon-192.png',
  '/static/icons/icon-512.png',
  '/offline',
  '/offline/match',
];
// A match page never opened on this phone: offline, the match shell fills it from the pack.
const MATCH_PAGE = /^\/staff\/m\/\d+\/?$/;
// "/" may redirect (sign-in, current event); it must not block installation.
const OPTIONAL = new Set(['/']);
// Kept for everyone who opens the phone offline: fetched signed out, so no one's session is in them.
const ANONYMOUS = new Set(['/offline', '/offline/match']);

importScripts('/static/vendor/idb.umd.js', '/static/js/outbox_store.js', '/static/js/outbox_owner.js',
  '/static/js/outbox_send.js', '/static/js/outbox.js');

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL_CACHE);
    await Promise.all(SHELL.map(async (url) => {
      try {
        const credentials = ANONYMOUS.has(url) ? 'omit' : 'same-origin';
        const res = await fetch(url, { cache: 'reload', credentials });
        if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
        if (res.redirected && OPTIONAL.has(url)) return; // e.g. to sign-in: not a page to keep
        const copy = await stamp(res); // plain (not redirected), with fetch time
        if (url === '/') {
          const owner = await ownerOf(copy);
          await caches.open(owner ? personCache(owner) : PAGES_CACHE).then((c) => c.put(url, copy.clone()));
          if (owner) return; // a signed-in page is nobody else's shell
        }
        await cache.put(url, copy);
      } catch (e) {
        if (!OPTIONAL.has(url)) throw e; // an incomplete shell must not install
      }
    }));
    await self.skipWaiting(); // a new version takes over at once
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const keep = new Set([SHELL_CACHE, PAGES_CACHE]);
    for (const name of await caches.keys()) {
      if (name.startsWith('taikai-') && !keep.has(name) && !name.startsWith(`${PAGES_CACHE}-u`)) await caches.delete(name);
    }
    // Deliberately NO indexedDB.deleteDatabase here: the outbox must survive.
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return; // POSTs go straight to the network
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/sync/') || url.pathname === '/sw.js') return;
  if (req.mode === 'navigate') {
    event.respondWith(navigate(event));
  } else if (url.pathname.startsWith('/static/')) {
    event.respondWith(cacheFirst(req));
  }
  // Anything else (htmx partials, JSON): network only, browser default.
});

// The outbox: "sync" message from a page, or Background Sync where it exists
// (never relied upon: Safari has none; pages also sync on their own).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'sync') event.waitUntil(self.TaikaiOutbox.sync());
  // A page whose navigation was under way while this worker activated missed its claim.
  if (event.data && event.data.type === 'claim') event.waitUntil(self.clients.claim());
  // ...and the page it showed, loaded before this worker could keep it (same origin only).
  if (event.data && event.data.type === 'keep') event.waitUntil(keepPage(event.data.url).catch(() => null));
});

// A page fetched again and kept as a navigation keeps it (its person's cache, or the public one).
async function keepPage(url) {
  const target = new URL(url, self.location.origin);
  if (target.origin !== self.location.origin) return;
  const res = await fetch(target.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
  if (!cacheable(res) || res.redirected) return;
  const copy = await stamp(res);
  const owner = await ownerOf(copy);
  await caches.open(owner ? personCache(owner) : PAGES_CACHE).then((c) => c.put(target.href, copy));
}
self.addEventListener('sync', (event) => {
  if (event.tag === 'taikai-outbox') event.waitUntil(self.TaikaiOutbox.sync());
});

// A stored copy with the time it was fetched. Rebuilding the Response also
// drops the "redirected" flag (a redirected response cannot answer a navigation).
async function stamp(res) {
  const headers = new Headers(res.headers);
  headers.set(FETCHED_HEADER, String(Date.now()));
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  return new Response(await res.clone().blob(), { status: res.status, statusText: res.statusText, headers });
}

// The person a stored page was rendered for (its <meta name="taikai-user">), or null.
async function ownerOf(res) {
  const m = /<meta name="taikai-user" content="(\d+)"/.exec(await res.clone().text());
  return m ? m[1] : null;
}

// Who is signed in on this phone now: what the last page said (null after sign-out).
async function signedIn() {
  try { return await self.TaikaiOutbox.person(); } catch (e) { return null; }
}

async function cacheFirst(req) {
  // Pages ask for /static/...?v=<version>: the shell cache (renewed with every version) answers.
  const hit = await caches.match(req, { cacheName: SHELL_CACHE, ignoreVary: true, ignoreSearch: true });
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok && res.type === 'basic') {
    const copy = res.clone();
    caches.open(SHELL_CACHE).then((c) => c.put(req, copy));
  }
  return res;
}

function cacheable(res) {
  const type = res.headers.get('Content-Type') || '';
  const cc = res.headers.get('Cache-Control') || '';
  return res.status === 200 && type.includes('text/html') && !/no-store/i.test(cc);
}

async function navigate(event) {
  const req = event.request;
  const network = fetch(req).then(async (res) => {
    if (cacheable(res)) {
      // Key by the final URL, so a redirect to the sign-in page never
      // overwrites the copy of the page that was asked for.
      const key = res.redirected ? res.url : req.url;
      const copy = await stamp(res);
      const owner = await ownerOf(copy);
      await caches.open(owner ? personCache(owner) : PAGES_CACHE).then((c) => c.put(key, copy));
    }
    return res;
  });
  event.waitUntil(network.catch(() => null)); // keep storing after a timeout
  const timeout = new Promise((resolve) => setTimeout(resolve, NAV_TIMEOUT_MS, 'timeout'));
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== 'timeout') return first;
    // Slow network: a saved copy now beats a blank screen; without one, wait.
    return (await stale(req)) || (await network);
  } catch (e) {
    const who = await signedIn();
    const shell = who && MATCH_PAGE.test(new URL(req.url).pathname) ? matchShell : offlinePage;
    return (await stale(req)) || (await shell());
  }
}

async function matchShell() {
  return (await caches.match('/offline/match', { cacheName: SHELL_CACHE })) || offlinePage();
}

async function offlinePage() {
  return (await caches.match('/offline', { cacheName: SHELL_CACHE })) ||
    new Response('<!doctype html><meta charset="utf-8"><title>Offline</title><p>オフラインです / You are offline</p>',
      { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

const pad = (n) => String(n).padStart(2, '0');

// The kept copy for whoever is signed in now: theirs, else the public one (never another person's;
// never a staff page for a signed-out visitor).
async function keptCopy(req) {
  const who = await signedIn();
  const own = who && (await caches.match(req, { cacheName: personCache(who.id), ignoreVary: true }));
  if (own) return own;
  if (!who && STAFF_PAGE.test(new URL(req.url).pathname)) return null;
  return caches.match(req, { cacheName: PAGES_CACHE, ignoreVary: true });
}

// Serve a kept copy with the banner injected right after <body ...>.
async function stale(req) {
  const hit = await keptCopy(req);
  if (!hit) return null;
  const html = await hit.text();
  const at = new Date(Number(hit.headers.get(FETCHED_HEADER)) || Date.now());
  const today = new Date().toDateString() === at.toDateString();
  const time = (today ? '' : `${at.getMonth() + 1}/${at.getDate()} `) + `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const m = /<html[^>]*\slang=["']?([A-Za-z-]+)/i.exec(html);
  const en = !!m && m[1].toLowerCase().startsWith('en');
  const text = en ? `Offline: saved copy from ${time}` : `オフライン: ${time} 時点の保存コピーです`;
  const banner = `<div id="stale-banner" class="stale-banner" role="status" data-fetched-at="${at.toISOString()}">${text}</div>`;
  const body = /<body\b[^>]*>/i.exec(html);
  const out = body
    ? html.slice(0, body.index + body[0].length) + banner + html.slice(body.index + body[0].length)
    : banner + html;
  const headers = new Headers(hit.headers);
  headers.set('X-Taikai-Stale', '1');
  return new Response(out, { status: 200, headers });
}
