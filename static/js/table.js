// The table page's behaviour around the server-rendered fragments the htmx websocket extension swaps in.
// Every player-facing word comes from the page (data-* attributes of #table-live, translated by Django).
// - Countdowns: each [data-deadline] shows the seconds left; the seat to act carries a ring.
// - Versions: #table-version says which version the page shows and carries the hand's move number,
//   added to every message sent (no form carries it, so an unchanged fragment stays byte-identical); a
//   frame diffed against another version than the one shown asks for a full snapshot ("sync"); a
//   reconnect sends the version shown (?since=) and gets only what changed since, when the server can.
// - Fragments: one the server sends again unchanged (a full snapshot re-sends all) is not swapped, so
//   an open chi menu, a chosen card and the focus stay; a changed one gets the focus back by id/data-key.
// - Connection: retried every 250 ms (online/visibility retry at once); the notice shows 0.6 s after
//   the socket closed (however many retries fail meanwhile) and the countdowns stand still, greyed, until
//   it is back. A tap made while it is down is kept (the latest one) and sent once the snapshot after the
//   reconnect shows the same move still offered at the same move number; otherwise the page says so.
// - The hand: tap chooses a card, a second tap (or 打出) discards it; cards can be dragged to another
//   column (kept for the hand in sessionStorage); arrow keys move along the hand.
// - Motion: each card travels from where it came (FLIP, off under prefers-reduced-motion), a banner for
//   forced moves, Web Audio sounds.
// - Quick chat: a phrase picked is sent as {"op": "chat", "phrase": id}; each say that comes (a line in
//   #chat-inbox) shows as a bubble by the sayer's seat for BUBBLE_MS, unless this viewer muted the chat.
// - Settings kept in this browser's localStorage per player: sound on/off, chat on/off, big cards.
(function () {
  var live = document.getElementById("table-live");
  if (!live) return;
  var text = live.dataset;
  var unit = text.second || "s";
  var player = text.player || "guest";

  // ---- settings (localStorage, per player on this device)
  function setting(name, fallback) {
    try { var v = localStorage.getItem("paohuzi:" + player + ":" + name); return v === null ? fallback : v === "1"; }
    catch (e) { return fallback; }
  }
  function store(name, on) { try { localStorage.setItem("paohuzi:" + player + ":" + name, on ? "1" : "0"); } catch (e) {} }
  var sound = setting("sound", true), big = setting("big-cards", false), chatOn = setting("chat", true);
  function showSettings() {
    document.documentElement.classList.toggle("big-cards", big);
    var b = document.getElementById("big-toggle");
    document.querySelectorAll(".sound-toggle").forEach(function (s) {  // the table's, and the result panel's
      s.textContent = sound ? text.soundOn : text.soundOff; s.setAttribute("aria-pressed", String(sound));
    });
    document.querySelectorAll(".chat-toggle").forEach(function (c) {  // the table's, and the result panel's
      c.textContent = chatOn ? text.chatOn : text.chatOff; c.setAttribute("aria-pressed", String(chatOn));
    });
    if (b) { b.textContent = big ? text.bigOn : text.bigOff; b.setAttribute("aria-pressed", String(big)); }
  }
  showSettings();
  document.addEventListener("click", function (e) {
    if (e.target.closest(".sound-toggle")) { sound = !sound; store("sound", sound); showSettings(); if (sound) beep("turn"); }
    if (e.target.closest("#big-toggle")) { big = !big; store("big-cards", big); showSettings(); }
    if (e.target.closest(".chat-toggle")) {
      chatOn = !chatOn; store("chat", chatOn); showSettings();
      if (!chatOn) document.querySelectorAll(".chat-bubble").forEach(function (el) { el.remove(); });
    }
    var choice = e.target.closest(".chat-choice");
    if (choice) say(choice);
  });

  // ---- quick chat: a fixed phrase to the table; each say a bubble by its seat
  var BUBBLE_MS = 3000;
  function say(choice) {
    var picker = document.getElementById("chat-picker");
    if (picker) picker.open = false;
    if (!link.connected() || !link.socket()) { notice(text.chatOffline, "info"); return; }
    link.socket().send(JSON.stringify({op: "chat", phrase: choice.dataset.phrase}));
    var choices = document.querySelectorAll(".chat-choice");  // the server allows one say a few seconds
    choices.forEach(function (c) { c.disabled = true; });
    setTimeout(function () { choices.forEach(function (c) { c.disabled = false; }); }, 1000 * (+text.chatSeconds || 3));
  }
  function sayings() {
    document.querySelectorAll("#chat-inbox .chat-line").forEach(function (line) {
      line.remove();
      var seat = document.getElementById("seat-" + line.dataset.seat);
      if (!chatOn || !seat || !seat.parentNode) return;
      var slot = seat.parentNode, bubble = slot.querySelector(".chat-bubble");
      if (!bubble) {
        bubble = document.createElement("div");
        bubble.className = "chat-bubble"; bubble.setAttribute("role", "status");
        slot.appendChild(bubble);
      }
      bubble.textContent = line.textContent;
      bubble.dataset.phrase = line.dataset.phrase;
      bubble.classList.toggle("emoji", line.classList.contains("emoji"));
      clearTimeout(bubble.timer);
      bubble.timer = setTimeout(function () { bubble.remove(); }, BUBBLE_MS);
    });
  }

  // ---- sounds, synthesized (no files): your turn, a claim, a win, the last seconds
  var audio = null;
  function unlock() {
    if (!audio && (window.AudioContext || window.webkitAudioContext)) audio = new (window.AudioContext || window.webkitAudioContext)();
    if (audio && audio.state === "suspended") audio.resume();
  }
  document.addEventListener("pointerdown", unlock, true);
  document.addEventListener("keydown", unlock, true);
  var TUNES = {turn: [[660, 0, .12], [880, .13, .16]], claim: [[220, 0, .09], [330, .05, .09]],
               win: [[523, 0, .14], [659, .14, .14], [784, .28, .14], [1047, .42, .3]], tick: [[1200, 0, .05]]};
  function beep(name) {
    if (!sound || !audio || audio.state !== "running") return;
    TUNES[name].forEach(function (n) {
      var o = audio.createOscillator(), g = audio.createGain(), t = audio.currentTime + n[1];
      o.type = name === "claim" ? "square" : "sine";
      o.frequency.value = n[0];
      g.gain.setValueAtTime(0.0001, t);
      g.gain.exponentialRampToValueAtTime(0.18, t + 0.01);
      g.gain.exponentialRampToValueAtTime(0.0001, t + n[2]);
      o.connect(g).connect(audio.destination);
      o.start(t); o.stop(t + n[2] + 0.02);
    });
  }

  // ---- countdowns and the ring on the seat to act
  var totals = {}, lastTick = null, downAt = null;  // downAt: when the socket closed (the clocks stand still)
  function tick() {
    var now = downAt || Date.now();
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil((Date.parse(el.dataset.deadline) - now) / 1000));
      el.textContent = left + unit;
      el.classList.toggle("urgent", left <= 5);
      el.classList.toggle("paused", !!downAt);
    });
    var clock = document.querySelector(".table-info .turn-clock"), ring = document.getElementById("turn-ring");
    var seat = clock && document.querySelector(clock.dataset.mine ? ".slot.me .seat" : ".seat.turn");
    if (!clock || !seat) {
      if (ring) ring.remove();
      if (clock) clock.classList.add("unplaced");
      return;
    }
    var left = Math.max(0, (Date.parse(clock.dataset.deadline) - now) / 1000);
    var total = totals[clock.dataset.deadline] = Math.max(totals[clock.dataset.deadline] || 0, left, 1);
    if (!ring) {
      ring = document.createElement("div");
      ring.id = "turn-ring"; ring.className = "turn-ring"; ring.setAttribute("role", "timer");
      ring.appendChild(document.createElement("span"));
    }
    if (ring.parentNode !== seat) seat.appendChild(ring);
    clock.classList.remove("unplaced");
    var whole = Math.ceil(left);
    ring.style.setProperty("--left", (left / total).toFixed(3));
    ring.firstChild.textContent = whole;
    ring.setAttribute("aria-label", clock.title + " " + whole + unit);
    ring.classList.toggle("urgent", whole <= 5);
    ring.classList.toggle("paused", !!downAt);
    if (!downAt && clock.dataset.mine && whole <= 5 && whole > 0 && whole !== lastTick) beep("tick");
    lastTick = whole;
  }
  setInterval(tick, 250);

  // ---- connection (static/js/live_socket.js): fast retries, a prompt notice; a tap made offline is kept
  // and sent after the reconnect's snapshot only while still valid; the clocks stand still while down
  var pending = null, reopened = false;  // the tap kept while down; a snapshot is due after a reconnect
  function notice(message, level) {  // level "info": a line of its own, which a reconnect does not clear
    var flash = document.getElementById("flash");
    if (!flash || (!message && !flash.classList.contains("offline"))) return;
    PaohuziLive.notice(message, level);
    barShown = null;  // the line above the table moved the hand down: clear of the bar again
    handInView();
  }
  var link = PaohuziLive.watch(live, {
    notice: notice,
    offline: function () { return pending ? text.queued : text.offline; },
    opened: function () { reopened = downAt !== null; downAt = null; },
    closed: function () { if (downAt === null) { downAt = Date.now(); tick(); } }
  });

  // ---- versions, and what every message sends
  var shown = null;  // the version the page shows
  function version() { return document.getElementById("table-version"); }
  // A reconnect says which version the page shows (?since=): the server sends only what changed since,
  // when its short history knows that version, else a full snapshot (docs/protocol.md#versions-and-resync).
  var openSocket = htmx.createWebSocket || function (url) {  // as the ws extension's own
    var sock = new WebSocket(url, []); sock.binaryType = htmx.config.wsBinaryType; return sock;
  };
  htmx.createWebSocket = function (url) {
    return openSocket(shown === null ? url : url + (url.indexOf("?") < 0 ? "?" : "&") + "since=" + shown);
  };
  var versioned = false;  // the message being swapped carries #table-version
  document.addEventListener("htmx:wsConfigSend", function (e) {
    var v = version();
    if (v && v.dataset.moveNo !== "") e.detail.parameters.move_no = v.dataset.moveNo;
    // One form holds the hand: the card clicked says which discard it is.
    var button = e.detail.triggeringEvent && e.detail.triggeringEvent.submitter;
    if (button && button.name) e.detail.parameters[button.name] = button.value;
    if (!link.connected()) {  // kept, and sent after the reconnect's snapshot if it still applies
      e.preventDefault();
      var message = Object.assign({}, e.detail.parameters);
      if (e.detail.headers) message.HEADERS = e.detail.headers;
      pending = {body: JSON.stringify(message), op: message.op, action: message.action, moveNo: message.move_no};
      notice(text.queued);
      return;
    }
    if (button && button.dataset.key) sentFrom = button.getBoundingClientRect();
  });
  function stillOffered(p) {  // the same control on the page now, at the same move number
    var controls = live.querySelectorAll(p.action === undefined ? 'input[name="op"]' : '[name="action"]');
    var offered = Array.prototype.some.call(controls, function (c) {
      var op = c.form && c.form.querySelector('input[name="op"]');
      return c.value === (p.action === undefined ? p.op : p.action) && op && op.value === p.op;
    });
    var v = version();
    return offered && (p.moveNo === undefined || (v && v.dataset.moveNo === p.moveNo));
  }
  function sendPending(socketWrapper) {
    var p = pending;
    pending = null;
    if (stillOffered(p)) socketWrapper.send(p.body);
    else notice(text.stale, "info");
  }

  // ---- fragments: skip unchanged ones; keep focus, selection and arrangement across changed ones
  var served = {};  // fragment id → the HTML the server last sent for it
  live.querySelectorAll("section[id]").forEach(function (el) { served[el.id] = el.outerHTML; });  // as the page came
  var focusKey = null, before = null, sentFrom = null, newEvents = [];
  function keyOf(el) {
    if (!el || !live.contains(el)) return null;
    if (el.dataset.key) return {sel: '[data-key="' + el.dataset.key + '"]', index: handCards().indexOf(el)};
    return el.id ? {sel: "#" + CSS.escape(el.id)} : null;
  }
  live.addEventListener("htmx:wsBeforeMessage", function () {
    versioned = false;
    focusKey = keyOf(document.activeElement) || focusKey;
    before = snapshotMotion();
    newEvents = [];
  });
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    var el = e.detail.fragment && e.detail.fragment.firstElementChild, target = e.detail.target;
    if (target.id === "table-version") versioned = true;
    if (target.id === "event-log-list") {
      newEvents = Array.prototype.slice.call(e.detail.fragment.querySelectorAll ? e.detail.fragment.querySelectorAll("li") : []);
      return;
    }
    if (!el || el.id !== target.id) return;
    if (served[el.id] === el.outerHTML) { e.detail.shouldSwap = false; return; }
    served[el.id] = el.outerHTML;
  });
  live.addEventListener("htmx:wsAfterMessage", function (e) {
    var v = version();
    if (v && v.dataset.version !== shown) {
      var base = v.dataset.base, was = shown;
      shown = v.dataset.version;
      if (base !== "" && was !== null && base !== was) e.detail.socketWrapper.send(JSON.stringify({op: "sync"}));
    }
    if (reopened && versioned) {  // the reconnect's first frame is in: a snapshot, or what changed since
      reopened = false;
      if (pending) sendPending(e.detail.socketWrapper);
    }
    sayings();
    keyHand();
    arrange();
    discardButton();
    choose(chosenKey);
    restoreFocus();
    motion(before);
    showSettings();
    resultInView();
    handInView();
    tick();
  });
  // The result sheet (fixed on a phone) comes in under the site's header: the page to the top, so the
  // header and its menu are in view above the sheet.
  var resultShown = false;
  function resultInView() {
    var result = document.querySelector("#result:not(.hidden)");
    if (result && !resultShown && getComputedStyle(result).position === "fixed") window.scrollTo(0, 0);
    resultShown = !!result;
  }
  // A new decision: the hand (and its hints above it) scrolled clear of the fixed decision bar, so no
  // row of cards sits under it; only as far as needed, the hand's top kept in view.
  var barShown = null;
  function handInView() {
    var bar = document.getElementById("action-bar"), hand = document.getElementById("my-hand");
    var now = bar ? bar.textContent : null;
    if (now === barShown) return;
    barShown = now;
    if (!bar || !hand || getComputedStyle(bar).position !== "fixed") return;
    var top = bar.getBoundingClientRect().top, r = hand.getBoundingClientRect();
    var under = r.bottom + 6 - top;
    if (under > 0) window.scrollBy(0, Math.min(under, Math.max(0, r.top)));
  }
  function restoreFocus() {
    var active = document.activeElement;
    if (!focusKey || (active && active !== document.body)) return;
    var el = live.querySelector(focusKey.sel);
    if (!el && focusKey.index !== undefined) {
      var cards = handCards();
      el = cards[Math.min(focusKey.index, cards.length - 1)];
    }
    if (el) el.focus({preventScroll: true});
  }
  document.addEventListener("focusin", function (e) { focusKey = keyOf(e.target); });

  // ---- the hand: choose then discard; drag between columns; arrow keys
  var chosenKey = null, dragged = false;
  // Each hand card keyed by face and copy ("五2"), so focus, choice and arrangement follow the card.
  function keyHand() {
    var seen = {};
    document.querySelectorAll("#my-hand .column .card:not([data-key])").forEach(function (c) {
      var face = c.textContent;
      seen[face] = (seen[face] || 0) + 1;
      c.dataset.key = face + seen[face];
      if (c.tagName !== "BUTTON") c.tabIndex = -1;  // reachable with the arrow keys
    });
  }
  function discardButton() {  // 打出: discards the chosen card, in the decision bar
    var bar = document.getElementById("action-bar");
    if (!bar || !document.querySelector("#my-hand form.discard") || document.getElementById("act-discard")) return;
    var go = document.createElement("button");
    go.type = "button"; go.id = "act-discard"; go.className = "button primary"; go.hidden = true;
    go.append(text.discard + " ", Object.assign(document.createElement("span"), {className: "chosen"}));
    bar.appendChild(go);
  }
  function handCards() { return Array.prototype.slice.call(document.querySelectorAll("#my-hand .column .card")); }
  function choose(key) {
    var button = key && document.querySelector('#my-hand form.discard button[data-key="' + key + '"]');
    chosenKey = button ? key : null;
    handCards().forEach(function (c) { c.classList.toggle("selected", c === button); c.setAttribute("aria-pressed", String(c === button)); });
    var go = document.getElementById("act-discard");
    if (go) {
      go.hidden = !button;
      go.querySelector(".chosen").textContent = button ? button.textContent : "";
    }
  }
  live.addEventListener("click", function (e) {
    if (dragged) { e.preventDefault(); e.stopPropagation(); dragged = false; return; }
    var card = e.target.closest("#my-hand form.discard button.card");
    if (card && !card.classList.contains("selected")) {  // the first tap only chooses it
      e.preventDefault(); e.stopPropagation();
      choose(card.dataset.key);
      return;
    }
    if (e.target.closest("#act-discard")) {
      var chosen = chosenKey && document.querySelector('#my-hand form.discard button[data-key="' + chosenKey + '"]');
      if (chosen) chosen.form.requestSubmit(chosen);
    }
  }, true);
  live.addEventListener("keydown", function (e) {
    var card = e.target.closest && e.target.closest("#my-hand .card[data-key]");
    if (!card) return;
    var cards = handCards(), i = cards.indexOf(card), to = null;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") to = cards[i + 1];
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") to = cards[i - 1];
    else if (e.key === "Home") to = cards[0];
    else if (e.key === "End") to = cards[cards.length - 1];
    else if (e.key === "Escape") { choose(null); return; }
    else return;
    e.preventDefault();
    if (to) to.focus();
  });

  // The player's own columns, kept for the hand (sessionStorage, keyed by table and hand): each column
  // as its cards' faces, re-applied to whatever the server sends until the hand ends.
  function arrangementKey() {
    var hand = document.getElementById("my-hand");
    return hand && hand.dataset.hand ? "paohuzi:hand:" + text.table + ":" + hand.dataset.hand : null;
  }
  function saveArrangement() {
    var key = arrangementKey();
    if (!key) return;
    var cols = Array.prototype.map.call(document.querySelectorAll("#my-hand .column"), function (col) {
      return Array.prototype.map.call(col.querySelectorAll(".card[data-key]"), function (c) { return c.textContent; });
    }).filter(function (col) { return col.length; });
    try { sessionStorage.setItem(key, JSON.stringify(cols)); } catch (e) {}
  }
  function arrange() {
    var key = arrangementKey(), saved = null, box = document.querySelector("#my-hand .columns");
    try { saved = key && JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) {}
    if (!saved || !box || box.dataset.arranged) return;
    box.dataset.arranged = "1";
    var free = handCards(), made = [];
    saved.forEach(function (faces) {
      var col = document.createElement("div");
      col.className = "column kind-own";
      faces.forEach(function (face) {
        var i = free.findIndex(function (c) { return c.textContent === face; });
        if (i >= 0) col.appendChild(free.splice(i, 1)[0]);
      });
      if (col.children.length) made.push(col);
    });
    var rest = Array.prototype.filter.call(box.children, function (col) { return col.children.length; });
    box.replaceChildren.apply(box, made.concat(rest));
  }
  var drag = null;
  live.addEventListener("pointerdown", function (e) {
    var card = e.target.closest("#my-hand .card[data-key]");
    if (!card || e.button > 0) return;
    drag = {card: card, x: e.clientX, y: e.clientY, ghost: null, over: null};
    dragged = false;
  });
  document.addEventListener("pointermove", function (e) {
    if (!drag) return;
    if (!drag.ghost) {
      if (Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) < 10) return;
      drag.ghost = drag.card.cloneNode(true);
      drag.ghost.removeAttribute("id");
      drag.ghost.classList.add("drag-ghost");
      document.body.appendChild(drag.ghost);
      drag.card.classList.add("dragging");
    }
    drag.ghost.style.left = e.clientX + "px";
    drag.ghost.style.top = e.clientY + "px";
    var under = document.elementFromPoint(e.clientX, e.clientY);
    var col = under && under.closest("#my-hand .column");
    if (drag.over && drag.over !== col) drag.over.classList.remove("drop-target");
    drag.over = col;
    if (col) col.classList.add("drop-target");
  });
  document.addEventListener("pointerup", function () {
    if (!drag) return;
    var d = drag;
    drag = null;
    if (!d.ghost) return;
    dragged = true;  // the click that follows is not a tap
    setTimeout(function () { dragged = false; }, 0);
    d.ghost.remove();
    d.card.classList.remove("dragging");
    if (d.over) {
      d.over.classList.remove("drop-target");
      var from = d.card.parentNode;
      if (d.over !== from) {
        d.over.appendChild(d.card);
        if (!from.children.length) from.remove();
        saveArrangement();
      }
    }
    d.card.focus({preventScroll: true});
  });
  document.addEventListener("pointercancel", function () {
    if (drag && drag.ghost) { drag.ghost.remove(); drag.card.classList.remove("dragging"); }
    drag = null;
  });
  keyHand();
  arrange();
  discardButton();
  handInView();

  // ---- motion (FLIP): before a message's swaps each card's box is remembered; after them each card
  // that arrived travels from where it came (stock → shown card, hand or seat → shown card, shown card →
  // a seat's pile or groups, a forced ti/pao/wei in place) with the Web Animations API, under 250 ms and
  // not at all under prefers-reduced-motion. A forced move gets a banner; sounds for your turn, claims, a win.
  var FORCED = ["move-ti", "move-wei", "move-chouwei", "move-pao"];
  var CLAIMS = ["move-peng", "move-chi", "move-pao", "move-ti", "move-wei", "move-chouwei"];
  var still = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : {matches: false};
  function box(el) { return el ? el.getBoundingClientRect() : null; }
  function groupSign(g) { return g.title + g.textContent + g.childElementCount; }  // its kind and cards (backs too)
  function shownCard() { return document.querySelector(".table-info .current .card:last-of-type"); }
  function snapshotMotion() {
    var seats = {};
    document.querySelectorAll(".seat[id]").forEach(function (s) {
      seats[s.id] = {groups: Array.prototype.map.call(s.querySelectorAll(".groups .group"), groupSign),
                     pile: s.querySelectorAll(".pile .card").length, at: box(s.querySelector("header") || s)};
    });
    var current = document.querySelector(".table-info .current"), turn = document.querySelector(".seat.turn");
    return {seats: seats, current: current ? current.textContent : "", shown: box(shownCard()),
            stock: box(document.getElementById("stock-count")), turn: box(turn && (turn.querySelector("header") || turn)),
            bar: !!document.getElementById("action-bar"), won: !!document.querySelector("#result:not(.hidden) #score")};
  }
  function travel(el, from) {  // FLIP: from the old box `from` to where `el` is now
    if (!el || !from || still.matches || !el.animate) return;
    var to = el.getBoundingClientRect();
    var dx = from.left + from.width / 2 - to.left - to.width / 2, dy = from.top + from.height / 2 - to.top - to.height / 2;
    el.animate([{transform: "translate(" + dx + "px, " + dy + "px) scale(.8)", opacity: .6}, {transform: "none", opacity: 1}],
               {duration: 240, easing: "ease-out", id: "travel"});
  }
  function motion(was) {
    if (!was) return;
    var current = document.querySelector(".table-info .current");
    if (current && current.textContent !== was.current) {
      travel(shownCard(), current.dataset.how === "discard" ? (sentFrom || was.turn) : was.stock);
    }
    sentFrom = null;
    document.querySelectorAll(".seat[id]").forEach(function (s) {
      var old = was.seats[s.id];
      if (!old) return;
      var changed = false;
      s.querySelectorAll(".groups .group").forEach(function (g, i) {  // a claim, or a forced move in place
        if (old.groups[i] === groupSign(g)) return;
        changed = true;
        travel(g, was.shown || old.at);
      });
      if (changed) { s.classList.remove("claimed"); void s.offsetWidth; s.classList.add("claimed"); }
      var pile = s.querySelectorAll(".pile .card");
      if (pile.length > old.pile) travel(pile[pile.length - 1], was.shown);
    });
    var forced = null, claimed = false;
    newEvents.forEach(function (li) {
      if (CLAIMS.some(function (c) { return li.classList.contains(c); })) claimed = true;
      if (!forced && FORCED.some(function (c) { return li.classList.contains(c); })) forced = li;
    });
    if (forced) banner(forced);
    var bar = !!document.getElementById("action-bar"), won = !!document.querySelector("#result:not(.hidden) #score");
    if (won && !was.won) beep("win");
    else if (bar && !was.bar) beep("turn");
    else if (claimed) beep("claim");
  }
  var bannerTimer = null;
  function banner(li) {
    var b = document.getElementById("banner");
    if (!b) return;
    b.innerHTML = li.innerHTML;  // the server's own row: "机器人 2 跑 五"
    b.classList.add("on");
    clearTimeout(bannerTimer);
    bannerTimer = setTimeout(function () { b.classList.remove("on"); }, 1600);
  }
})();
