"use strict";
(function () {
  var name = G.tableName();
  var shown = 0;
  function show(st) {
    shown += 1;
    document.body.setAttribute("data-seq", String(st.seq));
    document.body.setAttribute("data-updates", String(shown));
    G.$("title").textContent = st.title + " · " + st.table;
    var status = st.over ? "本局结束 deal over" : "直播中 live";
    if (st.delay) status += " · 延迟 delay " + Math.round(st.delay) + " s";
    if (st.sealed) status += " · 已封存 sealed";
    status += " · " + st.seq + " 动作 actions";
    G.$("status").textContent = status;
    G.seatsTable(G.$("seats"), st);
    G.$("moves").textContent = st.moves.slice(-12).join("\n");
    var rb = G.$("result-box");
    if (st.result) {
      rb.classList.remove("hidden");
      G.$("result").textContent = G.resultText(st);
      var seal = G.clear(G.$("seal"));
      if (st.sealed) {
        seal.appendChild(G.el("div", { "class": "muted" }, "SHA-256: " + st.sha256));
        seal.appendChild(G.el("a", { href: "/t/" + encodeURIComponent(name) + "/replay" }, "复盘 Replay"));
      }
    } else {
      rb.classList.add("hidden");
    }
  }
  function poll() {
    fetch("/api/t/" + encodeURIComponent(name) + "/watch").then(function (r) { return r.json(); }).then(show);
  }
  if (window.EventSource) {
    var es = new EventSource("/api/t/" + encodeURIComponent(name) + "/events");
    es.addEventListener("state", function (e) { show(JSON.parse(e.data)); });
  } else {
    poll();
    setInterval(poll, 3000);
  }
})();
