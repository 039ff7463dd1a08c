// Runs before the app: applies the remembered theme and display (so the page never flashes the wrong one),
// registers the service worker that makes Fair Deal work offline, and shows "A new version is
// ready — Reload" when a new build has installed (it waits until the user reloads; see
// web/sw.js). The check for a new build runs on load, when the tab comes back into view and
// every 30 minutes.
(function () {
  try {
    var t = localStorage.getItem('fairdeal.theme');
    if (t !== 'dark' && t !== 'light') {
      t = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    document.documentElement.setAttribute('data-theme', t);
    var d = localStorage.getItem('fairdeal.display');
    document.documentElement.setAttribute('data-display', d === 'projector' ? 'projector' : 'standard');
  } catch (e) { /* storage blocked: keep the default theme */ }
  if (!('serviceWorker' in navigator)) return;

  var reloading = false;
  function showBanner(waiting) {
    if (document.getElementById('update-banner')) return;
    var bar = document.createElement('div');
    bar.id = 'update-banner';
    bar.className = 'update-banner';
    bar.setAttribute('role', 'status');
    var text = document.createElement('span');
    text.textContent = 'A new version of Fair Deal is ready. ';
    var button = document.createElement('button');
    button.type = 'button';
    button.id = 'update-reload';
    button.textContent = 'Reload';
    button.addEventListener('click', function () {
      reloading = true;
      if (waiting) waiting.postMessage({ type: 'skip-waiting' });
      else location.reload();
    });
    bar.appendChild(text);
    bar.appendChild(button);
    document.body.appendChild(bar);
  }
  // A waiting worker while this page is controlled by an older one: a new build.
  function watch(reg) {
    if (reg.waiting && navigator.serviceWorker.controller) showBanner(reg.waiting);
    reg.addEventListener('updatefound', function () {
      var sw = reg.installing;
      if (!sw) return;
      sw.addEventListener('statechange', function () {
        if (sw.state === 'installed' && navigator.serviceWorker.controller) showBanner(sw);
      });
    });
  }
  var hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', function () {
    if (reloading) { location.reload(); return; }
    // Another tab activated the new build: this page's files are no longer cached.
    if (hadController) showBanner(null);
    hadController = true;
  });
  window.addEventListener('load', function () {
    navigator.serviceWorker.register('/sw.js').then(function (reg) {
      watch(reg);
      var check = function () { reg.update().catch(function () { /* offline */ }); };
      document.addEventListener('visibilitychange', function () {
        if (document.visibilityState === 'visible') check();
      });
      setInterval(check, 30 * 60 * 1000);
    }).catch(function () { /* offline support only */ });
  });
})();
