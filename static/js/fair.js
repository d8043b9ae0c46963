// Provably fair deals (commit–reveal): this browser's client seed for the table's next deal. Whenever
// the table shows a commitment not seeded yet ([data-fair-next], the SHA-256 of the next hand's server
// seed), a fresh 128-bit seed from crypto.getRandomValues goes over the table's socket as
// {"op": "seed", "seed": "<hex>"}; the deal mixes it into its seed, and [data-fair-mine] shows it.
// A private room's join page has no socket: its form carries the seed ([data-fair-seed]), chosen after
// the page showed the commitment, since the join that fills the room deals at once.
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
  function joinForm() {
    var inputs = document.querySelectorAll("input[data-fair-seed]");
    if (!inputs.length) return;
    mine = fresh();
    inputs.forEach(function (el) { el.value = mine; });
    show();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", joinForm);
  else joinForm();
  document.addEventListener("htmx:wsOpen", function (e) { seeded = null; seed(e); });
  document.addEventListener("htmx:wsAfterMessage", seed);
})();
