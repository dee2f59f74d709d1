// Bracket page: "find me" highlights a player's matches (their path) and keeps doing so
// after every poll swaps the bracket in; the choice is remembered on this phone.
(function () {
  'use strict';
  const KEY = 'taikai.findMe';

  function entrantId(input) {
    const option = Array.from(document.querySelectorAll('#entrant-names option'))
      .find((o) => o.value === input.value.trim());
    return option ? option.dataset.id : null;
  }

  function highlight() {
    const input = document.getElementById('find-me');
    if (!input) return;
    const id = entrantId(input);
    document.querySelectorAll('.match.me').forEach((m) => m.classList.remove('me'));
    const mine = id ? Array.from(document.querySelectorAll('.match'))
      .filter((m) => (m.dataset.entrants || '').split(' ').includes(id)) : [];
    mine.forEach((m) => m.classList.add('me'));
    const out = document.querySelector('[data-find-me-result]');
    if (out) out.textContent = id ? (input.dataset.found || '%n').replace('%n', mine.length) : '';
    return mine;
  }

  function choose() {
    const input = document.getElementById('find-me');
    localStorage.setItem(KEY + location.pathname, input.value.trim());
    const mine = highlight();
    // Bring the last match of the path (the current one) into view, round tab included.
    if (mine && mine.length) mine[mine.length - 1].scrollIntoView({ block: 'center', inline: 'center' });
  }

  document.addEventListener('DOMContentLoaded', () => {
    const input = document.getElementById('find-me');
    if (!input) return;
    input.value = localStorage.getItem(KEY + location.pathname) || '';
    input.addEventListener('change', choose);
    input.addEventListener('search', choose);
    highlight();
    document.body.addEventListener('htmx:afterSwap', highlight);
  });
})();
