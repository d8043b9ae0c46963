// The replay player: without JavaScript every step is a link (the page reloads); with it htmx swaps only
// #replay-board, and this script adds play/pause at 1×, 2× or 4× (one move a second at 1×): each tick
// follows the board's "forward" link once the last step has settled (before that the new link is a
// plain one, and a click would reload the page), and playing stops at the last move. The move list
// stays open across steps when the viewer opened it.
(function () {
  var player = document.getElementById("replay-player");
  if (!player || !window.htmx) return;
  var controls = document.getElementById("replay-controls");
  var play = document.getElementById("replay-play");
  var speed = 1, timer = null, listOpen = false, busy = false;
  controls.hidden = false;
  function label() { play.textContent = timer ? player.dataset.playing : player.dataset.paused; }
  function stop() { clearInterval(timer); timer = null; label(); }
  function step() {
    if (busy) return;  // the last step is on its way, or not yet wired by htmx: a click now would reload
    var next = document.getElementById("replay-next");
    if (!next) { stop(); return; }
    next.click();
  }
  function start() {
    clearInterval(timer);
    timer = setInterval(step, 1000 / speed);
    label();
  }
  play.addEventListener("click", function () {
    if (timer) { stop(); return; }
    if (!document.getElementById("replay-next")) {  // at the end: play again from the start
      document.getElementById("replay-start").click();
    }
    start();
  });
  controls.querySelectorAll("[data-speed]").forEach(function (button) {
    button.addEventListener("click", function () {
      speed = Number(button.dataset.speed);
      controls.querySelectorAll("[data-speed]").forEach(function (b) { b.classList.toggle("on", b === button); });
      if (timer) start();
    });
  });
  document.addEventListener("htmx:beforeRequest", function () { busy = true; });
  ["htmx:afterSettle", "htmx:responseError", "htmx:sendError"].forEach(function (name) {
    document.addEventListener(name, function () { busy = false; });  // settled: the new links work
  });
  document.addEventListener("htmx:beforeSwap", function () {
    var list = document.getElementById("replay-moves");
    listOpen = !!(list && list.open);
  });
  document.addEventListener("htmx:afterSwap", function () {
    var list = document.getElementById("replay-moves");
    if (list && listOpen) list.open = true;
    if (timer && !document.getElementById("replay-next")) stop();
  });
})();
