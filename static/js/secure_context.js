/* Over plain http from another machine the browser runs no service worker: entries live only
   as long as the page stays open. Show the server-rendered, translated banner that says so. */
(function () {
  'use strict';
  if (window.isSecureContext) return;
  const banner = document.getElementById('insecure-context');
  if (banner) banner.hidden = false;
})();
