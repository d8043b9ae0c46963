// The table's countdowns: each [data-deadline] element shows the seconds left, with the page's unit
// (#table-live's data-second: "s", 秒). A lost websocket says so in the flash box (#table-live's
// data-offline) until the extension has reconnected; everything else on the page is server-rendered
// HTML swapped in by the htmx websocket extension (a reconnect brings a full snapshot).
// Versions: #table-version says which version of the table the page shows and carries the hand's move
// number, added to every message the page sends (no form carries it, so an unchanged fragment stays
// byte-identical). A frame diffed against another version than the one shown (a lost frame) asks the
// server for a full snapshot ("sync").
(function () {
  var live = document.getElementById("table-live");
  var unit = (live && live.dataset.second) || "s";
  var offline = null;  // the pending "connection lost" notice
  function tick() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil((Date.parse(el.dataset.deadline) - Date.now()) / 1000));
      el.textContent = left + unit;
      el.classList.toggle("urgent", left <= 5);
    });
  }
  function notice(text) {
    var flash = document.getElementById("flash");
    if (!flash || (!text && !flash.classList.contains("offline"))) return;
    flash.textContent = text;
    flash.className = text ? "flash error offline" : "flash";
  }
  var shown = null;  // the version the page shows
  function version() { return document.getElementById("table-version"); }
  document.addEventListener("htmx:wsConfigSend", function (e) {
    var v = version();
    if (v && v.dataset.moveNo !== "") e.detail.parameters.move_no = v.dataset.moveNo;
    // One form holds the hand: the card clicked says which discard it is.
    var button = e.detail.triggeringEvent && e.detail.triggeringEvent.submitter;
    if (button && button.name) e.detail.parameters[button.name] = button.value;
  });
  document.addEventListener("htmx:wsAfterMessage", function (e) {
    var v = version();
    if (!v || v.dataset.version === shown) return;
    var base = v.dataset.base, before = shown;
    shown = v.dataset.version;
    if (base !== "" && before !== null && base !== before) {
      e.detail.socketWrapper.send(JSON.stringify({op: "sync"}));
    }
  });
  setInterval(tick, 500);
  document.addEventListener("htmx:wsAfterMessage", tick);
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:wsClose", function (e) {
    clearTimeout(offline);  // a moment's grace: leaving the page closes the socket too
    if (e.detail.event && e.detail.event.code >= 4000) return;  // closed on purpose: the page says why
    offline = setTimeout(function () { notice(live && live.dataset.offline); }, 1500);
  });
  document.addEventListener("htmx:wsOpen", function () {
    clearTimeout(offline);
    notice("");
  });
})();
