/* A countdown the server set up: an element with data-countdown-to (an absolute ISO time from
 * the server) shows the minutes and seconds left, ticking each second; at zero its block
 * ([data-countdown-block]) reads the words the server gave in data-countdown-over. */
(function () {
  'use strict';
  function pad(n) { return (n < 10 ? '0' : '') + n; }
  function left(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    return (h ? h + ':' + pad(m) : m) + ':' + pad(s % 60);
  }
  function tick() {
    document.querySelectorAll('[data-countdown-to]').forEach(function (el) {
      var ms = Date.parse(el.getAttribute('data-countdown-to')) - Date.now();
      if (isNaN(ms)) return;
      if (ms > 0) { el.textContent = left(ms); return; }
      var block = el.closest('[data-countdown-block]') || el;
      block.textContent = block.getAttribute('data-countdown-over') || '';
    });
  }
  document.addEventListener('DOMContentLoaded', function () { tick(); setInterval(tick, 1000); });
})();
