// The Simulate page: a hand and 1NT–3NT conditions are typed, 100 deals are dealt in the
// dealing worker and every lead solved in the DD worker pool (progress, partial figures),
// the chart shows one bar per lead, the PBN export holds the 100 deals, and on the revealed
// seed the page's CSV and PBN are byte for byte what `fairdeal simulate lead` prints and
// writes. Stop ends a long run; the Deal page links here with West's hand and the Constrain
// page with its conditions; the shareable link
// carries the inputs, never the seed; bad input is a message naming the field.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot, fairdealExe } from './harness.mjs';

let server, browser;
before(async () => { server = new Server(); await server.start(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.stop(); });

const HAND = 'KQJ4.T98.AK2.654';
const CONDITIONS = 'south: balanced, hcp 15-17\nnorth: hcp 8-9';

async function open(opts, query = '') {
  const o = await openPage(browser, opts);
  await o.page.goto(server.url + '/simulate' + query);
  await waitForApp(o.page);
  await o.page.locator('#simulate-run').waitFor();
  return o;
}

async function phase(page) {
  return page.getAttribute('#simulate-status', 'data-phase');
}

async function solved(page) {
  return Number(await page.getAttribute('#simulate-status', 'data-solved'));
}

test('a 1NT–3NT lead problem: 100 deals, chart, PBN export, and the CLI figures on the revealed seed', { timeout: 600_000 }, async () => {
  const { context, page, requests, errors } = await open();
  await page.fill('#simulate-hand', HAND);
  await page.fill('#simulate-contract', '3NT');
  await page.selectOption('#simulate-declarer', 'S');
  await page.fill('#simulate-conditions', CONDITIONS);
  await page.fill('#simulate-n', '100');
  await page.click('#simulate-run');
  // Partial figures while the workers solve: a table over fewer than 100 deals.
  let partial = false;
  for (let i = 0; i < 6000 && (await phase(page)) !== 'Done'; i++) {
    const n = await solved(page);
    if (n > 0 && n < 100 && (await page.locator('#simulate-table').count()) > 0) partial = true;
    assert.notEqual(await phase(page), 'Failed', await page.textContent('#simulate-status'));
    await page.waitForTimeout(50);
  }
  assert.equal(await phase(page), 'Done', await page.textContent('#simulate-status'));
  assert.ok(partial, 'partial figures were shown before the run ended');
  assert.equal(await solved(page), 100);
  assert.match(await page.textContent('#simulate-status'), /Done: 100 deals/);
  // The chart: one bar per lead group (♠KQJ, ♠4, ♥T98, ♦AK, ♦2, ♣654) and the honesty line.
  assert.equal(await page.locator('#simulate-chart svg .sl-bar').count(), 6);
  assert.equal(await page.locator('#simulate-table tbody tr').count(), 6);
  assert.match(await page.textContent('#simulate-honesty'), /every player sees all 52 cards/);
  assert.match(await page.getAttribute('#simulate-chart svg', 'aria-label'), /against 3NT by South, 100 deals/);
  // The export: the 100 deals as PBN.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#simulate-pbn')]);
  const pagePbn = fs.readFileSync(await download.path(), 'utf8');
  assert.equal((pagePbn.match(/^\[Deal "/gm) || []).length, 100);
  // The link carries the inputs, never the seed.
  const href = await page.getAttribute('#simulate-link', 'href');
  assert.match(href, /hand=KQJ4\.T98\.AK2\.654/);
  assert.equal(await page.locator('#simulate-seed').count(), 0);
  await page.click('#simulate-reveal');
  const seed = (await page.textContent('#simulate-seed')).trim();
  assert.match(seed, /^[0-9a-f]{64}$/);
  assert.ok(!href.includes(seed));
  assert.match(await page.textContent('#simulate-command'), /fairdeal simulate lead conditions\.txt --contract 3NT --declarer S --hand KQJ4\.T98\.AK2\.654 -n 100 --seed [0-9a-f]{64} --csv/);
  await shot(page, 'simulate-lead-100');
  // Projector mode: the chart alone at projector size; Esc leaves.
  await page.click('#simulate-project');
  await page.locator('#projector .sl-chart').waitFor();
  assert.equal(await page.getAttribute('#projector .sl-chart', 'font-size'), '30');
  await shot(page, 'simulate-projector');
  await page.keyboard.press('Escape');
  await page.locator('#projector').waitFor({ state: 'detached' });
  // The CLI on the same inputs and seed: the same CSV, the same PBN bytes.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-sim-'));
  const spec = path.join(tmp, 'conditions.txt');
  const pbn = path.join(tmp, 'deals.pbn');
  fs.writeFileSync(spec, CONDITIONS + '\n');
  const cli = execFileSync(fairdealExe(), ['simulate', 'lead', spec, '--contract', '3NT', '--declarer', 'S',
    '--hand', HAND, '-n', '100', '--seed', seed, '--csv', '-q', '--pbn', pbn], { encoding: 'utf8' });
  const pageCsv = await page.textContent('#simulate-csv');
  assert.equal(pageCsv, cli);
  assert.equal(pagePbn, fs.readFileSync(pbn, 'utf8'));
  assert.deepEqual(errors, []);
  assertLocalOnly(requests);
  await context.close();
});

test('Stop ends a long run and keeps the figures over the deals solved', { timeout: 300_000 }, async () => {
  const { context, page, errors } = await open();
  await page.fill('#simulate-n', '3000');
  await page.click('#simulate-run');
  for (let i = 0; i < 4000 && (await solved(page)) < 3; i++) await page.waitForTimeout(50);
  assert.ok((await solved(page)) >= 3, await page.textContent('#simulate-status'));
  await page.click('#simulate-stop');
  assert.equal(await phase(page), 'Cancelled');
  const stoppedAt = await solved(page);
  await page.waitForTimeout(1500);
  assert.ok((await solved(page)) <= stoppedAt + 0, 'no result is counted after Stop');
  assert.match(await page.textContent('#simulate-status'), /Stopped after \d+ of 3000 deals/);
  assert.ok(await page.locator('#simulate-run').isEnabled());
  assert.deepEqual(errors, []);
  await context.close();
});

test('the Deal and Constrain pages link here; bad input names the field', { timeout: 120_000 }, async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.url + '/deal');
  await waitForApp(page);
  await page.click('#deal-button');
  const pbn = (await page.textContent('#deal-pbn')).trim();
  const west = pbn.slice(2).split(' ')[3];
  const href = await page.getAttribute('#deal-simulate', 'href');
  await page.goto(server.url + href);
  await page.locator('#simulate-hand').waitFor();
  assert.equal(await page.inputValue('#simulate-hand'), west);
  await page.fill('#simulate-contract', '3Q');
  await page.click('#simulate-run');
  assert.equal(await phase(page), 'Failed');
  assert.match(await page.textContent('#simulate-status'), /^Contract: unknown strain/);
  await page.fill('#simulate-contract', '3NT');
  await page.fill('#simulate-conditions', 'south: hcp 15-17,\nnorth: hcpp 8');
  await page.click('#simulate-run');
  assert.match(await page.textContent('#simulate-status'), /Conditions:\s*1:18:[\s\S]*2:8: unknown scale/);
  // The Constrain page links here with its conditions (the leader's hand fixed by them).
  await page.goto(server.url + '/constrain');
  await page.locator('#constrain-text').waitFor();
  await page.fill('#constrain-text', 'west: is AKQ2.JT3.K765.A9\nsouth: hcp 15-17, balanced');
  await page.goto(server.url + await page.getAttribute('#constrain-simulate', 'href'));
  await page.locator('#simulate-conditions').waitFor();
  assert.equal(await page.inputValue('#simulate-hand'), '');
  assert.equal(await page.inputValue('#simulate-conditions'), 'west: is AKQ2.JT3.K765.A9\nsouth: hcp 15-17, balanced');
  await page.fill('#simulate-n', '4');
  await page.click('#simulate-run');
  for (let i = 0; i < 2000 && (await phase(page)) !== 'Done'; i++) await page.waitForTimeout(50);
  assert.equal(await phase(page), 'Done', await page.textContent('#simulate-status'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('which contract: a fixed hand and conditions on partner, 30 deals, the CLI figures on the revealed seed', { timeout: 300_000 }, async () => {
  const { context, page, requests, errors } = await open();
  const conditions = 'north: is AK32.KQ2.A32.K32\nsouth: hcp 8-10, balanced';
  await page.fill('#simulate-c-conditions', conditions);
  await page.fill('#simulate-c-contracts', '3NT:N,4S:N');
  await page.fill('#simulate-c-n', '30');
  await page.click('#simulate-c-run');
  for (let i = 0; i < 6000 && (await page.getAttribute('#simulate-c-status', 'data-phase')) !== 'Done'; i++) {
    assert.notEqual(await page.getAttribute('#simulate-c-status', 'data-phase'), 'Failed', await page.textContent('#simulate-c-status'));
    await page.waitForTimeout(50);
  }
  assert.match(await page.textContent('#simulate-c-status'), /Done: 30 deals/);
  assert.equal(await page.locator('#simulate-c-table tbody tr').count(), 2);
  // The trick distribution of 3NT and 4S by North: each row counts the 30 deals.
  const dist = await page.$$eval('#simulate-c-dist tbody tr', (rows) => rows.map((r) =>
    [...r.querySelectorAll('td')].slice(1).reduce((a, td) => a + Number(td.textContent || 0), 0)));
  assert.deepEqual(dist, [30, 30]);
  assert.match(await page.textContent('#simulate-c-pairs'), /3NT:N rather than 4S:N: [+-]\d+\.\d\d IMPs per deal/);
  await page.click('#simulate-c-reveal');
  const seed = (await page.textContent('#simulate-c-seed')).trim();
  assert.match(await page.textContent('#simulate-c-command'), /fairdeal simulate contract conditions\.txt --contracts 3NT:N,4S:N -n 30 --seed [0-9a-f]{64} --csv/);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-simc-'));
  const spec = path.join(tmp, 'conditions.txt');
  fs.writeFileSync(spec, conditions);
  const pbn = path.join(tmp, 'deals.pbn');
  const cli = execFileSync(fairdealExe(), ['simulate', 'contract', spec, '--contracts', '3NT:N,4S:N',
    '-n', '30', '--seed', seed, '--csv', '-q', '--pbn', pbn], { encoding: 'utf8' });
  assert.equal(await page.textContent('#simulate-c-csv'), cli);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#simulate-c-pbn')]);
  assert.equal(fs.readFileSync(await download.path(), 'utf8'), fs.readFileSync(pbn, 'utf8'));
  // The chart: one bar per contract, named for a screen reader.
  assert.equal(await page.locator('#simulate-c-chart svg .sl-bar').count(), 2);
  assert.match(await page.getAttribute('#simulate-c-chart svg', 'aria-label'), /Percentage of 30 deals on which each contract makes/);
  // Every strain and declarer: the 20 lines `fairdeal simulate contract` prints, figure for figure.
  await page.check('#simulate-c-all-lines');
  const pageLines = await page.$$eval('#simulate-c-dist tbody tr', (rows) => rows.map((r) =>
    [r.querySelector('th').textContent, ...[...r.querySelectorAll('td')].map((td) => td.textContent || '0')].join(' ')));
  assert.equal(pageLines.length, 20);
  const text = execFileSync(fairdealExe(), ['simulate', 'contract', spec, '--contracts', '3NT:N,4S:N',
    '-n', '30', '--seed', seed, '-q'], { encoding: 'utf8' });
  const cliLines = text.split('\n').filter((l) => /^(NT|S|H|D|C):[NESW] /.test(l)).map((l) => l.trim().split(/\s+/).join(' '));
  assert.deepEqual(pageLines, cliLines);
  await shot(page, 'simulate-contract-30');
  assert.deepEqual(errors, []);
  assertLocalOnly(requests);
  await context.close();
});

test('the leader\'s hand can be picked card by card (buttons read as words, pressed state)', { timeout: 120_000 }, async () => {
  const { context, page, errors } = await open();
  await page.fill('#simulate-hand', '');
  for (const c of ['SK', 'SQ', 'SJ', 'S4', 'HT', 'H9', 'H8', 'DA', 'DK', 'D2', 'C6', 'C5', 'C4']) {
    await page.click(`#simulate-card-${c}`);
  }
  assert.equal(await page.inputValue('#simulate-hand'), HAND);
  assert.equal(await page.getAttribute('#simulate-card-SK', 'aria-pressed'), 'true');
  assert.equal(await page.getAttribute('#simulate-card-SK', 'aria-label'), 'K, king of spades');
  assert.equal(await page.getAttribute('#simulate-card-S9', 'aria-label'), '9 of spades');
  assert.equal(await page.getAttribute('#simulate-card-SA', 'aria-pressed'), 'false');
  await page.click('#simulate-card-S4');
  assert.equal(await page.inputValue('#simulate-hand'), 'KQJ.T98.AK2.654');
  await page.focus('#simulate-card-S4');
  await page.keyboard.press('Enter');
  assert.equal(await page.inputValue('#simulate-hand'), HAND);
  await shot(page, 'simulate-card-picker');
  assert.deepEqual(errors, []);
  await context.close();
});
