/* A player's own page: when the match is called, the page changes, the phone vibrates and a short tone plays (where allowed). */
(function () {
  'use strict';
  const box = () => document.getElementById('player-mine');
  let last = box() ? box().dataset.state : '';

  // Browsers play sound only after a tap on the page: the first tap (check-in, anything) readies it.
  const Ctx = window.AudioContext || window.webkitAudioContext;
  let ctx = null;
  function ready() {
    if (!Ctx) return;
    try {
      ctx = ctx || new Ctx();
      if (ctx.state === 'suspended') ctx.resume();
    } catch (e) { ctx = null; }
  }
  ['pointerdown', 'keydown'].forEach((kind) => document.addEventListener(kind, ready, { once: true }));

  function tone() {
    if (!ctx) ready();
    if (!ctx) return;
    try {
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.frequency.value = 880;
      gain.gain.value = 0.15;
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.4);
    } catch (e) { /* no sound allowed yet: the page and the vibration stay */ }
  }

  function announce(el) {
    document.body.classList.add('match-called');
    document.title = '🔔 ' + document.title.replace(/^🔔 /, '');
    if (navigator.vibrate) navigator.vibrate([300, 150, 300]);
    tone();
    el.scrollIntoView({ block: 'start' });
  }

  // The no-show time left, counted down between polls (from the seconds the server gave, not the phone's clock).
  let shown = Date.now();
  setInterval(() => {
    const el = document.querySelector('[data-countdown]');
    if (!el) return;
    const left = Number(el.dataset.countdown) - (Date.now() - shown) / 1000;
    el.textContent = String(Math.max(0, Math.ceil(left / 60)));
  }, 5000);

  // A revoked link: the next poll is refused, and the page says so at once instead of going stale.
  document.body.addEventListener('htmx:responseError', (e) => {
    if (e.detail.xhr && e.detail.xhr.status === 403) window.location.reload();
  });

  document.body.addEventListener('htmx:afterSettle', () => {
    shown = Date.now();
    const el = box();
    if (!el) return;
    const now = el.dataset.state;
    if (now === 'called' && last !== 'called') announce(el);
    if (now !== 'called') document.body.classList.remove('match-called');
    last = now;
  });
})();
