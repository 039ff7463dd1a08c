// The Script page: pick an example and see it highlighted (the highlighted copy holds exactly
// the textarea's text and follows its scroll); type an error and see it underlined with its
// line:column, fix it; run a script in the worker and see the progress, then diagrams meeting
// the condition with the standard rotation, the text output, an average with its interval and
// a frequency chart, and export the deals as PBN; a script's dealer/vulnerable statements,
// suit-length predeal and Dellacherie shapes shown on the boards; cancel a long run; reload and find the text
// kept; search the reference. No request leaves 127.0.0.1, nothing resembling a seed is in
// the page. Screenshots: light, dark, phone width.
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

async function open(opts) {
  const o = await openPage(browser, opts);
  await o.page.goto(server.url + '/script');
  await waitForApp(o.page);
  await o.page.locator('#script-text').waitFor();
  return o;
}

// The highlighted copy's text (without the trailing space it keeps for an empty last line).
async function highlightedText(page) {
  return page.$eval('#script-highlight', (p) => [...p.childNodes]
    .filter((n) => !(n.classList && n.classList.contains('ds-err-mark')))
    .map((n) => n.textContent).join(''));
}

async function assertInSync(page) {
  const value = await page.inputValue('#script-text');
  const shown = await highlightedText(page);
  assert.ok(shown === value || shown === value + ' ', 'the highlighted copy holds the textarea\'s text');
}

async function boardsOnPage(page) {
  return page.$$eval('.ds-board', (boards) => boards.map((b) => ({
    board: Number(b.dataset.board),
    seats: Object.fromEntries([...b.querySelectorAll('.hd-seat')].map((s) => [s.dataset.seat, {
      hcp: Number(s.querySelector('.hd-hcp').textContent.replace(/\D/g, '')),
      dealer: !!s.querySelector('.hd-dealer'),
    }])),
  })));
}

// Records whether the progress block appeared, and the largest counts it showed.
async function watchProgress(page) {
  await page.evaluate(() => {
    window.__progress = { seen: false, generated: 0, produced: 0 };
    new MutationObserver(() => {
      const el = document.getElementById('script-running');
      if (!el) return;
      const p = window.__progress;
      p.seen = true;
      p.generated = Math.max(p.generated, Number(el.dataset.generated));
      p.produced = Math.max(p.produced, Number(el.dataset.produced));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

function lineColumn(text, index) {
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  const column = [...before.slice(before.lastIndexOf('\n') + 1)].length + 1;
  return { line, column };
}

test('examples are highlighted; an error is underlined with line:column; fixing it clears it', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await open();
  const options = await page.$$eval('#script-example option', (os) => os.map((o) => o.value).filter((v) => v !== ''));
  assert.ok(options.length >= 12, `a dozen examples, got ${options.length}`);
  await page.selectOption('#script-example', options[0]);
  const example = await page.inputValue('#script-text');
  assert.ok(example.length > 20, 'the example is in the editor');
  await page.locator('#script-ok').waitFor();
  assert.ok(await page.locator('#script-highlight .ds-t-keyword, #script-highlight .ds-t-action').count() > 0, 'keywords highlighted');
  assert.ok(await page.locator('#script-highlight .ds-t-function').count() > 0, 'functions highlighted');
  assert.equal(await page.locator('#script-highlight .ds-err').count(), 0);
  await assertInSync(page);

  // Another example replaces it; the text it replaced can be restored.
  await page.selectOption('#script-example', options[1]);
  assert.notEqual(await page.inputValue('#script-text'), example);
  await page.click('#script-restore');
  assert.equal(await page.inputValue('#script-text'), example);

  // An error, typed: underlined where it is, listed with its line:column.
  const bad = '# a comment\nproduce 5\ncondition hcp(nort) >= 12\naction printall\n';
  await page.fill('#script-text', bad);
  await page.locator('#script-errors li').first().waitFor({ timeout: 3000 });
  const where = lineColumn(bad, bad.indexOf('nort'));
  const item = page.locator('#script-errors li').first();
  assert.equal(await item.getAttribute('data-line'), String(where.line));
  assert.equal(await item.getAttribute('data-column'), String(where.column));
  assert.match(await item.textContent(), new RegExp(`^${where.line}:${where.column} \\S`));
  const underlined = await page.$$eval('#script-highlight .ds-err', (es) => es.map((e) => e.textContent).join(''));
  assert.match(underlined, /nort/, 'the error is underlined at the bad word');
  assert.equal(await page.isDisabled('#script-run'), true, 'no run while the script has errors');
  await assertInSync(page);
  // Pressing the position selects the bad range in the editor.
  await item.locator('button').click();
  const sel = await page.$eval('#script-text', (t) => t.value.slice(t.selectionStart, t.selectionEnd));
  assert.match(sel, /nort/);
  await shot(page, 'script-error-light');

  // Fixed: no more errors.
  await page.fill('#script-text', bad.replace('nort', 'north'));
  await page.locator('#script-ok').waitFor({ timeout: 3000 });
  assert.equal(await page.locator('#script-highlight .ds-err').count(), 0);
  assert.equal(await page.isDisabled('#script-run'), false);

  // A long script scrolls, and the highlighted copy follows.
  const long = Array.from({ length: 80 }, (_, i) => `# line ${i + 1} ${'x'.repeat(i * 3)}`).join('\n') + '\nproduce 1\n';
  await page.fill('#script-text', long);
  await page.$eval('#script-text', (t) => { t.scrollTop = 600; t.scrollLeft = 80; t.dispatchEvent(new Event('scroll')); });
  const [ta, pre] = await page.$$eval('#script-text, #script-highlight', (es) => es.map((e) => [e.scrollTop, e.scrollLeft]));
  assert.ok(ta[0] > 0 && ta[1] > 0, 'the textarea scrolled');
  assert.deepEqual(pre, ta, 'the highlighted copy scrolled with it');

  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

const RUN = `# North has a strong hand; what does South hold?
generate 10000000
produce 30
condition hcp(north) >= 20
action printall,
  average "south hcp" hcp(south),
  frequency "north hcp" (hcp(north), 20, 37),
  frequency "north and south hcp" (hcp(north), 20, 24, hcp(south), 0, 10)
`;

test('run: progress, then diagrams meeting the condition, output, average, frequency, PBN export', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await open();
  await page.fill('#script-text', RUN);
  await page.locator('#script-ok').waitFor({ timeout: 3000 });
  await watchProgress(page);
  await page.click('#script-run');
  await page.locator('#script-results').waitFor({ timeout: 60_000 });
  const progress = await page.evaluate(() => window.__progress);
  assert.ok(progress.seen, 'the progress block was shown');
  assert.equal(await page.getAttribute('#script-results', 'data-produced'), '30');
  assert.ok(Number(await page.getAttribute('#script-results', 'data-generated')) >= 30);
  assert.match(await page.textContent('#script-acceleration'), /^Sampling: \S/, 'what is sampled exactly is said');

  const boards = await boardsOnPage(page);
  assert.equal(boards.length, 12, 'first page of 12 boards');
  const dealers = ['N', 'E', 'S', 'W'];
  boards.forEach((b, i) => {
    assert.equal(b.board, i + 1);
    assert.ok(b.seats.N.hcp >= 20, `board ${b.board}: North has ${b.seats.N.hcp} HCP`);
    assert.equal(Object.values(b.seats).reduce((a, s) => a + s.hcp, 0), 40);
    assert.ok(b.seats[dealers[i % 4]].dealer, `board ${b.board} dealer`);
  });
  await page.click('.ds-next');
  assert.equal((await boardsOnPage(page))[0].board, 13);

  assert.ok((await page.textContent('#script-output')).trim().length > 0, 'printall output shown');
  const avg = await page.$$eval('#script-averages tbody tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
  assert.equal(avg.length, 1);
  assert.equal(avg[0][0], 'south hcp');
  const mean = Number(avg[0][1]);
  const [lo, hi] = avg[0][2].split('–').map((s) => Number(s.trim()));
  assert.ok(lo <= mean && mean <= hi && mean > 0 && mean < 20, `mean ${mean} in [${lo}, ${hi}]`);
  assert.equal(avg[0][3], '30');
  const bars = await page.$$eval('#script-frequency-0 .pc-row', (rs) => rs.map((r) => r.dataset.label));
  assert.equal(bars[0], '20');
  assert.ok(!bars.includes('Low'), 'nothing below 20');
  // The 2-D frequency: a grid whose Sum column adds up to every deal produced.
  const grid = await page.$$eval('#script-frequency-1 table tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
  assert.equal(grid[0].at(-1), 'Sum');
  assert.ok(!grid.some((r) => r[0] === 'Low'), 'no North value below 20');
  assert.equal(grid.at(-1)[0], 'Sum');
  assert.equal(grid.at(-1).at(-1), '30');
  const rowSums = grid.slice(1, -1).reduce((a, r) => a + Number(r.at(-1)), 0);
  assert.equal(rowSums, 30);

  await page.click('#script-export summary');
  await page.click('#script-make-files');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#script-files button[data-file="script.pbn"]'),
  ]);
  const pbn = fs.readFileSync(await download.path(), 'utf8');
  assert.equal((pbn.match(/\[Board "/g) || []).length, 30);
  assert.match(pbn, /\[Board "30"\]/);
  await shot(page, 'script-results-light');

  // No seed-like value anywhere in the page or its address.
  const html = await page.content();
  assert.doesNotMatch(html + page.url(), /[0-9a-fA-F]{64}/);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('dealer, vulnerable, suit-length predeal and Dellacherie shapes reach the diagrams', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await open();
  await page.fill('#script-text', 'dealer south\nvulnerable EW\npredeal spades(north) == 5\ncondition shape{north, 5s(431)} && hcp(north) >= 10\nproduce 8\naction printall\n');
  await page.locator('#script-ok').waitFor({ timeout: 3000 });
  await page.click('#script-run');
  await page.locator('#script-results').waitFor({ timeout: 60_000 });
  assert.equal(await page.getAttribute('#script-results', 'data-produced'), '8');
  const boards = await page.$$eval('.ds-board', (bs) => bs.map((b) => Object.fromEntries(
    [...b.querySelectorAll('.hd-seat')].map((s) => [s.dataset.seat, {
      dealer: !!s.querySelector('.hd-dealer'),
      vul: s.querySelector('.hd-name').classList.contains('hd-vul'),
      lengths: [...s.querySelectorAll('.hd-holding')].map((h) => (h.textContent.trim() === '—' ? 0 : h.textContent.trim().split(/\s+/).length)),
    }]))));
  assert.equal(boards.length, 8);
  for (const b of boards) {
    assert.deepEqual(Object.keys(b).filter((k) => b[k].dealer), ['S'], 'South deals every board');
    assert.deepEqual(Object.keys(b).filter((k) => b[k].vul).sort(), ['E', 'W'], 'East-West vulnerable');
    const n = b.N.lengths;
    assert.equal(n[0], 5, 'north has five spades');
    assert.deepEqual(n.slice(1).sort(), [1, 3, 4], `north is 5-(431): ${n}`);
  }
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a long run shows its counts and stops on Cancel', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await open();
  const long = 'generate 1000000000\nproduce 1000000000\ncondition hcp(north) + hcp(south) >= 0 && loser(north) >= 0\naction average hcp(north)\n';
  await page.fill('#script-text', long);
  await page.locator('#script-ok').waitFor({ timeout: 3000 });
  await page.click('#script-run');
  await page.locator('#script-running').waitFor();
  await page.waitForFunction(() => Number(document.getElementById('script-running')?.dataset.generated) > 0, null, { timeout: 20_000 });
  const label = await page.textContent('#script-running label');
  assert.match(label, /Generated [\d\u2009]+ of at most 1\u2009000\u2009000\u2009000/);
  // The page stays responsive while the worker runs.
  await page.fill('#script-ref-search', 'loser');
  await page.locator('#script-reference .ds-ref-entry[data-name="loser"]').waitFor({ timeout: 2000 });
  await page.click('#script-cancel');
  await page.locator('#script-cancelled').waitFor({ timeout: 5000 });
  assert.equal(await page.locator('#script-running').count(), 0);
  assert.equal(await page.isDisabled('#script-run'), false);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the text survives a reload; the reference is searchable and inserts at the cursor', { timeout: 60_000 }, async () => {
  const { context, page, requests, errors } = await open();
  const mine = '# typed, never saved by hand\nproduce 3\ncondition spades(south) >= 6\n';
  await page.fill('#script-text', mine);
  await page.reload();
  await waitForApp(page);
  await page.locator('#script-text').waitFor();
  assert.equal(await page.inputValue('#script-text'), mine);
  await assertInSync(page);

  const all = Number((await page.textContent('#script-ref-count')).split(' ')[0]);
  assert.ok(all > 40, `the reference lists the language (${all} entries)`);
  await page.fill('#script-ref-search', 'hcp');
  const names = await page.$$eval('#script-reference .ds-ref-entry', (es) => es.map((e) => e.dataset.name));
  assert.equal(names[0], 'hcp');
  assert.ok(names.length < all);
  // Put the cursor after "condition " and insert "hcp".
  const at = mine.indexOf('spades');
  await page.$eval('#script-text', (t, at) => { t.focus(); t.setSelectionRange(at, at); }, at);
  await page.click('#script-reference .ds-ref-entry[data-name="hcp"] .ds-ref-name');
  assert.equal(await page.inputValue('#script-text'), mine.slice(0, at) + 'hcp' + mine.slice(at));
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [scheme, width, height] of [['dark', 1280, 900], ['light', 390, 844]]) {
  const label = width < 600 ? 'phone' : scheme;
  test(`renders in ${label}`, { timeout: 90_000 }, async () => {
    const { context, page, requests, errors } = await open({ width, height, colorScheme: scheme });
    await page.fill('#script-text', RUN);
    await page.click('#script-run');
    await page.locator('#script-results').waitFor({ timeout: 60_000 });
    if (width < 600) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `the page scrolls sideways at phone width by ${overflow}px`);
    }
    await shot(page, `script-${label}`);
    assertLocalOnly(requests);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A 300-line script in the style of published BBO practice scripts: banners, many variables
// built from variables, a leveling block with rnd(), statistics last with trailing commas,
// and one '#' comment after code (which BBO's and Debian's dealer refuse).
function bboStyleScript() {
  const lines = ['### BEGIN SCENARIO: 1NT opening, responder invites ###', '# Dealer: South opens 1NT', 'dealer south', 'produce 20', ''];
  for (let i = 0; i < 60; i++) {
    lines.push(`# helper ${i}`);
    lines.push(`pts${i} = hcp(${['north', 'east', 'south', 'west'][i % 4]}) + ${i % 3}`);
    lines.push(`len${i} = spades(${['north', 'east', 'south', 'west'][i % 4]}) >= ${i % 5} // length`);
    lines.push(`ok${i} = pts${i} >= 0 and len${i} or not len${i}`);
  }
  lines.push('/* the opening */');
  lines.push('sBal = shape(south, any 4333 + any 4432 + any 5332)');
  lines.push('nt = sBal and hcp(south) >= 15 and hcp(south) <= 17 # a 15-17 notrump');
  lines.push('invite = hcp(north) >= 8 and hcp(north) <= 9 and not shape(north, any 0xxx + any 1xxx)');
  lines.push('### BEGIN GENERATED LEVELING ###');
  lines.push('roll = rnd(1000)');
  lines.push('levelTheDeal = roll >= 0');
  lines.push('### END GENERATED LEVELING ###');
  while (lines.length < 296) lines.push('# padding like the generated sections of real scripts');
  lines.push('nt and invite and levelTheDeal and ok59');
  lines.push('action printoneline,');
  lines.push('  average "north hcp" hcp(north),');
  lines.push('  frequency "south hcp" (hcp(south), 15, 17),');
  return lines.join('\n') + '\n';
}

test('a pasted 300-line BBO-style script is checked off the page thread; the dialect panel names who refuses it; it runs', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await open();
  const src = bboStyleScript();
  assert.ok(src.split('\n').length >= 300);
  // Largest gap between timer ticks on the page thread while the pasted text is handled,
  // rendered and checked. The text is put in as a paste leaves it (value, then an input
  // event): Chromium's own editing pipeline (what page.fill drives) takes ~0.5 s for 10 kB
  // even on a bare textarea here, which no page can change.
  await page.evaluate(() => {
    window.__gap = 0;
    let last = performance.now();
    window.__tick = setInterval(() => { const t = performance.now(); window.__gap = Math.max(window.__gap, t - last); last = t; }, 10);
  });
  await page.$eval('#script-text', (t, src) => { t.value = src; t.dispatchEvent(new Event('input', { bubbles: true })); }, src);
  await page.locator('#script-ok').waitFor({ timeout: 10_000 });
  await page.locator('#script-dialects').waitFor({ timeout: 5000 });
  const gap = await page.evaluate(() => { clearInterval(window.__tick); return window.__gap; });
  // Idle, this is ~50 ms (rendering 300 highlighted lines); the bound leaves room for a
  // loaded machine. Checking in the page thread, or building the highlight as virtual
  // nodes, blocked it for several times that.
  assert.ok(gap < 250, `the page thread was blocked ${gap.toFixed(0)} ms`);
  // Debian's dealer and BBO refuse the '#' after code, at its line and column.
  const at = lineColumn(src, src.indexOf('# a 15-17'));
  const debian = page.locator('#script-dialect-list li', { hasText: "Debian's dealer" });
  assert.equal(await debian.getAttribute('data-support'), 'no');
  assert.equal(await page.locator('#script-dialect-list li', { hasText: "BBO's dealer" }).getAttribute('data-support'), 'no');
  const finding = page.locator('#script-findings li[data-feature="hash-comment-inside-line"]');
  assert.match(await finding.textContent(), new RegExp(`^${at.line}:${at.column} `));
  // The leveling draw is noted; the pilot rate is shown.
  assert.match(await page.textContent('#script-rate'), /^Pilot: [\d\u2009]+ of 50\u2009000 shuffles/);
  await shot(page, 'script-dialects');
  // It runs like any script, and each board says why it matched.
  await page.click('#script-run');
  await page.locator('#script-results').waitFor({ timeout: 60_000 });
  const why = page.locator('#script-boards .ds-board').first().locator('.ds-why');
  await why.locator('summary').click();
  const whyText = await why.textContent();
  assert.match(whyText, /nt = 1/, 'the opening clause held');
  assert.match(whyText, /invite = 1/);
  assert.match(whyText, /condition = 1/);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a stored script that once bricked the page (30 doubling variables) opens, checks and runs', { timeout: 90_000 }, async () => {
  const { context, page, requests, errors } = await open();
  let src = 'produce 3\na0 = hcp(north)\n';
  for (let i = 1; i <= 30; i++) src += `a${i} = a${i - 1} + a${i - 1}\n`;
  src += 'a30 >= 0\naction printoneline\n';
  await page.evaluate((src) => localStorage.setItem('fairdeal.script.text', src), src);
  await page.reload();
  await waitForApp(page);
  await page.locator('#script-text').waitFor();
  assert.equal(await page.inputValue('#script-text'), src, 'the stored text is shown as it was');
  await page.locator('#script-ok').waitFor({ timeout: 10_000 });
  await page.click('#script-run');
  await page.locator('#script-results').waitFor({ timeout: 60_000 });
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});


test('a seed revealed after a run gives the same deals in `fairdeal script`', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await open();
  const script = 'produce 6\ncondition hcp(north) >= 15 and hearts(south) >= 5\naction printoneline\n';
  await page.fill('#script-text', script);
  await page.locator('#script-ok').waitFor({ timeout: 3000 });
  await page.click('#script-run');
  await page.locator('#script-results').waitFor({ timeout: 60_000 });
  assert.equal(await page.locator('#script-seed').count(), 0, 'no seed before the user asks');
  await page.click('#script-reveal');
  const seed = (await page.textContent('#script-seed')).trim();
  await shot(page, 'script-seed-revealed');
  assert.match(seed, /^[0-9a-f]{64}$/);
  assert.match(await page.textContent('#script-command'), new RegExp(`fairdeal script script.dl --seed-hex ${seed}`));
  const shown = (await page.textContent('#script-output')).trim().split('\n').map((l) => l.trimEnd());
  assert.equal(shown.length, 6, shown.join('\n'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-script-seed-'));
  fs.writeFileSync(path.join(tmp, 'script.dl'), script);
  const cli = execFileSync(fairdealExe(), ['script', path.join(tmp, 'script.dl'), '--seed-hex', seed], { encoding: 'utf8' });
  assert.deepEqual(cli.split('\n').slice(0, 6).map((l) => l.trimEnd()), shown);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});
