// The app shell: every route renders in light and dark theme and at phone width, with no
// request leaving 127.0.0.1, no console errors, no layout shift while the app starts, the
// navigation reachable by keyboard, and the theme choice remembered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot, SHOTS } from './harness.mjs';

const ROUTES = [
  ['home', '/', 'Fair Deal'],
  ['deal', '/deal', 'Deal'],
  ['constrain', '/constrain', 'Constrained dealing'],
  ['probability', '/probability', 'Probability'],
  ['score', '/score', 'Scoring'],
  ['tournament', '/tournament', 'Tournament'],
  ['boards', '/boards', 'Board sets'],
  ['script', '/script', 'Dealer scripts'],
  ['not-found', '/no/such/page', 'Page not found'],
];

let server, browser;
before(async () => { server = new Server(); await server.start(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.stop(); console.log(`screenshots: ${SHOTS}`); });

for (const [scheme, width, height] of [['light', 1280, 900], ['dark', 1280, 900], ['light', 390, 844]]) {
  const label = width < 600 ? 'phone' : scheme;
  test(`every route renders (${label})`, { timeout: 120_000 }, async () => {
    const { context, page, requests, errors } = await openPage(browser, { width, height, colorScheme: scheme });
    for (const [name, route, heading] of ROUTES) {
      await page.goto(server.url + route);
      await waitForApp(page);
      await page.locator('h1').first().waitFor();
      assert.equal((await page.locator('h1').first().textContent()).trim(), heading, `h1 of ${route}`);
      assert.equal(await page.getAttribute('html', 'data-theme'), scheme, `theme on ${route}`);
      if (width < 600) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `${route} scrolls sideways at phone width by ${overflow}px`);
      }
      await shot(page, `${name}-${label}`);
    }
    assertLocalOnly(requests);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('no layout shift while the app starts', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await openPage(browser);
  await page.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(server.url + '/deal');
  await waitForApp(page);
  await page.waitForTimeout(500);
  const cls = await page.evaluate(() => window.__cls);
  assert.ok(cls < 0.05, `cumulative layout shift ${cls}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard reaches every navigation link and the theme switch; theme is remembered', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.url + '/');
  await waitForApp(page);
  const reached = new Set();
  for (let i = 0; i < 18; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement;
      return a ? (a.id || a.textContent.trim()) : '';
    });
    reached.add(el);
  }
  for (const label of ['Deal', 'Constrain', 'Probability', 'Score', 'Tournament', 'Board sets', 'Script', 'theme-toggle']) {
    assert.ok(reached.has(label), `Tab never reached ${label}: ${[...reached].join(' | ')}`);
  }
  // Follow a link with the keyboard.
  await page.locator('nav.topnav a', { hasText: 'Score' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/score');
  // Toggle the theme and reload: the choice survives.
  await page.click('#theme-toggle');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await page.reload();
  await waitForApp(page);
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await shot(page, 'score-dark-after-toggle');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the page carries a Content-Security-Policy that allows only this origin', { timeout: 30_000 }, async () => {
  const { context, page } = await openPage(browser);
  await page.goto(server.url + '/');
  await waitForApp(page);
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /connect-src 'self'/);
  assert.doesNotMatch(csp, /https?:|\*/, 'no other origin or wildcard in the policy');
  // A request to another origin is refused by the policy itself.
  const blocked = await page.evaluate(async () => {
    try { await fetch('https://example.com/'); return false; } catch (e) { return true; }
  });
  assert.ok(blocked, 'fetch to another origin was not blocked');
  await context.close();
});
