/* taikai: the offline match page's game form in the game's own shape, from the pack's rules (offline_pack.py
 * game_shape): stocks left as the score (a timeout names its winner), a side's characters in order (one select
 * a place, recent picks first), no 1P/2P where the game has none, and the stage striking step (game 1's
 * strikes, later games' bans, the stages the stage clause bars). The same fields as the online form
 * (play_forms.html), so form_payload.js sends the same payload; the server checks the rules. */
(function (G) {
  'use strict';
  const { el } = G.TaikaiDom;

  // The score chips of a stock game: 3–0, 2–0, 1–0 for side a, 0–1 … 0–3 for side b, then a timeout each.
  function stockChips(stocks, time) {
    const chip = (value, text, side) => el('label', { class: 'chip' }, el('input', { type: 'radio', name: 'score', value }),
      el('strong', {}, text), el('small', { 'data-part': 'name-' + side }, ''));
    const chips = [];
    for (let s = stocks; s >= 1; s--) chips.push(chip(`${s}-0`, `${s}–0`, 'a'));
    for (let s = 1; s <= stocks; s++) chips.push(chip(`0-${s}`, `0–${s}`, 'b'));
    ['a', 'b'].forEach((side) => chips.push(chip(`${side}:1-1`, time, side)));
    return chips;
  }

  const team = (value) => (value || '').split(' / ').map((c) => c.trim()).filter(Boolean);

  // A side's characters in order: the kept team selected, this side's recent picks first.
  function drawTeam(form, side, rules, m, keep, roster, label) {
    const box = form.querySelector(`[data-part=team-${side}]`), single = form.querySelector(`[data-testid=chars-${side}]`);
    const need = rules.characters_per_side || 1, on = need > 1;
    box.hidden = !on;
    single.hidden = on;
    single.querySelectorAll('input').forEach((i) => { i.disabled = on; });
    const recent = [];
    m.games.slice().reverse().forEach((g) => team(g['char_' + side]).forEach((c) => { if (!recent.includes(c)) recent.push(c); }));
    const kept = team(keep);
    box.querySelectorAll('select').forEach((select, i) => {
      select.disabled = !on || i >= need;
      select.closest('label').hidden = i >= need;
      const opt = (c) => el('option', { value: c }, label(c));
      select.replaceChildren(el('option', { value: '' }, '—'),
        ...(recent.length ? [el('optgroup', { label: '★' }, ...recent.map(opt))] : []),
        el('optgroup', { label: '…' }, ...roster.filter((c) => !recent.includes(c)).map(opt)));
      select.value = kept[i] || '';
    });
  }

  // The striking step before the next game, as the server's stage_plan works it out.
  function plan(rules, m) {
    const s = rules.stage_striking;
    if (!s || rules.stage_rule !== 'striking' || rules.match_type !== 'best_of') return null;
    const stages = [...s.starters, ...(s.counterpicks || []).filter((x) => !s.starters.includes(x))];
    if (!m.games.length) return { step: 'strike', choices: s.starters, count: s.strike_order.reduce((a, b) => a + b, 0), order: s.strike_order.join('-'), stages, barred: [] };
    const last = m.games[m.games.length - 1], picker = last.winner === 'a' ? 'b' : last.winner === 'b' ? 'a' : '';
    const won = m.games.filter((g) => g.winner === picker && g.stage).map((g) => g.stage);
    const barred = s.dsr === 'dsr' ? [...new Set(won)] : s.dsr === 'modified' ? won.slice(-1) : [];
    return { step: 'ban', choices: stages, count: s.bans, banner: last.winner, picker, stages, barred };
  }

  function drawStrikes(form, rules, m, names, stageLabel) {
    const box = form.querySelector('[data-part=strikes]'), p = plan(rules, m);
    box.hidden = !p;
    box.querySelector('[data-part=strike-chips]').replaceChildren();
    if (!p) return null;
    const field = p.step === 'strike' ? 'struck' : 'banned';
    box.dataset.testid = p.step === 'strike' ? 'strikes' : 'bans';
    box.dataset.count = p.count;
    box.dataset.barred = JSON.stringify(p.barred);
    box.querySelector('legend').textContent = p.step === 'strike'
      ? box.dataset.msgStrike.replace('{order}', p.order).replace('{n}', p.count)
      : box.dataset.msgBan.replace('{name}', names[p.banner] || '').replace('{n}', p.count);
    box.querySelector('[data-part=strike-chips]').replaceChildren(...p.choices.map((x) => el('label', { class: 'chip' },
      el('input', { type: 'checkbox', name: field, value: x }), stageLabel(x))));
    box.querySelector('[data-part=barred]').textContent = p.barred.length
      ? box.dataset.msgBarred.replace('{name}', names[p.picker] || '').replace('{stages}', p.barred.map(stageLabel).join('、')) : '';
    return p;
  }

  // The whole shape: team selects, strikes, and which of stage and side the game has.
  function draw(form, rules, m, keep, roster, label, names, stageLabel) {
    ['a', 'b'].forEach((side) => drawTeam(form, side, rules, m, keep[side], roster, label));
    const p = drawStrikes(form, rules, m, names, stageLabel);
    const side = form.querySelector('[data-part=side-field]'), stage = form.querySelector('[data-part=stage-field]');
    if (side) { side.hidden = rules.sides === false; side.querySelector('select').disabled = rules.sides === false; }
    if (stage) stage.hidden = rules.stage_rule === 'none';
    return p ? p.stages : null;
  }

  G.TaikaiOfflineShape = { stockChips, draw, plan, team };
})(self);
