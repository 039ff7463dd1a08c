// Offline PWA: the manifest is valid and installable-shaped, the service worker precaches
// the build, and with the network off and the server stopped every route still renders.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot } from './harness.mjs';

let server, browser;
before(async () => { server = new Server(); await server.start(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('manifest + service worker: works offline after the first visit', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  await page.goto(server.url + '/');
  await waitForApp(page);
  const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel=manifest]').href)).json());
  assert.equal(manifest.short_name, 'Fair Deal');
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.icons.some((i) => i.sizes === '512x512'), 'a 512px icon');
  assert.ok(manifest.icons.some((i) => i.sizes === '192x192'), 'a 192px icon');
  const state = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const sw = reg.active;
    if (sw.state !== 'activated') {
      await new Promise((r) => sw.addEventListener('statechange', () => sw.state === 'activated' && r()));
    }
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
    return sw.state;
  });
  assert.equal(state, 'activated');
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith('fairdeal-')));
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  assert.ok(cached.some((p) => p.endsWith('.wasm')), `wasm precached: ${cached.join(', ')}`);
  assertLocalOnly(requests);

  // Offline for real: emulate no network AND stop the server.
  await context.setOffline(true);
  await server.stop();
  for (const route of ['/', '/deal', '/constrain', '/probability', '/score', '/tournament', '/boards', '/script', '/deal/0']) {
    await page.goto(server.url + route);
    await waitForApp(page);
    await page.locator('h1').first().waitFor();
  }
  // The app works, not just renders: deal a hand offline.
  await page.goto(server.url + '/deal');
  await waitForApp(page);
  await page.click('#deal-button');
  await page.locator('.hand-diagram').waitFor();
  await shot(page, 'deal-offline');
  assert.deepEqual(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e)), []);
  await context.close();
});
