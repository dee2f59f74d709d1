/* A player's own page: when the match is called, the page changes, the phone vibrates and a short tone plays (where allowed). */
(function () {
  'use strict';
  const box = () => document.getElementById('player-mine');
  let last = box() ? box().dataset.state : '';

  function tone() {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try {
      const ctx = new Ctx(), osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.frequency.value = 880;
      gain.gain.value = 0.15;
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.4);
      osc.onended = () => ctx.close();
    } catch (e) { /* the browser allows no sound before a tap: the page and the vibration stay */ }
  }

  function announce(el) {
    document.body.classList.add('match-called');
    document.title = '🔔 ' + document.title.replace(/^🔔 /, '');
    if (navigator.vibrate) navigator.vibrate([300, 150, 300]);
    tone();
    el.scrollIntoView({ block: 'start' });
  }

  document.body.addEventListener('htmx:afterSettle', () => {
    const el = box();
    if (!el) return;
    const now = el.dataset.state;
    if (now === 'called' && last !== 'called') announce(el);
    if (now !== 'called') document.body.classList.remove('match-called');
    last = now;
  });
})();
