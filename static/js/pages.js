/* Small page behaviours that used to be inline (the CSP allows no inline script). */
(function () {
  'use strict';
  // The offline page (served by the service worker): try again when back online.
  if (document.body && document.body.classList.contains('offline-page')) {
    window.addEventListener('online', function () { location.reload(); });
  }
  // The header's links scroll sideways on a narrow phone: one reached by keyboard comes fully into view.
  // The header's menu (a <details>) closes on a tap elsewhere or Escape, as a menu does.
  var menu = document.querySelector('[data-site-menu]');
  if (menu) {
    document.addEventListener('click', function (event) {
      if (menu.open && !menu.contains(event.target)) menu.open = false;
    });
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && menu.open) { menu.open = false; menu.querySelector('summary').focus(); }
    });
  }
  var nav = document.querySelector('.topbar nav');
  if (nav) {
    nav.addEventListener('focusin', function (event) {
      event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    });
  }
})();
