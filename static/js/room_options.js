// The create form's room options: only the selected variant's group shows (and is sent enabled).
(function () {
  function sync(form) {
    var select = form.querySelector("select[name=variant]");
    if (!select) return;
    form.querySelectorAll("fieldset.room-options").forEach(function (set) {
      var mine = set.dataset.variant === select.value;
      set.hidden = !mine;
      set.disabled = !mine;
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("fieldset.room-options").forEach(function (set) {
      var form = set.form || set.closest("form");
      if (form && !form.dataset.roomOptions) {
        form.dataset.roomOptions = "1";
        form.addEventListener("change", function (e) { if (e.target.name === "variant") sync(form); });
        sync(form);
      }
    });
  });
})();
