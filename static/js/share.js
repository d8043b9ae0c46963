// Copy and share buttons (the table's invite): [data-copy] copies the value of the element it names,
// by the clipboard API, else by selecting it and the browser's copy command, and says so on the button;
// .share-button shows only where navigator.share exists (the class can-share on <html>). Delegated on
// the document: the live fragments replace the buttons.
(function () {
  if (navigator.share) document.documentElement.classList.add("can-share");

  function fallback(box) {
    box.focus();
    box.select();
    try { return document.execCommand("copy"); } catch (e) { return false; }
  }

  function said(button, ok) {
    var was = button.dataset.label || button.textContent;
    button.dataset.label = was;
    button.textContent = ok ? button.dataset.copied : was;
    button.classList.toggle("done", ok);
    clearTimeout(button.copyTimer);
    button.copyTimer = setTimeout(function () { button.textContent = was; button.classList.remove("done"); }, 2000);
  }

  document.addEventListener("click", function (e) {
    var copy = e.target.closest("[data-copy]");
    if (copy) {
      var box = document.querySelector(copy.dataset.copy);
      if (!box) return;
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(box.value).then(function () { said(copy, true); },
                                                      function () { said(copy, fallback(box)); });
      } else {
        said(copy, fallback(box));
      }
      return;
    }
    var share = e.target.closest(".share-button[data-share-url]");
    if (share && navigator.share) {
      navigator.share({title: share.dataset.shareTitle, url: share.dataset.shareUrl}).catch(function () {});
    }
  });
})();
