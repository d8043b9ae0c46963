// The connection behaviour every live page shares (the table's, a spectator's, the club lobby's), around
// the htmx ws extension: fast retries (250 ms, then 1 s), a retry at once when the browser is back online
// or the tab shown again, a prompt "connection lost" notice (600 ms after the first close, counted from
// the first close and not from each failed retry; never while the page is being left), none for a close
// the server made on purpose (a code >= 4000: the page was told why), and the notice cleared on reopen.
// The server sends every fragment again on each (re)connect, so a page that comes back is whole.
//   PaohuziLive.watch(live, {notice, offline, opened, closed}) → {connected(), socket()}
(function () {
  var RETRIED = [1006, 1011, 1012, 1013];  // the close codes the extension retries itself
  htmx.config.wsReconnectDelay = function (n) { return n < 20 ? 250 : 1000; };
  function flashNotice(message, level) {  // level "info": a line of its own, which a reconnect does not clear
    var flash = document.getElementById("flash");
    if (!flash || (!message && !flash.classList.contains("offline"))) return;
    flash.textContent = message;
    flash.className = !message ? "flash" : level ? "flash " + level : "flash error offline";
  }
  function watch(live, hooks) {
    hooks = hooks || {};
    var notice = hooks.notice || flashNotice;
    var socket = null, connected = false, connecting = false, retrying = false, offline = null, leaving = false;
    window.addEventListener("pagehide", function () { leaving = true; });
    window.addEventListener("beforeunload", function () { leaving = true; setTimeout(function () { leaving = false; }, 1000); });
    function retryNow() {
      if (!connected && !connecting && !retrying && socket && document.body.contains(live)) socket.reconnect();
    }
    window.addEventListener("online", retryNow);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) retryNow(); });
    live.addEventListener("htmx:wsConnecting", function () { retrying = false; connecting = true; });
    live.addEventListener("htmx:wsOpen", function (e) {
      socket = e.detail.socketWrapper;
      socket.queue.length = 0;  // nothing sent while down is sent now
      connected = true; connecting = false; retrying = false;
      live.dataset.connection = "open";
      clearTimeout(offline);
      offline = null;
      if (hooks.opened) hooks.opened(e);
      notice("");
    });
    live.addEventListener("htmx:wsClose", function (e) {
      var code = e.detail.event && e.detail.event.code;
      socket = e.detail.socketWrapper || socket;
      connected = false; connecting = false;
      live.dataset.connection = "closed";
      if (hooks.closed) hooks.closed(e, code);
      if (code >= 4000) { clearTimeout(offline); live.dataset.connection = "ended"; return; }  // on purpose: the page says why
      if (offline === null) offline = setTimeout(function () { if (!leaving) notice(hooks.offline ? hooks.offline() : live.dataset.offline); }, 600);
      retrying = RETRIED.indexOf(code) >= 0;
      if (!retrying) setTimeout(retryNow, 250);  // e.g. 1001 when the server shuts down
    });
    return {connected: function () { return connected; }, socket: function () { return socket; }};
  }
  window.PaohuziLive = {watch: watch, notice: flashNotice};
})();
