/* Small page behaviours that used to be inline (the CSP allows no inline script). */
(function () {
  'use strict';
  // The offline page (served by the service worker): try again when back online.
  if (document.body && document.body.classList.contains('offline-page')) {
    window.addEventListener('online', function () { location.reload(); });
  }
  // <form data-ask="question"> asks for a reason first and sends it as "reason".
  document.addEventListener('submit', function (ev) {
    const form = ev.target;
    if (!form.dataset || !form.dataset.ask) return;
    const reason = window.prompt(form.dataset.ask);
    if (!reason) { ev.preventDefault(); ev.stopImmediatePropagation(); return; }
    form.elements.reason.value = reason;
  }, true);
})();
