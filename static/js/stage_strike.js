/* taikai stage striking on the game form (the stage_strike macro): game 1, once as many starters as the order
 * has are struck, the one left becomes the stage and no more can be struck; later games, the stages banned and
 * those the stage clause bars for the picker are greyed in the stage list. The server checks all of it. */
(function (G) {
  'use strict';
  function draw(box) {
    const form = box.closest('form'), select = form && form.querySelector('select[name=stage]');
    const boxes = [...box.querySelectorAll('input[type=checkbox]')], count = Number(box.dataset.count) || 0;
    const ticked = boxes.filter((b) => b.checked);
    boxes.forEach((b) => { b.disabled = !b.checked && ticked.length >= count; });
    if (!select) return;
    const barred = new Set(JSON.parse(box.dataset.barred || '[]'));
    if (box.dataset.testid === 'strikes') {
      const left = boxes.filter((b) => !b.checked);
      if (ticked.length === count && left.length === 1) select.value = left[0].value;
      return;
    }
    const banned = new Set(ticked.map((b) => b.value));
    [...select.options].forEach((o) => { o.disabled = !!o.value && (banned.has(o.value) || barred.has(o.value)); });
    if (select.selectedOptions[0] && select.selectedOptions[0].disabled) select.value = '';
  }
  const each = () => document.querySelectorAll('fieldset.strikes').forEach(draw);
  document.addEventListener('change', (ev) => {
    const box = ev.target.closest && ev.target.closest('fieldset.strikes');
    if (box) draw(box);
  });
  document.addEventListener('DOMContentLoaded', each);
  document.body && document.body.addEventListener('htmx:afterSwap', each);
  G.TaikaiStageStrike = { draw, each };
})(self);
