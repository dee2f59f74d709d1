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

  function placement(root) {
    // scale (per cent) and the pixels kept clear of the game's HUD: checked integers from the server
    var style = document.documentElement.style;
    [["scale", "--sb-scale", 100], ["insetTop", "--sb-inset-top", 1], ["insetBottom", "--sb-inset-bottom", 1]]
      .forEach(function (item) {
        var value = parseInt(root.dataset[item[0]] || "", 10);
        if (!isNaN(value) && value >= 0 && value <= 400) {
          style.setProperty(item[1], item[2] === 100 ? String(value / 100) : value + "px");
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
      placement(root);
      follow(root);
    }
  });
})();
