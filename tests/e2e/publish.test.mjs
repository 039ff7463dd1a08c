// The director's session, import → score → publish: the club session (13-table Mitchell,
// 26 boards, adjusted scores, fouled board 17; crates/scoring/tests/data/club26.*) imported
// on the Score page, its hand records attached (DD solved in the DD workers), the fouled
// board flagged, then "Publish". The downloaded page is opened in Chromium: every pair and
// every board is there, each scorecard's points add up to its ranking total, it makes no
// request and has no script. It equals, byte for byte, `fairdeal publish` on the page's own
// "Export JSON" with the same hand records.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot, SHOTS, ROOT, fairdealExe } from './harness.mjs';

let server, browser;
before(async () => { server = new Server(); await server.start(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.stop(); });

const DATA = path.join(ROOT, 'crates', 'scoring', 'tests', 'data');

async function download(page, selector, dir, name) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const file = path.join(dir, name);
  fs.copyFileSync(await dl.path(), file);
  return file;
}

test('import, attach records, publish: the page equals the CLI and adds up', { timeout: 300_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-publish-'));
  const { context, page, requests, errors } = await openPage(browser);
  await page.goto(server.url + '/score');
  await waitForApp(page);
  await page.setInputFiles('#import-file', {
    name: 'club26.csv', mimeType: 'text/csv', buffer: fs.readFileSync(path.join(DATA, 'club26.csv')),
  });
  await page.locator('#score-grid').waitFor();
  await page.locator('#records-file').waitFor();
  await page.setInputFiles('#records-file', {
    name: 'club26.pbn', mimeType: 'text/plain', buffer: fs.readFileSync(path.join(DATA, 'club26.pbn')),
  });
  await page.locator('#records-status', { hasText: /26 boards attached from club26\.pbn; DD tables and par ready/ })
    .waitFor({ timeout: 240_000 });
  assert.match(await page.textContent('#records-fouled'), /board\(s\) 17 may be fouled/);
  // The fouled board's own view: DD table, par and every result against them.
  await page.selectOption('#board-select', '17');
  await page.locator('#records-board[data-board="17"]').waitFor();
  assert.match(await page.textContent('#records-foul'), /9 of 13 contracts/);
  assert.match(await page.textContent('#records-par'), /Par EW \+130: 4.*diamonds.*by EW/);
  assert.equal(await page.locator('#records-lines tbody tr').count(), 13);
  assert.match(await page.textContent('#records-board'), /−2 \(DD 10\)/);
  await shot(page, 'publish-score-page');
  await page.locator('section.sc-publish').screenshot({ path: path.join(SHOTS, 'publish-panel.png') });

  const html = await download(page, '#publish', dir, 'page.html');
  const exported = await download(page, '#export-json', dir, 'event.json');
  const cli = path.join(dir, 'cli.html');
  execFileSync(fairdealExe(), ['publish', exported, '--records', path.join(DATA, 'club26.pbn'), '-o', cli],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  const pageBytes = fs.readFileSync(html);
  assert.ok(pageBytes.equals(fs.readFileSync(cli)), 'the page publishes what the CLI writes');
  // Two rankings (matchpoints and Butler) and a fingerprint: still the CLI's bytes.
  await page.check('#publish-m-butler');
  await page.fill('#publish-fingerprint', 'KH 5f0c');
  const two = await download(page, '#publish', dir, 'page2.html');
  const cli2 = path.join(dir, 'cli2.html');
  execFileSync(fairdealExe(), ['publish', exported, '--records', path.join(DATA, 'club26.pbn'), '-m', 'mp', '-m', 'butler',
    '--fingerprint', 'KH 5f0c', '-o', cli2], { stdio: ['ignore', 'pipe', 'pipe'] });
  const twoText = fs.readFileSync(two, 'utf8');
  assert.equal(twoText, fs.readFileSync(cli2, 'utf8'));
  assert.match(twoText, /<caption>Butler \(IMPs v datum\) — North–South<\/caption>/);
  assert.match(twoText, /KH 5f0c/);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();

  // The published file on its own: no script, no request, every pair and board, sums.
  const view = await openPage(browser);
  await view.page.goto('file://' + html);
  assert.deepEqual(view.requests.filter((u) => !u.startsWith('file://')), []);
  assert.equal(await view.page.locator('script').count(), 0);
  assert.equal(await view.page.title(), 'club26');
  const boards = await view.page.$$eval('section.fdr-board', (s) => s.map((x) => Number(x.dataset.board)));
  assert.deepEqual(boards, Array.from({ length: 26 }, (_, i) => i + 1));
  for (const b of boards) {
    assert.equal(await view.page.locator(`#board-${b} table.fdr-dd`).count(), 1, `board ${b} DD table`);
    assert.equal(await view.page.locator(`#board-${b} table.fdr-trav tbody tr`).count(), 13, `board ${b} traveller`);
  }
  const ranking = await view.page.$$eval('table.fdr-rank tr[data-key]', (rs) => rs.map((r) => [r.dataset.key, Number(r.dataset.total)]));
  const pairs = [...Array(13).keys()].flatMap((i) => [`NS ${i + 1}`, `EW ${i + 14}`]).sort();
  assert.deepEqual(ranking.map(([k]) => k).sort(), pairs);
  const cards = await view.page.$$eval('section.fdr-card', (cs) => cs.map((c) => ({
    key: c.dataset.key,
    points: [...c.querySelectorAll('td.fdr-pts')].map((t) => Number(t.textContent)),
    sum: Number(c.querySelector('[data-sum]').dataset.sum),
  })));
  assert.equal(cards.length, 26);
  for (const c of cards) {
    const total = ranking.find(([k]) => k === c.key)[1];
    const added = c.points.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(c.sum - total) < 0.005, `${c.key}: scorecard ${c.sum} v ranking ${total}`);
    assert.ok(Math.abs(added - total) < 0.005 * c.points.length + 1e-9, `${c.key}: ${added} v ${total}`);
    assert.ok(c.points.length >= 25, `${c.key}: ${c.points.length} boards`);
  }
  assert.match(await view.page.textContent('#board-17'), /Check this board/);
  await shot(view.page, 'publish-results-page');
  assert.deepEqual(view.errors, []);
  await view.context.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('one click attaches a board set kept in this browser', { timeout: 300_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  await page.goto(server.url + '/score');
  await waitForApp(page);
  // A set as the Board sets page stores it (what Tournament/Deal/Constrain send there).
  const pbn = fs.readFileSync(path.join(DATA, 'club26.pbn'), 'utf8');
  await page.evaluate((text) => {
    localStorage.setItem('fairdeal.boardsets.index', JSON.stringify([{ id: 'set-1', name: 'Thursday set', boards: 26 }]));
    localStorage.setItem('fairdeal.boardsets.set.set-1', text);
  }, pbn);
  await page.setInputFiles('#import-file', {
    name: 'club26.csv', mimeType: 'text/csv', buffer: fs.readFileSync(path.join(DATA, 'club26.csv')),
  });
  await page.locator('#records-set').waitFor();
  await page.focus('#records-set');
  await page.selectOption('#records-set', 'set-1');
  await page.locator('#records-status', { hasText: /26 boards attached from Thursday set; DD tables and par ready/ })
    .waitFor({ timeout: 240_000 });
  assert.match(await page.textContent('#records-fouled'), /board\(s\) 17 may be fouled/);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});
