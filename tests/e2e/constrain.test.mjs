// The Constrain page: the live count equals the CLI's exact figure (`fairdeal count`); an
// impossible set is answered at once; a syntax error shows the same line:column as the CLI;
// form and text stay in sync; 8 boards deal as 8 diagrams meeting the condition, with the
// standard rotation, and export as PBN; a levelled set labels each board with its category;
// a 2000-board batch runs in the worker with a progress bar, the page stays responsive, and
// Cancel stops it; the Statistics panel runs N deals in the worker against exact theory
// (chi-square per table, chart) and can be cancelled. Screenshots: light, dark, phone width, stats.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot, ROOT, fairdealExe } from './harness.mjs';

let server, browser;
before(async () => { server = new Server(); await server.start(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.stop(); });


// Runs `fairdeal count` on a spec; returns { stdout, stderr, ok }.
function cliCount(spec) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-cst-'));
  const file = path.join(tmp, 'spec.txt');
  fs.writeFileSync(file, spec);
  try {
    return { ok: true, stdout: execFileSync(fairdealExe(), ['count', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }), stderr: '' };
  } catch (e) {
    return { ok: false, stdout: String(e.stdout ?? ''), stderr: String(e.stderr ?? '') };
  }
}

async function open(opts) {
  const o = await openPage(browser, opts);
  await o.page.goto(server.url + '/constrain');
  await waitForApp(o.page);
  await o.page.locator('#constrain-text').waitFor();
  return o;
}

async function boardsOnPage(page) {
  return page.$$eval('.cst-board', (boards) => boards.map((b) => ({
    board: Number(b.dataset.board),
    category: b.dataset.category,
    seats: Object.fromEntries([...b.querySelectorAll('.hd-seat')].map((s) => [s.dataset.seat, {
      hcp: Number(s.querySelector('.hd-hcp').textContent.replace(/\D/g, '')),
      lengths: [...s.querySelectorAll('.hd-holding')].map((h) => h.textContent === '—' ? 0 : h.textContent.split(' ').length),
      holdings: [...s.querySelectorAll('.hd-holding')].map((h) => h.textContent),
      dealer: !!s.querySelector('.hd-dealer'),
    }])),
  })));
}

const isBalanced = (l) => ['4333', '4432', '5332'].includes([...l].sort((a, b) => b - a).join(''));

test('the live count is the engine\'s exact figure; impossible sets and syntax errors are answered at once', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await open();
  const spec = 'north: balanced, hcp 15-17';
  await page.fill('#constrain-text', spec);
  const cli = cliCount(spec + '\n');
  const expected = cli.stdout.match(/^deals: (\d+) of/m)[1];
  await page.locator(`#constrain-count[data-deals="${expected}"]`).waitFor({ timeout: 5000 });
  assert.equal(await page.getAttribute('#constrain-count', 'data-exact'), 'true');
  await shot(page, 'constrain-light');

  // Impossible: answered at once, naming the seat.
  await page.fill('#constrain-text', 'north: hcp 15-17\nsouth: hcp 38');
  await page.locator('#constrain-impossible').waitFor({ timeout: 2000 });
  assert.match(await page.textContent('#constrain-impossible'), /South/);
  assert.equal(await page.isDisabled('#constrain-deal'), true);

  // A syntax error: the same line:column as the CLI's rendering.
  const bad = 'north: hcp 15-17\nsouth: hcp 10+, spades lots';
  await page.fill('#constrain-text', bad);
  await page.locator('#constrain-errors').waitFor({ timeout: 2000 });
  const cliBad = cliCount(bad + '\n');
  assert.equal(cliBad.ok, false);
  const pos = (cliBad.stderr + cliBad.stdout).match(/(\d+):(\d+):/);
  assert.ok(pos, `CLI error has line:col: ${cliBad.stderr}`);
  const shown = (await page.textContent('#constrain-errors .cst-err-pos')).trim();
  assert.equal(shown, `${pos[1]}:${pos[2]}`);
  assert.equal(pos[1], '2');
  assert.equal(await page.getAttribute('#constrain-text', 'aria-invalid'), 'true');
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('form and text stay in sync; field errors show at the field; text-only sets say so', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await open();
  await page.fill('#constrain-text', '');
  await page.fill('#cst-north-hcp', '15-17');
  await page.selectOption('#cst-north-shape', 'balanced');
  await page.fill('#cst-south-spades', '5+');
  await page.fill('#cst-ns-fit', '8+ majors');
  const text = await page.inputValue('#constrain-text');
  assert.equal(text, 'north: hcp 15-17, shape balanced\nsouth: spades 5+\nns: fit 8+ majors\n');
  await page.locator('#constrain-count').waitFor();
  const cli = cliCount(text);
  assert.equal(await page.getAttribute('#constrain-count', 'data-deals'), cli.stdout.match(/^deals: (\d+) of/m)[1]);
  // A bad field value: message at the field, and the text shows the error position too.
  await page.fill('#cst-east-hearts', '14');
  await page.locator('#cst-east-hearts-error').waitFor();
  await page.locator('#constrain-errors').waitFor();
  await page.fill('#cst-east-hearts', 'AKxx');
  assert.equal(await page.locator('#cst-east-hearts-error').count(), 0);
  assert.match(await page.inputValue('#constrain-text'), /^east: hearts AKxx$/m);
  // Text → form.
  await page.fill('#constrain-text', 'west: spades 6+, hcp 5-10\new: hcp 20+');
  assert.equal(await page.inputValue('#cst-west-spades'), '6+');
  assert.equal(await page.inputValue('#cst-west-hcp'), '5-10');
  assert.equal(await page.inputValue('#cst-ew-hcp'), '20+');
  assert.equal(await page.inputValue('#cst-north-hcp'), '');
  // Something the form cannot show.
  await page.fill('#constrain-text', 'scale zar A4 K3 Q2 J1 T0.5\nnorth: zar 12.5+');
  await page.locator('#constrain-as-text').waitFor();
  assert.equal(await page.isDisabled('#cst-north-hcp'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('deal 8 boards: 8 diagrams meeting the condition, standard rotation, PBN export', { timeout: 60_000 }, async () => {
  const { context, page, requests, errors } = await open();
  await page.fill('#constrain-text', 'north: balanced, hcp 15-17\nsouth: hcp 8+');
  await page.fill('#constrain-boards', '8');
  await page.click('#constrain-deal');
  await page.locator('.cst-board').first().waitFor();
  const boards = await boardsOnPage(page);
  assert.equal(boards.length, 8);
  assert.equal(await page.locator('.cst-board .hand-diagram').count(), 8);
  const dealers = ['N', 'E', 'S', 'W'];
  boards.forEach((b, i) => {
    assert.equal(b.board, i + 1);
    const n = b.seats.N;
    assert.ok(n.hcp >= 15 && n.hcp <= 17, `board ${b.board}: North has ${n.hcp} HCP`);
    assert.ok(isBalanced(n.lengths), `board ${b.board}: North ${n.lengths}`);
    assert.ok(b.seats.S.hcp >= 8, `board ${b.board}: South has ${b.seats.S.hcp}`);
    assert.equal(Object.values(b.seats).reduce((a, s) => a + s.hcp, 0), 40);
    assert.ok(b.seats[dealers[i % 4]].dealer, `board ${b.board} dealer`);
  });
  await page.click('.cst-export summary');
  await page.click('#constrain-make-files');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#constrain-files button[data-file="constrained.pbn"]'),
  ]);
  const pbn = fs.readFileSync(await download.path(), 'utf8');
  assert.equal((pbn.match(/\[Board "/g) || []).length, 8);
  assert.match(pbn, /\[Board "8"\]/);
  await shot(page, 'constrain-boards');
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('levelled set: each board shows its category', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await open();
  await page.fill('#constrain-text', 'north: hcp 10+\ncategory strong weight 2\nnorth: hcp 20+\ncategory weak\nnorth: hcp 10-12\n');
  await page.locator('#constrain-levelled').waitFor();
  await page.fill('#constrain-boards', '6');
  await page.click('#constrain-deal');
  await page.locator('.cst-board').first().waitFor();
  const boards = await boardsOnPage(page);
  assert.equal(boards.length, 6);
  for (const b of boards) {
    assert.ok(['strong', 'weak'].includes(b.category), b.category);
    const h = b.seats.N.hcp;
    assert.ok(b.category === 'strong' ? h >= 20 : h >= 10 && h <= 12, `board ${b.board} ${b.category} ${h}`);
  }
  assert.equal(boards.filter((b) => b.category === 'strong').length, 4, 'interleaved 2:1');
  assert.deepEqual(errors, []);
  await context.close();
});

test('2000 boards run in the worker with progress; the page stays responsive; Cancel stops it', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await open({ colorScheme: 'dark' });
  await page.fill('#constrain-text', 'north: balanced, hcp 15-17\nsouth: hcp 8+, spades 4+');
  await page.fill('#constrain-boards', '2000');
  await page.click('#constrain-deal');
  await page.locator('#constrain-progress').waitFor();
  // Responsive while it runs: the theme switch is handled.
  const before = await page.getAttribute('html', 'data-theme');
  await page.click('#theme-toggle');
  assert.notEqual(await page.getAttribute('html', 'data-theme'), before);
  await page.click('#theme-toggle');
  // Runs to the end: 2000 boards, the first page of diagrams shown.
  await page.locator('#constrain-results').waitFor({ timeout: 60_000 });
  assert.match(await page.textContent('#cst-results-heading'), /2000 boards/);
  assert.match(await page.textContent('#constrain-page'), /of 2000/);
  await page.click('#constrain-next');
  assert.equal(await page.getAttribute('.cst-board >> nth=0', 'data-board'), '13');
  await shot(page, 'constrain-dark');
  // Again, and Cancel.
  await page.click('#constrain-deal');
  await page.locator('#constrain-cancel').waitFor();
  await page.click('#constrain-cancel');
  await page.locator('#constrain-cancelled').waitFor({ timeout: 5000 });
  assert.match(await page.textContent('#constrain-cancelled'), /Cancelled after \d+ of 2000/);
  // Nothing more arrives from the cancelled batch.
  await page.waitForTimeout(1500);
  assert.equal(await page.locator('#constrain-results').count(), 0);
  assert.equal(await page.isEnabled('#constrain-deal'), true);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('typing a four-seat set never blocks the page: the count runs in the worker, then shows the CLI\'s exact figure', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await open();
  await page.fill('#constrain-text', '');
  // The CLI's figure first, so that its process does not compete with the worker (and the
  // probe) for this machine's two cores while the page is measured.
  const spec = 'north: hcp 10\neast: hcp 10\nsouth: hcp 10\nwest: hcp 10\n';
  const cli = cliCount(spec);
  const expected = cli.stdout.match(/^deals: (\d+) of/m)[1];
  assert.match(cli.stdout, /^exact seats: North, East, South, West$/m, cli.stdout);
  // An in-page probe: the longest gap between 5 ms timer ticks while typing (a blocked page
  // thread shows as a long gap; before the count moved to the worker, each keystroke of the
  // third and fourth seats blocked for seconds).
  await page.evaluate(() => {
    window.__gap = 0;
    window.__last = performance.now();
    window.__probe = setInterval(() => {
      const now = performance.now();
      window.__gap = Math.max(window.__gap, now - window.__last - 5);
      window.__last = now;
    }, 5);
  });
  await page.locator('#constrain-text').pressSequentially(spec, { delay: 15 });
  const typingGap = await page.evaluate(() => window.__gap);
  await shot(page, 'constrain-four-seats');
  // The probe restarts after the screenshot: capturing the page is the test's own work, not
  // the page's.
  await page.evaluate(() => { window.__gap = 0; window.__last = performance.now(); });
  // Then the worker's answer arrives: the exact count, the same as `fairdeal count`.
  await page.locator(`#constrain-count[data-deals="${expected}"][data-exact="true"]`).waitFor({ timeout: 60_000 });
  const gap = await page.evaluate(() => { clearInterval(window.__probe); return window.__gap; });
  assert.ok(typingGap < 100, `the page thread was blocked for ${typingGap.toFixed(0)} ms while typing`);
  assert.ok(gap < 100, `the page thread was blocked for ${gap.toFixed(0)} ms while the worker counted`);
  assert.equal(await page.inputValue('#constrain-text'), spec);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a fit the joint tables cannot take is counted in cells: the CLI\'s exact figure, and boards meeting it', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await open();
  // South's 4-3-3-3 and West's 5-4-3-1 beside the heart fit pass the joint tables' bounds;
  // the set is split by South's hearts (3 or 4) into two cells without a fit.
  const spec = 'south: shape any 4333\neast: hcp 0-12\nwest: hcp 11-14, shape any 5431\nns: fit 8+ hearts\n';
  const cli = cliCount(spec);
  const expected = cli.stdout.match(/^deals: (\d+) of/m)[1];
  assert.match(cli.stdout, /^exact seats: North, East, South, West$/m, cli.stdout);
  await page.fill('#constrain-text', spec);
  await page.locator(`#constrain-count[data-deals="${expected}"][data-exact="true"]`).waitFor({ timeout: 60_000 });
  await page.fill('#constrain-boards', '6');
  await page.click('#constrain-deal');
  await page.locator('.cst-board').nth(5).waitFor({ timeout: 60_000 });
  const boards = await boardsOnPage(page);
  assert.equal(boards.length, 6);
  const pattern = (l) => [...l].sort((a, b) => b - a).join('');
  for (const b of boards) {
    const { N, E, S, W } = b.seats;
    assert.ok(N.lengths[1] + S.lengths[1] >= 8, `board ${b.board}: NS hold ${N.lengths[1] + S.lengths[1]} hearts`);
    assert.equal(pattern(S.lengths), '4333', `board ${b.board}: South ${S.lengths}`);
    assert.equal(pattern(W.lengths), '5431', `board ${b.board}: West ${W.lengths}`);
    assert.ok(W.hcp >= 11 && W.hcp <= 14, `board ${b.board}: West has ${W.hcp} HCP`);
    assert.ok(E.hcp <= 12, `board ${b.board}: East has ${E.hcp} HCP`);
  }
  await shot(page, 'constrain-fit-cells');
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a set dealt in part is counted whole, cell by cell: the CLI\'s exact figure, the share kept, and boards meeting it', { timeout: 180_000 }, async () => {
  const { context, page, requests, errors } = await open();
  // West's spades and hearts beside a fit over the two minors, North holding the ♣A (which
  // keeps the halves out): the chain and the 45 cells kept together pass the memory bound,
  // so boards come from North, South and West's tables with East and the fit by rejection,
  // but the count is made whole, cell by cell.
  const spec = 'north: hcp 8-12, has CA\nsouth: hcp 15-21\nwest: hcp 10-12, spades 5+, hearts 0-3\new: fit 9+ minors\n';
  const cli = cliCount(spec);
  const expected = cli.stdout.match(/^deals: (\d+) of/m)[1];
  const kept = cli.stdout.match(/^kept: \d+ of \d+ deals the tables draw \(([0-9.]+) %\)$/m)[1];
  assert.match(cli.stdout, /^exact seats: North, East, South, West$/m, cli.stdout);
  await page.fill('#constrain-text', spec);
  await page.locator(`#constrain-count[data-deals="${expected}"][data-exact="true"]`).waitFor({ timeout: 120_000 });
  const note = await page.locator('.cst-note').textContent();
  assert.match(note, /^Counted exactly, cell by cell\./, note);
  assert.ok(note.includes(`exactly ${kept} % of the draws are kept`), `${note} (CLI: ${kept} %)`);
  await page.fill('#constrain-boards', '4');
  await page.click('#constrain-deal');
  await page.locator('.cst-board').nth(3).waitFor({ timeout: 60_000 });
  const boards = await boardsOnPage(page);
  assert.equal(boards.length, 4);
  for (const b of boards) {
    const { N, E, S, W } = b.seats;
    const fit = Math.max(E.lengths[2] + W.lengths[2], E.lengths[3] + W.lengths[3]);
    assert.ok(fit >= 9, `board ${b.board}: EW's longer minor ${fit}`);
    assert.ok(W.lengths[0] >= 5 && W.lengths[1] <= 3 && W.hcp >= 10 && W.hcp <= 12, `board ${b.board}: West`);
    assert.ok(N.hcp >= 8 && N.hcp <= 12 && S.hcp >= 15 && S.hcp <= 21, `board ${b.board}: North, South`);
    assert.equal(N.holdings[3].split(' ')[0], 'A', `board ${b.board}: North holds the ♣A (${N.holdings[3]})`);
  }
  await shot(page, 'constrain-counted-whole');
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone width', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await open({ width: 390, height: 844 });
  await page.fill('#constrain-boards', '2');
  await page.click('#constrain-deal');
  await page.locator('.cst-board').first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  await shot(page, 'constrain-phone');
  assert.deepEqual(errors, []);
  await context.close();
});

// Statistics panel: N deals in the worker against exact theory, with progress and Cancel.
test('statistics: deals in the worker, observed against exact expectation, chi-square; Cancel stops a run', { timeout: 240_000 }, async () => {
  const { context, page, requests, errors } = await open();
  await page.fill('#constrain-text', 'north: balanced');
  await page.fill('#stats-deals', '4000');
  await page.fill('#stats-tables', 'hcp:N,spades:N');
  await page.click('#stats-run');
  await page.locator('#stats-result').waitFor({ timeout: 200_000 });
  const summary = await page.textContent('#stats-summary');
  assert.match(summary, /^4000 deals; \d+ of 25 tables tested/);
  // The first table (pattern North) has exactly the three balanced patterns.
  const cells = await page.$$eval('#stats-cells tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));
  assert.deepEqual(cells.map((c) => c[0]).sort(), ['4-3-3-3', '4-4-3-2', '5-3-3-2']);
  assert.equal(cells.reduce((a, c) => a + Number(c[1]), 0), 4000);
  // 4-4-3-2 among balanced hands: 136,852,887,600 of 302,292,822,832 (exact, to 0.1 deal).
  const e4432 = Number(cells.find((c) => c[0] === '4-4-3-2')[2]);
  assert.ok(Math.abs(e4432 - 4000 * 136852887600 / (136852887600 + 98534079072 + 66905856160)) < 0.1, String(e4432));
  assert.equal(await page.locator('#stats-detail svg.cst-chart rect').count(), 3);
  // The added two-way table is there and tested.
  const rows = await page.$$eval('#stats-tests tbody tr', (rs) => rs.map((r) => r.textContent));
  assert.equal(rows.length, 25);
  assert.ok(rows.some((r) => r.includes('HCP North × ♠ length North')), rows.join('\n'));
  await page.click('#stats-tests tbody tr:nth-child(2) button');
  assert.match(await page.textContent('#stats-detail h3'), /HCP North \(hcp:N\)/);
  await page.click('#stats-averages summary');
  await shot(page, 'constrain-stats');
  // A longer run, cancelled.
  await page.fill('#stats-deals', '1000000');
  await page.click('#stats-run');
  await page.locator('#stats-cancel').waitFor();
  await page.click('#stats-cancel');
  await page.locator('#stats-cancelled').waitFor({ timeout: 5000 });
  assert.equal(await page.isEnabled('#stats-run'), true);
  // Bad extra table: a message naming it.
  await page.fill('#stats-deals', '100');
  await page.fill('#stats-tables', 'hcp:Q');
  await page.click('#stats-run');
  assert.match(await page.textContent('#stats-error'), /table `hcp:Q`: column 5/);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

// A pattern whose observing tables are out of reach (beside a fit with points on two seats)
// is counted cell by cell in the worker: the progress names the cells and moves the bar, the
// page keeps answering, and Cancel is heard between two cells.
test('statistics: a table counted cell by cell shows its cells; the page answers; Cancel stops it', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await open();
  await page.fill('#constrain-text', 'ns: fit 8+ spades\nnorth: hcp 12+\neast: hcp 10+');
  await page.fill('#stats-deals', '500');
  await page.fill('#stats-tables', '');
  await page.click('#stats-run');
  const label = page.locator('#stats-running label');
  await page.waitForFunction(
    () => /the next cell by cell: ([3-9]|[1-3][0-9]) of 39/.test(document.querySelector('#stats-running label')?.textContent ?? ''),
    null, { timeout: 60_000 });
  assert.match(await label.textContent(), /^Computing exact expectations: 0 of 24 tables done \(the next cell by cell: \d+ of 39\)$/);
  const value = Number(await page.getAttribute('#stats-progress', 'value'));
  assert.ok(value > 0 && value < 1, `the bar moves within the first table: ${value}`);
  const t0 = Date.now();
  await page.evaluate(() => 1);
  assert.ok(Date.now() - t0 < 100, `the page answered in ${Date.now() - t0} ms`);
  await shot(page, 'constrain-stats-cells');
  await page.click('#stats-cancel');
  await page.locator('#stats-cancelled').waitFor({ timeout: 5000 });
  assert.equal(await page.isEnabled('#stats-run'), true);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

// Runs `fairdeal <args>` with the spec in a temporary file (its path replaces `SPEC`).
function cliWithSpec(spec, args) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-seed-'));
  const file = path.join(tmp, 'conditions.txt');
  fs.writeFileSync(file, spec);
  return execFileSync(fairdealExe(), args.map((a) => (a === 'SPEC' ? file : a)), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs the Statistics panel on `spec` with `n` deals, reveals its seed, and checks that
 * the CLI's report with that seed has the same tables with the same chi-squares (at least
 * 20 tables with an exact expectation); returns the page's rows [title, chi-square]. */
async function sameStatisticsAsTheCli(page, spec, n) {
  await page.fill('#constrain-text', spec);
  await page.fill('#stats-deals', String(n));
  await page.click('#stats-run');
  await page.locator('#stats-result').waitFor({ timeout: 200_000 });
  assert.equal(await page.locator('#stats-seed').count(), 0);
  await page.click('#stats-reveal');
  const statsSeed = (await page.textContent('#stats-seed')).trim();
  const rows = await page.$$eval('#stats-tests tbody tr', (rs) => rs.map((r) => [r.cells[0].textContent.trim(), r.cells[1].textContent.trim()]));
  const report = cliWithSpec(spec, ['stats', 'SPEC', '-n', String(n), '--seed', statsSeed]);
  // Each table: its title line `Title (stat:S)`, its cells, then `chi-square X, …`.
  const cliRows = [];
  let title = null;
  for (const line of report.split('\n')) {
    const t = line.match(/^(\S.*) \([a-z]+:[A-Z]+(?:,[a-z]+:[A-Z]+)?\)$/);
    if (t) title = t[1];
    const c = line.match(/^chi-square ([\d.]+),/);
    if (c && title) { cliRows.push([title, c[1]]); title = null; }
  }
  assert.ok(cliRows.length >= 20, report);
  for (const [title, chi] of cliRows) {
    const row = rows.find((r) => r[0] === title);
    assert.ok(row, `page has no table ${title}: ${rows.map((r) => r[0]).join(' | ')}`);
    assert.equal(row[1], chi, title);
  }
  return rows;
}

test('a fit counted in cells: the Statistics panel tests every table with more than one cell, as the CLI does', { timeout: 300_000 }, async () => {
  const { context, page, requests, errors } = await open();
  const rows = await sameStatisticsAsTheCli(page, 'south: shape any 4333\neast: hcp 0-12\nwest: hcp 11-14, shape any 5431\nns: fit 8+ hearts\n', 2000);
  await shot(page, 'constrain-stats-fit-cells');
  // Every table is exact, each cell by cell; South's and West's patterns have one cell each.
  const tested = rows.filter((r) => /^[\d.]+$/.test(r[1]));
  assert.equal(tested.length, 22, JSON.stringify(rows));
  assert.ok(!rows.some((r) => /not available/i.test(r[1])), JSON.stringify(rows));
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('four balanced seats with points: the Statistics panel tests every table of every seat, as the CLI does', { timeout: 300_000 }, async () => {
  const { context, page, requests, errors } = await open();
  const rows = await sameStatisticsAsTheCli(page, 'north: balanced, hcp 12-14\neast: balanced, hcp 8-11\nsouth: balanced, hcp 6-10\nwest: balanced, hcp 5-12\n', 2000);
  // All 24 default tables have a chi-square: none is "not available".
  await shot(page, 'constrain-stats-four-seats');
  const tested = rows.filter((r) => /^[\d.]+$/.test(r[1]));
  assert.equal(tested.length, 24, JSON.stringify(rows));
  for (const seat of ['North', 'East', 'South', 'West']) {
    for (const table of ['pattern', 'HCP', '♠ length', '♣ length']) {
      assert.ok(tested.some((r) => r[0] === `${table} ${seat}`), `${table} ${seat}: ${JSON.stringify(tested)}`);
    }
  }
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('points on every seat and nothing else: every seat\'s pattern is tested too, counted over the honours, as the CLI does', { timeout: 300_000 }, async () => {
  const { context, page, requests, errors } = await open();
  const rows = await sameStatisticsAsTheCli(page, 'north: hcp 12-14\neast: hcp 8-11\nsouth: hcp 6-10\nwest: hcp 5-12\n', 2000);
  const tested = rows.filter((r) => /^[\d.]+$/.test(r[1]));
  assert.equal(tested.length, 24, JSON.stringify(rows));
  for (const seat of ['North', 'East', 'South', 'West']) {
    assert.ok(tested.some((r) => r[0] === `pattern ${seat}`), `pattern ${seat}: ${JSON.stringify(tested)}`);
  }
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a seed revealed on the page gives the same boards and the same statistics in the CLI', { timeout: 240_000 }, async () => {
  const { context, page, requests, errors } = await open();
  // No seed in the DOM before the user asks.
  const spec = 'north: balanced, hcp 15-17\nsouth: hcp 8+\n';
  await page.fill('#constrain-text', spec);
  await page.fill('#constrain-boards', '8');
  await page.click('#constrain-deal');
  await page.locator('.cst-board').first().waitFor();
  assert.equal(await page.locator('#constrain-seed').count(), 0);
  await page.click('#constrain-reveal');
  const seed = (await page.textContent('#constrain-seed')).trim();
  assert.match(seed, /^[0-9a-f]{64}$/);
  assert.match(await page.textContent('#constrain-command'), new RegExp(`fairdeal constrain conditions.txt -n 8 --seed ${seed}`));
  await shot(page, 'constrain-seed-revealed');
  const onPage = await page.$$eval('.cst-board', (bs) => bs.map((b) => b.dataset.pbn));
  const cli = cliWithSpec(spec, ['constrain', 'SPEC', '-n', '8', '--seed', seed]).trim().split('\n');
  assert.deepEqual(onPage, cli);
  // A second batch hides the seed again (a new seed).
  await page.click('#constrain-deal');
  await page.locator('#constrain-reveal').waitFor();
  assert.equal(await page.locator('#constrain-seed').count(), 0);

  // The Statistics panel: the same chi-square for every table (a set whose every table has
  // an exact expectation).
  await sameStatisticsAsTheCli(page, 'north: balanced, hcp 15-17\n', 2000);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});
