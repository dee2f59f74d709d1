/* taikai offline pack: each staff phone keeps its event (entrants, members, the bracket's
 * feeding structure, match titles, the rule set) in IndexedDB, refreshed on every sync,
 * so a referee can open ANY match of a started phase offline. On the offline match page
 * (#offline-match, served by the service worker) it offers, for a slot whose player this
 * phone does not know, the entrants who can still reach it, and queues the entries with
 * the players the referee picked (payload "slots"): the server holds them until the match
 * is ready with those players. Its game form is the online one (score, characters, stage,
 * side; defaults as entry_defaults.py has them). Needs dom.js, idb, outbox.js, pack_store.js (the pack),
 * page_keeper.js (the kept match pages), form_payload.js (what a form sends, as online), entry_names.js, char_buttons.js
 * and team_forms.js. */
(function (G) {
  'use strict';
  const O = () => G.TaikaiOutbox;
  const { el, json } = G.TaikaiDom;
  const Store = () => G.TaikaiPackStore; // pack_store.js: the pack in IndexedDB, refreshed on each sync
  const refreshOnce = () => Store().refresh();
  const find = (matchId) => Store().find(matchId);

  // ---- who can reach a slot ---------------------------------------------------
  const LIVE = (o) => !['rejected', 'conflict'].includes(o.status);
  const REQUEST = 'desk_request'; // to the desk's queue: no place among the match's entries

  // An entry of this phone the pack already holds: the server recorded it at a step before the pack's count
  // (entered on the online page and applied before the pack was made). It is among the pack's plays.
  const stepOf = (o) => { const p = (o.payload || {}).position; return p == null || p === '' ? null : Number(p); };
  const inPack = (o, match) => stepOf(o) !== null && stepOf(o) < (match.actions || 0);
  // This phone's entries for a match the pack does not hold yet, in the order they were made.
  const newer = (ops, match) => ops.filter((o) => o.match_id === match.id && LIVE(o) && !inPack(o, match));
  // The pack's recorded plays as entries the model steps through (the server's fields, as recorded).
  const served = (match) => (match.plays || []).map((p) => ({ kind: p.kind, payload: p }));

  // What this phone knows of a match: the players its own entries named, the games won (in a set, the
  // server's recorded ones too), the winner, and how many entries it has past the pack's.
  function local(ops, match) {
    const mine = newer(ops, match).filter((o) => o.kind !== REQUEST);
    const named = mine.map((o) => o.payload && o.payload.slots).find(Boolean);
    const wins = { a: 0, b: 0 }, set = !match.rules || match.rules.match_type === 'best_of'; // a team's games are not a set's
    (set ? served(match) : []).concat(mine).filter((o) => o.kind === 'report_game' && !o.payload.double_ko)
      .forEach((o) => { if (o.payload.winner in wins) wins[o.payload.winner]++; });
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
      // Decided on this phone only: that player sits (sitting()), the other is still offered (a slip).
      return [0, 1].flatMap((s) => reach(bracket, feed, s, ops, seen));
    }))];
  }

  // Who this phone's own results seat in the slot: the winner (or loser) of the match feeding it
  // that this phone finished, the server not knowing yet; null when it decided nothing there.
  function sitting(bracket, match, slot, ops) {
    for (const [feed, role] of feeders(bracket, match, slot)) {
      const mine = local(ops, feed), sat = playersOf(bracket, feed, ops);
      if (!feed.winner && mine.winnerSide !== null && sat[0] && sat[1]) {
        return role === 'winner' ? sat[mine.winnerSide] : sat[1 - mine.winnerSide];
      }
    }
    return null;
  }

  function playersOf(bracket, match, ops) {
    const named = local(ops, match).named;
    return [0, 1].map((s) => match.slots[s] || (named && named[s]) || null);
  }

  // ---- the offline match page ------------------------------------------------------
  const root = () => document.getElementById('offline-match');
  const msg = (name) => root().dataset['msg' + name];
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
    box.querySelectorAll('[data-ruleset]').forEach((d) => { d.hidden = d.dataset.ruleset !== here.event.ruleset; });
    penalties(box.querySelector(`[data-ruleset="${here.event.ruleset}"] select[name=penalty]`));
    drawScores();
    await drawSlots();
  }

  // The event's own penalty list (the organiser's names from the pack), where it is not the preset's.
  function penalties(select) {
    const list = (here.match.rules || {}).penalties || [];
    if (!select || !list.length || [...select.options].slice(1).map((o) => o.value).join() === list.map((p) => p.kind).join()) return;
    select.replaceChildren(select.options[0], ...list.map((p) => el('option', { value: p.kind }, p.name || msg('Penalty'))));
  }

  // One tap for the score, which also says who won: 2–0, 2–1, 1–2, 0–2 (first to 3 likewise, and
  // the full-set double K.O. where the rules count it), as on the online form.
  function drawScores() {
    const r = here.match.rules || {}, t = r.rounds_to_win || here.event.rounds_to_win || 2;
    const box = root().querySelector('[data-part=scores]');
    const chip = (ra, rb, note) => el('label', { class: 'chip' + (note ? ' score-dko' : '') },
      el('input', { type: 'radio', name: 'score', value: `${ra}-${rb}` }), el('strong', {}, `${ra}–${rb}`),
      note ? el('small', {}, note) : el('small', { 'data-part': ra > rb ? 'name-a' : 'name-b' }, ''));
    const chips = [], stocks = r.score_unit === 'stocks';
    for (let l = 0; l < t && !stocks; l++) chips.push(chip(t, l));
    for (let l = t - 1; l >= 0 && !stocks; l--) chips.push(chip(l, t));
    if (!stocks && (r.double_ko ? r.double_ko === 'replayed' : here.event.double_ko)) chips.push(chip(t - 1, t - 1, msg('Dko')));
    if (stocks) chips.push(...G.TaikaiOfflineShape.stockChips(r.stocks || 3, msg('Time'))); // offline_shape.js
    box.querySelector('legend').textContent = msg(stocks ? 'Stocks' : 'Rounds');
    box.querySelectorAll('label').forEach((c) => c.remove());
    box.append(...chips);
  }

  const entrantName = (id) => (here.event.entrants[String(id)] || { name: '?' }).name;

  async function drawSlots() {
    const ops = await O().list();
    const players = playersOf(here.bracket, here.match, ops);
    for (const slot of [0, 1]) {
      const box = root().querySelector(`[data-slot="${slot}"] [data-part=choices]`);
      const options = reach(here.bracket, here.match, slot, ops);
      const chosen = players[slot] || sitting(here.bracket, here.match, slot, ops) || (options.length === 1 ? options[0] : null);
      box.replaceChildren(...options.map((id) => el('label', { class: 'check', 'data-testid': 'slot-choice' },
        el('input', Object.assign({ type: 'radio', name: 'slot' + slot, value: String(id) }, id === chosen ? { checked: '' } : {})),
        entrantName(id))));
    }
    updateNames();
    drawForm(ops);
    await drawEntries(ops);
  }

  // ---- the match as this phone has it (match_model.js, as on the online page) ----------------
  // The match as the server had it when the pack was made (its recorded plays, stepped through by the
  // same model; none for a match whose players it did not know), with the players picked here, then
  // this phone's entries the pack does not hold yet (in the order they were made).
  function projected(match, ops, members, kinds, matchType) {
    const M = G.TaikaiMatch;
    const rules = match.rules || { match_type: matchType, games_to_win: Math.floor(match.best_of / 2) + 1 };
    const server = M.project(M.fresh(rules, members, kinds), served(match));
    server.unchecked = 0;
    return M.project(server, newer(ops, match));
  }

  function model(ops) {
    const ids = picked(), members = {};
    ['a', 'b'].forEach((s, i) => { members[s] = (here.event.entrants[String(ids[i])] || { members: [] }).members; });
    return projected(here.match, ops, members, here.event.kinds, here.phase.match_type);
  }

  // The step of the match this phone puts its next entry at: the pack's recorded entries, then its own.
  const stepNext = (ops, match) => (match.actions || 0) + local(ops, match).count;

  // The characters (buttons, roster search: char_buttons.js), stage and side, and the game's number;
  // only the step the rules allow next (toss, naming, game), nothing more once decided here.
  function drawForm(ops) {
    const form = root().querySelector('[data-offline-op=report_game]'), ev = here.event, M = G.TaikaiMatch;
    const m = model(ops), step = M.next(m), d = M.defaults(m);
    const names = { label: (ev.character_names || {})[pageLang()] || {}, search: ev.character_search || {} };
    ['a', 'b'].forEach((s) => G.TaikaiChars.setChars(form, s, [d.chars[s]], d.chars[s], ev.roster || [],
      ev.character_lock, msg('Unnamed'), names));
    const [na, nb] = picked().map((id) => (id ? entrantName(id) : ''));
    const shaped = G.TaikaiOfflineShape.draw(form, here.match.rules || {}, m, d.chars, ev.roster || [], (c) => names.label[c] || c,
      { a: na, b: nb }, stageLabel); // offline_shape.js: teams, strikes, no side where the game has none
    const stages = shaped || ev.stages || [], select = form.querySelector('select[name=stage]');
    select.replaceChildren(el('option', { value: '' }, '—'), ...stages.map((x) => el('option', { value: x }, stageLabel(x))));
    if (d.stage && !stages.includes(d.stage)) select.append(el('option', { value: d.stage }, stageLabel(d.stage)));
    select.value = d.stage;
    form.querySelector('select[name=side_a]').value = d.side;
    const game = step.decided ? m.games.length : step.game;
    form.querySelector('[data-part=game-title]').textContent = msg('Game').replace('{n}', game);
    form.querySelector('[data-part=game-button]').textContent = msg('Record').replace('{n}', game);
    form.dataset.game = game;
    const decided = root().querySelector('[data-part=decided]');
    decided.hidden = !step.decided;
    if (step.decided) {
      const [a, b] = picked().map(entrantName);
      decided.querySelector('[data-part=decided-winner]').textContent = step.winner === 'a' ? a : b;
      decided.querySelector('[data-part=decided-score]').textContent = `${a} ${m.score[0]}–${m.score[1]} ${b}`;
    }
    root().querySelector('[data-part=toss]').hidden = step.decided || !step.toss;
    const naming = !step.decided && !step.toss ? step.naming : [];
    root().querySelector('[data-part=name-player]').hidden = !naming.length;
    root().querySelectorAll('[data-offline-op=name_player]').forEach((f) => {
      f.hidden = !naming.includes(f.dataset.side);
      f.querySelector('input[name=blind]').value = String(!!step.blind);
      f.querySelectorAll('button[name=member_id]').forEach((btn) => { btn.hidden = !(step.may || {})[f.dataset.side]?.includes(+btn.value); });
    });
    form.hidden = step.decided || step.toss || naming.length > 0;
    root().querySelector('[data-part=extra]').hidden = step.decided;
    const [a, b] = picked();
    G.TaikaiTeamForms.draw(root(), m, { a: a ? entrantName(a) : msg('SideA'), b: b ? entrantName(b) : msg('SideB') });
    const chars = root().querySelector('[data-part=characters]');
    if (!chars.options.length) chars.replaceChildren(...(ev.roster || []).map((c) => el('option', { value: c }, names.label[c] || c)));
    drawVoidGames(m);
  }

  // The penalty form's "game voided after the fact": the games this phone has, in words, each
  // sending its 0-based index as the online form does ("第1ゲーム: A 2–1 B" sends 0).
  function drawVoidGames(m) {
    const [a, b] = picked().map((id) => (id ? entrantName(id) : ''));
    root().querySelectorAll('select[data-part=void-games]').forEach((select) => {
      select.replaceChildren(el('option', { value: '' }, '—'), ...m.games.map((g, i) => el('option', { value: String(i) },
        `${select.dataset.msgGame.replace('{n}', i + 1)}: ${a} ${g.rounds_a}–${g.rounds_b} ${b}`)));
    });
  }

  // A stage in the reader's language (the pack carries the names per language; the value stays the stored
  // name). The match shell is one page for everyone (Japanese): the language is the one the person
  // last read a signed-in page in, as this phone remembers it.
  const LANG = 'taikai-lang';
  function pageLang() {
    const chosen = (G.localStorage && localStorage.getItem(LANG)) || document.documentElement.lang || '';
    return chosen.startsWith('ja') ? 'ja' : 'en';
  }
  function stageLabel(stage) {
    return ((here.event.stage_names || {})[pageLang()] || {})[stage] || stage;
  }

  const picked = () => [0, 1].map((s) => Number((root().querySelector(`input[name=slot${s}]:checked`) || {}).value) || null);

  // Name the sides after the picked entrants; a team event can name its next player.
  function updateNames() {
    const [a, b] = picked();
    root().querySelectorAll('[data-part=name-a]').forEach((n) => { n.textContent = a ? entrantName(a) : msg('SideA'); });
    root().querySelectorAll('[data-part=name-b]').forEach((n) => { n.textContent = b ? entrantName(b) : msg('SideB'); });
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
    const games = (here.match.plays || []).filter((p) => p.kind === 'report_game');
    let game = games.length; // this phone's games past the pack's follow the server's
    const number = (o) => (o.kind !== 'report_game' ? game + 1 : inPack(o, here.match)
      ? games.filter((p) => p.position <= stepOf(o)).length : LIVE(o) ? ++game : game + 1);
    const checked = ['applied', 'duplicate', 'confirmed'];
    list.replaceChildren(...mine.map((o) => el('li', { 'data-testid': 'offline-entry', 'data-status': o.status },
      describe(o, number(o)),
      ...(checked.includes(o.status) ? [] : [' ', el('span', { class: 'badge warn' }, msg('Unchecked'))]))));
  }

  // An entry in words, as the online entry list names it: "第2ゲーム: A 2–1 B", "次の選手: A — A1".
  function describe(o, game) {
    // An entry made here carries the players picked; one made on the online page is about the
    // players the server had seated (the pack's slots), else its names would read "?".
    const p = o.payload || {}, slots = p.slots || { a: here.match.slots[0], b: here.match.slots[1] };
    if (o.kind === 'report_game') {
      return `${msg('Game').replace('{n}', game)}: ${entrantName(slots.a)} ${p.rounds_a}–${p.rounds_b} ${entrantName(slots.b)}`
        + (p.double_ko ? ` (${msg('Dko')})` : '');
    }
    if (o.kind === 'coin_toss') return `${msg('Toss')}: ${entrantName(p.winner === 'a' ? slots.a : slots.b)}`;
    if (o.kind !== 'name_player') { // penalty, replay, a request to the desk: its kind, and the side it is about
      const kinds = json(root().dataset.kindLabels, {});
      const side = p.side === 'a' || p.side === 'b' ? `: ${entrantName(slots[p.side])}` : '';
      return (kinds[o.kind] || '') + side;
    }
    const id = p.side === 'a' ? slots.a : slots.b, team = here.event.entrants[String(id)];
    const member = team && team.members.find((m) => m.id === Number(p.member_id)); // the form sends text
    return `${msg('Next')}: ${entrantName(id)} — ${member ? member.name : ''}`;
  }

  // What the phone can check; the rest is the server's (said on the page).
  async function problem(kind, data, slots) {
    if (!slots[0] || !slots[1]) return msg('Pick');
    if (slots[0] === slots[1]) return msg('Same');
    if (kind === 'report_game') {
      if (!data.winner && !data.double_ko) return msg('Winner');
      const [w, l] = data.winner === 'a' ? [data.rounds_a, data.rounds_b] : [data.rounds_b, data.rounds_a];
      const stocks = (here.match.rules || {}).score_unit === 'stocks'; // a stock game's timeout: equal stocks
      if (!data.double_ko && !(w > l || (stocks && w === l && w > 0))) return msg('Score');
      if (G.TaikaiMatch.next(model(await O().list())).decided) return msg('Decided');
    }
    return null;
  }

  async function submit(form, submitter) {
    const kind = form.dataset.offlineOp, data = G.TaikaiFormPayload.formPayload(form, submitter); // as online
    const slots = picked(), feedback = root().querySelector('[data-testid=offline-feedback]');
    const why = await problem(kind, data, slots);
    feedback.textContent = why || msg('Saved');
    feedback.dataset.ok = why ? 'no' : 'yes';
    if (why) return;
    // The step this phone puts the entry at (the pack's form holds none of its own); a request has none.
    const position = kind === REQUEST ? null : stepNext(await O().list(), here.match);
    const op = await O().enqueue(kind, here.match.id, here.match.slots_version,
      Object.assign(G.TaikaiFormPayload.atStep(data, position), { slots: { a: slots[0], b: slots[1] } }));
    if (G.TaikaiEntryNames) G.TaikaiEntryNames.remember(op.op_id, describe(op, +form.dataset.game || 1)); // the outbox list names it too
    form.reset();
    await drawSlots();
  }

  function start() {
    refreshOnce().then((fresh) => { if (fresh && root()) drawSlots().catch(() => {}); });
    document.body.addEventListener('taikai:synced', () => refreshOnce());
    G.addEventListener('online', () => refreshOnce());
    if (!root()) { if (G.localStorage && document.documentElement.lang) localStorage.setItem(LANG, document.documentElement.lang); return; }
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

  G.TaikaiPack = { refresh: refreshOnce, find, reach, local, sitting, playersOf, projected, stepNext };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})(self);
