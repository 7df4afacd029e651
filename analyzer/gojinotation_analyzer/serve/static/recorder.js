"use strict";
(function () {
  var name = G.tableName();
  var secret = G.fragmentKey();
  var st = null;
  var pending = null;       // the GJN last refused (for "record as irregular")
  var seenDisputes = null;  // keys of the disputes already shown
  var selected = [];
  var chosen = 0;           // the seat picked by hand (0: the seat to act)

  function seatNow() { return chosen || (st && st.to_act.length ? st.to_act[0] : 1); }

  function api(path, body) {
    var opts = { headers: { "X-Table-Secret": secret } };
    if (body) {
      opts.method = "POST";
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    return fetch("/api/t/" + encodeURIComponent(name) + path, opts).then(function (r) {
      return r.json().then(function (d) { return { status: r.status, d: d }; });
    });
  }
  function showError(d) {
    var e = G.$("error");
    e.textContent = (d.zh || "") + " · " + (d.en || "");
    e.classList.remove("hidden");
  }
  function hide(id) { G.$(id).classList.add("hidden"); }

  function dkey(d) { return [d.rule_id, d.line, d.column, d.en].join("|"); }

  function render(data) {
    st = data;
    document.body.setAttribute("data-seq", String(st.seq));
    G.$("title").textContent = st.title + " · " + st.table;
    var status = st.sealed ? "已封存 sealed" : st.over ? "本局结束 deal over" : "进行中 live";
    G.$("status").textContent = status + " · 第 " + st.deal + " 局 deal " + st.deal;
    document.body.setAttribute("data-deals", String(st.deals));
    G.$("seq").textContent = st.seq + " 动作 actions";
    G.seatsTable(G.$("seats"), st);
    G.$("record").textContent = st.text;
    // the seat to act and its legal actions first
    var legal = G.clear(G.$("legal"));
    var fill = G.$("fill");
    if (st.over || st.sealed) {
      G.$("toact").textContent = st.sealed ? "记录已封存 The record is sealed" : "本局结束 The deal is over";
      fill.classList.add("hidden");
    } else {
      var seat = st.to_act[0];
      G.$("toact").textContent = "轮到座位 " + seat + " · Seat " + seat + " to act";
      if (st.fill) {
        fill.textContent = "补记 Fill: " + st.fill;
        fill.setAttribute("data-gjn", st.fill);
        fill.classList.remove("hidden");
      } else {
        fill.classList.add("hidden");
      }
      st.legal.forEach(function (group, i) {
        var box = G.el("div", { "class": "row", "data-seat": group.seat });
        box.appendChild(G.el("span", { "class": "muted" }, (i === 0 ? "可行 Legal " : "插入 May interject ") + group.seat + ":"));
        group.actions.forEach(function (a) {
          var b = G.el("button", { type: "button", "class": "act", "data-gjn": a }, a);
          box.appendChild(b);
        });
        if (group.more) box.appendChild(G.el("span", { "class": "muted" }, "… 更多请输入 type for more"));
        legal.appendChild(box);
      });
    }
    renderHand();
    // result and seal
    var rb = G.$("result-box");
    if (st.result) {
      rb.classList.remove("hidden");
      G.$("result").textContent = G.resultText(st);
      var cbox = G.clear(G.$("confirm"));
      for (var k = 1; k <= 6; k++) {
        var done = st.confirmed.indexOf(k) >= 0;
        var who = st.seats[k - 1].name ? " " + st.seats[k - 1].name : "";
        var cb = G.el("button", { type: "button", "class": "chip" + (done ? " sel" : ""), "data-seat": k },
          (done ? "✓ " : "") + k + who + (done ? " 已确认 confirmed" : " 确认 confirms"));
        if (done || st.sealed) cb.disabled = true;
        cbox.appendChild(cb);
      }
      var seal = G.$("seal");
      seal.classList.toggle("hidden", !!st.sealed);
      seal.disabled = st.confirmed.length < 6;
      G.$("sha").textContent = st.sealed ? "SHA-256: " + st.sha256 : "";
    } else {
      rb.classList.add("hidden");
    }
    var nb = G.$("next-box");
    nb.classList.toggle("hidden", !st.sealed);
    if (st.sealed) {
      var nl = st.next_leader;
      G.$("next-leader-text").textContent = nl ? "首发 Leader: " + nl + "（按上一局结果 from the last deal's result）" : "首发由开牌决定 · a fresh 开牌 decides the leader:";
      G.$("next-leader").classList.toggle("hidden", !!nl);
    }
    // dispute alert: the open points this record now depends on, new ones first
    var keys = st.disputes.map(dkey);
    if (seenDisputes === null) seenDisputes = keys;  // the ones before this session
    var fresh = st.disputes.filter(function (d) { return seenDisputes.indexOf(dkey(d)) < 0; });
    if (fresh.length) {
      var list = G.clear(G.$("dispute-list"));
      fresh.forEach(function (d) {
        var item = G.el("div", { "class": "dispute-item", "data-rule": d.rule_id });
        item.appendChild(G.el("strong", null, d.rule_id + " " + d.title_zh + " · " + d.title_en));
        item.appendChild(G.el("div", null, d.zh));
        item.appendChild(G.el("div", null, d.en));
        d.readings.forEach(function (r) { item.appendChild(G.el("div", { "class": "muted" }, "· " + r.join(": "))); });
        d.sources.forEach(function (s) { item.appendChild(G.el("div", { "class": "muted" }, s)); });
        list.appendChild(item);
      });
      G.$("dispute").classList.remove("hidden");
      seenDisputes = keys;
    }
  }

  function renderSeats() {
    var box = G.clear(G.$("seat-pick"));
    for (var k = 1; k <= 6; k++) {
      var b = G.el("button", { type: "button", "class": "chip" + (seatNow() === k ? " sel" : ""), "data-seat": k }, k);
      box.appendChild(b);
    }
  }

  function renderHand() {
    renderSeats();
    var box = G.clear(G.$("hand"));
    if (!st || st.over) return;
    var seat = seatNow();
    G.$("hand-title").textContent = "座位 " + seat + " 手牌 · Seat " + seat + "'s hand (点选 tap cards)";
    var s = st.seats[seat - 1];
    (s.hand || []).forEach(function (c, i) {
      var b = G.el("button", { type: "button", "class": "chip" + (selected.indexOf(i) >= 0 ? " sel" : ""), "data-i": i }, c);
      box.appendChild(b);
    });
  }

  function after(res, gjn) {
    if (res.status === 200) {
      hide("error"); hide("refusal"); pending = null; selected = []; chosen = 0;
      G.$("gjn").value = "";
      render(res.d);
      return;
    }
    if (res.status === 422 && res.d.rule_id) {
      pending = gjn;
      G.$("refusal-title").textContent = "拒绝 Refused: " + res.d.rule_id + " " + res.d.title_zh + " · " + res.d.title_en;
      var tx = G.clear(G.$("refusal-text"));
      tx.appendChild(G.el("div", null, res.d.action + " — " + res.d.zh));
      tx.appendChild(G.el("div", null, res.d.en));
      var src = G.clear(G.$("refusal-sources"));
      res.d.sources.forEach(function (c) { src.appendChild(G.el("li", null, c.file + " " + c.section + " “" + c.quote + "”")); });
      G.$("refusal").classList.remove("hidden");
      return;
    }
    showError(res.d);
    if (res.status === 409) load();
  }

  function send(gjn) {
    if (!st) return;
    api("/act", { seq: st.seq, gjn: gjn }).then(function (r) { after(r, gjn); });
  }
  function load() {
    api("/record").then(function (r) {
      if (r.status !== 200) { showError(r.d); return; }
      render(r.d);
    });
  }

  G.$("legal").addEventListener("click", function (e) {
    var g = e.target.getAttribute && e.target.getAttribute("data-gjn");
    if (g) send(g);
  });
  G.$("fill").addEventListener("click", function () { send(G.$("fill").getAttribute("data-gjn")); });
  G.$("enter").addEventListener("click", function () { send(G.$("gjn").value.trim()); });
  G.$("gjn").addEventListener("keydown", function (e) { if (e.key === "Enter") send(G.$("gjn").value.trim()); });
  G.$("hand").addEventListener("click", function (e) {
    var i = e.target.getAttribute && e.target.getAttribute("data-i");
    if (i === null || i === undefined) return;
    i = Number(i);
    var k = selected.indexOf(i);
    if (k >= 0) selected.splice(k, 1); else selected.push(i);
    renderHand();
  });
  G.$("clear-sel").addEventListener("click", function () { selected = []; renderHand(); });
  function selectedCards() {
    var hand = st.seats[seatNow() - 1].hand || [];
    return selected.map(function (i) { return hand[i]; }).join("");
  }
  G.$("play-sel").addEventListener("click", function () {
    if (!st || !selected.length) return;
    send(seatNow() + ":" + selectedCards());
  });
  G.$("seat-pick").addEventListener("click", function (e) {
    var k = e.target.getAttribute && e.target.getAttribute("data-seat");
    if (!k) return;
    chosen = Number(k);
    selected = [];
    renderHand();
  });
  G.$("words").addEventListener("click", function (e) {
    var w = e.target.getAttribute && e.target.getAttribute("data-word");
    if (w === null || w === undefined || !st) return;
    var text = seatNow() + ":" + w + (e.target.getAttribute("data-cards") ? selectedCards() : "");
    var input = G.$("gjn");
    input.value = text;
    input.focus();
  });
  G.$("irregular").addEventListener("click", function () {
    if (!pending) return;
    var ruling = G.$("ruling").value.replace(/[\]\\\[]/g, " ").trim() || "accept";
    var g = pending.charAt(0) === "^" ? pending : "^" + pending;
    send(g + " [%ruling " + ruling + "]");
  });
  G.$("dispute-ok").addEventListener("click", function () { hide("dispute"); });
  G.$("undo").addEventListener("click", function () {
    if (!st) return;
    api("/undo", { seq: st.seq }).then(function (r) { after(r, null); });
  });
  G.$("confirm").addEventListener("click", function (e) {
    var k = e.target.closest && e.target.closest("button[data-seat]");
    if (!k || k.disabled || !st) return;
    api("/confirm", { seq: st.seq, seat: Number(k.getAttribute("data-seat")) }).then(function (r) { after(r, null); });
  });
  G.$("next").addEventListener("click", function () {
    if (!st) return;
    var body = { seq: st.seq, hands: G.$("next-hands").value };
    var ld = G.$("next-leader").value.trim();
    if (!st.next_leader && ld) body.leader = Number(ld);
    api("/next", body).then(function (r) {
      if (r.status === 200) { G.$("next-hands").value = ""; seenDisputes = null; }
      after(r, null);
    });
  });
  G.$("seal").addEventListener("click", function () {
    if (!st) return;
    api("/seal", { seq: st.seq }).then(function (r) { after(r, null); });
  });
  if (!secret) showError({ zh: "链接缺少本桌密钥", en: "the link lacks the table's secret" });
  load();
})();
