"use strict";
(function () {
  var token = G.fragmentKey();
  function headers() { return { "X-Organiser-Token": token, "Content-Type": "application/json" }; }
  function load() {
    fetch("/api/organiser", { headers: headers() }).then(function (r) {
      return r.json().then(function (d) { return { ok: r.ok, d: d }; });
    }).then(function (res) {
      var err = G.$("error");
      if (!res.ok) { err.classList.remove("hidden"); err.textContent = res.d.zh + " · " + res.d.en; return; }
      err.classList.add("hidden");
      var box = G.clear(G.$("tables"));
      res.d.tables.forEach(function (row) {
        if (!row.table) { box.appendChild(G.el("p", null, row.zh + " · " + row.en)); return; }
        var s = G.el("div", { "class": "row" });
        s.appendChild(G.el("strong", null, row.table));
        s.appendChild(G.el("span", null, row.title + " · " + row.seq + (row.sealed ? " · 已封存 sealed" : "")));
        var a = G.el("a", { href: row.record, "class": "recorder-link" }, "记录员 Recorder");
        s.appendChild(a);
        s.appendChild(G.el("code", null, "密钥 secret: " + row.secret));
        var b = G.el("button", { type: "button", "data-table": row.table }, row.hands_open ? "隐藏手牌 Hide hands" : "公开手牌 Open hands");
        b.addEventListener("click", function () {
          fetch("/api/t/" + encodeURIComponent(row.table) + "/hands", {
            method: "POST", headers: headers(), body: JSON.stringify({ open: !row.hands_open })
          }).then(load);
        });
        s.appendChild(b);
        var wrap = G.el("section");
        wrap.appendChild(s);
        box.appendChild(wrap);
      });
    });
  }
  load();
})();
