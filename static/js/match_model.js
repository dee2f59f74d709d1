/* taikai match model: what this phone knows of a match = the server's state (the page's
 * data-model, or the offline pack's) + this phone's entries the server has not checked yet.
 * One model for the online page (unsent_view.js) and the offline match page (offline_pack.js), so
 * both offer the same next step: the coin toss, who names a player (and whom: not those out
 * or absent), the next game, or nothing more once the match is decided here.
 * A projection only: the server applies the rules when the entries are sent. */
(function (G) {
  'use strict';
  const SIDES = ['a', 'b'];
  const other = (s) => (s === 'a' ? 'b' : 'a');
  const id = (v) => (v == null || v === '' ? null : Number(v)); // a form sends "12", a script 12
  // What a penalty does under the match's rules: the rule set's effects as the pack (or the page's
  // model) ships them, each with what the domain does with it ("member_out" for a DQ for the day as
  // for a member put out); none for a kind these rules do not have (the server refuses it).
  function effectOf(m, kind) {
    const known = (m.rules.penalties || []).find((p) => p.kind === kind);
    return known ? known.does || known.effect : '';
  }

  // The starting point of a match nobody has played yet (a match the pack knows only by its players).
  // kinds: the match-play kinds (the entry kinds' registry, as the pack ships it).
  function fresh(rules, members, kinds) {
    return { type: rules.match_type, rules, kinds: kinds || null, score: [0, 0], finished: false, winner: null,
      members: { a: members.a || [], b: members.b || [] }, out: { a: [], b: [] }, current: { a: null, b: null },
      absent: { a: [], b: [] }, permitted: { a: {}, b: {} }, acts: { a: 0, b: 0 }, awarded: { a: 0, b: 0 }, toss: null, games: [],
      blind: rules.match_type === 'point_format' ? !!rules.hidden_order : true, sets: [], played: { a: [], b: [] } };
  }

  const copy = (m) => JSON.parse(JSON.stringify(m));
  const team = (m) => m.type !== 'best_of';
  const single = (m) => m.type === 'best_of'; // one member per side, never named
  const membersIn = (m, s) => m.members[s].map((x) => x.id).filter((id) => !m.out[s].includes(id));

  function finish(m, winner) {
    m.finished = true;
    m.winner = winner;
  }

  function knockOut(m, side, id) {
    if (id == null || m.out[side].includes(id)) return;
    m.out[side].push(id);
    if (m.current[side] === id) m.current[side] = null;
  }

  // After a member is out: an emptied team loses; roll call: only absent members left → the team is out.
  function checkTeams(m, sides) {
    if (m.type !== 'kachinuki') return;
    for (const s of sides) {
      const left = membersIn(m, s);
      if (!m.finished && !left.length) finish(m, other(s));
      else if (!m.finished && m.current[s] == null && left.every((id) => m.absent[s].includes(id))) finish(m, other(s));
    }
    m.score = [m.out.b.length, m.out.a.length];
  }

  function game(m, p) {
    m.awarded = { a: 0, b: 0 };
    m.games.push({ char_a: p.char_a || '', char_b: p.char_b || '', stage: p.stage || '', side_a: p.side_a || '',
      member_a: m.current.a, member_b: m.current.b, winner: p.double_ko ? null : p.winner,
      rounds_a: p.rounds_a, rounds_b: p.rounds_b });
    if (m.type === 'point_format') return pointGame(m, p);
    if (m.type !== 'kachinuki') return bestOf(m, p);
    if (p.double_ko) {
      if (SIDES.every((s) => membersIn(m, s).length === 1 && membersIn(m, s)[0] === m.current[s])) return; // replayed
      const seated = { ...m.current };
      SIDES.forEach((s) => knockOut(m, s, seated[s]));
      m.blind = true;
      return checkTeams(m, SIDES);
    }
    m.blind = false;
    const loser = other(p.winner);
    if (m.current[loser] == null) m.out[loser].push(null); // a player this phone did not name
    else knockOut(m, loser, m.current[loser]);
    checkTeams(m, [loser]);
  }

  function bestOf(m, p) {
    if (p.double_ko || !SIDES.includes(p.winner)) return; // replayed under the same conditions
    m.score[SIDES.indexOf(p.winner)]++;
    if (m.score[SIDES.indexOf(p.winner)] >= (m.rules.games_to_win || 1)) finish(m, p.winner);
  }

  // Point format (point_format.py): a member who reaches the set's games wins the set; the team with
  // more sets takes the match once the sets left cannot change it; a tie goes to the decider.
  const setsWon = (m, s) => (m.sets || []).filter((x) => x.winner === s).length;
  function inDecider(m) {
    const regular = (m.sets || []).filter((x) => !x.decider).length;
    return !m.finished && regular >= (m.rules.team_size || 3) && setsWon(m, 'a') === setsWon(m, 'b');
  }

  function pointGame(m, p) {
    if (p.double_ko || !SIDES.includes(p.winner)) return; // replayed
    const sets = m.sets || (m.sets = []), start = sets.length ? sets[sets.length - 1].until : 0;
    const wins = m.games.slice(start).filter((g) => g.winner === p.winner).length;
    if (wins < (m.rules.games_to_win || 1)) return;
    sets.push({ winner: p.winner, decider: inDecider(m), until: m.games.length });
    m.played = m.played || { a: [], b: [] };
    SIDES.forEach((s) => {
      const c = m.current[s];
      if (c != null && !m.out[s].includes(c)) { m.out[s].push(c); m.played[s].push(c); }
      m.current[s] = null;
    });
    m.blind = !!m.rules.hidden_order;
    m.score = [setsWon(m, 'a'), setsWon(m, 'b')];
    decidePoint(m);
  }

  function decidePoint(m) {
    const [a, b] = m.score, sets = m.sets;
    if (sets.some((x) => x.decider)) return finish(m, sets[sets.length - 1].winner);
    const left = (m.rules.team_size || 3) - sets.length;
    if (a > b + left || b > a + left) return finish(m, a > b ? 'a' : 'b');
    if (left > 0 || m.rules.decider) return;
    const won = SIDES.map((s) => m.games.filter((g) => g.winner === s).length);
    if (won[0] !== won[1]) finish(m, won[0] > won[1] ? 'a' : 'b');
  }

  // Who a team may name: not those who played their set (for the decider: anyone not put out by a penalty).
  function nameable(m, s) {
    if (m.type === 'point_format' && inDecider(m)) {
      const played = (m.played || {})[s] || [];
      return m.members[s].map((x) => x.id).filter((id) => !m.out[s].includes(id) || played.includes(id));
    }
    return membersIn(m, s).filter((id) => !m.absent[s].includes(id));
  }

  // KGP: the second prohibited act loses the match (2–0 / 3–0); a round penalty at the deciding
  // round loses the game; Tekken's disqualifications take a member or the team out. The match lost
  // (team_out: a DQ for the match as a team's) is the domain's team_out: a kachinuki team's members
  // all out, otherwise the full forfeit score.
  function penalty(m, p) {
    const side = p.side, opp = other(side), effect = effectOf(m, p.penalty);
    if (!SIDES.includes(side)) return;
    const forfeit = () => {
      if (m.type === 'kachinuki') membersIn(m, side).forEach((x) => knockOut(m, side, x));
      if (m.type === 'best_of') m.score = side === 'a' ? [0, m.rules.games_to_win || 1] : [m.rules.games_to_win || 1, 0];
      finish(m, opp);
      if (m.type === 'kachinuki') m.score = [m.out.b.length, m.out.a.length];
    };
    if (effect === 'round_then_match' && ++m.acts[side] >= 2) return forfeit();
    if (effect === 'team_out') return forfeit();
    if (effect === 'member_out') {
      knockOut(m, side, p.member_id != null && p.member_id !== '' ? id(p.member_id) : m.current[side]);
      if (m.type === 'best_of' && !membersIn(m, side).length) return forfeit();
      return checkTeams(m, [side]);
    }
    const rounds = (awarded) => ({ rounds_a: +p.rounds_a || 0, rounds_b: +p.rounds_b || 0, ['rounds_' + opp]: awarded });
    if (effect === 'game') return game(m, { winner: opp, ...rounds(m.rules.rounds_to_win || 2) });
    if (effect === 'round' || effect === 'round_then_match') {
      const given = (opp === 'a' ? p.rounds_a : p.rounds_b) || 0;
      m.awarded[opp] = Math.max(m.awarded[opp], given) + 1;
      if (m.awarded[opp] >= (m.rules.rounds_to_win || 2)) game(m, { winner: opp, ...rounds(m.awarded[opp]) });
    }
  }

  // Tekken: a change declared at reception holds only if the opposing team and the referee allow it.
  const yes = (v) => v === true || v === 'true' || v === 'on';
  function declared(m, p) {
    if (!SIDES.includes(p.side)) return;
    const held = (m.permitted = m.permitted || { a: {}, b: {} })[p.side];
    if (yes(p.opponent_allowed) && yes(p.referee_allowed) && p.character) held[String(id(p.member_id))] = p.character;
    else delete held[String(id(p.member_id))];
  }

  const APPLY = {
    report_game: game,
    penalty,
    coin_toss: (m, p) => { m.toss = { winner: p.winner, choice: p.choice, side_of_winner: p.side_of_winner || '' }; },
    name_player: (m, p) => { if (SIDES.includes(p.side)) m.current[p.side] = id(p.member_id); },
    roll_call: (m, p) => { SIDES.forEach((s) => { m.absent[s] = [].concat(p['absent_' + s] || []).map(id); }); },
    arrive: (m, p) => { if (SIDES.includes(p.side)) m.absent[p.side] = m.absent[p.side].filter((x) => x !== id(p.member_id)); },
    declare_change: declared,
    override: (m, p) => finish(m, p.winner),
  };

  // The match after this phone's entries, in the order they were made. Only match play moves it
  // (the kinds the table names; a request to the desk does not); a play kind the model has no step
  // for (a replay) leaves it as it was.
  function project(base, entries) {
    const m = copy(base), play = (kind) => !m.kinds || kind in m.kinds;
    m.unchecked = 0;
    for (const o of entries || []) {
      m.unchecked++;
      if (m.finished) { m.after = (m.after || 0) + 1; continue; }
      const f = play(o.kind) && APPLY[o.kind];
      if (f) f(m, o.payload || {});
    }
    return m;
  }

  // What the referee does next: the toss, the sides that name a player (and whom), or a game.
  function next(m) {
    if (m.finished) return { decided: true, winner: m.winner, score: m.score };
    const toss = !m.toss && (m.rules.coin_toss_required || []).includes(m.type);
    const names = m.type === 'kachinuki' || m.type === 'point_format' || (m.type === 'representative' && !m.games.length);
    const naming = names ? SIDES.filter((s) => m.current[s] == null) : [];
    const may = {};
    SIDES.forEach((s) => { may[s] = nameable(m, s); });
    return { decided: false, toss, naming, may, game: m.games.length + 1, blind: m.blind };
  }

  // The next game's defaults, as webapp/views/staff/entry_defaults.py has them online.
  function defaults(m) {
    const last = m.games[m.games.length - 1], rules = m.rules, chars = {};
    for (const s of SIDES) {
      const me = single(m) && !m.current[s] ? (m.members[s][0] || {}).id : m.current[s];
      const member = m.members[s].find((x) => x.id === me) || {};
      const held = last && last['member_' + s] === m.current[s] && last['char_' + s];
      const allowed = ((m.permitted || {})[s] || {})[String(me)]; // a declared change the referee allowed
      chars[s] = (rules.character_lock && (allowed || member.character || '')) || held || member.character || '';
    }
    const stage = last && rules.stage_rule === 'agreement' ? last.stage : '';
    let side = last && rules.side_rule === 'agreement' ? last.side_a : '';
    if (rules.side_rule === 'toss_fixed') side = tossSide(m) || (last ? last.side_a : '');
    return { chars, stage: stage || '', side: side || '' };
  }

  // Side A's side from the toss (the winner chose a side): fixed for the whole match.
  function tossSide(m) {
    const t = m.toss;
    if (!t || t.choice !== 'side' || !t.side_of_winner) return '';
    return t.winner === 'a' ? t.side_of_winner : { '1P': '2P', '2P': '1P' }[t.side_of_winner];
  }

  // ---- which of this phone's entries the server already records ----------------------------
  // An entry is applied at the step its phone stamped it, or not at all (design.md, I2): one stamped
  // before the server's count of recorded steps is among them (or was refused) whatever the phone's
  // outbox still says of it (its reply lost, the page reloaded while it was in flight). Counted once:
  // in the server's steps, never again on top of them. One rule for the online page (unsent_view.js)
  // and the offline pack (offline_plays.js). A request to the desk has no step: never among them.
  const stepOf = (o) => { const p = (o.payload || {}).position; return p == null || p === '' ? null : Number(p); };
  const recorded = (o, count) => stepOf(o) !== null && stepOf(o) < count;
  const unrecorded = (entries, count) => (entries || []).filter((o) => !recorded(o, count));
  // The step this phone's next entry goes at: the server's count, then its entries past it (each once).
  const stepAfter = (count, entries) => count + unrecorded(entries, count).filter((o) => stepOf(o) !== null).length;

  G.TaikaiMatch = { fresh, project, next, defaults, membersIn, stepOf, recorded, unrecorded, stepAfter };
})(self);
