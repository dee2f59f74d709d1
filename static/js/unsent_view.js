/* taikai unchecked view of a match: while this phone has entries for the match that the server
 * has not checked, the server's next step is stale, so #offline-entry (play_offline.html) shows the
 * same forms as the match stands with those entries (match_model.js): the game renumbered, the last
 * game's characters kept, only the step the rules allow next. */
(function () {
  'use strict';
  const O = () => window.TaikaiOutbox;
  const { el, num, json } = window.TaikaiDom;
  const { labelOf, names } = window.TaikaiEntryNames;
  const setChars = (...args) => window.TaikaiChars.setChars(...args); // char_buttons.js
  // The entry's state beside its form (entry.js) moves with the forms on view.
  const refresh = () => window.TaikaiEntry && window.TaikaiEntry.refresh();

  // Entries not sent yet make the server's next step stale: show the same forms in
  // #offline-entry instead, the game renumbered and last entry's characters kept.
  let drawing = false, redraw = false;
  async function showUnsent() {
    if (drawing) { redraw = true; return; }
    drawing = true;
    try { do { redraw = false; await drawUnsent(); } while (redraw); } finally { drawing = false; }
    refresh(); // the forms on view changed
  }
  const PENDING = ['saved', 'sending', 'auth', 'held']; // entries the server has not applied yet
  // This phone's entries for the match on top of the server's recorded steps: only those the server has
  // not recorded, each once (one it counted may still be unsent here: its reply lost, the page reloaded
  // while it was in flight); those not sent yet (mine), those the view projects (pending: none while
  // nothing is unsent) and the step the next entry goes at, past every one of them (positions only grow).
  function onTop(ops, matchId, recorded) {
    const M = window.TaikaiMatch, unsent = window.TaikaiOutboxStore.UNSENT;
    const all = M.unrecorded(ops.filter((o) => o.match_id === matchId), recorded);
    const mine = all.filter((o) => unsent.includes(o.status));
    const next = Math.max(M.stepAfter(recorded, mine), ...mine.map((o) => (M.stepOf(o) !== null ? M.stepOf(o) + 1 : 0)));
    return { mine, pending: mine.length ? all.filter((o) => PENDING.includes(o.status)) : [], next };
  }
  async function drawUnsent() {
    const panel = document.getElementById('offline-entry'), box = document.getElementById('match-play');
    if (!O() || !panel || !box) return;
    const { mine, pending, next } = onTop(await O().list(), num(panel.dataset.matchId), num(panel.dataset.recorded) || 0);
    if (!panel.isConnected) return;
    box.dataset.position = next;
    box.querySelectorAll('form input[name=position]').forEach((i) => { i.value = next; });
    const on = mine.length > 0;
    panel.hidden = !on;
    box.querySelectorAll('.next-step').forEach((n) => { n.hidden = on; });
    const step = showModel(box, panel, pending);
    panel.querySelectorAll('form[data-offline-op]').forEach((f) => {
      if (on && !f.closest('[hidden]:not(#offline-entry)')) f.dataset.op = f.dataset.offlineOp; else delete f.dataset.op;
    });
    if (!step) renumber(panel, num(panel.dataset.game) + mine.filter((o) => o.kind === 'report_game').length);
    panel.querySelector('#pending-entries').replaceChildren(...mine.map((op) => el('li',
      { 'data-op-id': op.op_id, 'data-testid': 'pending-entry', 'data-kind': op.kind, class: 'op-saved' },
      labelOf(op), ' ', el('span', { class: 'badge warn' }, panel.dataset.msgUnchecked))));
  }
  // The match as this phone has it (match_model.js): the server's state and these entries.
  // Decided here: winner and score, no further game or naming; else only the step the rules
  // allow next (toss, the sides that name and whom, the game) with the online form's defaults.
  // The penalty form's games (voided after the fact) as this phone has them, in the server's words;
  // each sends its 0-based index, as the server's options do.
  function voidGames(box, m, sides) {
    box.querySelectorAll('select[data-part=void-games]').forEach((select) => {
      select.replaceChildren(el('option', { value: '' }, '—'), ...m.games.map((g, i) => el('option', { value: String(i) },
        `${select.dataset.msgGame.replace('{n}', i + 1)}: ${sides.a} ${g.rounds_a}–${g.rounds_b} ${sides.b}`)));
    });
  }
  function showModel(box, panel, pending) {
    const base = json(box.dataset.model, null); // none: the forms as rendered
    const M = window.TaikaiMatch;
    if (!base || !M) return null;
    const m = M.project(base, pending), step = M.next(m), on = pending.length > 0;
    const score = box.querySelector('[data-part=score]');
    if (score) {
      if (score.dataset.server == null) score.dataset.server = score.textContent;
      score.textContent = on ? `${m.score[0]} – ${m.score[1]}` : score.dataset.server;
    }
    box.querySelectorAll('[data-part=unchecked]').forEach((b) => { b.hidden = !on; });
    box.querySelectorAll('[data-part=score-note]').forEach((n) => { n.hidden = on && step.decided; });
    const result = panel.querySelector('[data-part=local-result]');
    result.hidden = !step.decided;
    const sides = (names(num(box.dataset.matchId)) || { sides: {} }).sides;
    if (step.decided) {
      result.querySelector('[data-part=local-winner]').textContent = sides[step.winner] || '';
      result.querySelector('[data-part=local-score]').textContent = `${sides.a} ${m.score[0]}–${m.score[1]} ${sides.b}`;
    }
    panel.querySelector('[data-part=offline-forms]').hidden = step.decided;
    box.querySelectorAll('[data-part=extra]').forEach((x) => { x.hidden = on && step.decided; });
    if (on) voidGames(box, m, sides);
    if (step.decided) return step;
    box.querySelectorAll('[data-before-first-game]').forEach((x) => { x.hidden = m.games.length > 0; });
    if (window.TaikaiTeamForms) window.TaikaiTeamForms.draw(box, m, sides); // roll call, arrival, declared change
    const toss = panel.querySelector('.offline-toss');
    if (toss) toss.hidden = !step.toss;
    const naming = panel.querySelector('[data-part=naming]');
    if (naming) naming.hidden = step.toss || !step.naming.length;
    panel.querySelectorAll('[data-name-side]').forEach((d) => {
      const s = d.dataset.nameSide;
      d.hidden = !step.naming.includes(s);
      d.querySelectorAll('input[name=blind]').forEach((i) => { i.value = String(step.blind && m.type !== 'best_of'); });
      d.querySelectorAll('button[name=member_id]').forEach((b) => { b.hidden = !step.may[s].includes(+b.value); });
    });
    panel.querySelector('[data-part=game]').hidden = step.toss || step.naming.length > 0;
    renumber(panel, step.game);
    keepDefaults(panel, M.defaults(m));
    return step;
  }
  function renumber(panel, n) {
    const swap = (s) => s.replace(/\d+/, n);
    panel.querySelectorAll('[data-game-title], [data-game-label]').forEach((e) => { e.textContent = swap(e.textContent); });
    panel.querySelectorAll('form.report-game').forEach((f) => { if (f.dataset.title) f.dataset.title = swap(f.dataset.title); });
  }
  // The next game's characters (in the row on view, not inside the closed roster), stage and side.
  function keepDefaults(panel, d) {
    const form = panel.querySelector('form.report-game');
    if (!form || form.classList.contains('editing') || form.dataset.kept === JSON.stringify(d)) return;
    form.dataset.kept = JSON.stringify(d);
    for (const side of ['a', 'b']) keepChar(form, side, d.chars[side], panel.dataset.msgUnnamed);
    setSelect(form.querySelector('select[name=stage]'), d.stage);
    setSelect(form.querySelector('select[name=side_a]'), d.side);
    form.querySelectorAll('input[name=score]').forEach((i) => { i.checked = false; });
  }
  // As the char_choices macro draws it: the character kept, then the roster without it.
  function keepChar(form, side, value, unnamed) {
    const box = form.querySelector(`[data-testid=chars-${side}]`);
    if (!box) return;
    const roster = json(box.dataset.roster, []);
    setChars(form, side, [value || ''], value || '', roster, !box.querySelector('.char-more'), unnamed, json(box.dataset.names, null));
  }
  function setSelect(select, value) {
    if (!select) return;
    if (value && ![...select.options].some((o) => o.value === value)) select.append(el('option', {}, value));
    for (const o of select.options) o.defaultSelected = o.value === (value || '');
    select.value = value || '';
  }

  document.addEventListener('taikai:local-op', showUnsent);
  document.addEventListener('htmx:afterSettle', showUnsent);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', showUnsent);
  else showUnsent();
  window.TaikaiUnsent = { onTop };
})();
