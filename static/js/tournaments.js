// Tournaments (tournaments/templates/tournaments/): at a tournament's table, the line of round, rank and
// points (#tournament-line) is fetched again when the table's socket brings the hand's result (the
// standings move when a hand ends); its hx-get answers the line as the server has it now.
(function () {
  var pending = null;
  document.addEventListener("htmx:wsAfterMessage", function (e) {
    var line = document.getElementById("tournament-line");
    var message = e.detail && e.detail.message;
    if (!line || typeof message !== "string" || message.indexOf('<section id="result"') < 0) return;
    clearTimeout(pending);  // a burst of frames (the result, then the ready marks): one fetch
    pending = setTimeout(function () { htmx.trigger(line, "refresh"); }, 300);
  });
})();
// The lobby's and the tournament page's time to a scheduled start (.tournament-countdown) ticks each
// second as h:mm:ss inside the page's own words (data-label, "{left}" the time); without the script
// the server's text ("starts in 2 hours") stays.
(function () {
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    document.querySelectorAll(".tournament-countdown[data-starts]").forEach(function (el) {
      var at = Date.parse(el.dataset.starts);
      if (isNaN(at) || !el.dataset.label) return;
      var left = Math.max(0, Math.floor((at - Date.now()) / 1000));
      var shown = Math.floor(left / 3600) + ":" + pad(Math.floor(left / 60) % 60) + ":" + pad(left % 60);
      el.textContent = el.dataset.label.replace("{left}", shown);
    });
  }
  tick();
  setInterval(tick, 1000);
})();
