/* taikai offline pack: each staff phone keeps its event (entrants, members, the bracket's
 * feeding structure, match titles, the rule set) in IndexedDB, refreshed on every sync,
 * so a referee can open ANY match of a started phase offline. On the offline match page
 * (#offline-match, served by the service worker) it offers, for a slot whose player this
 * phone does not know, the entrants who can still reach it, and queues the entries with
 * the players the referee picked (payload "slots"): the server holds them until the match
 * is ready with those players. Its game form is the online one (score, characters, stage,
 * side; defaults as entry_defaults.py has them). Needs idb, outbox.js and entry.js. */
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
    drawScores();
    await drawSlots();
  }

  // One tap for the score, which also says who won: 2–0, 2–1, 1–2, 0–2 (first to 3 likewise, and
  // the full-set double K.O. where the rules count it), as on the online form.
  function drawScores() {
    const t = here.event.rounds_to_win || 2, box = root().querySelector('[data-part=scores]');
    const chip = (ra, rb, note) => el('label', { class: 'chip' + (note ? ' score-dko' : '') },
      el('input', { type: 'radio', name: 'score', value: `${ra}-${rb}` }), el('strong', {}, `${ra}–${rb}`),
      note ? el('small', {}, note) : el('small', { 'data-part': ra > rb ? 'name-a' : 'name-b' }, ''));
    const chips = [];
    for (let l = 0; l < t; l++) chips.push(chip(t, l));
    for (let l = t - 1; l >= 0; l--) chips.push(chip(l, t));
    if (here.event.double_ko) chips.push(chip(t - 1, t - 1, msg('Dko')));
    box.querySelectorAll('label').forEach((c) => c.remove());
    box.append(...chips);
  }

  // "2-1" becomes winner and rounds, as the online form sends them (a draw is a double K.O.).
  function expandScore(data) {
    const [a, b] = String(data.score || '').split('-').map(Number);
    delete data.score;
    if (!Number.isInteger(a) || !Number.isInteger(b)) return;
    Object.assign(data, { rounds_a: a, rounds_b: b }, a === b ? { double_ko: true } : { winner: a > b ? 'a' : 'b' });
  }

  const entrantName = (id) => (here.event.entrants[String(id)] || { name: '?' }).name;

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
    drawForm(ops);
    await drawEntries(ops);
  }

  // ---- the game form's defaults, as online (webapp/views/entry_defaults.py) -------------------
  // What this match already has, as this phone knows it: the pack's games, then its own entries.
  function history(ops) {
    const mine = ops.filter((o) => o.match_id === here.match.id && LIVE(o)).map((o) => Object.assign({ kind: o.kind }, o.payload));
    return (here.match.plays || []).concat(mine);
  }

  // Per side the player's registered character, then last game's (same player); stage and side
  // from the last game where the rules leave them to agreement (a toss-fixed side holds all match).
  function defaults(ops) {
    const ev = here.event, ids = picked(), team = ev.entrant_kind === 'team';
    const player = {}, last = {};  // per side: the member named; the last character played, by whom
    let lastGame = null, games = 0, tossSide = '';
    for (const p of history(ops)) {
      if (p.kind === 'name_player') player[p.side] = p.member_id;
      if (p.kind === 'coin_toss' && p.choice === 'side' && p.side_of_winner) { // side a's side, from the winner's
        tossSide = p.winner === 'a' ? p.side_of_winner : { '1P': '2P', '2P': '1P' }[p.side_of_winner];
      }
      if (p.kind !== 'report_game') continue;
      games++, lastGame = p;
      for (const s of ['a', 'b']) if (p['char_' + s]) last[s] = { member: player[s], char: p['char_' + s] };
    }
    const chars = {};
    ['a', 'b'].forEach((s, i) => {
      const entrant = ev.entrants[String(ids[i])], members = entrant ? entrant.members : [];
      const memberId = team ? player[s] : (members[0] || {}).id;
      const registered = (members.find((m) => m.id === memberId) || {}).character || '';
      const held = last[s] && (!team || last[s].member === memberId) ? last[s].char : '';
      chars[s] = { keep: [...new Set([registered, held].filter(Boolean))], picked: held || registered };
    });
    const stage = lastGame && ev.stage_rule === 'agreement' ? lastGame.stage || '' : '';
    const side = (lastGame && ['agreement', 'toss_fixed'].includes(ev.side_rule) && lastGame.side_a) || tossSide;
    return { chars, stage, side, game: games + 1 };
  }

  // The characters (buttons, roster search: entry.js), stage and side, and the game's number.
  function drawForm(ops) {
    const form = root().querySelector('[data-offline-op=report_game]'), d = defaults(ops), ev = here.event;
    ['a', 'b'].forEach((s) => G.TaikaiEntry.setChars(form, s, d.chars[s].keep, d.chars[s].picked, ev.roster || [],
      ev.character_lock, msg('Unnamed')));
    const stages = ev.stages || [], select = form.querySelector('select[name=stage]');
    select.replaceChildren(el('option', { value: '' }, '—'), ...stages.map((x) => el('option', {}, x)));
    if (d.stage && !stages.includes(d.stage)) select.append(el('option', {}, d.stage));
    select.value = d.stage;
    form.querySelector('select[name=side_a]').value = d.side;
    form.querySelector('[data-part=game-title]').textContent = msg('Game').replace('{n}', d.game);
    form.querySelector('[data-part=game-button]').textContent = msg('Record').replace('{n}', d.game);
    form.dataset.game = d.game;
    const decided = local(ops, here.match).winnerSide !== null; // as online: no game form once the match is won
    form.hidden = decided;
    root().querySelector('[data-part=decided]').hidden = !decided;
    const toss = (ev.coin_toss_required || []).includes(here.phase.match_type); // first, where the rules ask, once
    root().querySelector('[data-part=toss]').hidden = !toss || history(ops).some((p) => p.kind === 'coin_toss');
  }

  const picked = () => [0, 1].map((s) => Number((root().querySelector(`input[name=slot${s}]:checked`) || {}).value) || null);

  // Name the sides after the picked entrants; a team event can name its next player.
  function updateNames() {
    const [a, b] = picked();
    root().querySelectorAll('[data-part=name-a]').forEach((n) => { n.textContent = a ? entrantName(a) : msg('SideA'); });
    root().querySelectorAll('[data-part=name-b]').forEach((n) => { n.textContent = b ? entrantName(b) : msg('SideB'); });
    root().querySelector('[data-part=name-player]').hidden = here.event.entrant_kind !== 'team';
    root().querySelectorAll('[data-offline-op=name_player]').forEach((form) => {
      const team = here.event.entrants[String(form.dataset.side === 'a' ? a : b)];
      form.querySelector('[data-part=members]').replaceChildren(...(team ? team.members : []).map((m) =>
        el('button', { class: 'btn btn-big', name: 'member_id', value: String(m.id), type: 'submit' },
          m.name, ...(m.character ? [' ', el('span', { class: 'muted' }, `(${m.character})`)] : []))));
    });
  }

  async function drawEntries(ops) {
    const list = root().querySelector('[data-testid=offline-entries]');
    const mine = (ops || (await O().list())).filter((o) => o.match_id === here.match.id);
    let game = (here.match.plays || []).filter((p) => p.kind === 'report_game').length;
    const checked = ['applied', 'duplicate', 'confirmed'];
    list.replaceChildren(...mine.map((o) => el('li', { 'data-testid': 'offline-entry', 'data-status': o.status },
      describe(o, o.kind === 'report_game' && LIVE(o) ? ++game : game + 1),
      ...(checked.includes(o.status) ? [] : [' ', el('span', { class: 'badge warn' }, msg('Unchecked'))]))));
  }

  // An entry in words, as the online entry list names it: "第2ゲーム: A 2–1 B", "次の選手: A — A1".
  function describe(o, game) {
    const p = o.payload || {}, slots = p.slots || {};
    if (o.kind === 'report_game') {
      return `${msg('Game').replace('{n}', game)}: ${entrantName(slots.a)} ${p.rounds_a}–${p.rounds_b} ${entrantName(slots.b)}`
        + (p.double_ko ? ` (${msg('Dko')})` : '');
    }
    if (o.kind === 'coin_toss') return `${msg('Toss')}: ${entrantName(p.winner === 'a' ? slots.a : slots.b)}`;
    const id = p.side === 'a' ? slots.a : slots.b, team = here.event.entrants[String(id)];
    const member = team && team.members.find((m) => m.id === p.member_id);
    return `${msg('Next')}: ${entrantName(id)} — ${member ? member.name : ''}`;
  }

  // What the phone can check; the rest is the server's (said on the page).
  async function problem(kind, data, slots) {
    if (!slots[0] || !slots[1]) return msg('Pick');
    if (slots[0] === slots[1]) return msg('Same');
    if (kind === 'report_game') {
      if (!data.winner && !data.double_ko) return msg('Winner');
      const [w, l] = data.winner === 'a' ? [data.rounds_a, data.rounds_b] : [data.rounds_b, data.rounds_a];
      if (!data.double_ko && !(w > l)) return msg('Score');
      const mine = local(await O().list(), here.match);
      if (mine.winnerSide !== null) return msg('Decided');
    }
    return null;
  }

  async function submit(form, submitter) {
    const kind = form.dataset.offlineOp, data = {}, fields = [...new FormData(form)];
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]); // a member's button
    for (const [k, v] of fields) data[k] = /^\d+$/.test(v) ? Number(v) : v;
    if (kind === 'report_game') expandScore(data);
    const slots = picked(), feedback = root().querySelector('[data-testid=offline-feedback]');
    const why = await problem(kind, data, slots);
    feedback.textContent = why || msg('Saved');
    feedback.dataset.ok = why ? 'no' : 'yes';
    if (why) return;
    const position = here.match.actions + local(await O().list(), here.match).count;
    const op = await O().enqueue(kind, here.match.id, here.match.slots_version,
      Object.assign(data, { position, slots: { a: slots[0], b: slots[1] } }));
    if (G.TaikaiEntry) G.TaikaiEntry.remember(op.op_id, describe(op, +form.dataset.game || 1)); // the outbox list names it too
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
      submit(form, ev.submitter).catch((e) => console.warn('taikai pack', e));
    });
    root().addEventListener('change', (ev) => {
      if (!here || !/^slot[01]$/.test(ev.target.name)) return;
      updateNames();
      O().list().then(drawForm).catch(() => {}); // another player: their registered character
    });
    document.addEventListener('taikai:outbox-changed', () => { if (here) drawEntries().catch(() => {}); });
  }

  G.TaikaiPack = { refresh: refreshOnce, find, reach };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})(self);
