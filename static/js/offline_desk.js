/* taikai offline desk: what the server and the desk now say of a match on the offline match page, from the
 * refreshed offline pack — the desk's words next to the match (a restart with new players, a winner corrected
 * or given, a referee's decision, a game voided after later ones and the desk's ruling on it), as the online
 * page says them, and the next step as the server has it: nothing to enter once the server decided the match
 * or while it waits for the desk's ruling. offline_pack.js calls it each time it draws the page. */
(function (G) {
  'use strict';
  const { el } = G.TaikaiDom;
  // What makes the games' score no longer the result: the winner was not decided by the games as entered.
  const BY_DESK = ['corrected', 'walkover', 'override'];

  // The desk's words for this match, one line each, in the order the desk acted.
  function drawNotes(box, match) {
    const notes = match.notes || [];
    box.hidden = !notes.length;
    box.replaceChildren(...notes.map((n) => el('p', {
      class: n.kind === 'ruling' ? 'flash error' : 'flash warn', role: 'status', 'data-kind': n.kind,
      'data-testid': n.kind === 'restarted' ? 'match-restarted' : 'desk-note',
    }, n.words)));
  }

  // The step the page offers: the phone's own (match_model.js), unless the server decided the match (its
  // winner, whatever the phone's entries say) or waits for the desk's ruling on a void (nothing to enter).
  function step(match, own) {
    if (match.status === 'done' && match.winner) {
      const side = match.winner === match.slots[0] ? 'a' : 'b';
      const byDesk = (match.notes || []).some((n) => BY_DESK.includes(n.kind));
      return { decided: true, winner: side, byDesk, score: own.score };
    }
    if (match.ruling) return { decided: false, ruling: true, naming: [], toss: false, game: own.game };
    return own;
  }

  G.TaikaiOfflineDesk = { drawNotes, step };
})(self);
