// The club lobby, live (clubs/templates/clubs/lobby.html): its sections come over /ws/clubs/<number>/ as
// out-of-band fragments (a table opened, a seat taken, a deal, a series ended, the rule sets, the
// announcement, the members online), the connection kept by static/js/live_socket.js. A tap's form pushed
// over the socket carries no CSRF token (a socket has no request): the page's own is put in on submit.
// Closed on purpose (a member removed, the club dissolved: the server said why first), the taps go.
(function () {
  var live = document.getElementById("club-live");
  if (!live) return;
  PaohuziLive.watch(live, {
    closed: function (e, code) {  // closed on purpose (removed, the club closed): the page said why, no more taps
      if (code < 4000) return;
      document.querySelectorAll("form.club-tap button, #club-leave").forEach(function (b) { b.disabled = true; });
    }
  });
  function token() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }
  live.addEventListener("submit", function (e) {
    var input = e.target.querySelector('input[name="csrfmiddlewaretoken"]');
    if (input && !input.value) input.value = token();
  });
})();
