// The viewer (/view): a real BBO record with its whole play, stepped through card by card,
// shows at every position the DD figures `fairdeal play --csv` prints for the same board
// (which scripts/play-verify.py checks against DDS through endplay), and the tricks lost
// per side; its "Copy link" is `fairdeal link`; a deal without play is played out from the
// keyboard alone; the hands and cards read as words in the accessibility tree; and a link
// opens in a fresh browser profile with the network off after one visit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot, ROOT, fairdealExe } from './harness.mjs';

const LIN = path.join(ROOT, 'crates/interop/tests/data/play/endplay-example1.lin');
const cli = (args) => execFileSync(fairdealExe(), args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

// `fairdeal play --csv`: position → { card: [tricks, cost] } and position → [lost NS, lost EW].
function cliFigures(file) {
  const [head, ...rows] = cli(['play', file, '--csv']).trim().split('\n');
  const cols = head.split(',');
  const figures = new Map();
  const lost = new Map();
  for (const line of rows) {
    const r = Object.fromEntries(line.split(',').map((v, i) => [cols[i], v]));
    const p = Number(r.position);
    if (!figures.has(p)) figures.set(p, {});
    figures.get(p)[r.card] = [Number(r.declarer_tricks), Number(r.cost)];
    lost.set(p, [Number(r.lost_ns), Number(r.lost_ew)]);
  }
  return { figures, lost };
}

// The figures on the page: every legal-card button of the player to move.
async function pageFigures(page) {
  return page.$$eval('.vw-card', (bs) => Object.fromEntries(bs.map((b) => [b.dataset.card, [Number(b.dataset.tricks), Number(b.dataset.cost)]])));
}

let server, browser;
before(async () => { server = new Server(); await server.start(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('a real LIN with play: every position shows the CLI figures and the link is fairdeal link', { timeout: 300_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  try {
    await page.goto(server.url + '/view');
    await waitForApp(page);
    const t0 = Date.now();
    await page.setInputFiles('#vw-file', LIN);
    await page.locator('.vw-table').waitFor();
    await page.locator('.vw-card[data-tricks]').first().waitFor({ timeout: 60_000 });
    const tFirst = Date.now() - t0;
    assert.match(await page.textContent('.vw-info'), /3NT by North/);
    assert.equal(await page.locator('.vw-auction tbody td').count() > 0, true);
    // The address bar now carries the board: the same link as `fairdeal link`.
    assert.equal(page.url(), cli(['link', LIN, '--base', server.url]).trim());
    // Every position solved ahead of the user, with progress shown.
    await page.waitForFunction(() => document.querySelector('.vw-progress')?.textContent.includes('53 of 53'), null, { timeout: 240_000 });
    const tAll = Date.now() - t0;
    // For docs/BENCHMARKS.md: the browser's time to the first position and to all of them.
    console.log(`viewer-bench: first position ${tFirst} ms, all 53 positions ${tAll} ms`);
    // The same positions solved by DDS 2.9 (endplay) in the same run, for the ratio.
    const venv = path.join(ROOT, '.venv-endplay/bin/python');
    if (fs.existsSync(venv)) {
      console.log(execFileSync(venv, [path.join(ROOT, 'scripts/play-verify.py'), fairdealExe(), '--bench', '3', LIN], { encoding: 'utf8' }).trim());
    }
    assert.ok(tFirst < 5_000, `the position on screen is solved first (${tFirst} ms)`);
    const { figures, lost } = cliFigures(LIN);
    const stepTo = async (n) => {
      // A range input: set its value and send the input event a drag would.
      await page.$eval('#vw-step', (el, v) => { el.value = v; el.dispatchEvent(new Event('input', { bubbles: true })); }, String(n));
      await page.waitForFunction((k) => document.querySelector('label[for=vw-step]')?.textContent === `Card ${k} of 52`, n);
    };
    for (let p = 0; p < 52; p++) {
      if (p % 2 === 0) {
        await stepTo(p);
      } else {
        // The keyboard: → from the page body.
        await page.locator('h1').click();
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction((k) => document.querySelector('label[for=vw-step]')?.textContent === `Card ${k} of 52`, p);
      }
      assert.deepEqual(await pageFigures(page), figures.get(p), `position ${p}`);
      const [ns, ew] = lost.get(p);
      assert.match(await page.textContent('.vw-dd'), new RegExp(`North–South ${ns}, East–West ${ew}\\.`), `lost at position ${p}`);
    }
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('label[for=vw-step]')?.textContent === 'Card 50 of 52');
    await stepTo(52);
    assert.match(await page.textContent('.vw-dd'), /Declarer took 11 tricks\. .*North–South 0, East–West 2\./);
    // Costing cards are marked in text, not only by colour.
    await stepTo(0);
    assert.match(await page.textContent('.vw-card[data-card="S2"] .visually-hidden'), /costs 2 tricks/);
    assert.equal(await page.textContent('.vw-card[data-card="S2"] .vw-cost'), '−2');
    await shot(page, 'viewer-lin');
    // "Copy link" is `fairdeal link` for the same board and site.
    await page.click('text=Copy link');
    const link = await page.inputValue('#vw-shared');
    assert.equal(link, cli(['link', LIN, '--base', server.url]).trim());
    // Export BBO link is `fairdeal link --bbo`.
    await page.click('text=Export BBO link');
    await page.waitForFunction(() => document.querySelector('#vw-shared')?.value.startsWith('https://www.bridgebase.com/'));
    assert.equal(await page.inputValue('#vw-shared'), cli(['link', LIN, '--bbo']).trim());
    // The QR code, large.
    await page.click('text=Show QR code');
    const box = await page.locator('.vw-qr-img svg').boundingBox();
    assert.ok(box.width >= 400, `QR code ${box.width}px wide`);
    await shot(page, 'viewer-qr');
    // The link opens the same board (figures come back from the workers).
    await page.goto(link);
    await page.locator('.vw-card[data-card="S2"][data-tricks="11"]').waitFor({ timeout: 60_000 });
    assertLocalOnly(requests);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('keyboard only: play a trick of a deal without play; hands read as words', { timeout: 180_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-view-'));
  const pbn = path.join(dir, 'board.pbn');
  fs.writeFileSync(pbn, '[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n[Deal "N:AK2.QJ3.T987.654 QJ3.AK2.654.T987 T98.7654.AKQJ.32 7654.T98.32.AKQJ"]\n[Declarer "S"]\n[Contract "3NT"]\n\n');
  const url = cli(['link', pbn, '--base', server.url]).trim();
  const { context, page, requests, errors } = await openPage(browser);
  try {
    await page.goto(url);
    await waitForApp(page);
    await page.locator('.vw-table').waitFor();
    // Screen-reader names: every hand in words, every legal card with its figure.
    const cdp = await context.newCDPSession(page);
    await page.locator('.vw-card[data-tricks]').first().waitFor({ timeout: 60_000 });
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const names = nodes.map((n) => n.name?.value ?? '').filter(Boolean);
    for (const want of [
      'North: spades A K 2, hearts Q J 3, diamonds 10 9 8 7, clubs 6 5 4',
      'East: spades Q J 3, hearts A K 2, diamonds 6 5 4, clubs 10 9 8 7',
      'South: spades 10 9 8, hearts 7 6 5 4, diamonds A K Q J, clubs 3 2',
      'West: spades 7 6 5 4, hearts 10 9 8, diamonds 3 2, clubs A K Q J; to play',
    ]) {
      assert.ok(names.includes(want), `accessibility tree has "${want}": ${names.filter((n) => /: spades/.test(n)).join(' | ')}`);
    }
    assert.ok(names.some((n) => /^clubs A: \d+ tricks for declarer, (best|costs \d+ tricks?)$/.test(n)), 'cards read as words with their figures');
    // Play one trick with Tab and Enter/Space only.
    for (let k = 0; k < 4; k++) {
      let found = false;
      for (let i = 0; i < 120 && !found; i++) {
        await page.keyboard.press('Tab');
        found = await page.evaluate(() => document.activeElement?.classList.contains('vw-card') ?? false);
      }
      assert.ok(found, `card ${k + 1}: a card button takes the focus`);
      await page.keyboard.press(k % 2 === 0 ? 'Enter' : 'Space');
      await page.waitForFunction((n) => document.querySelector('label[for=vw-step]')?.textContent === `Card ${n} of ${n}`, k + 1);
    }
    assert.equal(await page.locator('.vw-played li').count(), 1);
    assert.equal(await page.locator('.vw-played li .vw-pc').count(), 4);
    // Between tricks the one just completed stays on the table with its winner.
    assert.match(await page.textContent('.vw-trick-title'), /^Trick 1, won by (North|East|South|West)$/);
    assert.equal(await page.locator('.vw-trick li').count(), 4);
    await page.click('text=Best DD card');
    assert.match(await page.textContent('.vw-status'), /Best DD card: .+ \(\d+ tricks for declarer\)\./);
    await shot(page, 'viewer-keyboard');
    assertLocalOnly(requests);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a link opens in a fresh browser profile with the network off after one visit', { timeout: 180_000 }, async () => {
  const own = new Server();
  await own.start();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-profile-'));
  const args = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'];
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  let first = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args });
  try {
    const page = await first.newPage();
    await page.goto(own.url + '/');
    await waitForApp(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      }
    });
  } finally {
    await first.close();
  }
  const url = cli(['link', LIN, '--base', own.url]).trim();
  await own.stop();
  const second = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args });
  try {
    await second.setOffline(true);
    const page = second.pages()[0] ?? await second.newPage();
    await page.goto(url);
    await waitForApp(page);
    await page.locator('.vw-table').waitFor();
    assert.match(await page.textContent('.vw-info'), /3NT by North/);
    // DD runs offline too (the DD worker is precached).
    await page.locator('.vw-card[data-card="DA"][data-tricks="9"]').waitFor({ timeout: 60_000 });
    await shot(page, 'viewer-offline');
  } finally {
    await second.close();
  }
});

test('Open in viewer from the Deal page: pick a contract, play South while the others play best DD cards', { timeout: 180_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  try {
    await page.goto(server.url + '/deal/bigdeal/10072384477273865916944991809');
    await waitForApp(page);
    const pbn = (await page.textContent('#deal-pbn')).trim();
    await page.click('#deal-view');
    await page.locator('#vw-strain').waitFor();
    await page.locator('text=Choose a contract to play this deal.').waitFor();
    // The deal on the viewer is the Deal page's.
    const cdp = await context.newCDPSession(page);
    await page.selectOption('#vw-strain', { label: 'notrump' });
    await page.selectOption('#vw-declarer', { label: 'South' });
    for (const s of ['n', 'e', 'w']) await page.uncheck(`#vw-me-${s}`);
    // West leads, North and East follow by themselves; then it is South's turn.
    await page.waitForFunction(() => document.querySelector('label[for=vw-step]')?.textContent === 'Card 3 of 3', null, { timeout: 90_000 });
    assert.match(await page.textContent('.vw-status'), /South to play\./);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const south = nodes.map((n) => n.name?.value ?? '').find((n) => n.startsWith('South: spades'));
    const hand = pbn.split(':')[1].split(' ')[2]; // N E S W from N: South is the third
    const words = (h) => h.split('.').map((x) => x.replace(/T/g, '10').split('').join(' ').replace(/1 0/g, '10'));
    const [s, hh, d, c] = words(hand);
    const expectHand = `South: spades ${s || 'none'}, hearts ${hh || 'none'}, diamonds ${d || 'none'}, clubs ${c || 'none'}; to play`;
    assert.equal(south, expectHand);
    // The three computer cards were best DD cards (cost 0).
    assert.equal(await page.locator('.vw-played .vw-pc.vw-costly').count(), 0);
    await page.locator('.vw-card').first().click();
    await page.waitForFunction(() => /Card [4-9] of/.test(document.querySelector('label[for=vw-step]')?.textContent ?? ''));
    await shot(page, 'viewer-from-deal');
    assertLocalOnly(requests);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Open in viewer from Board sets: a LIN file with play opens with its play', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  try {
    await page.goto(server.url + '/boards');
    await waitForApp(page);
    await page.setInputFiles('#bs-file', LIN);
    await page.locator('.bs-board .hand-diagram').waitFor();
    const href = await page.getAttribute('#bs-view', 'href');
    assert.equal(server.url + href, cli(['link', LIN, '--base', server.url]).trim());
    await page.click('#bs-view');
    await page.locator('.vw-table').waitFor();
    assert.match(await page.textContent('.vw-info'), /3NT by North .*recorded play/);
    assert.equal(await page.textContent('label[for=vw-step]'), 'Card 0 of 52');
    assertLocalOnly(requests);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
