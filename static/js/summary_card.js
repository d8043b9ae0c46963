// The series' summary picture (大结算) on a private room's final standings: drawn on a canvas in this
// browser from #summary-card-data (the server's words, already in the page's language) with the page's own
// fonts, shown as a PNG (a long press saves it on a phone), saved by "保存图片" (a download), and shared
// with navigator.share where the browser can share files.
(function () {
  var data = document.getElementById("summary-card-data");
  if (!data) return;
  var card = JSON.parse(data.textContent);
  var W = 720, ROW = 64, TOP = 250, PAD = 48;

  function draw() {
    var canvas = document.createElement("canvas"), font = getComputedStyle(document.body).fontFamily;
    canvas.width = W;
    canvas.height = TOP + card.rows.length * ROW + 90;
    var g = canvas.getContext("2d");
    function text(s, x, y, size, weight, colour, align) {
      g.font = (weight || "normal") + " " + size + "px " + font;
      g.fillStyle = colour; g.textAlign = align || "left";
      g.fillText(s, x, y);
    }
    g.fillStyle = "#1f5f3f"; g.fillRect(0, 0, W, canvas.height);  // the table's felt
    g.fillStyle = "#fffdf7"; g.fillRect(24, 24, W - 48, canvas.height - 48);
    text(card.title, W / 2, 96, 44, "bold", "#1f5f3f", "center");
    text(card.room + " · " + card.variant, W / 2, 146, 24, "normal", "#333", "center");
    text(card.date + " · " + card.hands, W / 2, 184, 22, "normal", "#555", "center");
    g.fillStyle = "#1f5f3f"; g.fillRect(PAD, 214, W - 2 * PAD, 2);
    card.rows.forEach(function (r, i) {
      var y = TOP + i * ROW + 30;
      if (r.won) { g.fillStyle = "#fff1c2"; g.fillRect(PAD, y - 42, W - 2 * PAD, ROW - 8); }
      text(String(i + 1), PAD + 20, y, 28, "bold", "#1f5f3f");
      text(r.name, PAD + 64, y, 30, r.won ? "bold" : "normal", "#222");
      if (r.won) text(card.winner, W - PAD - 190, y, 22, "bold", "#a15c00", "right");
      text(r.total, W - PAD - 20, y, 32, "bold", r.total.charAt(0) === "-" ? "#2e6b2e" : "#b3261e", "right");
    });
    text(card.site, W / 2, canvas.height - 48, 20, "normal", "#777", "center");
    return canvas;
  }

  function ready(blob) {
    var file = new File([blob], card.file, {type: "image/png"}), url = URL.createObjectURL(blob);
    var img = document.getElementById("summary-card"), save = document.getElementById("summary-save");
    var share = document.getElementById("summary-share");
    img.src = url; img.hidden = false;
    save.hidden = false;
    save.addEventListener("click", function () {
      var a = document.createElement("a");
      a.href = url; a.download = card.file;
      document.body.appendChild(a); a.click(); a.remove();
    });
    if (navigator.canShare && navigator.canShare({files: [file]})) {
      share.hidden = false;
      share.addEventListener("click", function () {
        navigator.share({files: [file], title: card.title}).catch(function () {});  // a cancelled share is fine
      });
    }
  }

  (document.fonts ? document.fonts.ready : Promise.resolve()).then(function () { draw().toBlob(ready, "image/png"); });
})();
