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
  const ROUND_PENALTIES = ['interruption', 'prohibited_act'];
  const MEMBER_OUT = ['disqualify_member', 'smoking', 'bluff'];

  // The starting point of a match nobody has played yet (a match the pack knows only by its players).
  function fresh(rules, members) {
    return { type: rules.match_type, rules, score: [0, 0], finished: false, winner: null,
      members: { a: members.a || [], b: members.b || [] }, out: { a: [], b: [] }, current: { a: null, b: null },
      absent: { a: [], b: [] }, permitted: { a: {}, b: {} }, acts: { a: 0, b: 0 }, awarded: { a: 0, b: 0 }, toss: null, games: [], blind: true };
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

  // KGP: the second prohibited act loses the match (2–0 / 3–0); a round penalty at the deciding
  // round loses the game; Tekken's disqualifications take a member or the team out.
  function penalty(m, p) {
    const side = p.side, opp = other(side);
    if (!SIDES.includes(side)) return;
    if (p.penalty === 'prohibited_act' && ++m.acts[side] >= 2) {
      if (m.type !== 'kachinuki') m.score = side === 'a' ? [0, m.rules.games_to_win || 1] : [m.rules.games_to_win || 1, 0];
      return finish(m, opp);
    }
    if (p.penalty === 'disqualify_team') {
      membersIn(m, side).forEach((id) => knockOut(m, side, id));
      finish(m, opp);
      m.score = m.type === 'kachinuki' ? [m.out.b.length, m.out.a.length] : m.score;
      return;
    }
    if (MEMBER_OUT.includes(p.penalty)) {
      knockOut(m, side, p.member_id != null && p.member_id !== '' ? id(p.member_id) : m.current[side]);
      return checkTeams(m, [side]);
    }
    if (ROUND_PENALTIES.includes(p.penalty)) {
      const given = (opp === 'a' ? p.rounds_a : p.rounds_b) || 0;
      m.awarded[opp] = Math.max(m.awarded[opp], given) + 1;
      const rounds = { rounds_a: +p.rounds_a || 0, rounds_b: +p.rounds_b || 0, ['rounds_' + opp]: m.awarded[opp] };
      if (m.awarded[opp] >= (m.rules.rounds_to_win || 2)) game(m, { winner: opp, ...rounds });
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

  // The match after this phone's entries, in the order they were made.
  function project(base, entries) {
    const m = copy(base);
    m.unchecked = 0;
    for (const o of entries || []) {
      m.unchecked++;
      if (m.finished) { m.after = (m.after || 0) + 1; continue; }
      const f = APPLY[o.kind];
      if (f) f(m, o.payload || {});
    }
    return m;
  }

  // What the referee does next: the toss, the sides that name a player (and whom), or a game.
  function next(m) {
    if (m.finished) return { decided: true, winner: m.winner, score: m.score };
    const toss = !m.toss && (m.rules.coin_toss_required || []).includes(m.type);
    const names = m.type === 'kachinuki' || (m.type === 'representative' && !m.games.length);
    const naming = names ? SIDES.filter((s) => m.current[s] == null) : [];
    const may = {};
    SIDES.forEach((s) => { may[s] = membersIn(m, s).filter((id) => !m.absent[s].includes(id)); });
    return { decided: false, toss, naming, may, game: m.games.length + 1, blind: m.blind };
  }

  // The next game's defaults, as webapp/views/entry_defaults.py has them online.
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

  G.TaikaiMatch = { fresh, project, next, defaults, membersIn };
})(self);
