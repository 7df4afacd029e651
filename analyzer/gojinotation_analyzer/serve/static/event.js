"use strict";
(function () {
  function load() {
    fetch("/api/tables").then(function (r) { return r.json(); }).then(function (d) {
      var box = G.clear(G.$("tables"));
      var t = G.el("table");
      d.tables.forEach(function (row) {
        var tr = G.el("tr", row.table ? { "data-table": row.table } : null);
        if (!row.table) { tr.appendChild(G.el("td", { colspan: "3" }, row.zh + " · " + row.en)); t.appendChild(tr); return; }
        var td = G.el("td");
        td.appendChild(G.el("a", { href: "/t/" + encodeURIComponent(row.table) }, row.table));
        tr.appendChild(td);
        tr.appendChild(G.el("td", null, row.title));
        var state = "第 " + row.deal + " 局 deal " + row.deal + " · ";
        state += row.sealed ? "已封存 sealed" : row.over ? "结束 over" : "进行中 live · " + row.seq;
        if (row.finish) state += " · " + row.finish + " · " + row.score;
        tr.appendChild(G.el("td", null, state));
        t.appendChild(tr);
      });
      box.appendChild(t);
    });
  }
  load();
  setInterval(load, 5000);
})();
