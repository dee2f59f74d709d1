/* taikai offline plays: what this phone knows of a match from its offline pack (pack_store.js) and its
 * own entries (outbox.js): the match as the server had it when the pack was made (its own state where the
 * pack carries it, else its recorded plays stepped through by match_model.js), this phone's entries the
 * pack does not hold yet, the players its entries named, who can still reach a slot, and the step its next
 * entry goes at. No drawing: offline_pack.js draws the offline match page, offline_list.js the staff list. */
(function (G) {
  'use strict';
  const Store = () => G.TaikaiPackStore;
  const refreshOnce = () => Store().refresh();
  const find = (matchId) => Store().find(matchId);

  // ---- who can reach a slot ---------------------------------------------------
  // Refused, or undone by the server since (a restart with new players, a void): no longer part of the match.
  const LIVE = (o) => !['rejected', 'conflict'].includes(o.status) && !o.undone;
  const REQUEST = 'desk_request'; // to the desk's queue: no place among the match's entries

  // An entry of this phone the pack already holds: the server recorded it at a step before the pack's count
  // (entered on the online page and applied before the pack was made). It is among the pack's plays.
  // The online page's rule too (match_model.js recorded).
  const stepOf = (o) => G.TaikaiMatch.stepOf(o);
  const inPack = (o, match) => G.TaikaiMatch.recorded(o, match.actions || 0);
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

  // ---- the match as this phone has it (match_model.js, as on the online page) ----------------
  // The match as the server had it when the pack was made: its own state where the pack carries it (the
  // desk's void, ruling or a referee's decision, which the plays alone do not say), else its recorded
  // plays stepped through by the same model (none for a match whose players it did not know), with the
  // players picked here; then this phone's entries the pack does not hold yet (in the order they were made).
  const fromServer = (model, kinds) => Object.assign(JSON.parse(JSON.stringify(model)), { kinds: kinds || model.kinds });
  function projected(match, ops, members, kinds, matchType) {
    const M = G.TaikaiMatch;
    const rules = match.rules || { match_type: matchType, games_to_win: Math.floor(match.best_of / 2) + 1 };
    const server = match.model ? fromServer(match.model, kinds) : M.project(M.fresh(rules, members, kinds), served(match));
    server.unchecked = 0;
    return M.project(server, newer(ops, match));
  }

  // The step of the match this phone puts its next entry at: the pack's recorded entries, then its own.
  const stepNext = (ops, match) => (match.actions || 0) + local(ops, match).count;

  G.TaikaiPack = { refresh: refreshOnce, find, reach, local, sitting, playersOf, projected, stepNext,
    newer, inPack, stepOf, LIVE, REQUEST };
})(self);
