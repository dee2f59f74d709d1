/* taikai outbox, the ownership: on a shared phone an entry goes out only under the session
 * of the person who entered it (entered_by); someone else's wait for them, or for the desk
 * to take them (/sync/received, kept as theirs). Nobody signed in: no entry. An entry an older
 * version queued without saying who is owned by nobody: shown, sent by no one, taken by the desk.
 * Needs outbox_store.js. */
(function (G) {
  'use strict';
  const S = G.TaikaiOutboxStore;
  const isPage = typeof document !== 'undefined';

  // Who is signed in: the page says (<meta name="taikai-user">); the service worker and the
  // offline match shell read what the last signed-in page stored. Sign-out stores null.
  // A player's own page (their personal link, no account) says so too: their entries (a report of
  // their match) go to their own address (data-sync), never to /sync/ops.
  function pagePerson() {
    const m = isPage && document.querySelector('meta[name="taikai-user"]');
    if (m && m.content) return { id: +m.content, name: m.dataset.name || '', desk: m.dataset.role === 'desk' };
    const p = isPage && document.querySelector('meta[name="taikai-player"]');
    return p && p.content ? { id: 'player-' + p.content, name: p.dataset.name || '', player: true, sync: p.dataset.sync } : null;
  }
  async function person() { return pagePerson() || (await S.getMeta('user')) || null; }
  // An entry without entered_by was queued by an older version, before phones recorded who:
  // it is nobody's, so whoever signs in next never sends it; only the desk takes it.
  const ownerId = (op) => (op.entered_by ? op.entered_by.id : null);
  const mine = (op, who) => !!who && ownerId(op) === who.id;

  // Unsent entries other people (or nobody known: id null) made on this phone, by person: [{id, name, ops}].
  async function waiting() {
    const who = await person(), by = new Map();
    for (const o of await S.unsent()) {
      if (mine(o, who)) continue;
      const id = ownerId(o), p = by.get(id) || { id, name: o.entered_by ? o.entered_by.name : null, ops: [] };
      p.ops.push(o);
      by.set(id, p);
    }
    return [...by.values()];
  }
  // One person's unsent entries (null: those nobody is known to have made), for the desk to take.
  const enteredBy = async (personId) => (await S.unsent()).filter((o) => ownerId(o) === personId);
  const mineUnsent = async () => { const who = await person(); return (await S.unsent()).filter((o) => mine(o, who)); };
  // Signing out: nothing more goes out or is entered under this person until a page says who is in.
  const forget = () => S.setMeta('user', null);

  G.TaikaiOutboxOwner = { pagePerson, person, mine, waiting, enteredBy, mineUnsent, forget };
})(self);
