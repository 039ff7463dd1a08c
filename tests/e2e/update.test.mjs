// Updates (issue 14, item 7): a new build never swaps under an open page. Serve build A,
// open a page, swap in build B's files (another service worker and other worker names, as a
// real rebuild gives), and check: the page shows "A new version is ready — Reload"; the old
// page keeps working — it starts *its own* build's dealing worker (the server no longer has
// it: it comes from A's cache) and deals 300 boards in it; Reload brings in build B.
// Also: with the network hanging, a page load falls back to the cache within a few seconds.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot, DIST } from './harness.mjs';

let server, browser, tmp, buildA, buildB;

// Build B from build A as a rebuild would differ: a new sw.js (new build id) and workers
// whose content, hence hashed names, changed.
function makeBuildB(a, b) {
  fs.cpSync(a, b, { recursive: true });
  let html = fs.readFileSync(path.join(b, 'index.html'), 'utf8');
  const meta = html.match(/<meta name="fairdeal-workers" content="([^"]*)"/);
  assert.ok(meta, 'the build names its workers in a meta');
  let content = meta[1];
  for (const pair of meta[1].split(';')) {
    const url = pair.split('=')[1];
    const stem = url.slice(1, -3);
    const next = stem.replace(/-[0-9a-f]{16}$/, '-bbbbbbbbbbbbbbbb');
    assert.notEqual(next, stem, `worker ${stem} has a hashed name`);
    fs.renameSync(path.join(b, `${stem}.js`), path.join(b, `${next}.js`));
    fs.renameSync(path.join(b, `${stem}_bg.wasm`), path.join(b, `${next}_bg.wasm`));
    content = content.replace(stem, next);
  }
  html = html.replace(meta[1], content);
  fs.writeFileSync(path.join(b, 'index.html'), html);
  const sw = fs.readFileSync(path.join(b, 'sw.js'), 'utf8');
  const id = sw.match(/const BUILD_ID = "([0-9a-f]+)"/);
  assert.ok(id, 'sw.js has its build id');
  let swB = sw.replace(id[1], 'b'.repeat(id[1].length));
  for (const pair of meta[1].split(';')) {
    const stem = pair.split('=')[1].slice(1, -3);
    swB = swB.split(stem).join(stem.replace(/-[0-9a-f]{16}$/, '-bbbbbbbbbbbbbbbb'));
  }
  fs.writeFileSync(path.join(b, 'sw.js'), swB);
  return content;
}

before(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-update-'));
  buildA = path.join(tmp, 'a');
  buildB = path.join(tmp, 'b');
  fs.cpSync(DIST, buildA, { recursive: true });
  makeBuildB(buildA, buildB);
  server = new Server(buildA);
  await server.start();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function controlled(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
  });
}

test('a new build waits for Reload; the open page keeps its own workers', { timeout: 180_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  await page.goto(server.url + '/constrain');
  await waitForApp(page);
  await controlled(page);
  const metaA = await page.getAttribute('meta[name=fairdeal-workers]', 'content');
  assert.equal(await page.locator('#update-banner').count(), 0, 'no banner on a first visit');

  // Build B goes live; the browser's update check finds it.
  server.root = buildB;
  server.log = [];
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await page.locator('#update-banner').waitFor({ timeout: 30_000 });
  assert.match(await page.textContent('#update-banner'), /new version/i);
  await shot(page, 'update-banner');

  // The old page still works: 300 boards run in its dealing worker (A's, from A's cache).
  await page.locator('#constrain-text').waitFor();
  await page.fill('#constrain-text', 'north: hcp 12+');
  await page.fill('#constrain-boards', '300');
  await page.click('#constrain-deal');
  await page.locator('#constrain-results').waitFor({ timeout: 60_000 });
  assert.match(await page.textContent('#cst-results-heading'), /300 boards/);
  const workerA = metaA.split(';').find((p) => p.startsWith('fairdeal-worker=')).split('=')[1];
  assert.ok(!server.log.includes(workerA), `the old worker came from the cache, not the new server: ${server.log.join(' ')}`);
  // The worker running in the old page is build A's (B's was only fetched by B's installing
  // service worker for its precache).
  // (gloo-worker starts each worker from a blob that imports the real script: ask the
  // worker which scripts it loaded.)
  const running = [];
  for (const w of page.workers()) {
    const loaded = await w.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    running.push(...loaded.filter((p) => p.endsWith('.js')));
  }
  assert.ok(running.includes(workerA), `build A's worker runs: ${running.join(', ')}`);
  assert.ok(!running.some((u) => u.includes('bbbbbbbbbbbbbbbb')), `no build B worker in the old page: ${running.join(', ')}`);

  // Reload brings in build B.
  await page.click('#update-reload');
  await page.waitForFunction(() => document.querySelector('meta[name=fairdeal-workers]')?.content.includes('bbbbbbbbbbbbbbbb'), null, { timeout: 30_000 });
  await waitForApp(page);
  assert.equal(await page.locator('#update-banner').count(), 0);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a hanging network falls back to the cached page within a few seconds', { timeout: 120_000 }, async () => {
  server.root = buildA;
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.url + '/');
  await waitForApp(page);
  await controlled(page);
  // The server now accepts page requests and never answers them.
  const hang = [];
  const orig = server.server.listeners('request')[0];
  server.server.removeAllListeners('request');
  server.server.on('request', (req, res) => {
    if (!path.extname(new URL(req.url, 'http://x').pathname)) { hang.push(res); return; }
    orig(req, res);
  });
  const t0 = Date.now();
  await page.goto(server.url + '/deal', { timeout: 20_000 });
  await waitForApp(page);
  const ms = Date.now() - t0;
  assert.ok(ms < 8000, `fell back to the cache after ${ms} ms`);
  assert.ok(hang.length >= 1, 'the network was asked first');
  for (const res of hang) res.destroy();
  server.server.removeAllListeners('request');
  server.server.on('request', orig);
  assert.deepEqual(errors.filter((e) => !/net::|Failed to fetch/.test(e)), []);
  await context.close();
});
