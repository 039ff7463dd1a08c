// Runs before the app: applies the remembered theme (so the page never flashes the wrong one)
// and registers the service worker that makes Fair Deal work offline.
(function () {
  try {
    var t = localStorage.getItem('fairdeal.theme');
    if (t !== 'dark' && t !== 'light') {
      t = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    document.documentElement.setAttribute('data-theme', t);
  } catch (e) { /* storage blocked: keep the default theme */ }
  if ('serviceWorker' in navigator) {
    window.addEventListener('load', function () {
      navigator.serviceWorker.register('/sw.js').catch(function () { /* offline support only */ });
    });
  }
})();
