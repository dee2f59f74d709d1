/* taikai: a player's report page (views/players/self_report.py), offline. Each game stored on the phone moves
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
    if (decided(box, (op.payload || {}).winner)) over(box);
  });
  // Best of N: the games won so far (the page's, then each stored game's winner). A match won on
  // the phone asks for no further game: the form would read as "record game 3" after a 2-0.
  function decided(box, winner) {
    const d = box.dataset, key = winner === 'a' ? 'winsA' : winner === 'b' ? 'winsB' : '';
    if (!d.gamesToWin || !key) return false;
    d[key] = String(+d[key] + 1);
    const score = box.querySelector('[data-testid=score] strong');
    if (score) score.textContent = `${d.winsA} – ${d.winsB}`;
    return +d[key] >= +d.gamesToWin;
  }
  function over(box) {
    const { el, t } = window.TaikaiDom;
    box.querySelectorAll('[data-testid=next-step]').forEach((card) => { card.hidden = true; });
    if (box.querySelector('[data-testid=report-stored-over]')) return;
    box.querySelector('[data-testid=score]')?.after(el('p', { class: 'flash warn', 'data-testid': 'report-stored-over' },
      t('試合終了（この端末に保存済み）。電波が戻ると送信され、相手の確認を待ちます。',
        'Match over (kept on this phone). It is sent when the phone is back online, then waits for your opponent.')));
  }
})();
