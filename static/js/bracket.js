// Bracket page: "find me" highlights a player's matches (their path) and keeps doing so
// after every poll swaps the bracket in; the choice is remembered on this phone. Printing
// cuts each side into page-sized sheets (see "Print for the wall" in app.css).
(function () {
  'use strict';
  const KEY = 'taikai.findMe';

  // The same folding as webapp/textsearch.py: width (NFKC), katakana as hiragana, case;
  // spaces dropped, so 「なうまん」 finds ナウマン and 「やまだ」 finds 山田 太郎 by its reading.
  function fold(text) {
    return (text || '').normalize('NFKC')
      .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
      .toLowerCase().replace(/\s+/g, '');
  }

  // The entrants the typed text names: exact name or reading first, else those containing it.
  function entrantIds(input) {
    const needle = fold(input.value);
    if (!needle) return [];
    const options = Array.from(document.querySelectorAll('#entrant-names option'));
    const texts = (o) => [fold(o.value), fold(o.dataset.reading)].filter(Boolean);
    const exact = options.filter((o) => texts(o).includes(needle));
    const found = exact.length ? exact : options.filter((o) => texts(o).some((t) => t.includes(needle)));
    return found.map((o) => o.dataset.id);
  }

  function highlight() {
    const input = document.getElementById('find-me');
    if (!input) return;
    const ids = entrantIds(input);
    document.querySelectorAll('.match.me').forEach((m) => m.classList.remove('me'));
    const mine = ids.length ? Array.from(document.querySelectorAll('#bracket .match'))
      .filter((m) => (m.dataset.entrants || '').split(' ').some((e) => ids.includes(e))) : [];
    mine.forEach((m) => m.classList.add('me'));
    const out = document.querySelector('[data-find-me-result]');
    if (out) out.textContent = ids.length ? (input.dataset.found || '%n').replace('%n', mine.length) : '';
    return mine;
  }

  function choose() {
    const input = document.getElementById('find-me');
    localStorage.setItem(KEY + location.pathname, input.value.trim());
    const mine = highlight();
    // Bring the last match of the path (the current one) into view, round tab included.
    if (mine && mine.length) mine[mine.length - 1].scrollIntoView({ block: 'center', inline: 'center' });
  }

  // ---- Printing: sheets of at most ROUNDS rounds and ROWS matches of their first round ----
  const ROUNDS = 4;
  const ROWS = 8;

  // Split rounds of `counts` cells into page tiles: [{first, last, from: [..], to: [..]}].
  // A band of rounds ends where the cells of its last round would be fewer than one a page.
  function tiles(counts) {
    const out = [];
    for (let i = 0; i < counts.length;) {
      let j = i;
      while (j + 1 < counts.length && j + 1 - i < ROUNDS && counts[i] / counts[j + 1] <= ROWS) j += 1;
      const per = Math.min(counts[i], ROWS);
      const pages = Math.ceil(counts[i] / per);
      for (let p = 0; p < pages; p += 1) {
        const from = [];
        const to = [];
        for (let k = i; k <= j; k += 1) {
          const share = counts[k] / counts[i];
          from.push(Math.floor(p * per * share));
          to.push(p === pages - 1 ? counts[k] : Math.floor((p + 1) * per * share));
        }
        out.push({ first: i, last: j, from, to });
      }
      i = j + 1;
    }
    return out;
  }

  function sheetFor(title, rounds, tile) {
    const sheet = document.createElement('section');
    sheet.className = 'print-sheet';
    const heading = document.createElement('h2');
    heading.className = 'print-sheet-title';
    heading.textContent = title;
    const columns = document.createElement('div');
    columns.className = 'print-rounds';
    let boxes = 0;
    for (let k = tile.first; k <= tile.last; k += 1) {
      const column = document.createElement('div');
      column.className = 'print-round';
      column.appendChild(rounds[k].label.cloneNode(true));
      const cells = document.createElement('div');
      cells.className = 'print-cells';
      rounds[k].cells.slice(tile.from[k - tile.first], tile.to[k - tile.first]).forEach((cell) => {
        const copy = cell.cloneNode(true);
        if (k === tile.first) copy.classList.remove('fed');  // its feeders are on another sheet
        if (k === tile.last) copy.classList.remove('join-down', 'join-up', 'join-straight');
        copy.querySelectorAll('[id]').forEach((el) => el.removeAttribute('id'));
        boxes += copy.querySelectorAll('.match').length;
        cells.appendChild(copy);
      });
      column.appendChild(cells);
      columns.appendChild(column);
    }
    sheet.append(heading, columns);
    return boxes ? sheet : null;  // a sheet of byes only is not printed
  }

  function buildPrintSheets() {
    removePrintSheets();
    const bracket = document.getElementById('bracket');
    const h1 = document.querySelector('main h1');
    if (!bracket || !bracket.querySelector('.bracket-sheet')) return;
    const words = (h1 && h1.dataset.printPage) || '%side %n/%m';
    const host = document.createElement('div');
    host.className = 'print-sheets';
    bracket.querySelectorAll('.bracket-sheet .bracket-side').forEach((side) => {
      const label = side.querySelector('.side-label');
      const rounds = Array.from(side.querySelectorAll('.round')).map((r) => ({
        label: r.querySelector('.round-label'), cells: Array.from(r.querySelectorAll('.cells > .cell')) }));
      const sheets = tiles(rounds.map((r) => r.cells.length)).map((tile) => sheetFor('', rounds, tile)).filter(Boolean);
      sheets.forEach((sheet, n) => {
        sheet.querySelector('.print-sheet-title').textContent = words
          .replace('%phase', h1 ? h1.textContent.trim() : '').replace('%side', label ? label.textContent.trim() : '')
          .replace('%n', n + 1).replace('%m', sheets.length);
        host.appendChild(sheet);
      });
    });
    bracket.after(host);
    document.body.classList.add('print-sheets-ready');
  }

  function removePrintSheets() {
    document.querySelectorAll('.print-sheets').forEach((s) => s.remove());
    document.body.classList.remove('print-sheets-ready');
  }

  window.addEventListener('beforeprint', buildPrintSheets);
  window.addEventListener('afterprint', removePrintSheets);
  window.matchMedia('print').addEventListener('change', (e) => (e.matches ? buildPrintSheets() : removePrintSheets()));
  window.taikaiPrintTiles = tiles;  // the print test checks the cut on its own

  document.addEventListener('DOMContentLoaded', () => {
    const input = document.getElementById('find-me');
    if (!input) return;
    input.value = localStorage.getItem(KEY + location.pathname) || '';
    input.addEventListener('change', choose);
    input.addEventListener('search', choose);
    input.addEventListener('input', highlight);
    highlight();
    document.body.addEventListener('htmx:afterSwap', highlight);
  });
})();
