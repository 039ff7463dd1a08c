// The Deal page: a random deal has four 13-card hands and both deal numbers, which open the
// same deal again by URL; known numbers open known deals; bad numbers give a message; seats
// hide and show; PBN copy. Numbers and deals are checked against the mapping vectors that
// Big Deal's own decoder produced (crates/model/tests/data/mapping-vectors.csv).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot, ROOT, fairdealExe } from './harness.mjs';


let server, browser;
before(async () => { server = new Server(); await server.start(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.stop(); });

async function seatCards(page) {
  return page.$$eval('.hand-diagram .hd-seat', (seats) => seats.map((s) => ({
    seat: s.dataset.seat,
    cards: [...s.querySelectorAll('.hd-holding')].map((h) => h.textContent === '—' ? 0 : h.textContent.split(' ').length),
  })));
}

test('Deal button deals a full deal with both numbers; the numbers reopen it', { timeout: 90_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  await page.goto(server.url + '/deal');
  await waitForApp(page);
  await page.click('#deal-button');
  await page.locator('.hand-diagram').waitFor();
  const seats = await seatCards(page);
  assert.equal(seats.length, 4);
  for (const s of seats) assert.equal(s.cards.reduce((a, b) => a + b, 0), 13, `seat ${s.seat}`);
  const pbn = (await page.textContent('#deal-pbn')).trim();
  assert.match(pbn, /^N:(\S+ ){3}\S+$/);
  await shot(page, 'deal-random');
  // Two deals in a row differ (a repeat has probability 1/D).
  await page.click('#deal-button');
  const pbn2 = (await page.textContent('#deal-pbn')).trim();
  assert.notEqual(pbn2, pbn);
  // Both numbers are `fairdeal number of-deal`'s for the same deal.
  const cli = execFileSync(fairdealExe(), ['number', 'of-deal', pbn2], { encoding: 'utf8' });
  for (const [name, cls] of [['pavlicek', 'num-pavlicek'], ['bigdeal', 'num-bigdeal']]) {
    const shown = (await page.textContent(`#deal-numbers a.${cls}`)).replace(/\D/g, '');
    assert.equal(shown, cli.match(new RegExp(`^${name}: (\\d+)$`, 'm'))[1], `${name} number as the CLI`);
  }
  // Follow each number's link: same deal.
  for (const cls of ['num-pavlicek', 'num-bigdeal']) {
    await page.click(`#deal-numbers a.${cls}`);
    await page.locator('#deal-pbn').waitFor();
    assert.equal((await page.textContent('#deal-pbn')).trim(), pbn2, `${cls} link reopens the deal`);
  }
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('known numbers open known deals (Big Deal and Pavlicek mappings)', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await openPage(browser);
  // Big Deal set1 board 1: number 10072384477273865916944991809 (bigdeal.md §2.3).
  await page.goto(server.url + '/deal/bigdeal/10072384477273865916944991809');
  await waitForApp(page);
  await page.locator('#deal-pbn').waitFor();
  assert.equal((await page.textContent('#deal-pbn')).trim(),
    'N:A9.Q3.AK7.JT8632 JT876.K8.T8543.9 KQ52.754.QJ9.A54 43.AJT962.62.KQ7');
  // Pavlicek number 0: N gets the first 13 cards of the rank-major order.
  await page.goto(server.url + '/deal/0');
  await page.locator('#deal-pbn').waitFor();
  assert.equal((await page.textContent('#deal-pbn')).trim(),
    'N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432');
  // Typing a number into the form opens it too.
  await page.fill('#number-input', '53 644 737 765 488 792 839 237 439 999');
  await page.selectOption('#mapping-select', 'bigdeal');
  await page.click('#open-number');
  await page.waitForURL('**/deal/bigdeal/53644737765488792839237439999');
  await page.locator('#deal-pbn').waitFor();
  assert.equal((await page.textContent('#deal-pbn')).trim(),
    'N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432...');
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad numbers are answered with a message; seats hide and show', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.url + '/deal');
  await waitForApp(page);
  await page.fill('#number-input', '12x4');
  await page.click('#open-number');
  assert.match(await page.textContent('#deal-error'), /Deal number/);
  await page.fill('#number-input', '53644737765488792839237440000');
  await page.click('#open-number');
  assert.match(await page.textContent('#deal-error'), /out of range/);
  await page.goto(server.url + '/deal/99999999999999999999999999999999');
  await page.locator('#deal-error').waitFor();
  await page.click('#deal-button');
  await page.click('[data-seat="E"] .hd-toggle');
  await page.click('[data-seat="W"] .hd-toggle');
  const hidden = await page.$$eval('.hd-hidden', (els) => els.map((e) => e.dataset.seat));
  assert.deepEqual(hidden.sort(), ['E', 'W']);
  assert.equal(await page.locator('[data-seat="E"] .hd-holding').count(), 0, 'hidden cards are not in the DOM');
  await shot(page, 'deal-hidden-ew');
  await page.click('[data-seat="E"] .hd-toggle');
  assert.deepEqual(await page.$$eval('.hd-hidden', (els) => els.map((e) => e.dataset.seat)), ['W']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a dealt hand fits a phone screen', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await openPage(browser, { width: 390, height: 844 });
  await page.goto(server.url + '/deal/bigdeal/10072384477273865916944991809');
  await waitForApp(page);
  await page.locator('.hand-diagram').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the deal page scrolls sideways by ${overflow}px`);
  // Every seat's cards are visible inside the viewport width.
  const boxes = await page.$$eval('.hd-seat', (els) => els.map((e) => e.getBoundingClientRect().right));
  for (const right of boxes) assert.ok(right <= 390, `a seat ends at ${right}px`);
  await shot(page, 'deal-phone-dealt');
  assert.deepEqual(errors, []);
  await context.close();
});
