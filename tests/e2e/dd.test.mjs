// Double dummy in the browser: the Deal page shows the DD table and par of a known deal
// (the values below are `fairdeal dd`'s, which scripts/dd-verify.py checks against DDS 2.9
// through endplay; endplay printed the same table and par for these deals), solved in a DD
// worker; and a 16-board "Solve all" batch runs in the worker pool while the page stays
// responsive (every input event handled and painted within 100 ms during the batch).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot, ROOT, fairdealExe } from './harness.mjs';


// `fairdeal dd --csv` on one board: rows strain → tricks for N, S, E, W, and the par line.
function cliDd(deal) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-dd-'));
  const file = path.join(dir, 'board.pbn');
  fs.writeFileSync(file, `[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "${deal}"]\n\n`);
  const [head, row] = execFileSync(fairdealExe(), ['dd', '--csv', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim().split('\n');
  const cells = Object.fromEntries(head.split(',').map((h, i) => [h, row.split(',')[i]]));
  const table = Object.fromEntries(['NT', 'S', 'H', 'D', 'C'].map((st) => [st, ['N', 'S', 'E', 'W'].map((seat) => Number(cells[`${seat}_${st}`]))]));
  return { table, parScore: Number(cells.par_ns), parContracts: cells.par_contracts };
}

let server, browser;
before(async () => { server = new Server(); await server.start(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.stop(); });

// Rows: strain → tricks for N, S, E, W (the table's column order).
async function readTable(page) {
  return page.$$eval('#dd-result .dd-table tbody tr', (rows) => Object.fromEntries(rows.map((r) => [
    r.dataset.strain, [...r.querySelectorAll('td')].map((td) => Number(td.textContent))])));
}

test('Deal page shows the DD table and par of a known deal', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  try {
    // Big Deal set1 board 1, opened as board 1 (dealer N, nobody vulnerable).
    await page.goto(server.url + '/deal/bigdeal/10072384477273865916944991809');
    await waitForApp(page);
    await page.locator('#dd-result .dd-table').waitFor({ timeout: 60_000 });
    assert.deepEqual(await readTable(page), {
      NT: [7, 7, 6, 6], S: [7, 7, 6, 6], H: [6, 6, 7, 7], D: [8, 8, 5, 5], C: [9, 9, 3, 3],
    });
    assert.equal((await page.textContent('#dd-result .dd-par')).trim(), 'Par +110 NS: 3C NS');
    // The same table and par as `fairdeal dd` on that deal.
    const cli = cliDd((await page.textContent('#deal-pbn')).trim());
    assert.deepEqual(await readTable(page), cli.table);
    assert.equal((await page.textContent('#dd-result .dd-par')).trim(), `Par +${cli.parScore} NS: ${cli.parContracts}`);
    await shot(page, 'dd-deal-known');
    // Pavlicek number 0: North holds every ace, king and queen.
    await page.goto(server.url + '/deal/0');
    await page.locator('#deal-pbn').waitFor();
    await page.waitForFunction(() => document.querySelector('#dd-result .dd-par')?.textContent.includes('7NT'), null, { timeout: 60_000 });
    assert.deepEqual(await readTable(page), {
      NT: [13, 13, 0, 0], S: [13, 13, 0, 0], H: [12, 12, 1, 1], D: [13, 13, 0, 0], C: [12, 12, 1, 1],
    });
    assert.equal((await page.textContent('#dd-result .dd-par')).trim(), 'Par +1520 NS: 7NT NS');
    assertLocalOnly(requests);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a 16-board batch solves in the worker pool while the page stays responsive', { timeout: 600_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  try {
    await page.goto(server.url + '/deal');
    await waitForApp(page);
    for (let i = 0; i < 16; i++) await page.click('#deal-button');
    await page.locator('#dd-batch-solve').waitFor();
    assert.equal((await page.textContent('#dd-batch-solve')).trim(), 'Solve all (16 boards)');
    await page.click('#dd-batch-solve');
    await page.locator('#dd-batch-progress').waitFor();
    assert.match(await page.textContent('.dd-progress label'), /of 16 boards solved \(\d+ workers\)/);
    await shot(page, 'dd-batch-running');
    // While the batch runs: type into the number field and time each keystroke from the
    // event to the next painted frame.
    const lags = await page.evaluate(async () => {
      const input = document.querySelector('#number-input');
      const out = [];
      for (let i = 0; i < 60 && document.querySelector('#dd-batch-progress'); i++) {
        const t0 = performance.now();
        input.value = String(1000 + i);
        input.dispatchEvent(new InputEvent('input', { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        out.push(performance.now() - t0);
        // Short gaps, so that even a fast machine gets several samples in before the batch ends.
        await new Promise((r) => setTimeout(r, 40));
      }
      return out;
    });
    assert.ok(lags.length >= 5, `the batch ended too soon to measure (${lags.length} samples)`);
    const worst = Math.max(...lags);
    console.log(`dd batch: ${lags.length} keystrokes during the batch, worst ${worst.toFixed(1)} ms`);
    assert.ok(worst < 100, `a keystroke took ${worst.toFixed(1)} ms during the batch: ${lags.map((l) => l.toFixed(0)).join(', ')}`);
    assert.equal(await page.inputValue('#number-input'), String(999 + lags.length), 'every keystroke reached the page');
    await page.locator('#dd-batch-done').waitFor({ timeout: 500_000 });
    const rows = await page.$$eval('#dd-batch-results tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
    assert.equal(rows.length, 16);
    assert.deepEqual(rows.map((r) => Number(r[0])), Array.from({ length: 16 }, (_, i) => i + 1));
    for (const r of rows) assert.match(r[2], /^Par (0: passed out|[+-]\d+ NS: .+)$/);
    // The shown deal (the last dealt) was solved once: its single-deal view shares the cache.
    await page.locator('#dd-result .dd-table').waitFor();
    await shot(page, 'dd-batch-done');
    assertLocalOnly(requests);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
