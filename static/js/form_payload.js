/* taikai: what an entry form sends. One function for every page that makes entries (the online
 * match page through outbox_forms.js, the offline match page through offline_pack.js), so the
 * same form gives the same payload, byte for byte, wherever the referee filled it in.
 *
 * The payload holds the action's fields only: the form's bookkeeping (csrf_token, kind,
 * base_version) belongs to the entry's envelope, and the step of the match (position) is sent
 * last, as a number. The server still reads what older phones send (bench/phone_bytes.py):
 * bookkeeping inside the payload, position as text. */
(function (G) {
  'use strict';
  const BOOKKEEPING = ['csrf_token', 'kind', 'base_version']; // the envelope's, not the entry's
  const isBtn = (f) => f.tagName === 'BUTTON' || /^(submit|button|reset|image|file)$/.test(f.type);

  // How a field reads: a number input a number (empty: null); a yes/no checkbox (no value of its
  // own) a boolean; ticks that carry a value (the roll call's members) the list of those ticked,
  // even when the list has one box; a group of radios the checked one (none: null); a multiple
  // select the chosen values; a name used twice a list; anything else the text as typed.
  function fieldsOf(form, submitter) {
    const out = {};
    for (const f of form.elements) {
      const k = f.name;
      if (!k || f.disabled || BOOKKEEPING.includes(k)) continue;
      let v = f.value;
      if (isBtn(f)) { if (f !== submitter || f.type === 'reset' || f.type === 'file') continue; }
      else if (f.type === 'checkbox') {
        if (!f.hasAttribute('value')) { out[k] = f.checked; continue; }
        out[k] = out[k] || [];
        if (f.checked) out[k].push(v);
        continue;
      } else if (f.type === 'radio') { if (f.checked || !(k in out)) out[k] = f.checked ? v : null; continue; }
      else if (f.type === 'number' || f.type === 'range') v = v === '' ? null : +v;
      else if (f.tagName === 'SELECT' && f.multiple) { out[k] = Array.from(f.selectedOptions, (o) => o.value); continue; }
      out[k] = k in out ? [].concat(out[k], v) : v;
    }
    return out;
  }

  // A score choice ("2-1"; a draw "2-2" is a double K.O.; "a:1-1" a stock game's timeout won by side a)
  // is sent as winner and rounds.
  function expandScore(out) {
    if (!('score' in out)) return out;
    const m = /^(?:([ab]):)?(\d+)-(\d+)$/.exec(out.score || '');
    delete out.score;
    if (!m) return out;
    const a = +m[2], b = +m[3];
    const how = m[1] ? { winner: m[1] } : a === b ? { double_ko: true } : { winner: a > b ? 'a' : 'b' };
    Object.assign(out, { rounds_a: a, rounds_b: b }, how);
    return out;
  }

  // A side's characters in order (team_a: one select a place) are sent as the side's one value, " / " between
  // them; the stages struck or banned (ticks) as one text, "|" between them.
  function expandShape(out) {
    for (const side of ['a', 'b']) {
      if (!(('team_' + side) in out)) continue;
      out['char_' + side] = [].concat(out['team_' + side]).filter(Boolean).join(' / ');
      delete out['team_' + side];
    }
    for (const k of ['struck', 'banned']) if (k in out) out[k] = [].concat(out[k]).filter(Boolean).join('|');
    return out;
  }

  // The step last, as a number (a step that is not one stays as typed: the server refuses it by name).
  function atStep(out, position) {
    delete out.position;
    if (position === undefined || position === null || position === '') return out;
    out.position = /^\d+$/.test(String(position)) ? Number(position) : position;
    return out;
  }

  // The payload of this form as submitted by this button (or none).
  function formPayload(form, submitter) {
    const out = expandShape(expandScore(fieldsOf(form, submitter)));
    return atStep(out, out.position);
  }

  G.TaikaiFormPayload = { formPayload, expandScore, expandShape, atStep, BOOKKEEPING };
})(self);
