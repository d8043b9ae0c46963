// The club lobby, live (clubs/templates/clubs/lobby.html): its sections come over /ws/clubs/<number>/ as
// out-of-band fragments (a table opened, a seat taken, a deal, a series ended, the rule sets, the
// announcement, the members online), the connection kept by static/js/live_socket.js. A tap's form pushed
// over the socket carries no CSRF token (a socket has no request): the page's own is put in on submit.
(function () {
  var live = document.getElementById("club-live");
  if (!live) return;
  PaohuziLive.watch(live);
  function token() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }
  live.addEventListener("submit", function (e) {
    var input = e.target.querySelector('input[name="csrfmiddlewaretoken"]');
    if (input && !input.value) input.value = token();
  });
})();
