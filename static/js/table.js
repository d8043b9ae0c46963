// The table's countdowns: each [data-deadline] element shows the seconds left, with the page's unit
// (#table-live's data-second: "s", 秒). Everything else on the page is server-rendered HTML swapped in
// by the htmx websocket extension.
(function () {
  var live = document.getElementById("table-live");
  var unit = (live && live.dataset.second) || "s";
  function tick() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil((Date.parse(el.dataset.deadline) - Date.now()) / 1000));
      el.textContent = left + unit;
      el.classList.toggle("urgent", left <= 5);
    });
  }
  setInterval(tick, 500);
  document.addEventListener("htmx:wsAfterMessage", tick);
  document.addEventListener("DOMContentLoaded", tick);
})();
