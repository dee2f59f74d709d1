// The stream overlay (views/public/overlay.py): its colours, and following the station by itself.
// Colours: the page's data-accent / data-text, checked by the server (#rrggbb), set as CSS custom
// properties (the CSP allows no inline style). Polling: once a second the board alone is asked for
// with the ETag held; 304 while nothing changed, else the new board (escaped by the server's
// templates, same origin) replaces the old one. A failed poll keeps the last board on screen.
(function () {
  "use strict";
  var HEX = /^#[0-9a-f]{6}$/;
  var POLL_MS = 1000;

  function colours(root) {
    [["accent", "--accent"], ["text", "--text"]].forEach(function (pair) {
      var value = (root.dataset[pair[0]] || "").toLowerCase();
      if (HEX.test(value)) {
        document.documentElement.style.setProperty(pair[1], value);
      }
    });
  }

  function follow(root) {
    var board = document.getElementById("overlay-board");
    var url = root.dataset.poll;
    var etag = root.dataset.etag || null;  // the page's version: the board at it is the one shown
    if (!board || !url || url.charAt(0) !== "/") {
      return;
    }
    function poll() {
      var headers = etag ? { "If-None-Match": etag } : {};
      fetch(url, { headers: headers, cache: "no-store", credentials: "omit" })
        .then(function (response) {
          if (response.status === 200) {
            etag = response.headers.get("ETag");
            return response.text().then(function (html) { board.innerHTML = html; });
          }
          return null;
        })
        .catch(function () { return null; })
        .then(function () { window.setTimeout(poll, POLL_MS); });
    }
    window.setTimeout(poll, POLL_MS);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var root = document.querySelector(".overlay");
    if (root) {
      colours(root);
      follow(root);
    }
  });
})();
