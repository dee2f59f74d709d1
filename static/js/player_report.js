/* taikai: a player's report page (views/self_report.py), offline. Each game stored on the phone moves
 * the form's game number on, so the next tap reads as the next game; the server puts a player's
 * entries after the ones before them, in the order the outbox sends them. */
(function () {
  'use strict';
  const next = (text) => text.replace(/\d+/, (n) => String(+n + 1));
  document.addEventListener('taikai:local-op', (ev) => {
    const op = ev.detail && ev.detail.op, box = document.getElementById('my-report');
    if (!box || !op || op.kind !== 'report_game') return;
    box.querySelectorAll('form[data-op=report_game]').forEach((f) => {
      if (f.dataset.title) f.dataset.title = next(f.dataset.title);
    });
    box.querySelectorAll('[data-game-title], [data-game-label]').forEach((el) => { el.textContent = next(el.textContent); });
  });
})();
