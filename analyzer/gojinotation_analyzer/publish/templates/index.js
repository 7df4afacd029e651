/* gojinotation index: remembers the "show all results" switch across page loads, in
   the same store as the replay pages (one switch for the whole site).  The switch itself
   is a checkbox and works without this script; storage that is missing or throws
   (private mode, some file:// pages) leaves it unremembered, never broken. */
(function () {
  'use strict';
  var STORE = 'gjn-replay-prefs';
  var box = document.getElementById('reveal');
  if (!box) { return; }
  function load() {
    try {
      var prefs = JSON.parse(window.localStorage.getItem(STORE) || '{}');
      return prefs && typeof prefs === 'object' ? prefs : {};
    } catch (err) { return {}; }
  }
  function apply() { box.checked = !!load().reveal; }
  apply();
  box.addEventListener('change', function () {
    try {
      var prefs = load();
      prefs.reveal = box.checked;
      window.localStorage.setItem(STORE, JSON.stringify(prefs));
    } catch (err) { /* storage unavailable */ }
  });
  /* back from a match page (kept in the back-forward cache): that page may have switched */
  window.addEventListener('pageshow', function (e) { if (e.persisted) { apply(); } });
}());
