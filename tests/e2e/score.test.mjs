// The Score page: create a small Mitchell, type results with the keyboard (4SX Tab S Tab -2,
// Enter down), see scores and rankings update, undo/redo, a bad cell's message; reload and
// find everything; close the browser abruptly right after typing and find the last keystroke
// saved (persistent profile in a temp dir); paste rows; screenshots light, dark and phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot, SHOTS } from './harness.mjs';

let server, browser;
before(async () => { server = new Server(); await server.start(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.stop(); });

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function createEvent(page, { name = 'Club night', tables = '3', boards = '2' } = {}) {
  await page.locator('#setup-form').waitFor();
  await page.fill('#setup-name', name);
  await page.fill('#setup-tables', tables);
  await page.fill('#setup-boards', boards);
  await page.click('#setup-create');
  await page.locator('#score-grid').waitFor();
  await page.locator('#save-status', { hasText: /^Saved$/ }).waitFor();
}

async function typeRow(page, row, cells) {
  await page.click(`#sc-${row}-contract`);
  await page.keyboard.type(cells[0]);
  for (const c of cells.slice(1)) { await page.keyboard.press('Tab'); await page.keyboard.type(c); }
}

test('create, type, rank, undo, reload: everything is there', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  await page.goto(server.url + '/score');
  await waitForApp(page);
  await createEvent(page);
  // 3 tables × 2 boards a round, 3 rounds: 18 rows, board 1 first (tables 1-3).
  assert.equal(await page.locator('#score-grid tbody tr.sc-row').count(), 18);
  assert.equal(await page.inputValue('#sc-0-board'), '1');
  await typeRow(page, 0, ['4SX', 'S', '-2']);
  assert.equal((await page.textContent('#sc-nsscore-0')).trim(), '-300');
  // Enter goes down the same column.
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'sc-1-result');
  await typeRow(page, 1, ['4S', 'S', '=']);
  await typeRow(page, 2, ['4S', 'S', '+1']);
  assert.equal((await page.textContent('#sc-nsscore-2')).trim(), '450');
  assert.equal((await page.textContent('#sc-points-2')).trim(), '100%');
  // Rankings per method, side by side.
  for (const m of ['mp', 'mp-acbl', 'butler', 'cross-imps', 'vp']) {
    await page.locator(`#rank-${m} tbody tr[data-pair]`).first().waitFor();
  }
  const mpRanks = await page.$$eval('#rank-mp tbody tr[data-pair]', (rs) => rs.map((r) => r.cells[0].textContent));
  assert.deepEqual(mpRanks.slice(0, 3), ['1', '2', '3']);
  // A tie shows `1=`: make table 2 also +1.
  await page.fill('#sc-1-result', '+1');
  assert.match(await page.textContent('#rank-mp'), /1=/);
  // Undo (Ctrl+Z) and redo (button).
  await page.focus('#sc-1-result');
  await page.keyboard.press('Control+z');
  assert.equal(await page.inputValue('#sc-1-result'), '=');
  await page.click('#redo');
  assert.equal(await page.inputValue('#sc-1-result'), '+1');
  // A bad cell gets the engine's message at the cell.
  await typeRow(page, 3, ['8S']);
  await page.locator('#sc-msg-3').waitFor();
  assert.match(await page.textContent('#sc-msg-3'), /Contract/);
  assert.equal(await page.getAttribute('#sc-3-contract', 'aria-invalid'), 'true');
  await page.fill('#sc-3-contract', '3NT');
  await page.keyboard.press('Tab'); await page.keyboard.type('N');
  await page.keyboard.press('Tab'); await page.keyboard.type('+9');
  assert.match(await page.textContent('#sc-msg-3'), /Result/);
  await page.fill('#sc-3-result', '=');
  assert.equal((await page.textContent('#sc-msg-3')).trim(), '');
  assert.equal(await page.getAttribute('#sc-3-contract', 'aria-invalid'), 'false');
  // A pair not in this round.
  await page.fill('#sc-4-ns', '7');
  await page.locator('#sc-msg-4').waitFor();
  assert.match(await page.textContent('#sc-msg-4'), /pair 7/);
  await page.fill('#sc-4-ns', '2');
  await page.fill('#event-name', 'Club night renamed');
  await page.locator('#save-status', { hasText: /^Saved$/ }).waitFor();
  await page.locator('#traveller').waitFor();
  await page.locator('#chart-board').waitFor();
  await page.locator('#chart-mp-butler').waitFor();
  await shot(page, 'score-light');

  await page.reload();
  await waitForApp(page);
  await page.locator('#score-grid').waitFor();
  assert.equal(await page.inputValue('#event-name'), 'Club night renamed');
  assert.equal(await page.inputValue('#sc-0-contract'), '4SX');
  assert.equal(await page.inputValue('#sc-1-result'), '+1');
  assert.equal(await page.inputValue('#sc-3-contract'), '3NT');
  assert.equal((await page.textContent('#sc-nsscore-2')).trim(), '450');
  assert.match(await page.textContent('#rank-mp'), /1=/);
  assert.match(await page.textContent('#event-list'), /Club night renamed/);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('closing the browser right after typing loses nothing', { timeout: 120_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-score-'));
  const open = async () => {
    const ctx = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 900 },
    });
    const page = ctx.pages()[0] ?? await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e}`));
    await page.goto(server.url + '/score');
    await waitForApp(page);
    return { ctx, page, errors };
  };
  let ctx, page, errors;
  try {
    ({ ctx, page, errors } = await open());
    await createEvent(page, { name: 'Crash test', tables: '2', boards: '1' });
    await typeRow(page, 0, ['3NT', 'N', '+1']);
    await ctx.close(); // abruptly, right after the last keystroke
    assert.deepEqual(errors, []);
    ({ ctx, page, errors } = await open());
    await page.locator('#score-grid').waitFor();
    assert.equal(await page.inputValue('#event-name'), 'Crash test');
    assert.equal(await page.inputValue('#sc-0-contract'), '3NT');
    assert.equal(await page.inputValue('#sc-0-declarer'), 'N');
    assert.equal(await page.inputValue('#sc-0-result'), '+1');
    assert.equal((await page.textContent('#sc-nsscore-0')).trim(), '430');
    assert.deepEqual(errors, []);
  } finally {
    // Close the browser even when an assertion failed, or node would wait on it forever.
    await ctx?.close().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
});

test('paste rows, several events, dark theme and phone width', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser, { colorScheme: 'dark' });
  await page.goto(server.url + '/score');
  await waitForApp(page);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await createEvent(page, { name: 'First', tables: '3', boards: '2' });
  // Paste three rows (tab-separated, from a spreadsheet) starting at the contract of row 0.
  await page.focus('#sc-0-contract');
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.setData('text/plain', '4H\tS\t=\n4H\tS\t-1\n3NT\tN\t+1\n');
    document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  assert.equal(await page.inputValue('#sc-2-contract'), '3NT');
  assert.equal((await page.textContent('#sc-nsscore-1')).trim(), '-50');
  await page.locator('#rank-butler tbody tr[data-pair]').first().waitFor();
  await page.locator('#save-status', { hasText: /^Saved$/ }).waitFor();
  await shot(page, 'score-dark');
  // A second event; the list has both; open the first again.
  await page.click('#new-event summary');
  await createEvent(page, { name: 'Second', tables: '4', boards: '1' });
  assert.equal(await page.locator('#event-list li').count(), 2);
  await page.click('#event-list li:has-text("First") .sc-event-open');
  await page.waitForFunction(() => document.querySelector('#event-name')?.value === 'First');
  assert.equal(await page.inputValue('#sc-2-contract'), '3NT');
  // Delete the second.
  page.once('dialog', (d) => d.accept());
  await page.click('#event-list li:has-text("Second") .sc-event-delete');
  await page.waitForFunction(() => document.querySelectorAll('#event-list li').length === 1);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'score-phone');
  await page.screenshot({ path: `${SHOTS}/score-phone-top.png` });
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});


test('projector mode: one chart per screen, labels ≥ 28 px, arrows step, Esc leaves; 1920×1080 and phone', { timeout: 120_000 }, async () => {
  for (const [theme, size] of [['light', { width: 1920, height: 1080 }], ['dark', { width: 390, height: 844 }]]) {
    const { context, page, requests, errors } = await openPage(browser, { ...size, colorScheme: theme });
    await page.goto(server.url + '/score');
    await waitForApp(page);
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await createEvent(page, { name: 'Projected', tables: '3', boards: '2' });
    await page.focus('#sc-0-contract');
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.setData('text/plain', '4H\tS\t=\n4H\tS\t-1\n3NT\tN\t+1\n2S\tE\t=\n4S\tW\t-2\n1NT\tS\t=\n');
      document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    });
    await page.locator('#chart-mp-butler').waitFor();
    await page.click('#score-projector');
    await page.locator('#projector #scp-chart').waitFor();
    // One chart per screen.
    assert.equal(await page.locator('#projector svg').count(), 1);
    const total = Number((await page.textContent('#pp-step')).split('/')[1]);
    assert.ok(total >= 5, `${total} slides`);
    const titles = [];
    for (let i = 0; i < total; i++) {
      titles.push(await page.textContent('#scp-title'));
      if (theme === 'light') {
        const h = await page.$$eval('#scp-chart .scp-label', (ts) => Math.min(...ts.map((t) => t.getBoundingClientRect().height)));
        assert.ok(h >= 28, `slide ${i + 1} (${titles[i]}): smallest label ${h.toFixed(1)} px high`);
      }
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(SHOTS, `score-projector-${theme}-${i + 1}.png`) });
      if (i + 1 < total) {
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction((n) => document.querySelector('#pp-step')?.textContent === `${n} / ${document.querySelector('#pp-step').textContent.split(' / ')[1]}`, i + 2);
      }
    }
    assert.ok(titles.some((t) => /Matchpoints/.test(t)), titles.join(' | '));
    assert.ok(titles.some((t) => /^Rank: .* v Butler/.test(t)), titles.join(' | '));
    assert.ok(titles.some((t) => /^Rank: .* v VP/.test(t)), titles.join(' | '));
    assert.ok(titles.some((t) => /^Board 1/.test(t)), titles.join(' | '));
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((n) => document.querySelector('#pp-step')?.textContent.startsWith(`${n} /`), total - 1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `wider than the screen by ${overflow}px`);
    await page.keyboard.press('Escape');
    await page.locator('#projector').waitFor({ state: 'detached' });
    assertLocalOnly(requests);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
