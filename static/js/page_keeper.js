/* taikai page keeper: the staff pages of every match of the phone's event, kept for offline. */
(function (G) {
  'use strict';
  // The staff pages of each match whose players are known (the online page itself: the same
  // forms offline), the event's match list and the staff home, in the service worker's page
  // cache; fetched again only when the match changed (its version). Matches whose players are
  // not known yet open offline from the pack (offline_pack.js). They are signed-in pages,
  // so they go to the signed-in person's own page cache (sw.js: personCache), never the public one.
  const FETCHED = 'X-Taikai-Fetched', KEPT = 'X-Taikai-Kept';
  const personPages = () => {
    const who = G.document && document.querySelector('meta[name="taikai-user"]');
    return who && who.content ? `taikai-pages-2-u${who.content}` : null;
  };
  const PARALLEL = 2;
  async function keepPages(events) {
    const pages = personPages();
    if (!G.caches || !G.fetch || !pages) return;
    const cache = await caches.open(pages), wanted = [];
    for (const event of events) {
      const matches = event.phases.flatMap((p) => p.brackets.flatMap((b) => b.matches));
      const stamp = matches.map((m) => `${m.id}.${m.version}.${m.slots_version}`).join(',');
      wanted.push([`/staff/e/${event.slug}`, String(hash(stamp))], ['/staff/', String(hash(stamp))]);
      for (const m of matches) if (m.slots[0] && m.slots[1]) wanted.push([`/staff/m/${m.id}`, `${m.version}.${m.slots_version}`]);
    }
    const todo = [];
    for (const [path, version] of wanted) {
      const hit = await cache.match(new URL(path, location.origin).href, { ignoreVary: true });
      if (!hit || hit.headers.get(KEPT) !== version) todo.push([path, version]);
    }
    const worker = async () => { for (let job; (job = todo.shift());) await keepPage(cache, ...job); };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  }
  async function keepPage(cache, path, version) {
    if (navigator.onLine === false) return;
    const res = await fetch(path, { credentials: 'same-origin', redirect: 'follow', headers: { Accept: 'text/html' } });
    const type = res.headers.get('Content-Type') || '';
    if (!res.ok || res.redirected || !type.includes('text/html')) return;
    const headers = new Headers(res.headers);
    headers.set(FETCHED, String(Date.now()));
    headers.set(KEPT, version);
    headers.delete('Content-Length');
    headers.delete('Content-Encoding');
    await cache.put(new URL(path, location.origin).href, new Response(await res.blob(), { status: 200, headers }));
  }
  function hash(text) {
    let h = 0;
    for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
    return h;
  }
  G.TaikaiPageKeeper = { keep: keepPages };
})(self);
