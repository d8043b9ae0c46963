// The table's countdowns: each [data-deadline] element shows the seconds left, with the page's unit
// (#table-live's data-second: "s", 秒). A lost websocket says so in the flash box (#table-live's
// data-offline) until the extension has reconnected; everything else on the page is server-rendered
// HTML swapped in by the htmx websocket extension (a reconnect brings a full snapshot).
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
  setInterval(tick, 500);
  document.addEventListener("htmx:wsAfterMessage", tick);
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:wsClose", function () {
    clearTimeout(offline);  // a moment's grace: leaving the page closes the socket too
    offline = setTimeout(function () { notice(live && live.dataset.offline); }, 1500);
  });
  document.addEventListener("htmx:wsOpen", function () {
    clearTimeout(offline);
    notice("");
  });
})();
