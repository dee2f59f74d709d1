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

  // Printing: a side wider than the paper is scaled down to its width (bracket.js, not CSS,
  // because only the laid-out width tells by how much).
  function fitForPrint() {
    document.querySelectorAll('.bracket-sheet .bracket').forEach((b) => {
      b.style.zoom = '';
      const wide = b.querySelector('.rounds').scrollWidth;
      if (wide > b.clientWidth) b.style.zoom = (b.clientWidth / wide).toFixed(3);
    });
  }
  function unfit() { document.querySelectorAll('.bracket').forEach((b) => { b.style.zoom = ''; }); }
  window.addEventListener('beforeprint', fitForPrint);
  window.addEventListener('afterprint', unfit);
  window.matchMedia('print').addEventListener('change', (e) => (e.matches ? fitForPrint() : unfit()));

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
