/* gouji serve: the spectator's page is the replay viewer (gouji render's page) following a
   live table.  GJN_LIVE (set just before this script) names the table and the state the
   page shows; the event stream sends what changed, handed to the viewer through its
   'gjn-live' event.  Record text is only ever set with textContent. */
(function () {
  'use strict';
  var L = window.GJN_LIVE;
  if (!L) { return; }
  var doc = document;
  var updates = 0;
  var head = doc.querySelector('.mast .wrap') || doc.body;
  var status = doc.createElement('p');
  status.id = 'status';
  status.className = 'meta';
  status.setAttribute('role', 'status');
  head.appendChild(status);
  var seal = doc.createElement('p');
  seal.id = 'seal';
  seal.className = 'meta';
  seal.style.overflowWrap = 'anywhere';  /* a digest is one long word (CSSOM: allowed by the CSP) */
  head.appendChild(seal);
  var list = doc.getElementById('deals');
  if (list) {
    var stale = doc.createElement('p');
    stale.className = 'meta';
    stale.textContent = '直播中：下方的出牌列表为打开页面时的内容，刷新页面可更新；上方的牌桌随时更新。' +
      ' · Live: the move list below is as it was when the page opened (reload to update it); the table above follows the game.';
    list.insertBefore(stale, list.firstChild);
  }
  function show(info) {
    var b = doc.body;
    b.setAttribute('data-seq', String(info.seq));
    b.setAttribute('data-deals', String(info.deals));
    b.setAttribute('data-updates', String(updates));
    b.setAttribute('data-hands', info.hands ? 'shown' : 'hidden');
    var parts = [info.sealed ? '已封存 sealed' : info.over ? '本局结束 deal over' : '直播中 live'];
    parts.push('第 ' + info.deal + ' 局 deal ' + info.deal);
    parts.push(info.seq + ' 动作 actions');
    if (info.delay) { parts.push('延迟 delay ' + Math.round(info.delay) + ' s'); }
    if (!info.hands) { parts.push('手牌隐藏 hands hidden'); }
    if (info.finish) { parts.push('名次 Finish ' + info.finish); }
    if (info.score) { parts.push('得分 Score ' + info.score); }
    if (info.score && !info.sealed) { parts.push('已确认 confirmed ' + info.confirmed.length + '/6'); }
    status.textContent = parts.join(' · ');
    seal.textContent = info.sealed && info.sha256 ? 'SHA-256: ' + info.sha256 : '';
  }
  show(L.info);
  if (!window.EventSource) { return; }
  var url = '/api/t/' + encodeURIComponent(L.table) + '/live?since=' + encodeURIComponent(L.token);
  var es = new EventSource(url);
  es.addEventListener('frames', function (ev) {
    var msg;
    try { msg = JSON.parse(ev.data); } catch (err) { return; }
    if (msg.reload) { es.close(); location.reload(); return; }
    updates += 1;
    L.last = msg.update;  /* what the viewer was last given (the tests read it) */
    doc.dispatchEvent(new CustomEvent('gjn-live', { detail: msg.update }));
    show(msg.info);
  });
}());
