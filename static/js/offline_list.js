/* taikai offline list: the staff list (#staff-matches, a kept page when offline) follows this
 * phone's own results the server has not checked yet. A ready match this phone finished leaves
 * "ready to play" for "finished on this phone", and the match its winner (or loser) goes to is
 * listed with that player filled in (the other seat as the phone knows it, else "not decided").
 * A projection only, as on the offline match page (offline_pack.js's local() and playersOf()):
 * the server decides when the entries are sent. Needs dom.js, outbox.js, pack_store.js, offline_pack.js. */
(function (G) {
  'use strict';
  const { el } = G.TaikaiDom;
  const CHECKED = ['applied', 'duplicate', 'confirmed'];
  const LIVE = (o) => !['rejected', 'conflict'].includes(o.status);

  const box = () => document.getElementById('staff-matches');
  const linkTo = (root, id) => root.querySelector(`a[href$="/staff/m/${id}"]`);

  // The matches this phone decided that the server does not know decided yet: [match, bracket, phase, winner side].
  function decidedHere(event, ops) {
    const P = G.TaikaiPack, out = [];
    for (const phase of event.phases) {
      for (const bracket of phase.brackets) {
        for (const m of bracket.matches) {
          if (m.winner || !m.slots[0] || !m.slots[1]) continue;
          const mine = ops.filter((o) => o.match_id === m.id);
          if (!mine.some((o) => !CHECKED.includes(o.status))) continue; // the server's list says it already
          const side = P.local(ops, m).winnerSide;
          if (side !== null) out.push([m, bracket, phase, side]);
        }
      }
    }
    return out;
  }

  function card(id, head, a, b) {
    return el('li', {}, el('a', { class: 'card match-link', href: `/staff/m/${id}` },
      el('span', { class: 'muted' }, head), el('br'), el('strong', {}, a), ' ', el('span', { class: 'muted' }, 'vs'), ' ',
      el('strong', {}, b)));
  }

  // The match a finished one sends its winner and loser to, with the seats as this phone has them.
  function nextCards(event, bracket, phase, m, side, ops, listed) {
    const P = G.TaikaiPack, root = box(), name = (id) => (id ? (event.entrants[String(id)] || { name: '?' }).name : root.dataset.msgUnknown);
    const cards = [];
    for (const [link, who] of [[m.winner_to, m.slots[side]], [m.loser_to, m.slots[1 - side]]]) {
      const target = link && bracket.matches.find((x) => x.key === link[0]);
      if (!target || listed.has(target.id) || linkTo(root.querySelector('[data-testid=ready-matches]'), target.id)) continue;
      listed.add(target.id);
      const seats = P.playersOf(bracket, target, ops).map((id, s) => id || P.sitting(bracket, target, s, ops));
      seats[link[1]] = who;
      cards.push(card(target.id, `${phase.name} · ${target.title}`, name(seats[0]), name(seats[1])));
    }
    return cards;
  }

  async function follow() {
    const root = box();
    if (!root || !root.dataset.eventSlug || !G.TaikaiPackStore || !G.TaikaiOutbox || !G.TaikaiPack) return;
    const event = await G.TaikaiPackStore.event(root.dataset.eventSlug);
    if (!event) return;
    const ops = (await G.TaikaiOutbox.list()).filter(LIVE), finished = [], next = [], listed = new Set();
    for (const [m, bracket, phase, side] of decidedHere(event, ops)) {
      const shown = linkTo(root.querySelector('[data-testid=ready-matches]'), m.id);
      if (shown) shown.closest('li').remove();
      const winner = (event.entrants[String(m.slots[side])] || { name: '?' }).name;
      finished.push(card(m.id, `${phase.name} · ${m.title} · ${root.dataset.msgWon.replace('{name}', winner)}`,
        (event.entrants[String(m.slots[0])] || { name: '?' }).name, (event.entrants[String(m.slots[1])] || { name: '?' }).name));
      next.push(...nextCards(event, bracket, phase, m, side, ops, listed));
    }
    show(root.querySelector('[data-testid=finished-here]'), finished);
    show(root.querySelector('[data-testid=next-here]'), next);
    const empty = root.querySelector('[data-part=none-ready]');
    if (empty) empty.hidden = !!root.querySelector('[data-testid=ready-matches] li');
  }

  function show(section, cards) {
    if (!section) return;
    section.querySelector('ul').replaceChildren(...cards);
    section.hidden = !cards.length;
  }

  function start() {
    if (!box()) return;
    const again = () => follow().catch((e) => console.warn('taikai list', e));
    again();
    document.addEventListener('taikai:outbox-changed', again);
    document.body.addEventListener('htmx:afterSwap', (ev) => { if (ev.target && ev.target.id === 'staff-matches') again(); });
    document.body.addEventListener('htmx:afterSettle', again);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})(self);
