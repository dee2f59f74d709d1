/* taikai entry names: an entry named for people ("第2ゲーム: A 2–1 B", "次の選手: チームA — A1",
 * "じゃんけん: A"), from the match section's data-entry-names (the server's words), remembered
 * per entry on this phone so the outbox list can name it on any page. */
(function (G) {
  'use strict';
  const { num, json } = G.TaikaiDom;
  const LABELS_KEY = 'taikai-entry-labels';
  const labels = () => json(localStorage.getItem(LABELS_KEY), {});
  function remember(opId, label) {
    const all = labels();
    all[opId] = label;
    const keys = Object.keys(all);
    for (const k of keys.slice(0, Math.max(0, keys.length - 300))) delete all[k];
    try { localStorage.setItem(LABELS_KEY, JSON.stringify(all)); } catch (e) { /* full: names fall back */ }
  }
  function names(matchId) {
    const box = document.getElementById('match-play');
    if (!box || num(box.dataset.matchId) !== matchId) return null;
    return json(box.dataset.entryNames, null);
  }
  // "第2ゲーム: A 2–1 B", "次の選手: チームA — A1", "じゃんけん: A"
  function describe(op, title) {
    const n = names(op.match_id), p = op.payload || {};
    if (!n) return title || '';
    const head = title || n.kinds[op.kind] || '';
    const sides = n.sides;
    if (op.kind === 'report_game') {
      return `${head}: ${sides.a} ${p.rounds_a}–${p.rounds_b} ${sides.b}` + (p.double_ko ? ` (${n.double_ko})` : '');
    }
    if (op.kind === 'name_player') return `${head}: ${sides[p.side] || ''} — ${n.members[p.member_id] || ''}`;
    if (op.kind === 'penalty') return penaltyWords(op, n, `${head}: ${sides[p.side] || ''}`);
    const who = sides[p.winner] || sides[p.side];
    return who ? `${head}: ${who}` : head;
  }
  // "Penalty: B — prohibited act ②: opening the pause menu — first in this match: loses the round"
  // (a KGP act's effect from the acts the server counted before it; other penalties say theirs).
  function penaltyWords(op, n, head) {
    const p = op.payload || {}, words = n.penalties || {};
    const what = p.act ? words['act:' + p.act] : words[p.penalty];
    let effect = '';
    if (p.act && n.act_effects) {
      const model = json(document.getElementById('match-play').dataset.model, null);
      const before = (model && model.acts && model.acts[p.side]) || 0;
      effect = n.act_effects[Math.min(before, 1)];
    }
    return [head, what, effect].filter(Boolean).join(' — ');
  }
  const labelOf = (op) => labels()[op.op_id] || describe(op, '');

  G.TaikaiEntryNames = { describe, labelOf, names, remember };
})(self);
