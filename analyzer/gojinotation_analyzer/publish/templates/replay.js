/* gojinotation replay: the table view on top of the static page.
   No framework, no network.  Reads the view from #gjn-data; never judges a play.
   Keys work page-wide unless a text field has focus or a modifier is held.
   Spoiler-free: scores, places and results appear as the replay reaches them, unless
   the reader switches "show all results" on (remembered). */
(function () {
  'use strict';
  var doc = document;
  var html = doc.documentElement;
  html.classList.add('js');
  var dataEl = doc.getElementById('gjn-data');
  var viewer = doc.getElementById('viewer');
  /* a deal's body, held in a <noscript> (text while the script runs), made HTML */
  function unwrap(sec) {
    var ns = sec && sec.lastElementChild;
    if (!ns || ns.tagName !== 'NOSCRIPT') { return false; }
    var tpl = doc.createElement('template');
    tpl.innerHTML = ns.textContent;
    sec.replaceChild(tpl.content, ns);
    return true;
  }
  /* no replay after all: every deal's body as plain HTML */
  function staticPage() { qa('section.deal').forEach(unwrap); }
  if (!dataEl || !viewer) { staticPage(); return; }
  var DATA;
  try { DATA = JSON.parse(dataEl.textContent); } catch (err) { staticPage(); return; }
  var I18N = DATA.i18n;
  var KINDS = DATA.kinds;
  var STORE = 'gjn-replay-prefs';
  var ORDER = 'DX2AKQJT9876543?';
  var SUITS = 'shcd';
  var reduced = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  function q(sel, el) { return (el || doc).querySelector(sel); }
  function qa(sel, el) { return Array.prototype.slice.call((el || doc).querySelectorAll(sel)); }
  function fmt(text, args) {
    return String(text).replace(/\{(\w+)\}/g, function (m, k) {
      return Object.prototype.hasOwnProperty.call(args, k) ? String(args[k]) : m;
    });
  }
  function loadPrefs() {
    try { return JSON.parse(window.localStorage.getItem(STORE) || '{}') || {}; } catch (err) { return {}; }
  }
  function savePrefs() {
    try {
      window.localStorage.setItem(STORE, JSON.stringify({
        speed: S.speed, view: S.view, hands: S.hands, lang: S.lang, stacked: S.stacked, reveal: S.reveal
      }));
    } catch (err) { /* storage unavailable */ }
  }

  /* ---- cards ---- */
  function split(cards) { return cards ? (cards.match(/[2-9TJQKA][shcd]?|[XD?]/g) || []) : []; }
  function cardKey(c) {
    var r = ORDER.indexOf(c.charAt(0));
    var s = c.length > 1 ? SUITS.indexOf(c.charAt(1)) : 9;
    return r * 10 + s;
  }
  function sortCards(list) { return list.sort(function (a, b) { return cardKey(a) - cardKey(b); }); }
  function minus(list, take) {
    var out = list.slice();
    take.forEach(function (c) {
      var i = out.indexOf(c);
      if (i >= 0) { out.splice(i, 1); }
    });
    return out;
  }
  function rankLabel(r) {
    if (r === 'T') { return '10'; }
    if (r === 'X') { return '小王'; }
    if (r === 'D') { return '大王'; }
    return r;
  }
  function cardName(c) {
    var cat = I18N[S.lang];
    var r = c.charAt(0);
    var name = r === 'X' ? cat.small_joker : r === 'D' ? cat.big_joker : r === '?' ? cat.unknown_card : rankLabel(r);
    if (c.length > 1) {
      name = S.lang === 'zh' ? cat[c.charAt(1)] + name : name + ' ' + cat[c.charAt(1)];
    }
    return name;
  }
  function cardSvg(c, extra) {
    var r = c.charAt(0);
    var id = r === '?' ? 'r-q' : 'r-' + r;
    var suit = c.length > 1 ? c.charAt(1) : '';
    var red = suit === 'h' || suit === 'd';
    var pip = suit ? '<use href="#s-' + suit + '" x="6" y="27" width="14" height="14"></use>' : '';
    return '<svg class="card' + (red ? ' red' : '') + (extra ? ' ' + extra : '') +
      '" viewBox="0 0 60 84" role="img" aria-label="' + cardName(c) + '"><use href="#' + id + '"></use>' + pip + '</svg>';
  }

  /* ---- table state (mirrors _State in analyzer/render.py) ---- */
  function cloneState(st) {
    return {
      h: st.h.map(function (x) { return x ? x.slice() : null; }),
      n: st.n.slice(), t: st.t.slice(), p: st.p.slice(), o: st.o.slice(), a: st.a
    };
  }
  function startState(deal) {
    var s = deal.start;
    return {
      h: s.h.map(function (x) { return x === null ? null : split(x); }),
      n: s.n.slice(), t: s.t.slice(), p: s.p.slice(), o: s.o.slice(), a: s.a
    };
  }
  function applyDefault(st, step) {
    var i = step.s - 1;
    var kind = KINDS[step.k];
    if (i < 0 || i > 5) { return; }
    if (kind === 'play' || kind === 'burn') {
      var cards = split(step.c);
      if (st.h[i]) {
        st.h[i] = minus(st.h[i], cards);
        st.n[i] = st.h[i].length;
      } else if (st.n[i] !== null) {
        st.n[i] = Math.max(0, st.n[i] - cards.length);
      }
      st.t[i] = step.c || '';
      st.p = st.p.filter(function (x) { return x !== step.s; });
    } else if (kind === 'pass') {
      if (st.p.indexOf(step.s) < 0) { st.p.push(step.s); st.p.sort(); }
    } else if (kind === 'close') {
      st.t = ['', '', '', '', '', ''];
      st.p = [];
    }
  }
  function applyDelta(st, d) {
    var k;
    if (d.h) {
      for (k in d.h) {
        var i = k - 1;
        if (d.h[k] === null) { st.h[i] = null; continue; }
        var base = st.h[i] || [];
        st.h[i] = sortCards(minus(base, split(d.h[k][0])).concat(split(d.h[k][1])));
        st.n[i] = st.h[i].length;
      }
    }
    if (d.n) { for (k in d.n) { st.n[k - 1] = d.n[k]; } }
    if (d.t) { for (k in d.t) { st.t[k - 1] = d.t[k]; } }
    if (d.p) { st.p = d.p.slice(); }
    if (d.o) { for (k in d.o) { st.o[k - 1] = d.o[k]; } }
  }

  /* A line: the main line of a deal or a variation, with its states computed once.
     Steps arrive as [seat, kind, cards, act, {r, t, d, m, e, v}] (see render.payload). */
  function unpack(raw, i, all) {
    var x = raw[4] || {};
    var nextSeat = i + 1 < all.length ? all[i + 1][0] : null;
    return { s: raw[0], k: raw[1], c: raw[2], a: raw[3], r: x.r, t: x.t === undefined ? nextSeat : x.t,
      d: x.d, m: x.m, e: x.e, v: x.v, x: x.x };
  }
  function makeLine(deal, rawSteps, base, prefix, parent, parentIdx) {
    var steps = rawSteps.map(unpack);
    var line = { deal: deal, steps: steps, prefix: prefix, parent: parent || null, parentIdx: parentIdx || 0 };
    var states = [base];
    var rounds = [];
    var r = 0;
    var st = base;
    steps.forEach(function (step) {
      if (step.r !== undefined) { r = step.r; }
      rounds.push(r);
      st = cloneState(st);
      if (deal.u) {  /* not replayed by the engine: the record as written, no table */
        st.h = [null, null, null, null, null, null]; st.n = st.h.slice(); st.o = st.h.slice();
        st.t = ['', '', '', '', '', '']; st.p = [];
        st.a = null;
      } else {
        applyDefault(st, step);
        if (step.d) { applyDelta(st, step.d); }
        st.a = step.t;
      }
      states.push(st);
    });
    line.states = states;
    line.rounds = rounds;
    line.id = function (i) { return i === 0 && !parent ? 'd' + deal.i : prefix + i; };
    return line;
  }
  /* each deal's main line is built when first needed (a 24-deal match opens faster) */
  var mains = [];
  var built = [];
  DATA.deals.forEach(function (d, i) {
    Object.defineProperty(mains, i, {
      enumerable: true,
      get: function () {
        if (!built[i]) {
          built[i] = makeLine(d, d.steps, startState(d), 'd' + d.i + '.s', null, 0);
          built[i].di = i;
        }
        return built[i];
      }
    });
  });
  function varLine(line, idx, v) {
    line.vars = line.vars || {};
    var key = idx + ':' + v;
    if (!line.vars[key]) {
      var step = line.steps[idx - 1];
      line.vars[key] = makeLine(line.deal, step.v[v - 1], line.states[idx - 1],
        line.id(idx) + 'x' + v + 'm', line, idx);
    }
    return line.vars[key];
  }

  /* ---- state of the viewer ---- */
  var prefs = loadPrefs();
  var S = {
    deal: 0, line: mains[0] || null, idx: 0,
    view: +prefs.view || 0, hands: prefs.hands !== false, playing: false,
    speed: +prefs.speed || 1, lang: html.getAttribute('data-lang') || 'zh', stacked: !!prefs.stacked,
    timer: 0, moved: false, reveal: !!prefs.reveal, reached: -1
  };
  var PAGE_LANG = S.lang;  /* the language the static HTML was written in */
  var EMBED = /(?:^|[?&])embed(?:=1)?(?:&|$)/.test(location.search.slice(1));
  if (EMBED) { html.classList.add('embed'); }
  if (!S.line) { staticPage(); return; }

  /* ---- static page: i18n ---- */
  function t(key, args) {
    var text = I18N[S.lang][key];
    if (text === undefined) { text = key; }
    return args ? fmt(text, args) : text;
  }
  /* the static text of ``root`` (the page, or a deal's body just built) in S.lang */
  function translate(root) {
    qa('[data-i18n]', root).forEach(function (el) {
      var v = el.getAttribute('data-v');
      el.textContent = t(el.getAttribute('data-i18n'), v === null ? null : { d: v, r: v, s: v, n: v, v: v });
    });
    qa('[data-i18n-label]', root).forEach(function (el) {
      var label = t(el.getAttribute('data-i18n-label'));
      el.setAttribute('aria-label', label);
      var key = el.getAttribute('data-key');
      el.setAttribute('title', key ? label + ' (' + key + ')' : label);
    });
    qa('[data-en][data-zh]', root).forEach(function (el) { el.textContent = el.getAttribute('data-' + S.lang); });
  }
  function applyLang(lang) {
    S.lang = lang;
    html.setAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
    html.setAttribute('data-lang', lang);
    translate(doc);
    var langBtn = q('[data-act="lang"]', viewer);
    langBtn.setAttribute('lang', lang === 'zh' ? 'en' : 'zh-CN');
    viewer.setAttribute('aria-label', t('replay_label', {
      title: doc.title.split(' – ')[0], a: DATA.teams.A, b: DATA.teams.B, n: DATA.deals.length
    }));
    qa('.vh button').forEach(function (b) { b.textContent = t(b.getAttribute('aria-expanded') === 'true' ? 'hide' : 'show'); });
    var filter = q('.filter-btn');
    if (filter) { filter.querySelector('span').textContent = t('filter_notes'); }
  }

  /* ---- viewer DOM ---- */
  var felt = q('.felt', viewer);
  var plates = [];
  var sets = [];
  for (var pos = 0; pos < 6; pos++) {
    var plate = doc.createElement('div');
    plate.className = 'plate';
    plate.setAttribute('data-pos', pos);
    plate.innerHTML = '<div class="top"><b class="sb"></b><span class="nm"></span><span class="cnt"></span></div><div class="st"></div>';
    var set = doc.createElement('div');
    set.className = 'set';
    set.setAttribute('data-pos', pos);
    felt.appendChild(set);
    felt.appendChild(plate);
    plates.push(plate);
    sets.push(set);
  }
  var el = {
    deal: q('.vdeal', viewer), round: q('.vround', viewer), step: q('.vstep', viewer),
    cdeal: q('.cdeal', viewer), cround: q('.cround', viewer),
    now: q('.now', viewer), live: q('.live', viewer), note: q('.note', viewer),
    range: q('.scrub input', viewer), ticks: q('.ticks', viewer), hands: q('.handsp', viewer),
    sa: q('.score .sa', viewer), sb: q('.score .sbv', viewer),
    view: q('[data-opt="view"]', viewer), speed: q('[data-opt="speed"]', viewer),
    help: q('.overlay.help', viewer), summary: q('.overlay.summary', viewer),
    glossary: q('.overlay.glossary', viewer),
    layout: q('.layout'), story: q('.story', viewer), endcard: q('.endcard', viewer),
    desc: q('.desc', viewer), myhand: q('.myhand', viewer)
  };
  felt.insertAdjacentHTML('beforeend', '<svg class="arrows" aria-hidden="true"></svg>');
  var arrows = felt.lastChild;
  function btn(name) { return q('[data-act="' + name + '"]', viewer); }
  [['first', 'Home'], ['prevRound', '↑'], ['prev', '←'], ['play', 'Space'], ['next', '→'],
    ['nextRound', '↓'], ['last', 'End'], ['prevDeal', 'PgUp'], ['nextDeal', 'PgDn']].forEach(function (p) {
    btn(p[0]).setAttribute('data-key', p[1]);
  });

  function teamOf(seat) { return seat % 2 ? 'A' : 'B'; }
  function placeName(p) { return t('place_' + p); }

  function current() { return S.idx > 0 ? S.line.steps[S.idx - 1] : null; }
  function roundOf(line, idx) { return idx > 0 ? line.rounds[idx - 1] : 0; }
  function mainIdx() {
    var line = S.line;
    var idx = S.idx;
    while (line.parent) { idx = line.parentIdx; line = line.parent; }
    return idx;
  }
  function atDealEnd() { return !S.line.parent && S.idx === S.line.steps.length; }

  function sayFor(step, line, idx, lang) {
    var cat = I18N[lang];
    var name = line.deal.names[step.s - 1] || '';
    var who = fmt(name ? cat.say_who : cat.say_who_noname, { s: step.s, name: name });
    var r = roundOf(line, idx);
    return fmt(r > 0 ? cat.say : cat.say_pre, { r: r, who: who, act: DATA.acts[lang][step.a] });
  }
  function whoIs(deal, seat, lang) {
    var cat = I18N[lang];
    var name = deal.names[seat - 1] || '';
    return fmt(name ? cat.say_who : cat.say_who_noname, { s: seat, name: name });
  }
  /* one plain line per event: e = [kind, seat, other, source, en?, zh?] */
  function srcOf(e) { return (DATA.src || [])[e[3]] || ''; }
  function labelOf(e) {
    var own = I18N[S.lang]['evs_' + srcOf(e)];
    return own === undefined ? t('ev_' + e[0]) : own;
  }
  function explain(e, deal, lang) {
    var cat = I18N[lang];
    var src = srcOf(e);
    var key = 'x_' + src;
    if (src === 'GoujiPlayed' && !(e[2] > 0)) { key += e[2] === 0 ? '_0' : '_any'; }
    var text = e.length > 4 ? undefined : cat[key];
    if (text === undefined) { return (lang === 'zh' ? e[5] : e[4]) || cat['ev_' + e[0]] || ''; }
    return fmt(text, {
      who: e[1] ? whoIs(deal, e[1], lang) : '',
      other: e[2] > 0 ? whoIs(deal, e[2], lang) : '',
      place: src === 'WentOut' && e[2] ? cat['place_' + e[2]] : ''
    });
  }
  function announce(text) {
    if (el.live.textContent === text) { text += '\u00a0'; }
    el.live.textContent = text;
  }

  function renderSet(box, seat, st, step) {
    var cards = split(st.t[seat - 1]);
    var passed = st.p.indexOf(seat) >= 0;
    var isLast = !!(step && step.s === seat && cards.length && (KINDS[step.k] === 'play' || KINDS[step.k] === 'burn'));
    var key = st.t[seat - 1] + '|' + passed + '|' + S.lang;
    if (box.getAttribute('data-key') !== key) {
      var out = '';
      if (cards.length) {
        /* one face per card kind with its count: a Gouji set is mostly one rank */
        var groups = [];
        var counts = {};
        cards.forEach(function (c) {
          if (!counts[c]) { counts[c] = 0; groups.push(c); }
          counts[c] += 1;
        });
        out = '<div class="fan">' + groups.map(function (c) {
          return '<span class="cg">' + cardSvg(c) + (counts[c] > 1 ? '<b>×' + counts[c] + '</b>' : '') + '</span>';
        }).join('') + '</div>';
      } else if (passed) {
        out = '<span class="word">' + t('passed') + '</span>';
      }
      box.innerHTML = out;
      box.setAttribute('data-key', key);
      if (cards.length || passed) {
        box.setAttribute('role', 'group');
        box.setAttribute('aria-label', whoIs(S.line.deal, seat, S.lang) + ': ' +
          (cards.length ? cards.map(cardName).join(' ') : t('passed')));
      } else {
        box.removeAttribute('role');
        box.removeAttribute('aria-label');
      }
    }
    box.classList.toggle('last', isLast);
    box.classList.toggle('fresh', isLast && S.moved && !reduced);
  }

  function handRow(seat, st, start, open) {
    var row = doc.createElement('div');
    row.className = 'hrow t' + teamOf(seat) + (st.a === seat ? ' turn' : '');
    var who = doc.createElement('div');
    who.className = 'who';
    who.innerHTML = '<b class="sb t' + teamOf(seat) + '">' + seat + '</b><span class="nm"></span><span class="cnt"></span>';
    who.querySelector('.nm').textContent = S.line.deal.names[seat - 1] || t('seat_n', { s: seat });
    var n = st.n[seat - 1];
    who.querySelector('.cnt').textContent = n === null || n === undefined ? '' : t('cards_left', { n: n });
    row.appendChild(who);
    var box = doc.createElement('div');
    box.className = 'hcards';
    var hand = st.h[seat - 1];
    if (open && hand) {
      var all = sortCards((start || []).concat(minus(hand, start || [])));
      var seen = {};
      var parts = [];
      all.forEach(function (c) {
        if (seen[c]) { return; }
        seen[c] = 1;
        var have = hand.filter(function (x) { return x === c; }).length;
        parts.push('<span class="hg' + (have ? '' : ' gone') + '">' + cardSvg(c) +
          '<small>' + (have > 1 ? '×' + have : have === 1 ? '' : '0') + '</small></span>');
      });
      box.innerHTML = parts.join('');
    } else {
      box.innerHTML = '<span class="hg">' + cardSvg('?') + '<small>' + (n === null || n === undefined ? '?' : '×' + n) + '</small></span>';
    }
    row.appendChild(box);
    return row;
  }

  function renderTicks() {
    var line = S.line.parent ? mains[S.deal] : S.line;
    var n = line.steps.length || 1;
    var out = [];
    line.steps.forEach(function (step, i) {
      var left = ((i + 1) / n * 100).toFixed(2) + '%';
      var m = step.m || [];
      var kinds = (step.e || []).map(function (e) { return e[0]; });
      if (kinds.indexOf('violation') >= 0 || kinds.indexOf('dispute') >= 0) {
        out.push('<i class="bad" data-l="' + left + '"></i>');
      } else if (kinds.filter(function (k) { return k !== 'gouji' && k !== 'notice'; }).length) {
        out.push('<i class="ev" data-l="' + left + '"></i>');
      } else if (m.indexOf('comment') >= 0 || m.indexOf('glyph') >= 0 || m.indexOf('variation') >= 0) {
        out.push('<i class="an" data-l="' + left + '"></i>');
      } else if (step.r !== undefined && i > 0) {
        out.push('<i data-l="' + left + '"></i>');
      }
    });
    el.ticks.innerHTML = out.join('');
    qa('i', el.ticks).forEach(function (i) { i.style.left = i.getAttribute('data-l'); });
    el.range.max = line.steps.length;
  }

  /* ---- narration on the table: arrows between seats ---- */
  function stepHas(step, kind, seat) {
    return (step.e || []).some(function (e) { return e[0] === kind && e[1] === seat; });
  }
  function centre(box) {
    var f = felt.getBoundingClientRect();
    var r = box.getBoundingClientRect();
    return { x: r.left - f.left + r.width / 2, y: r.top - f.top + r.height / 2 };
  }
  /* [from seat, to seat, kind] for each event that joins two seats */
  function links(step) {
    var out = [];
    (step && step.e || []).forEach(function (e) {
      var src = srcOf(e);
      var a = e[1];
      var b = e[2];
      if (!(a >= 1 && a <= 6 && b >= 1 && b <= 6) || src === 'WentOut') { return; }
      if (src === 'GoujiPlayed') { out.push([a, b, 'gouji']); }
      else if (src === 'Men') { out.push([b, a, 'men']); }
      else if (src === 'Jiefeng') { out.push([b, a, 'jiefeng']); }
      else if (src === 'BurnLifted') { out.push([b, a, 'burn']); }
      else if (e[0] === 'burn' || src === 'Ershayi') { out.push([a, b, 'burn']); }
    });
    /* 买3, 进贡, 还贡: the cards travel between the seats */
    (step && step.x || []).forEach(function (x) { out.push([x[0], x[1], 'give', x[2]]); });
    return out;
  }
  function drawArrows(step, st, bottom) {
    var list = links(step);
    var key = list.map(function (x) { return x.join(','); }).join(';') + '|' + bottom + '|' + S.lang;
    felt.setAttribute('data-arrows', list.map(function (x) { return x[2]; }).join(' '));
    if (arrows.getAttribute('data-key') === key && !S.resized) { return; }
    S.resized = false;
    arrows.setAttribute('data-key', key);
    /* nothing to draw: no geometry read, so no layout forced (the page opens on one) */
    if (!list.length) { arrows.innerHTML = ''; return; }
    var w = felt.clientWidth;
    var h = felt.clientHeight;
    arrows.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
    var out = '<defs>' + ['gouji', 'burn', 'men', 'jiefeng', 'give'].map(function (k) {
      return '<marker id="ah-' + k + '" class="ah-' + k + '" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z"></path></marker>';
    }).join('') + '</defs>';
    list.forEach(function (x) {
      var from = centre(sets[(x[0] - bottom + 6) % 6].firstChild ? sets[(x[0] - bottom + 6) % 6] : plates[(x[0] - bottom + 6) % 6]);
      var to = centre(plates[(x[1] - bottom + 6) % 6]);
      var dx = to.x - from.x;
      var dy = to.y - from.y;
      var len = Math.sqrt(dx * dx + dy * dy) || 1;
      var cut = Math.min(34, len / 3);
      var x2 = to.x - dx / len * cut;
      var y2 = to.y - dy / len * cut;
      var mx = (from.x + x2) / 2 - dy / len * 14;
      var my = (from.y + y2) / 2 + dx / len * 14;
      out += '<g class="arrow a-' + x[2] + '"><path d="M' + from.x.toFixed(1) + ' ' + from.y.toFixed(1) + 'Q' + mx.toFixed(1) + ' ' + my.toFixed(1) +
        ' ' + x2.toFixed(1) + ' ' + y2.toFixed(1) + '" marker-end="url(#ah-' + x[2] + ')"></path>' +
        '<text x="' + (from.x + (x2 - from.x) * 0.3 - dy / len * 16).toFixed(1) + '" y="' + (from.y + (y2 - from.y) * 0.3 + dx / len * 16).toFixed(1) + '" text-anchor="middle">' +
        esc(x[3] !== undefined ? split(x[3]).map(cardName).join(' ') : t('ev_' + x[2])) + '</text></g>';
    });
    arrows.innerHTML = out;
  }
  window.addEventListener('resize', function () { S.resized = true; render(false); });

  /* ---- end of a deal: places, team points, the profile's breakdown with rule ids ---- */
  function renderEnd(end, deal) {
    var box = el.endcard;
    if (!end || !deal.end || (!deal.end.f.length && !deal.end.b.length)) { box.hidden = true; return; }
    var key = deal.i + '|' + S.lang;
    box.hidden = false;
    if (box.getAttribute('data-key') === key) { return; }
    box.setAttribute('data-key', key);
    var e = deal.end;
    var h = '<h3>' + esc(t('end_card', { d: deal.i })) + '</h3>';
    if (e.s && e.s.A !== undefined) {
      h += '<p class="dscore"><span class="tA"><span class="tmark tA" aria-hidden="true"></span>' + esc(DATA.teams.A) + ' <b>' + (e.s.A || 0) +
        '</b></span> : <span class="tB"><b>' + (e.s.B || 0) + '</b> ' + esc(DATA.teams.B) + '<span class="tmark tB" aria-hidden="true"></span></span></p>';
    }
    if (e.f.length) {
      h += '<ol class="finish">' + e.f.map(function (seat, i) {
        return '<li><em>' + esc(placeName(i + 1)) + '</em> <b class="sb t' + teamOf(seat) + '">' + seat + '</b> <span class="nm">' +
          esc(deal.names[seat - 1] || '') + '</span></li>';
      }).join('') + '</ol>';
    }
    if (e.b.length) {
      h += '<table class="bd"><caption>' + esc(t('breakdown')) + '</caption><tbody>' + e.b.map(function (b) {
        var who = b[1] ? '<b class="sb t' + b[2] + '">' + b[1] + '</b>' : '<span class="tmark t' + b[2] + '" aria-hidden="true"></span> ' + esc(DATA.teams[b[2]] || b[2]);
        return '<tr class="t' + b[2] + '"><th scope="row">' + who + '</th><td>' + esc(DATA.acts[S.lang][b[4]]) +
          '</td><td class="num">' + (b[3] > 0 ? '+' : '') + b[3] + '</td><td><code>' + esc(b[0]) + '</code></td></tr>';
      }).join('') + '</tbody></table>';
    }
    if (S.deal < mains.length - 1) {
      h += '<button type="button" class="tb go" data-act="nextDeal">' + esc(t('next_deal_go')) + ' →</button>';
    }
    box.innerHTML = h;
  }
  function esc(text) {
    return String(text).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; });
  }

  /* ---- spoilers: [data-spoil=N] shows once deal N's end has been reached ---- */
  var spoilEls = null;  /* found again once a deal's body has been built */
  var finalTot = DATA.totals.length ? DATA.totals[DATA.totals.length - 1] : { A: 0, B: 0 };
  function applySpoilers() {
    var upto = S.reveal ? 1e9 : S.reached + 1;
    if (!spoilEls) { spoilEls = qa('[data-spoil]'); }
    spoilEls.forEach(function (x) { x.classList.toggle('spoiled', +x.getAttribute('data-spoil') > upto); });
    var tot = S.reveal ? finalTot : S.reached >= 0 ? DATA.totals[S.reached] : { A: 0, B: 0 };
    qa('.mast .total b').forEach(function (b, i) { b.textContent = (tot[i ? 'B' : 'A'] || 0); });
    var sw = btn('reveal');
    if (sw) { sw.setAttribute('aria-pressed', S.reveal ? 'true' : 'false'); }
  }

  /* ---- a text description of the table, on demand ---- */
  function describe() {
    var line = S.line;
    var st = line.states[S.idx];
    var deal = line.deal;
    var out = [];
    for (var s = 1; s <= 6; s++) {
      var setText = st.t[s - 1] ? fmt(t('desc_set'), { c: split(st.t[s - 1]).map(cardName).join(' ') }) :
        st.p.indexOf(s) >= 0 ? t('desc_passed') : '';
      out.push(fmt(t('desc_seat'), {
        who: whoIs(deal, s, S.lang), n: st.n[s - 1] === null ? '?' : st.n[s - 1],
        place: st.o[s - 1] ? ' · ' + placeName(st.o[s - 1]) : '', set: setText
      }));
    }
    if (st.a) { out.push(fmt(t('desc_turn'), { who: whoIs(deal, st.a, S.lang) })); }
    el.desc.textContent = out.join(' ');
    el.desc.hidden = false;
    announce(out.join(' '));
  }

  /* ---- "save this position as an image": drawn on a canvas in the page, offline ---- */
  function saveImage() {
    var W = felt.clientWidth;
    var H = felt.clientHeight;
    var k = 2;
    var c = doc.createElement('canvas');
    c.width = W * k;
    c.height = (H + 34) * k;
    var g = c.getContext('2d');
    if (!g) { return; }
    g.scale(k, k);
    var font = getComputedStyle(doc.body).fontFamily;
    g.fillStyle = '#fffdf9';
    g.fillRect(0, 0, W, H + 34);
    g.fillStyle = '#1d1c1a';
    g.font = '700 14px ' + font;
    g.fillText(el.deal.textContent + ' · ' + el.round.textContent + ' · ' + el.step.textContent, 8, H + 22);
    g.fillStyle = '#1b6a45';
    g.fillRect(0, 0, W, H);
    var f = felt.getBoundingClientRect();
    function box(node) {
      var r = node.getBoundingClientRect();
      return { x: r.left - f.left, y: r.top - f.top, w: r.width, h: r.height };
    }
    plates.forEach(function (pl) {
      var b = box(pl);
      g.fillStyle = pl.classList.contains('turn') ? '#ffe9a8' : '#fffdf8';
      g.fillRect(b.x, b.y, b.w, b.h);
      g.fillStyle = pl.classList.contains('tB') ? '#1d4f91' : '#b3261e';
      g.fillRect(b.x, b.y, 5, b.h);
      g.fillStyle = '#1d1c1a';
      g.font = '700 12px ' + font;
      g.fillText(q('.sb', pl).textContent + ' ' + q('.nm', pl).textContent + '  ' + q('.cnt', pl).textContent, b.x + 9, b.y + 15, b.w - 12);
      g.font = '11px ' + font;
      g.fillText(q('.st', pl).textContent, b.x + 9, b.y + b.h - 6, b.w - 12);
    });
    sets.forEach(function (st) {
      if (!st.textContent && !q('svg', st)) { return; }
      var b = box(st);
      var text = qa('.cg', st).map(function (cg) {
        var svg = q('svg', cg);
        var n = q('b', cg);
        return (svg ? svg.getAttribute('aria-label') : '') + (n ? n.textContent : '');
      }).join(' ') || st.textContent;
      g.font = '700 13px ' + font;
      var w = g.measureText(text).width + 12;
      g.fillStyle = '#ffffff';
      g.fillRect(b.x + b.w / 2 - w / 2, b.y + b.h / 2 - 11, w, 22);
      g.fillStyle = '#1d1c1a';
      g.fillText(text, b.x + b.w / 2 - w / 2 + 6, b.y + b.h / 2 + 5);
    });
    var url = c.toDataURL('image/png');
    var a = doc.createElement('a');
    a.href = url;
    a.download = fragment().replace(/\./g, '-') + '.png';
    viewer.appendChild(a);
    a.click();
    viewer.removeChild(a);
  }

  /* ---- a disputed deal as ruled under another profile ---- */
  var ruleSel = q('[data-opt="rules"]', viewer);
  function renderRules(deal) {
    var box = ruleSel.parentNode;
    S.alt = 0;
    if (!deal.alt) { box.hidden = true; return; }
    ruleSel.innerHTML = deal.alt.map(function (g, i) { return '<option value="' + i + '">' + esc(g.l.join(' · ')) + '</option>'; }).join('');
    ruleSel.value = '0';
    box.hidden = false;
  }
  ruleSel.addEventListener('change', function () { S.alt = +ruleSel.value; render(false); });

  var lastDeal = -1;
  var curLi = null;
  function render(scroll) {
    var line = S.line;
    var deal = line.deal;
    var st = line.states[S.idx];
    var step = current();
    var end = atDealEnd();
    var bottom = S.view || 1;
    buildDeal(doc.getElementById('d' + deal.i));
    if (lastDeal !== S.deal) { renderTicks(); renderRules(deal); lastDeal = S.deal; }
    el.range.value = mainIdx();
    el.deal.textContent = t('deal', { d: deal.n || deal.i });
    var r = roundOf(line, S.idx);
    el.round.textContent = S.idx === 0 ? t('start') : r > 0 ? t('round', { r: r }) : t('round_pre');
    el.step.textContent = (line.parent ? t('variation') + ' · ' : '') + S.idx + '/' + line.steps.length;
    el.cdeal.textContent = t('deal', { d: deal.n || deal.i });
    el.cround.textContent = el.round.textContent;
    for (var s = 1; s <= 6; s++) {
      var p = (s - bottom + 6) % 6;
      var plate = plates[p];
      var team = teamOf(s);
      plate.className = 'plate t' + team + (st.a === s ? ' turn' : '') + (st.o[s - 1] ? ' out' : '') +
        (step && stepHas(step, 'out', s) ? ' justout' : '') + (step && stepHas(step, 'kaidian', s) ? ' opened' : '');
      var sb = q('.sb', plate);
      sb.className = 'sb t' + team;
      sb.textContent = s;
      q('.nm', plate).textContent = deal.names[s - 1] || t('seat_n', { s: s });
      var n = st.n[s - 1];
      q('.cnt', plate).innerHTML = n === null || n === undefined ? '?' : '<b>' + n + '</b>';
      var stt = q('.st', plate);
      var tags = [];
      if (st.o[s - 1]) { tags.push('<span class="tag placeb">' + placeName(st.o[s - 1]) + '</span>'); }
      if (st.a === s) { tags.push('<span class="tag turnb">▶ ' + t('your_turn') + '</span>'); }
      if (!tags.length) { tags.push('<span class="dt">' + t('duitou') + ' ' + ((s + 2) % 6 + 1) + '</span>'); }
      stt.innerHTML = tags.join('');
      renderSet(sets[p], s, st, step);
    }
    /* now line, live region, note */
    var nowText = step ? sayFor(step, line, S.idx, S.lang) : t('say_start_full', { d: deal.n || deal.i });
    el.now.textContent = nowText;
    var li = step ? doc.getElementById(line.id(S.idx)) : null;
    if (li) {
      qa('.g', li).forEach(function (g) {
        var span = doc.createElement('span');
        span.className = 'g';
        span.textContent = g.textContent;
        span.title = g.title;
        el.now.appendChild(span);
      });
    }
    var said = [nowText];
    el.story.innerHTML = '';
    if (step && step.e) {
      step.e.forEach(function (e) {
        var em = doc.createElement('em');
        em.className = 'ev ev-' + e[0];
        em.textContent = labelOf(e);
        el.now.appendChild(em);
        var line1 = explain(e, deal, S.lang);
        if (line1) {
          var p1 = doc.createElement('p');
          p1.className = 'x x-' + e[0];
          p1.textContent = line1;
          el.story.appendChild(p1);
          said.push(line1);
        }
      });
    }
    drawArrows(step, st, bottom);
    renderEnd(end, deal);
    var alt = S.alt > 0 && deal.alt ? deal.alt[S.alt] : null;
    if (alt && !line.parent) {
      var mine = alt.r[String(S.idx)];
      if (mine) {
        var pa = doc.createElement('p');
        pa.className = 'x x-dispute';
        pa.textContent = fmt(t('alt_under'), { p: alt.l.join(' · '), r: (S.lang === 'zh' ? mine[2] : mine[1]) || t('alt_legal') });
        el.story.appendChild(pa);
        said.push(pa.textContent);
      }
      if (end) {
        var pe = doc.createElement('p');
        pe.className = 'alt-end';
        pe.textContent = fmt(t('alt_end'), {
          p: alt.l.join(' · '),
          f: alt.f.length ? alt.f.map(function (seat, i) { return placeName(i + 1) + ' ' + seat; }).join(', ') : t('alt_unfinished'),
          s: alt.s ? DATA.teams.A + ' ' + alt.s[0] + ' : ' + alt.s[1] + ' ' + DATA.teams.B : ''
        });
        el.endcard.hidden = false;
        el.endcard.appendChild(pe);
        el.endcard.setAttribute('data-key', '');
      }
    }
    if (end && deal.finish.length) {
      said.push(fmt(t('say_end'), {
        d: deal.i,
        places: deal.finish.map(function (seat, i) { return placeName(i + 1) + ' ' + whoIs(deal, seat, S.lang); }).join(', '),
        score: deal.score && deal.score.A !== undefined ? DATA.teams.A + ' ' + (deal.score.A || 0) + ' : ' + (deal.score.B || 0) + ' ' + DATA.teams.B : ''
      }));
    }
    announce(said.join(' '));
    el.note.innerHTML = '';
    var notes = li ? qa(':scope > .cm', li) : qa('#d' + deal.i + ' > .cm');
    notes.forEach(function (n) {
      var p2 = doc.createElement('p');
      p2.textContent = n.textContent;
      el.note.appendChild(p2);
    });
    /* hands: rebuild only the rows that changed */
    var start = mains[S.deal].states[0].h;
    for (var k = 0; k < 6; k++) {
      var seat = (bottom - 1 + k) % 6 + 1;
      var open = S.hands && (S.view === 0 || S.view === seat || end);
      var hand = st.h[seat - 1];
      var key = [S.deal, seat, open, st.a === seat, st.n[seat - 1], hand ? hand.join('') : '-', S.lang].join('|');
      var old = el.hands.children[k];
      if (old && old.getAttribute('data-key') === key) { continue; }
      var row = handRow(seat, st, start[seat - 1], open);
      row.setAttribute('data-key', key);
      if (old) { el.hands.replaceChild(row, old); } else { el.hands.appendChild(row); }
      if (k === 0 && el.myhand) { el.myhand.innerHTML = ''; el.myhand.appendChild(row.cloneNode(true)); }
    }
    /* score: totals before this deal until its end; results revealed as reached */
    var ti = end ? S.deal : S.deal - 1;
    var tot = ti >= 0 ? DATA.totals[ti] : { A: 0, B: 0 };
    el.sa.textContent = tot.A || 0;
    el.sb.textContent = tot.B || 0;
    if (!line.parent && ti > S.reached) { S.reached = ti; }
    applySpoilers();
    /* buttons */
    var atStart = !line.parent && S.idx === 0;
    btn('first').disabled = atStart;
    btn('prev').disabled = atStart;
    btn('prevRound').disabled = atStart;
    btn('next').disabled = S.idx >= line.steps.length;
    btn('last').disabled = end;
    btn('nextRound').disabled = end;
    btn('prevDeal').disabled = S.deal === 0;
    btn('nextDeal').disabled = S.deal >= mains.length - 1;
    btn('hands').setAttribute('aria-pressed', S.hands ? 'true' : 'false');
    q('[data-act="hands"] span', viewer).textContent = t(S.hands ? 'hide_hands' : 'show_hands');
    el.view.value = String(S.view);
    /* move list */
    if (curLi) { curLi.classList.remove('cur'); curLi.removeAttribute('aria-current'); curLi.tabIndex = -1; }
    curLi = li;
    if (li) {
      li.tabIndex = 0;
      li.classList.add('cur');
      li.setAttribute('aria-current', 'step');
      var box = li.closest('.var');
      while (box) { openVar(box, true); box = box.parentElement.closest('.var'); }
      if (scroll && sideBySide()) { li.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' }); }
    }
    qa('.dealnav a').forEach(function (a) { a.classList.toggle('cur', a.getAttribute('href') === '#d' + deal.i); });
  }
  var wide = window.matchMedia ? window.matchMedia('(min-width: 1000px)') : null;
  function sideBySide() { return !!(wide && wide.matches) && !S.stacked; }

  /* ---- permalinks ---- */
  function fragment() {
    var out = '';
    var line = S.line;
    var idx = S.idx;
    var tail = '';
    while (line.parent) {
      var key = null;
      for (var k in line.parent.vars) { if (line.parent.vars[k] === line) { key = k; } }
      tail = 'x' + key.split(':')[1] + 'm' + idx + tail;
      idx = line.parentIdx;
      line = line.parent;
    }
    out = 'd' + line.deal.i + '.s' + idx + tail;
    if (S.view) { out += '.v' + S.view; }
    return out;
  }
  function writeHash() {
    var frag = '#' + fragment();
    if (location.hash === frag) { return; }
    try { history.replaceState(null, '', frag); } catch (err) { /* file: quirks */ }
  }
  function parseHash(hash) {
    var m = /^#?d(\d+)(?:\.(?:s(\d+)((?:x\d+m\d+)*)|(end)))?(?:\.v([0-6]))?$/.exec(hash || '');
    if (!m) { return null; }
    var d = +m[1] - 1;
    if (d < 0 || d >= mains.length) { return null; }
    var line = mains[d];
    var idx = m[4] ? line.steps.length : Math.min(+(m[2] || 0), line.steps.length);
    var re = /x(\d+)m(\d+)/g;
    var part;
    while ((part = re.exec(m[3] || ''))) {
      var step = line.steps[idx - 1];
      var v = +part[1];
      if (!step || !step.v || v < 1 || v > step.v.length) { break; }
      line = varLine(line, idx, v);
      idx = Math.min(Math.max(+part[2], 1), line.steps.length);
    }
    return { deal: d, line: line, idx: idx, view: m[5] === undefined ? null : +m[5] };
  }
  function applyHash(hash) {
    var p = parseHash(hash);
    if (!p) { return false; }
    S.deal = p.deal;
    S.line = p.line;
    S.idx = p.idx;
    if (p.view !== null) { S.view = p.view; }
    S.moved = false;
    render(true);
    return true;
  }

  /* ---- navigation ---- */
  function go(line, idx, opts) {
    opts = opts || {};
    var forward = line === S.line && idx === S.idx + 1;
    S.line = line;
    S.idx = Math.max(0, Math.min(idx, line.steps.length));
    var main = line;
    while (main.parent) { main = main.parent; }
    S.deal = main.di;
    S.moved = forward;
    if (!opts.keepPlaying) { stop(); }
    render(opts.scroll !== false);
    writeHash();
  }
  function toMain() {
    var line = S.line;
    var idx = S.idx;
    while (line.parent) { idx = line.parentIdx - 1; line = line.parent; }
    return { line: line, idx: idx };
  }
  var actions = {
    next: function (o) { if (S.idx < S.line.steps.length) { go(S.line, S.idx + 1, o); } },
    prev: function () {
      if (S.line.parent && S.idx <= 1) { go(S.line.parent, S.line.parentIdx - 1); } else { go(S.line, S.idx - 1); }
    },
    first: function () { go(mains[S.deal], 0); },
    last: function () { go(mains[S.deal], mains[S.deal].steps.length); },
    nextRound: function () {
      var m = toMain();
      var line = m.line;
      var r = roundOf(line, m.idx);
      var i = m.idx + 1;
      while (i <= line.steps.length && line.rounds[i - 1] === r) { i++; }
      go(line, Math.min(i, line.steps.length));
    },
    prevRound: function () {
      var m = toMain();
      var line = m.line;
      if (m.idx === 0) { return; }
      var r = roundOf(line, m.idx);
      var i = m.idx;
      var firstOfRound = i;
      while (firstOfRound > 1 && line.rounds[firstOfRound - 2] === r) { firstOfRound--; }
      if (firstOfRound < i) { go(line, firstOfRound); return; }
      var prevR = firstOfRound > 1 ? line.rounds[firstOfRound - 2] : null;
      if (prevR === null) { go(line, 0); return; }
      i = firstOfRound - 1;
      while (i > 1 && line.rounds[i - 2] === prevR) { i--; }
      go(line, i);
    },
    prevDeal: function () { if (S.deal > 0) { go(mains[S.deal - 1], 0); } },
    nextDeal: function () { if (S.deal < mains.length - 1) { go(mains[S.deal + 1], 0); } },
    play: function () { if (S.playing) { stop(); } else { startPlay(); } },
    hands: function () { S.hands = !S.hands; savePrefs(); render(false); },
    view: function () { S.view = (S.view + 1) % 7; savePrefs(); render(false); writeHash(); },
    nextNote: function () {
      for (var d = S.deal; d < mains.length; d++) {
        var line = mains[d];
        var from = d === S.deal ? toMain().idx + 1 : 1;
        for (var i = from; i <= line.steps.length; i++) {
          var step = line.steps[i - 1];
          if ((step.m && step.m.length) || (step.e && step.e.length)) { go(line, i); return; }
        }
      }
    },
    copy: function () { copyLink(); },
    lang: function () { applyLang(S.lang === 'zh' ? 'en' : 'zh'); savePrefs(); render(false); },
    layout: function () { S.stacked = !S.stacked; el.layout.classList.toggle('stacked', S.stacked); savePrefs(); },
    help: function () { toggleOverlay(el.help); },
    summary: function () { buildSummary(); toggleOverlay(el.summary); },
    closeOverlay: function () { closeOverlays(); },
    reveal: function () { S.reveal = !S.reveal; savePrefs(); applySpoilers(); },
    describe: function () { describe(); },
    image: function () { saveImage(); },
    glossary: function () { toggleOverlay(el.glossary); }
  };

  /* ---- autoplay: never starts by itself; longer pauses at round and deal ends ---- */
  function delay() {
    var base = 1100 * S.speed;
    var line = S.line;
    if (S.idx >= line.steps.length) { return base * 3; }
    var next = line.steps[S.idx];
    if (S.idx > 0 && next.r !== undefined) { return base * 2; }
    return base;
  }
  function tick() {
    if (!S.playing) { return; }
    if (S.idx < S.line.steps.length) {
      actions.next({ keepPlaying: true });
    } else if (!S.line.parent && S.deal < mains.length - 1) {
      go(mains[S.deal + 1], 0, { keepPlaying: true });
    } else {
      stop();
      return;
    }
    S.timer = window.setTimeout(tick, delay());
  }
  function startPlay() {
    if (atDealEnd() && S.deal >= mains.length - 1) { return; }
    S.playing = true;
    setPlayButton();
    S.timer = window.setTimeout(tick, reduced ? 400 : 250);
  }
  function stop() {
    if (S.timer) { window.clearTimeout(S.timer); S.timer = 0; }
    if (S.playing) { S.playing = false; setPlayButton(); }
  }
  function setPlayButton() {
    var b = btn('play');
    b.setAttribute('aria-pressed', S.playing ? 'true' : 'false');
    b.setAttribute('data-i18n-label', S.playing ? 'pause' : 'play');
    var label = t(S.playing ? 'pause' : 'play');
    b.setAttribute('aria-label', label);
    b.setAttribute('title', label + ' (Space)');
    q('use', b).setAttribute('href', S.playing ? '#i-pause' : '#i-play');
  }

  /* ---- copy link ---- */
  function copyLink() {
    var url = location.href.split('#')[0] + '#' + fragment();
    function done(ok) {
      el.now.textContent = t(ok ? 'copied' : 'copy_failed');
      announce(t(ok ? 'copied' : 'copy_failed'));
    }
    function fallback() {
      var ta = doc.createElement('textarea');
      ta.value = url;
      ta.setAttribute('readonly', '');
      ta.className = 'live';
      viewer.appendChild(ta);
      ta.select();
      var ok = false;
      try { ok = doc.execCommand('copy'); } catch (err) { ok = false; }
      viewer.removeChild(ta);
      viewer.focus({ preventScroll: true });
      done(ok);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(function () { done(true); }, fallback);
    } else {
      fallback();
    }
  }

  /* ---- overlays ---- */
  function toggleOverlay(box) {
    var open = box.hidden;
    closeOverlays();
    if (open) {
      box.hidden = false;
      var b = q('button', box);
      if (b) { b.focus(); }
    }
  }
  function closeOverlays() {
    var was = !el.help.hidden || !el.summary.hidden || !el.glossary.hidden;
    el.help.hidden = true;
    el.summary.hidden = true;
    el.glossary.hidden = true;
    if (was) { viewer.focus({ preventScroll: true }); }
  }
  function buildSummary() {
    var shown = S.reveal ? DATA.deals : DATA.deals.slice(0, S.reached + 1);
    var rows = shown.map(function (d, i) {
      var sc = d.score || {};
      var tot = DATA.totals[i] || {};
      return '<tr><th scope="row">' + t('deal', { d: d.i }) + '</th><td class="num">' + (sc.A === undefined ? '–' : sc.A) +
        '</td><td class="num">' + (sc.B === undefined ? '–' : sc.B) + '</td><td class="num">' + (tot.A || 0) + ' : ' + (tot.B || 0) + '</td></tr>';
    });
    var body = q('.sumbody', el.summary);
    body.innerHTML = '<table class="standings"><thead><tr><th></th><th class="num tA"></th><th class="num tB"></th><th class="num">' +
      t('totals') + '</th></tr></thead><tbody>' + rows.join('') + '</tbody></table>';
    var ths = qa('thead th', body);
    ths[1].textContent = DATA.teams.A;
    ths[2].textContent = DATA.teams.B;
  }

  /* ---- variations: collapsible, open while stepping inside ---- */
  function openVar(box, open) {
    var list = q(':scope > ol', box);
    var b = q(':scope > .vh button', box);
    if (!list || !b) { return; }
    list.hidden = !open;
    b.setAttribute('aria-expanded', open ? 'true' : 'false');
    b.textContent = t(open ? 'hide' : 'show');
  }
  var nVars = 0;
  function setupVars(root) {
    qa('.var', root).forEach(function (box) {
      var list = q(':scope > ol', box);
      if (!list) { return; }
      list.id = list.id || 'var-list-' + nVars++;
      var b = doc.createElement('button');
      b.type = 'button';
      b.setAttribute('aria-controls', list.id);
      q(':scope > .vh', box).appendChild(b);
      b.addEventListener('click', function (ev) {
        ev.stopPropagation();
        openVar(box, list.hidden);
      });
      openVar(box, false);
    });
  }
  function beforePrint() {
    qa('section.deal').forEach(buildDeal);
    qa('.var').forEach(function (box) { openVar(box, true); });
  }
  window.addEventListener('beforeprint', beforePrint);
  var printing = window.matchMedia ? window.matchMedia('print') : null;
  if (printing && printing.addEventListener) {
    printing.addEventListener('change', function () { if (printing.matches) { beforePrint(); } });
  }

  /* ---- annotated-only filter for the move list ---- */
  var nav = q('.dealnav');
  if (nav) {
    var fb = doc.createElement('button');
    fb.type = 'button';
    fb.className = 'tb filter-btn';
    fb.setAttribute('aria-pressed', 'false');
    fb.innerHTML = '<svg aria-hidden="true"><use href="#i-note"></use></svg><span></span>';
    fb.querySelector('span').textContent = t('filter_notes');
    nav.appendChild(fb);
    fb.addEventListener('click', function () {
      var on = fb.getAttribute('aria-pressed') !== 'true';
      fb.setAttribute('aria-pressed', on ? 'true' : 'false');
      q('.doc').classList.toggle('only-notes', on);
    });
  }

  /* ---- events ---- */
  viewer.addEventListener('click', function (ev) {
    var b = ev.target.closest('[data-act]');
    if (!b || !viewer.contains(b) || b.disabled) { return; }
    var name = b.getAttribute('data-act');
    if (actions[name]) { actions[name](); }
  });
  el.view.addEventListener('change', function () { S.view = +el.view.value; savePrefs(); render(false); writeHash(); });
  el.speed.addEventListener('change', function () { S.speed = +el.speed.value; savePrefs(); });
  el.range.addEventListener('input', function () { go(mains[S.deal], +el.range.value, { scroll: true }); });
  doc.addEventListener('keydown', function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.defaultPrevented) { return; }
    var tgt = ev.target;
    var tag = tgt && tgt.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || (tgt && tgt.isContentEditable)) { return; }
    var key = ev.key;
    var onButton = tag === 'BUTTON' || tag === 'A';
    var inList = tgt && tgt.closest && tgt.closest('.mv > li[id]');
    if (inList && (key === 'Enter' || key === ' ')) {
      ev.preventDefault();
      jumpTo(inList);
      return;
    }
    var name = null;
    if (key === 'ArrowRight') { name = ev.shiftKey ? 'nextRound' : 'next'; }
    else if (key === 'ArrowLeft') { name = ev.shiftKey ? 'prevRound' : 'prev'; }
    else if (ev.shiftKey && key !== '?') { return; }
    else if (key === 'ArrowDown') { name = 'nextRound'; }
    else if (key === 'ArrowUp') { name = 'prevRound'; }
    else if (key === 'PageDown') { name = 'nextDeal'; }
    else if (key === 'PageUp') { name = 'prevDeal'; }
    else if (key === 'Home') { name = 'first'; }
    else if (key === 'End') { name = 'last'; }
    else if ((key === ' ' || key === 'Spacebar') && !onButton) { name = 'play'; }
    else if (key === 'v' || key === 'V') { name = 'view'; }
    else if (key === 'h' || key === 'H') { name = 'hands'; }
    else if (key === 'n' || key === 'N') { name = 'nextNote'; }
    else if (key === '?') { name = 'help'; }
    else if (key === 'Escape') { name = 'closeOverlay'; }
    if (!name) { return; }
    ev.preventDefault();
    actions[name]();
    if (inList && curLi) { curLi.focus({ preventScroll: false }); }
  });
  var docMain = q('#deals');
  if (docMain) {
    docMain.addEventListener('click', function (ev) {
      if (ev.target.closest('a, button')) { return; }
      var li = ev.target.closest('.mv > li[id]');
      if (!li) { return; }
      jumpTo(li);
      viewer.focus({ preventScroll: true });
    });
  }
  function tabStops(root) {
    qa('.rounds', root).forEach(function (list) {
      var first = q('.mv > li[id]', list);
      if (first) { first.tabIndex = 0; }
    });
  }

  /* ---- each deal's body (hands, move list, result, findings) is built when first needed:
     the page holds it in a <noscript>, which the browser reads as plain text while the
     script runs (a 24-deal match opens fast on a phone), as HTML without script.  Built
     when the deal is shown, scrolled near, or printed. ---- */
  function buildDeal(sec) {
    if (!unwrap(sec)) { return false; }
    if (S.lang !== PAGE_LANG) { translate(sec); }
    setupVars(sec);
    tabStops(sec);
    spoilEls = null;
    if (lazy) { lazy.unobserve(sec); }
    return true;
  }
  var lazy = window.IntersectionObserver ? new window.IntersectionObserver(function (seen) {
    var built = false;
    seen.forEach(function (x) { if (x.isIntersecting && buildDeal(x.target)) { built = true; } });
    if (built) { applySpoilers(); }
  }, { rootMargin: '800px 0px' }) : null;
  qa('section.deal').forEach(function (sec) { if (!lazy) { buildDeal(sec); } else { lazy.observe(sec); } });
  /* the rest one deal at a time in idle time, from a second after the page has loaded:
     search in the page and screen readers then find every play */
  function later(fn) {
    if (window.requestIdleCallback) { window.requestIdleCallback(fn, { timeout: 3000 }); } else { window.setTimeout(fn, 300); }
  }
  function buildIdle() {
    var left = qa('section.deal > noscript');
    if (!left.length) { return; }
    buildDeal(left[0].parentNode);
    applySpoilers();
    later(buildIdle);
  }
  window.addEventListener('load', function () { window.setTimeout(function () { later(buildIdle); }, 1000); });
  function jumpTo(li) {
    var p = parseHash('#' + li.id + (S.view ? '.v' + S.view : ''));
    if (!p) { return; }
    go(p.line, p.idx, { scroll: false });
    if (!sideBySide()) { viewer.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' }); }
  }
  /* key moments and other in-page links into the replay */
  doc.addEventListener('click', function (ev) {
    var a = ev.target.closest && ev.target.closest('a.jump');
    if (!a) { return; }
    ev.preventDefault();
    if (applyHash(a.getAttribute('href'))) {
      writeHash();
      viewer.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
      viewer.focus({ preventScroll: true });
    }
  });
  /* phones: swipe the table, or tap its left / right part, to step */
  var touch = null;
  felt.addEventListener('pointerdown', function (ev) { touch = { x: ev.clientX, y: ev.clientY, t: Date.now() }; });
  felt.addEventListener('pointerup', function (ev) {
    if (!touch) { return; }
    var dx = ev.clientX - touch.x;
    var dy = ev.clientY - touch.y;
    var start = touch;
    touch = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) {
      actions[dx < 0 ? 'next' : 'prev']();
    } else if (ev.pointerType !== 'mouse' && Math.abs(dx) < 10 && Math.abs(dy) < 10 && Date.now() - start.t < 500) {
      var r = felt.getBoundingClientRect();
      actions[ev.clientX - r.left < r.width / 3 ? 'prev' : 'next']();
    }
  });
  window.addEventListener('hashchange', function () {
    if (location.hash.slice(1) !== fragment()) { applyHash(location.hash); }
  });

  /* ---- live: begin (kept only in a live page: publish/render.py) ---- */
  /* ---- live: a page following a record as it is played (gouji serve's spectator view)
     dispatches 'gjn-live' on the document with detail {acts_from, acts: {en, zh}, src_from,
     src, totals, deals: [{pos, from, ...deal}]}: the tails of the string tables from those
     indices, and per deal its fields with its steps from step 'from' on (a deal past the
     last is new).  A reader at the latest step follows to the new one; anyone else stays
     where they are. */
  doc.addEventListener('gjn-live', function (ev) {
    var u = ev.detail || {};
    var latest = !S.line.parent && S.deal === mains.length - 1 && S.idx === S.line.steps.length;
    var na = u.acts_from === undefined ? DATA.acts.en.length : u.acts_from;
    var ns = u.src_from === undefined ? (DATA.src || []).length : u.src_from;
    if (u.acts) { DATA.acts.en = DATA.acts.en.slice(0, na).concat(u.acts.en); DATA.acts.zh = DATA.acts.zh.slice(0, na).concat(u.acts.zh); }
    if (u.src) { DATA.src = (DATA.src || []).slice(0, ns).concat(u.src); }
    if (u.totals) { DATA.totals = u.totals; }
    (u.deals || []).forEach(function (nd) {
      var i = nd.pos;
      var d = DATA.deals[i] || {};
      var kept = i < DATA.deals.length && nd.from ? d.steps.slice(0, nd.from) : [];
      for (var k in nd) { if (k !== 'pos' && k !== 'from') { d[k] = nd[k]; } }
      d.steps = kept.concat(nd.steps || []);
      if (i < DATA.deals.length) { built[i] = null; return; }
      DATA.deals[i] = d;
      Object.defineProperty(mains, i, { enumerable: true, get: function () {
        if (!built[i]) { built[i] = makeLine(d, d.steps, startState(d), 'd' + d.i + '.s', null, 0); built[i].di = i; }
        return built[i];
      } });
    });
    lastDeal = -1;
    if (latest) {
      S.deal = mains.length - 1;
      S.line = mains[S.deal];
      S.idx = S.line.steps.length;
    } else {
      var m = toMain();
      S.line = mains[S.deal];
      S.idx = Math.min(m.idx, S.line.steps.length);
    }
    render(false);
  });

  /* ---- live: end ---- */

  /* ---- start ---- */
  viewer.hidden = false;
  el.speed.value = String(S.speed);
  if (S.stacked) { el.layout.classList.add('stacked'); }
  setPlayButton();
  if (prefs.lang && prefs.lang !== S.lang && I18N[prefs.lang]) { applyLang(prefs.lang); } else { applyLang(S.lang); }
  if (applyHash(location.hash)) {
    /* a shared link opens on the table, not in the move list */
    var toTable = function () { viewer.scrollIntoView({ block: 'start' }); };
    toTable();
    window.addEventListener('load', function () { window.setTimeout(toTable, 0); });
  } else {
    render(false);
  }
  if (window.performance && performance.mark) { performance.mark('gjn-ready'); }
}());
