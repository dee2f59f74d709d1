/* The desk's event page: print the staff PIN card (the dialog at the top); the dialog is focused
 * when it opens so a keyboard or screen reader starts there. */
(function () {
  'use strict';
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('[data-print-card]');
    if (!button) return;
    document.body.classList.add('printing-pin-card');
    window.print();
  });
  window.addEventListener('afterprint', function () { document.body.classList.remove('printing-pin-card'); });
  var dialog = document.getElementById('pin-dialog');
  if (dialog) dialog.querySelector('button').focus();
})();
