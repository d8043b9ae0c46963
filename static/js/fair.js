// Provably fair deals (commit–reveal): this browser's client seed for the table's next deal. Whenever
// the table shows a commitment not seeded yet ([data-fair-next], the SHA-256 of the next hand's server
// seed), a fresh 128-bit seed from crypto.getRandomValues goes over the table's socket as
// {"op": "seed", "seed": "<hex>"}; the deal mixes it into its seed, and [data-fair-mine] shows it.
// Seating forms (a private room's join, quick match, a tier move: games/_fair_seed.html) carry a seed
// too ([data-fair-seed]), for the join that fills a table: a private room deals at once, before any
// socket could send one. The join page shows the commitment its seed is for ([data-fair-seed="shown"]),
// and [data-fair-mine] shows that seed; a coin table waits DEAL_WAIT_SECONDS so its page can seed.
(function () {
  var seeded = null, mine = "";
  function fresh() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  function show() {
    document.querySelectorAll("[data-fair-mine]").forEach(function (el) { el.textContent = mine; });
  }
  function seed(e) {
    var next = document.querySelector("[data-fair-next]");
    if (next && next.dataset.fairNext !== seeded && e.detail.socketWrapper) {
      seeded = next.dataset.fairNext;
      mine = fresh();
      e.detail.socketWrapper.send(JSON.stringify({op: "seed", seed: mine}));
    }
    show();
  }
  function forms() {  // also for forms swapped in later (the result panel, the unseated panel)
    document.querySelectorAll("input[data-fair-seed]").forEach(function (el) {
      if (el.value) return;
      el.value = fresh();
      if (el.dataset.fairSeed === "shown") { mine = el.value; show(); }
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", forms);
  else forms();
  document.addEventListener("htmx:load", forms);
  document.addEventListener("htmx:wsOpen", function (e) { seeded = null; seed(e); });
  document.addEventListener("htmx:wsAfterMessage", seed);
})();
