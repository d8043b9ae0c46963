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
