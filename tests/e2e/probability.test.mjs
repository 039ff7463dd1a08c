// The Probability page: build a question and read the exact answer (4 missing cards:
// 3-1 49.74 %, 2-2 40.70 %, 4-0 9.57 %), bad input gives a message at the field, a shared
// URL reproduces the answer, projector mode steps with the arrow keys and leaves with Esc,
// SVG export downloads a standalone SVG; screenshots at 1920×1080 (projector) and 390 px,
// light and dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot, SHOTS } from './harness.mjs';

let server, browser;
before(async () => { server = new Server(); await server.start(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.stop(); });

async function rows(page) {
  return page.$$eval('#prob-chart .pc-row', (gs) => gs.map((g) => ({
    label: g.dataset.label, fraction: g.dataset.fraction, percent: g.dataset.percent,
    title: g.querySelector('title').textContent,
  })));
}

async function setTheme(page, theme) {
  const current = await page.evaluate(() => document.documentElement.dataset.theme);
  if (current !== theme) await page.click('#theme-toggle');
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
}

test('build a question: exact splits of 4 missing cards; bad input at the field; shared URL', { timeout: 90_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  await page.goto(server.url + '/probability');
  await waitForApp(page);
  await page.selectOption('#pq-kind', 'splits');
  await page.fill('#pq-n', '4');
  await page.waitForURL(/n=4/);
  await page.locator('#prob-chart .pc-row[data-label="3-1"]').waitFor();
  const r = Object.fromEntries((await rows(page)).map((x) => [x.label, x]));
  assert.equal(r['3-1'].percent, '49.74');
  assert.equal(r['2-2'].percent, '40.70');
  assert.equal(r['4-0'].percent, '9.57');
  assert.equal(r['3-1'].fraction, '286/575');
  assert.match(r['2-2'].title, /2-2: 234\/575 = 40\.70 %/);
  assert.match(await page.textContent('#prob-chart .pc-formula-html'), /C\(26,13\)/);
  const ms = Number(await page.getAttribute('#prob-ms', 'data-ms'));
  assert.ok(ms < 50, `answered in ${ms} ms`);
  // Bad input: message at the field, no chart, no crash.
  await page.fill('#pq-n', '15');
  await page.locator('#pq-n-error').waitFor();
  assert.match(await page.textContent('#pq-n-error'), /expected a whole number from 1 to 13/);
  assert.equal(await page.locator('#prob-chart').count(), 0);
  await page.fill('#pq-n', '4');
  await page.locator('#prob-chart').waitFor();
  // The URL is shareable: open it in a fresh page.
  const url = page.url();
  assert.match(url, /\/probability\?q=splits&n=4&w=13&e=13$/);
  const other = await context.newPage();
  await other.goto(url);
  await other.locator('#prob-chart .pc-row[data-label="4-0"]').waitFor();
  assert.equal(await other.getAttribute('#prob-chart .pc-row[data-label="4-0"]', 'data-percent'), '9.57');
  assert.equal(await other.inputValue('#pq-n'), '4');
  // Restricted choice by URL: 11/17 against 6/17.
  await other.goto(server.url + '/probability?q=restricted&cards=QJxx&honours=QJ&player=E&played=Q');
  await other.locator('#prob-chart .pc-row[data-label="East Q"]').waitFor();
  assert.equal(await other.getAttribute('#prob-chart .pc-row[data-label="East Q"]', 'data-fraction'), '11/17');
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('lessons, projector mode with arrow keys and Esc; SVG export; screenshots', { timeout: 120_000 }, async () => {
  for (const theme of ['light', 'dark']) {
    const { context, page, requests, errors } = await openPage(browser, { width: 1920, height: 1080 });
    await page.goto(server.url + '/probability?lesson=suit-breaks&step=2');
    await waitForApp(page);
    await setTheme(page, theme);
    await page.locator('#prob-chart .pc-row[data-label="3-1"]').waitFor();
    assert.match(await page.textContent('#lesson-step'), /step 3 of 12/);
    await shot(page, `probability-desktop-${theme}`);
    if (theme === 'light') {
      // Export SVG: a download of a standalone SVG with the exact percentages.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-svg')]);
      assert.equal(download.suggestedFilename(), 'splits-of-4-missing-cards.svg');
      const svg = fs.readFileSync(await download.path(), 'utf8');
      assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      assert.match(svg, /49\.74 %/);
      const [png] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
      assert.equal(png.suggestedFilename(), 'splits-of-4-missing-cards.png');
      const bytes = fs.readFileSync(await png.path());
      assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], 'PNG signature');
    }
    // Projector: one chart per screen, arrows step through the lesson, Esc leaves.
    await page.click('#projector-button');
    await page.locator('#projector #pp-chart .pc-row').first().waitFor();
    assert.equal(await page.textContent('#pp-step'), '3 / 12');
    const size = await page.$eval('#pp-chart .pc-label', (t) => t.getBoundingClientRect().height);
    assert.ok(size >= 28, `projector label ${size}px high`);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#pp-step')?.textContent === '4 / 12');
    assert.ok(await page.locator('#pp-chart .pc-row[data-label="3-2"]').count() === 1);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SHOTS, `probability-projector-${theme}.png`) });
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('#pp-step')?.textContent === '2 / 12');
    if (theme === 'dark') {
      // HCP lesson, columns at projector size.
      await page.keyboard.press('Escape');
      await page.locator('#projector').waitFor({ state: 'detached' });
      await page.click('.pq-project-lesson[data-lesson="hcp"]');
      await page.locator('#pp-chart .pc-row[data-label="10"]').waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(SHOTS, 'probability-projector-hcp-dark.png') });
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft');
    }
    await page.keyboard.press('Escape');
    await page.locator('#projector').waitFor({ state: 'detached' });
    assertLocalOnly(requests);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('phone width, light and dark: builder, chart and lessons fit', { timeout: 90_000 }, async () => {
  for (const theme of ['light', 'dark']) {
    const { context, page, errors } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(server.url + '/probability?q=finesse&cards=Qxxx&honours=Q');
    await waitForApp(page);
    await setTheme(page, theme);
    await page.locator('#prob-chart .pc-row').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `page wider than the phone by ${overflow}px`);
    await shot(page, `probability-phone-${theme}`);
    await page.goto(server.url + '/probability?q=hcp');
    await page.locator('#prob-chart .pc-row[data-label="10"]').waitFor();
    await shot(page, `probability-phone-hcp-${theme}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

/// Milliseconds a zero-delay timer takes to fire on the page's thread (high when blocked).
async function timerLag(page) {
  return page.evaluate(() => new Promise((r) => { const t = performance.now(); setTimeout(() => r(performance.now() - t), 0); }));
}

async function samples(page) {
  return Number(await page.getAttribute('#sim-result', 'data-samples'));
}

test('simulation runs in the worker: progress grows, the page stays responsive, Stop stops', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  await page.goto(server.url + '/probability?q=splits&n=4&w=13&e=13');
  await waitForApp(page);
  // A long run: South's hand fixed, how often is North's longest suit spades.
  await page.fill('#sim-samples', '5000000');
  await page.click('#sim-run');
  await page.waitForFunction(() => Number(document.querySelector('#sim-result')?.dataset.samples) > 0);
  const first = await samples(page);
  await page.waitForTimeout(1000);
  const second = await samples(page);
  assert.ok(second > first, `progress ${first} → ${second}`);
  assert.equal(await page.getAttribute('#sim-progress', 'max'), '5000000');
  assert.match(await page.textContent('#sim-result'), /Estimate [\d.]+ % \(95 % interval [\d.]+ – [\d.]+ %\) from [\d]+ of 5000000 deals, sampling/);
  // Responsive while sampling: timers fire at once, and the exact builder answers.
  const lags = [];
  for (let i = 0; i < 10; i++) lags.push(await timerLag(page));
  assert.ok(Math.max(...lags) < 100, `timer lags ${lags.map((x) => x.toFixed(1)).join(', ')} ms`);
  const t0 = Date.now();
  await page.fill('#pq-n', '5');
  await page.locator('#prob-chart .pc-row[data-label="3-2"]').waitFor();
  const answered = Date.now() - t0;
  assert.ok(answered < 1000, `builder answered in ${answered} ms while simulating`);
  assert.ok(await samples(page) > second, 'still sampling');
  await shot(page, 'probability-simulation-running');
  // Stop: the run ends, the estimate so far is kept, and no more samples arrive.
  await page.click('#sim-stop');
  await page.waitForFunction(() => /stopped/.test(document.querySelector('#sim-result')?.textContent ?? ''));
  const stopped = await samples(page);
  assert.ok(stopped < 5000000);
  await page.waitForTimeout(500);
  assert.equal(await samples(page), stopped);
  assert.equal(await page.isEnabled('#sim-run'), true);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('simulation of a countable condition shows the exact value beside the estimate; bad text is a message', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  await page.goto(server.url + '/probability');
  await waitForApp(page);
  await page.fill('#sim-spec', 'north: hcp 15-17, balanced');
  await page.selectOption('#sim-kind', 'condition');
  await page.fill('#sim-condition', 'south: hcp 8+');
  await page.fill('#sim-samples', '20000');
  await page.click('#sim-run');
  await page.waitForFunction(() => /done/.test(document.querySelector('#sim-result')?.textContent ?? ''), null, { timeout: 60_000 });
  assert.equal(await samples(page), 20000);
  const exactText = await page.textContent('#sim-exact');
  const m = exactText.match(/Exact \(counted by the constraint engine\): ([\d.]+) %/);
  assert.ok(m, exactText);
  const exact = Number(m[1]) / 100;
  const est = Number((await page.textContent('#sim-result')).match(/Estimate ([\d.]+) %/)[1]) / 100;
  // Five standard errors: fails by chance about once in 3.5 million runs.
  const se = Math.sqrt(exact * (1 - exact) / 20000);
  assert.ok(Math.abs(est - exact) < 5 * se, `estimate ${est} vs exact ${exact}`);
  await shot(page, 'probability-simulation-exact');
  // A bad condition is reported with its line:column.
  await page.fill('#sim-condition', 'south: hcpp 8');
  await page.click('#sim-run');
  await page.waitForFunction(() => /outcome: .*1:/.test(document.querySelector('#sim-result')?.textContent ?? ''));
  // Double dummy: "how often does 3NT by South make?" with North holding every top card
  // (always); each deal is solved in the worker, a few deals only, and the result says so.
  await page.fill('#sim-spec', 'north: is AKQJ.AKQ.AKQ.AKQ');
  await page.selectOption('#sim-kind', 'tricks');
  assert.equal(await page.inputValue('#sim-samples'), '100');
  assert.equal(await page.inputValue('#sim-number'), '9');
  await page.selectOption('#sim-seat', 'S');
  await page.fill('#sim-samples', '3');
  await page.click('#sim-run');
  await page.waitForFunction(() => /done/.test(document.querySelector('#sim-result')?.textContent ?? ''), null, { timeout: 90_000 });
  const dd = await page.textContent('#sim-result');
  assert.match(dd, /Estimate 100\.00 % .* from 3 of 3 deals, done\. Few deals: the interval is wide/);
  await shot(page, 'probability-simulation-dd');
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});
