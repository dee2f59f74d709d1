/* taikai service worker, from the page's side: registered on load, asked to claim a page it left
 * uncontrolled, and asked to keep sending when the page is left with entries unsent. */
(function () {
  'use strict';
  const O = () => window.TaikaiOutbox;
  const SW = navigator.serviceWorker;
  if (!SW) return;
  addEventListener('load', () => SW.register('/sw.js', { scope: '/' }).catch(console.warn));
  // A page loaded while the worker was activating is left uncontrolled (its clients.claim()
  // ran before this page existed): such a page would not queue through the worker until the
  // next navigation, so it asks to be claimed.
  SW.ready.then((reg) => { if (!SW.controller && reg.active) reg.active.postMessage({ type: 'claim' }); });
  // Such a page was not kept for offline either (the worker keeps the pages it fetches): once
  // claimed, it asks the worker to keep it, so a reload without network opens this page and not
  // the match shell (which has less: the server's view of the match, the last games' defaults).
  if (!SW.controller) {
    SW.addEventListener('controllerchange', () => {
      if (SW.controller) SW.controller.postMessage({ type: 'keep', url: location.href });
    }, { once: true });
  }
  // Leaving with unsent entries: the worker keeps sending after we go.
  document.addEventListener('visibilitychange', async () => {
    if (document.visibilityState === 'hidden' && SW.controller && O() && (await O().pendingCount())) {
      SW.controller.postMessage({ type: 'sync' });
    }
  });
})();
