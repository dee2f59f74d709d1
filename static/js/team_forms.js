/* taikai team forms: roll call, arrival and the declared character change, drawn from the match
 * model (match_model.js) the same way on the online page (unsent_view.js, offline entries pending) and on
 * the page built from the offline pack (offline_pack.js, which has no server-rendered members).
 * The markup is the play_forms.html macros' (roll_call_form, arrive_form, declare_change_form). */
(function (G) {
  'use strict';
  const SIDES = ['a', 'b'];
  const { el } = G.TaikaiDom;
  // Kachinuki under rules with the roll call (Tekken's preset; a pack made before rules said so: yes).
  const rollCalled = (m) => m.type === 'kachinuki' && (m.rules || {}).roll_call !== false;
  const same = (box, ids) => [...box.children].map((c) => (c.querySelector('input') || c).value).join() === ids.join();

  // Roll call before the first game of a kachinuki match: a chip per member (ticks kept on a redraw).
  function rollCall(root, m) {
    root.querySelectorAll('[data-part=roll-call]').forEach((d) => {
      d.hidden = !(rollCalled(m) && !m.games.length);
      for (const s of SIDES) {
        const box = d.querySelector(`[data-part=absent-${s}]`), ids = m.members[s].map((x) => String(x.id));
        if (!box || same(box, ids)) continue;
        box.replaceChildren(...m.members[s].map((x) => el('label', { class: 'chip' },
          el('input', { type: 'checkbox', name: `absent_${s}`, value: String(x.id) }), ` ${x.name}`)));
      }
    });
  }

  // A member missing at roll call has come: one tap on them, per side; nothing when nobody is missing.
  function arrival(root, m) {
    root.querySelectorAll('[data-part=arrive]').forEach((d) => {
      d.hidden = !rollCalled(m) || SIDES.every((s) => !m.absent[s].length);
      for (const s of SIDES) {
        const wrap = d.querySelector(`[data-part=arrive-${s}]`), box = d.querySelector(`[data-part=arrivals-${s}]`);
        if (!wrap || !box) continue;
        const missing = m.members[s].filter((x) => m.absent[s].includes(x.id));
        wrap.hidden = !missing.length;
        if (!same(box, missing.map((x) => String(x.id)))) {
          box.replaceChildren(...missing.map((x) => el('button', { class: 'btn btn-big', name: 'member_id', value: String(x.id), type: 'submit' }, x.name)));
        }
      }
    });
  }

  // Tekken: a declared change before the first game; a member of either team, named with the team.
  function declaredChange(root, m, sideNames) {
    root.querySelectorAll('[data-part=declare-change]').forEach((d) => {
      d.hidden = !(m.rules.character_lock && !m.games.length);
      const select = d.querySelector('select[name=member_id]');
      const ids = SIDES.flatMap((s) => m.members[s].map((x) => String(x.id)));
      if (!select || [...select.options].map((o) => o.value).join() === ids.join()) return;
      select.replaceChildren(...SIDES.flatMap((s) => m.members[s].map((x) =>
        el('option', { value: String(x.id), 'data-side': s }, `${sideNames[s] || ''} · ${x.name}`))));
    });
  }

  function draw(root, m, sideNames) {
    rollCall(root, m);
    arrival(root, m);
    declaredChange(root, m, sideNames || {});
  }

  G.TaikaiTeamForms = { draw };
})(self);
