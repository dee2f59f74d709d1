/* taikai offline pack: each staff phone keeps its event (entrants, members, the bracket's
 * feeding structure, match titles, the rule set) in IndexedDB, refreshed on every sync,
 * so a referee can open ANY match of a started phase offline. On the offline match page
 * (#offline-match, served by the service worker) it offers, for a slot whose player this
 * phone does not know, the entrants who can still reach it, and queues the entries with
 * the players the referee picked (payload "slots"): the server holds them until the match
 * is ready with those players. Needs idb and outbox.js (window.TaikaiOutbox). */
(function (G) {
  'use strict';
  const O = () => G.TaikaiOutbox;
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

  // ---- who can reach a slot ---------------------------------------------------
  const LIVE = (o) => !['rejected', 'conflict'].includes(o.status);

  // What this phone's own outbox says about a match: the players it named, the winner.
  function local(ops, match) {
    const mine = ops.filter((o) => o.match_id === match.id && LIVE(o));
    const named = mine.map((o) => o.payload && o.payload.slots).find(Boolean);
    const wins = { a: 0, b: 0 };
    mine.filter((o) => o.kind === 'report_game').forEach((o) => { if (o.payload.winner in wins) wins[o.payload.winner]++; });
    const need = Math.floor(match.best_of / 2) + 1;
    const side = wins.a >= need ? 0 : wins.b >= need ? 1 : null;
    return { named: named ? [named.a, named.b] : null, winnerSide: side, count: mine.length, wins };
  }

  function feeders(bracket, match, slot) {
    const to = (link) => link && link[0] === match.key && link[1] === slot;
    return bracket.matches.flatMap((m) => (to(m.winner_to) ? [[m, 'winner']] : to(m.loser_to) ? [[m, 'loser']] : []));
  }

  // Entrants who can still sit in this slot, as this phone knows the bracket.
  function reach(bracket, match, slot, ops, seen = new Set()) {
    const players = playersOf(bracket, match, ops);
    if (players[slot]) return [players[slot]];
    if (seen.has(match.id)) return [];
    seen.add(match.id);
    return [...new Set(feeders(bracket, match, slot).flatMap(([feed, role]) => {
      const decided = role === 'winner' ? feed.winner : feed.loser;
      if (decided) return [decided];
      const mine = local(ops, feed), sat = playersOf(bracket, feed, ops);
      if (mine.winnerSide !== null && sat[0] && sat[1]) {
        return [role === 'winner' ? sat[mine.winnerSide] : sat[1 - mine.winnerSide]];
      }
      return [0, 1].flatMap((s) => reach(bracket, feed, s, ops, seen));
    }))];
  }

  function playersOf(bracket, match, ops) {
    const named = local(ops, match).named;
    return [0, 1].map((s) => match.slots[s] || (named && named[s]) || null);
  }

  // ---- the offline match page ------------------------------------------------------
  const root = () => document.getElementById('offline-match');
  const msg = (name) => root().dataset['msg' + name];
  const el = (tag, attrs, ...kids) => {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    e.append(...kids);
    return e;
  };
  let here = null; // { event, phase, bracket, match }

  async function showPage() {
    const id = Number((/\/staff\/m\/(\d+)/.exec(location.pathname) || [])[1]);
    here = id ? await find(id) : null;
    const box = root();
    box.querySelector('[data-testid=pack-missing]').hidden = !!here;
    if (!here) return;
    box.dataset.matchId = id;
    box.querySelector('[data-testid=offline-title]').textContent = here.match.title;
    box.querySelector('[data-testid=offline-phase]').textContent = `${here.event.name} · ${here.phase.name}`;
    box.querySelector('[data-part=entry]').hidden = false;
    await drawSlots();
  }

  function entrantName(id) {
    const e = here.event.entrants[String(id)];
    return e ? e.name : '?';
  }

  async function drawSlots() {
    const ops = await O().list();
    const players = playersOf(here.bracket, here.match, ops);
    for (const slot of [0, 1]) {
      const box = root().querySelector(`[data-slot="${slot}"] [data-part=choices]`);
      const options = reach(here.bracket, here.match, slot, ops);
      const chosen = players[slot] || (options.length === 1 ? options[0] : null);
      box.replaceChildren(...options.map((id) => el('label', { class: 'check', 'data-testid': 'slot-choice' },
        el('input', Object.assign({ type: 'radio', name: 'slot' + slot, value: String(id) }, id === chosen ? { checked: '' } : {})),
        entrantName(id))));
    }
    updateNames();
    await drawEntries(ops);
  }

  function picked() {
    return [0, 1].map((s) => {
      const r = root().querySelector(`input[name=slot${s}]:checked`);
      return r ? Number(r.value) : null;
    });
  }

  // Name the sides after the picked entrants; a team event can name its next player.
  function updateNames() {
    const [a, b] = picked();
    root().querySelector('[data-part=name-a]').textContent = a ? entrantName(a) : msg('SideA');
    root().querySelector('[data-part=name-b]').textContent = b ? entrantName(b) : msg('SideB');
    const form = root().querySelector('[data-offline-op=name_player]');
    form.hidden = here.event.entrant_kind !== 'team';
    const select = form.querySelector('select');
    const side = (form.querySelector('input[name=side]:checked') || {}).value;
    const team = side && here.event.entrants[String(side === 'a' ? a : b)];
    select.replaceChildren(...(team ? team.members : []).map((m) =>
      el('option', { value: String(m.id) }, `${m.name}${m.character ? ' (' + m.character + ')' : ''}`)));
  }

  async function drawEntries(ops) {
    const list = root().querySelector('[data-testid=offline-entries]');
    const mine = (ops || (await O().list())).filter((o) => o.match_id === here.match.id);
    list.replaceChildren(...mine.map((o) => el('li', { 'data-testid': 'offline-entry', 'data-status': o.status }, describe(o))));
  }

  // An entry in words: "<winner> 2–1", or the member named.
  function describe(o) {
    const p = o.payload || {}, slots = p.slots || {};
    if (o.kind === 'report_game') return `${entrantName(p.winner === 'a' ? slots.a : slots.b)} ${p.rounds_a}–${p.rounds_b}`;
    const team = here.event.entrants[String(p.side === 'a' ? slots.a : slots.b)];
    const member = team && team.members.find((m) => m.id === p.member_id);
    return member ? member.name : '';
  }

  // What the phone can check; the rest is the server's (said on the page).
  async function problem(kind, data, slots) {
    if (!slots[0] || !slots[1]) return msg('Pick');
    if (slots[0] === slots[1]) return msg('Same');
    if (kind === 'report_game') {
      if (!data.winner) return msg('Winner');
      const [w, l] = data.winner === 'a' ? [data.rounds_a, data.rounds_b] : [data.rounds_b, data.rounds_a];
      if (!(w > l)) return msg('Score');
      const mine = local(await O().list(), here.match);
      if (mine.winnerSide !== null) return msg('Decided');
    }
    return null;
  }

  async function submit(form) {
    const kind = form.dataset.offlineOp, data = {};
    for (const [k, v] of new FormData(form)) data[k] = /^\d+$/.test(v) ? Number(v) : v;
    const slots = picked(), feedback = root().querySelector('[data-testid=offline-feedback]');
    const why = await problem(kind, data, slots);
    feedback.textContent = why || msg('Saved');
    feedback.dataset.ok = why ? 'no' : 'yes';
    if (why) return;
    const position = here.match.actions + local(await O().list(), here.match).count;
    await O().enqueue(kind, here.match.id, here.match.slots_version,
      Object.assign(data, { position, slots: { a: slots[0], b: slots[1] } }));
    form.reset();
    await drawSlots();
  }

  function start() {
    refreshOnce().then((fresh) => { if (fresh && root()) drawSlots().catch(() => {}); });
    document.body.addEventListener('taikai:synced', () => refreshOnce());
    G.addEventListener('online', () => refreshOnce());
    if (!root()) return;
    showPage().catch((e) => console.warn('taikai pack', e));
    root().addEventListener('submit', (ev) => {
      const form = ev.target.closest('form[data-offline-op]');
      if (!form) return;
      ev.preventDefault();
      submit(form).catch((e) => console.warn('taikai pack', e));
    });
    root().addEventListener('change', (ev) => { if (here && ev.target.name !== 'member_id') updateNames(); });
    document.addEventListener('taikai:outbox-changed', () => { if (here) drawEntries().catch(() => {}); });
  }

  G.TaikaiPack = { refresh: refreshOnce, find, reach };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})(self);
