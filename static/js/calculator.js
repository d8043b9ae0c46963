// The hand calculator's card picker: tapping a card adds it to the field last focused (hand, winning
// card or table groups; the hand at first), ⌫ removes the field's last character; the field's change
// event lets htmx score the hand at once. Without JavaScript the picker stays hidden: type the cards.
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
  picker.addEventListener("click", function (e) {
    var button = e.target.closest("button.pick");
    if (!button || !target) return;
    if (button.dataset.back) target.value = target.value.replace(/\s*\S$/, "");
    else target.value = target.name === "card" ? button.dataset.card : target.value + button.dataset.card;
    target.dispatchEvent(new Event("change", {bubbles: true}));
  });
});
