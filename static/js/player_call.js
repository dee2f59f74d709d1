/* A player's next-match page: when the match is called, a visible change and (if allowed) a browser notification. */
(function () {
  'use strict';
  const box = () => document.getElementById('player-next');
  let last = box() ? box().dataset.state : '';
  const button = document.querySelector('[data-notify-permission]');

  // Offered only while there is something to be called for: not once the match is called or in play.
  const askable = () => !!button && 'Notification' in window && Notification.permission === 'default';
  function offer() {
    const el = box(), state = el ? el.dataset.state : '';
    if (button) button.hidden = !(askable() && (state === 'waiting' || state === 'none'));
  }
  if (button) button.addEventListener('click', () => Notification.requestPermission().then(offer));
  offer();

  function announce(el) {
    document.body.classList.add('match-called');
    document.title = '🔔 ' + document.title.replace(/^🔔 /, '');
    if ('Notification' in window && Notification.permission === 'granted') {
      const options = { body: el.dataset.notifyBody, tag: 'taikai-call-' + el.dataset.matchId };
      try {
        new Notification(el.dataset.notifyTitle, options);
      } catch (e) { // Chrome on Android allows notifications only from the service worker
        if (navigator.serviceWorker) {
          navigator.serviceWorker.ready.then((reg) => reg.showNotification(el.dataset.notifyTitle, options))
            .catch(() => { /* the page change stays */ });
        }
      }
    }
  }

  document.body.addEventListener('htmx:afterSettle', () => {
    const el = box();
    if (!el) return;
    const now = el.dataset.state;
    if (now === 'called' && last !== 'called') announce(el);
    if (now !== 'called') document.body.classList.remove('match-called');
    last = now;
    offer();
  });
})();
