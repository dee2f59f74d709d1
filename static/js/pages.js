/* Small page behaviours that used to be inline (the CSP allows no inline script). */
(function () {
  'use strict';
  // The offline page (served by the service worker): try again when back online.
  if (document.body && document.body.classList.contains('offline-page')) {
    window.addEventListener('online', function () { location.reload(); });
  }
})();
