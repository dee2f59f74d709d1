/* taikai offline match page (#offline-match, served by the service worker): drawn from the phone's offline
 * pack and its own entries (offline_plays.js: the match as this phone knows it, who can reach a slot). For a
 * slot whose player this phone does not know it offers the entrants who can still reach it, and queues the
 * entries with the players the referee picked (payload "slots"): the server holds them until the match is
 * ready with those players. Its game form is the online one (score, characters, stage, side; defaults as
 * entry_defaults.py has them). Once the pack is refreshed (a sync, back online) the page is drawn again as
 * the server now has the match, with what the desk did next to it (offline_desk.js). Needs dom.js, idb,
 * outbox.js, pack_store.js, offline_plays.js, offline_desk.js, page_keeper.js, form_payload.js,
 * entry_names.js, char_buttons.js and team_forms.js. */
(function (G) {
  'use strict';
  const O = () => G.TaikaiOutbox;
  const P = () => G.TaikaiPack; // offline_plays.js
  const { el, json } = G.TaikaiDom;
  const { refresh, find, reach, sitting, playersOf, stepNext, inPack, stepOf, LIVE, REQUEST } = G.TaikaiPack;
  const Desk = () => G.TaikaiOfflineDesk; // offline_desk.js
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
    Desk().drawNotes(box.querySelector('[data-testid=desk-notes]'), here.match);
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

  // ---- the match as this phone has it (offline_plays.js, as on the online page) ----------------
  function model(ops) {
    const ids = picked(), members = {};
    ['a', 'b'].forEach((s, i) => { members[s] = (here.event.entrants[String(ids[i])] || { members: [] }).members; });
    return P().projected(here.match, ops, members, here.event.kinds, here.phase.match_type);
  }

  // The characters (buttons, roster search: char_buttons.js), stage and side, and the game's number;
  // only the step the rules allow next (toss, naming, game), nothing more once decided here.
  function drawForm(ops) {
    const form = root().querySelector('[data-offline-op=report_game]'), ev = here.event, M = G.TaikaiMatch;
    const m = model(ops), step = Desk().step(here.match, M.next(m)), d = M.defaults(m);
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
      decided.querySelector('[data-part=decided-score]').textContent = step.byDesk ? '' : `${a} ${m.score[0]}–${m.score[1]} ${b}`;
    }
    root().querySelector('[data-part=toss]').hidden = step.decided || !step.toss;
    const naming = !step.decided && !step.toss ? step.naming : [];
    root().querySelector('[data-part=name-player]').hidden = !naming.length;
    root().querySelectorAll('[data-offline-op=name_player]').forEach((f) => {
      f.hidden = !naming.includes(f.dataset.side);
      f.querySelector('input[name=blind]').value = String(!!step.blind);
      f.querySelectorAll('button[name=member_id]').forEach((btn) => { btn.hidden = !(step.may || {})[f.dataset.side]?.includes(+btn.value); });
    });
    form.hidden = step.decided || step.ruling || step.toss || naming.length > 0;
    root().querySelector('[data-part=extra]').hidden = step.decided || step.ruling;
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
      if (Desk().step(here.match, G.TaikaiMatch.next(model(await O().list()))).decided) return msg('Decided');
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
    // A refreshed pack: the page is drawn again as the server now has the match (the desk's moves too).
    const follow = () => refresh().then((fresh) => { if (fresh && root()) return showPage(); })
      .catch((e) => console.warn('taikai pack', e));
    follow();
    document.body.addEventListener('taikai:synced', follow);
    G.addEventListener('online', follow);
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

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})(self);
