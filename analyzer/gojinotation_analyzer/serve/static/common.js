"use strict";
// Helpers shared by the pages.  Record text is only ever set with textContent.
var G = (function () {
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); return e; }
  function $(id) { return document.getElementById(id); }
  function fragmentKey() {
    var m = /(?:^|[#&])k=([A-Za-z0-9_\-]+)/.exec(location.hash);
    return m ? m[1] : "";
  }
  function tableName() {
    var m = /^\/t\/([^\/]+)/.exec(location.pathname);
    return m ? decodeURIComponent(m[1]) : "";
  }
  function placeName(p) {
    return ["", "头科 1st", "二科 2nd", "三科 3rd", "四科 4th", "五科 5th", "大落 6th"][p] || "";
  }
  function seatsTable(box, st) {
    clear(box);
    var t = el("table");
    var h = el("tr");
    ["座 Seat", "选手 Player", "张 Cards", "名次 Place"].forEach(function (x) { h.appendChild(el("th", null, x)); });
    t.appendChild(h);
    st.seats.forEach(function (s) {
      var r = el("tr", { "data-seat": s.seat });
      if (st.to_act.length && st.to_act[0] === s.seat) r.className = "toact";
      r.appendChild(el("td", null, s.seat));
      r.appendChild(el("td", null, s.name));
      r.appendChild(el("td", null, s.count));
      r.appendChild(el("td", null, s.place ? placeName(s.place) : ""));
      t.appendChild(r);
      if (s.hand) {
        var hr = el("tr");
        var td = el("td", { colspan: "4", "class": "hand" }, s.hand.join(" "));
        hr.appendChild(td);
        t.appendChild(hr);
      }
    });
    box.appendChild(t);
  }
  function resultText(st) {
    if (!st.result) return "";
    if (st.result.void) return "本局作废 · the deal is void";
    return "名次 Finish: " + st.result.finish + " · 得分 Score: " + st.result.score;
  }
  return { el: el, clear: clear, $: $, fragmentKey: fragmentKey, tableName: tableName,
           seatsTable: seatsTable, resultText: resultText, placeName: placeName };
})();
