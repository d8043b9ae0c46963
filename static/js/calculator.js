// The hand calculator's pickers. The card picker: tapping a card adds it to the field last focused (hand,
// winning card or table groups; the hand at first), ⌫ removes the field's last character. The group
// picker: a kind button, then that many cards from the card picker; the server asks the engine
// (/calculator/group/) and the group becomes a chip (× removes it), or the page says why not. The groups
// field stays the one truth (a chip is a line of it); its change event lets htmx score the hand at once.
// Without JavaScript both pickers stay hidden: type the cards and the groups.
document.addEventListener("DOMContentLoaded", function () {
  var picker = document.getElementById("card-picker");
  var form = document.getElementById("calc-form");
  if (!picker || !form) return;
  var target = form.elements.hand;
  ["hand", "card", "groups"].forEach(function (name) {
    var el = form.elements[name];
    if (el) el.addEventListener("focus", function () { target = el; });
  });
  picker.hidden = false;
  var groups = groupPicker(form);
  picker.addEventListener("click", function (e) {
    var button = e.target.closest("button.pick");
    if (!button) return;
    if (groups && groups.building()) { groups.tap(button.dataset.back ? null : button.dataset.card); return; }
    if (!target) return;
    if (button.dataset.back) target.value = target.value.replace(/\s*\S$/, "");
    else target.value = target.name === "card" ? button.dataset.card : target.value + button.dataset.card;
    changed(target);
  });
});

function changed(field) { field.dispatchEvent(new Event("change", {bubbles: true})); }

function groupPicker(form) {
  var box = document.getElementById("group-picker");
  var field = form.elements.groups;
  if (!box || !field) return null;
  var chips = document.getElementById("group-chips");
  var line = document.getElementById("group-building");
  var error = document.getElementById("group-error");
  var kind = null, cards = "";
  box.hidden = false;
  if (!box.dataset.typed) field.closest(".calc-field").hidden = true;  // a refused typed line stays in view

  function show() {
    box.querySelectorAll("button.kind").forEach(function (b) {
      b.setAttribute("aria-pressed", String(kind !== null && b === kind));
    });
    line.hidden = kind === null;
    if (kind) line.textContent = kind.textContent + " " + cards + " · " +
      line.dataset.left.replace("{n}", Number(kind.dataset.size) - cards.length);
  }
  function say(message) { error.textContent = message || ""; error.hidden = !message; }
  function check() {
    var q = new URLSearchParams({kind: kind.dataset.kind, cards: cards, groups: field.value,
                                 hand: form.elements.hand.value, card: form.elements.card.value});
    var done = kind;
    fetch(box.dataset.check + "?" + q, {headers: {"Accept": "application/json"}})
      .then(function (r) { return r.json(); })
      .then(function (answer) {
        if (answer.error) { say(answer.error); cards = ""; show(); return; }
        field.value = field.value.replace(/\s*$/, "") + (field.value.trim() ? "\n" : "") + answer.line;
        chips.insertAdjacentHTML("beforeend", answer.chip);
        if (kind === done) { kind = null; cards = ""; }
        show();
        changed(field);
      })
      .catch(function () { say(box.dataset.failed); cards = ""; show(); });
  }
  box.addEventListener("click", function (e) {
    var button = e.target.closest("button.kind");
    if (button) { say(""); kind = kind === button ? null : button; cards = ""; show(); return; }
    var remove = e.target.closest("button.chip-remove");
    if (!remove) return;
    var chip = remove.closest(".group-chip");
    var lines = field.value.split("\n"), at = lines.findIndex(function (l) { return l.trim() === chip.dataset.line; });
    if (at >= 0) lines.splice(at, 1);
    field.value = lines.join("\n");
    chip.remove();
    say("");
    changed(field);
  });
  return {
    building: function () { return kind !== null; },
    tap: function (card) {
      say("");
      cards = card === null ? cards.slice(0, -1) : cards + card;
      show();
      if (cards.length === Number(kind.dataset.size)) check();
    },
  };
}
