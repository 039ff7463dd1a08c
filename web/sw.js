// Fair Deal service worker: precaches the whole build so the app works offline.
// scripts/post-build.mjs replaces the two placeholders below at build time: BUILD_ID is a hash
// of the build's files (a new build gets a new cache), PRECACHE is the list of every file in
// the build (the worker scripts carry their content hash in their names).
//
// Updates never swap under an open page: a new build's worker installs and then *waits*;
// web/boot.js shows "A new version is ready — Reload", and only that button (a `skip-waiting`
// message) activates it. Until then the open pages keep being served from their own build's
// cache, so an old page never starts a new build's worker. Page loads go to the network
// first but give up after NETWORK_TIMEOUT_MS and use the cached page, so a bad network falls
// back to the cache quickly.
const BUILD_ID = '__BUILD_ID__';
const PRECACHE = __PRECACHE__;
const CACHE = 'fairdeal-' + BUILD_ID;
const NETWORK_TIMEOUT_MS = 3000;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(PRECACHE.map((p) => new Request(p, { cache: 'reload' })));
    // No skipWaiting here: a first install activates at once anyway, an update waits for
    // the user's "Reload" (see the message handler).
  })());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('fairdeal-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// The network's answer, or null after NETWORK_TIMEOUT_MS or on a network error.
async function networkWithin(req, ms) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await fetch(req, { signal: controller.signal });
  } catch (e) {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === 'navigate') {
    // Every route of the app is the same index.html: network first (within a few seconds),
    // else this build's cached copy.
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      const fresh = await networkWithin(req, NETWORK_TIMEOUT_MS);
      if (fresh && fresh.ok) return fresh;
      const cached = await cache.match('/index.html');
      if (cached) return cached;
      return fresh || fetch(req);
    })());
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(req);
    if (hit) return hit;
    return fetch(req);
  })());
});
