// Accessibility across the app (issue 18, item 3): axe-core's WCAG 2 A/AA rules — colour
// contrast included — on every page in the light theme, the dark theme and the projector
// display; the Deal page's accessibility tree (each hand read as words: "North … spades A K 5");
// keyboard only: every control reached by Tab shows a visible focus ring, and the Deal button
// deals from the keyboard; the projector display (high contrast, large cards) is a remembered
// choice. axe-core is injected through the DevTools protocol, so the page's CSP is untouched
// and nothing is fetched.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot, axeViolations, ROOT } from './harness.mjs';

const ROUTES = ['/', '/deal', '/constrain', '/probability', '/score', '/tournament', '/boards', '/script', '/simulate', '/view'];

let server, browser;
before(async () => { server = new Server(); await server.start(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.stop(); });

// Puts a page into a state with its main content drawn (the Deal page with a deal on it).
async function prepare(page, route) {
  await page.goto(server.url + route);
  await waitForApp(page);
  if (route === '/deal') {
    await page.click('#deal-button');
    await page.locator('.hand-diagram').waitFor();
    await page.locator('.dd-table').waitFor({ timeout: 60_000 });
  }
}

for (const display of ['light', 'dark', 'projector']) {
  test(`WCAG 2 AA (axe-core, contrast included) on every page: ${display}`, { timeout: 240_000 }, async () => {
    const { context, page, requests, errors } = await openPage(browser, { colorScheme: display === 'dark' ? 'dark' : 'light' });
    if (display === 'projector') {
      await page.goto(server.url + '/');
      await waitForApp(page);
      await page.click('#display-toggle');
      assert.equal(await page.getAttribute('html', 'data-display'), 'projector');
    }
    const found = [];
    for (const route of ROUTES) {
      await prepare(page, route);
      assert.equal(await page.getAttribute('html', 'data-theme'), display === 'dark' ? 'dark' : 'light');
      for (const v of await axeViolations(page)) found.push(`${route}: ${v}`);
      if (route === '/deal') await shot(page, `a11y-deal-${display}`);
    }
    assert.deepEqual(found, [], `axe violations (${display}):\n${found.join('\n')}`);
    assertLocalOnly(requests);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// The hand of `seat` ("N", …) in a PBN deal string, as the words a screen reader should say.
function handWords(pbn, seat) {
  const order = ['N', 'E', 'S', 'W'];
  const first = order.indexOf(pbn[0]);
  const hands = pbn.slice(2).split(' ');
  const hand = hands[(order.indexOf(seat) - first + 4) % 4];
  const names = ['spades', 'hearts', 'diamonds', 'clubs'];
  return hand.split('.').map((h, i) => `${names[i]} ${h === '' ? 'void' : [...h.replace('T', '\u0001')].map((c) => (c === '\u0001' ? '10' : c)).join(' ')}`);
}

test('Deal page accessibility tree: each hand reads as words, suits named, no glyph soup', { timeout: 90_000 }, async () => {
  const { context, page, errors } = await openPage(browser);
  await prepare(page, '/deal');
  const pbn = (await page.textContent('#deal-pbn')).trim();
  const tree = await page.locator('.hand-diagram').ariaSnapshot();
  fs.writeFileSync(path.join(ROOT, 'target', 'e2e', 'deal-aria-snapshot.yml'), tree);
  for (const [seat, name] of [['N', 'North'], ['E', 'East'], ['S', 'South'], ['W', 'West']]) {
    // The seat's region is named by the seat, and its list reads "spades A K 5" … per suit.
    const region = await page.locator(`.hand-diagram .hd-seat[data-seat="${seat}"]`).ariaSnapshot();
    assert.match(region, new RegExp(`region "${name}`), `${name}'s region is named\n${region}`);
    for (const words of handWords(pbn, seat)) {
      assert.ok(region.includes(words), `${name} reads "${words}"\n${region}`);
    }
    assert.ok(!/[♠♥♦♣]/.test(region), `no suit glyph is read out for ${name}\n${region}`);
  }
  // The compass is one sentence, not a scatter of letters.
  assert.match(tree, /paragraph: Board \d+\. Dealer (North|East|South|West)\. (Nobody vulnerable|North–South vulnerable|East–West vulnerable|Both sides vulnerable)\./, tree);
  assert.ok(!/text: "?N W/.test(tree), `no compass letters read out\n${tree}`);
  // The DD table names its strains in words, too.
  const dd = await page.locator('.dd-table').ariaSnapshot();
  for (const word of ['spades', 'hearts', 'diamonds', 'clubs']) assert.match(dd, new RegExp(word, 'i'), `DD table says ${word}`);
  assert.ok(!/[♠♥♦♣]/.test(dd), `no suit glyph is read out in the DD table\n${dd}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard only: Tab reaches every control with a visible focus ring; Enter deals; the projector display is remembered', { timeout: 90_000 }, async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.url + '/deal');
  await waitForApp(page);
  const controls = await page.$$eval('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
    (els) => els.filter((e) => !e.disabled && e.offsetParent !== null && !e.classList.contains('skip-link')).length);
  const seen = new Set();
  let dealt = false;
  for (let i = 0; i < controls + 6; i++) {
    await page.keyboard.press('Tab');
    const f = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      const s = getComputedStyle(e);
      const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || (s.boxShadow && s.boxShadow !== 'none');
      return { key: e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30) || e.tagName, ring, id: e.id };
    });
    if (!f) continue;
    assert.ok(f.ring, `focus ring visible on "${f.key}"`);
    seen.add(f.key);
    if (f.id === 'deal-button' && !dealt) {
      await page.keyboard.press('Enter');
      await page.locator('.hand-diagram').waitFor();
      dealt = true;
    }
  }
  assert.ok(dealt, 'the Deal button is reached by Tab and deals on Enter');
  for (const id of ['theme-toggle', 'display-toggle', 'deal-button']) assert.ok(seen.has(id), `${id} reached by Tab (${[...seen].join(' | ')})`);
  // Projector display by keyboard: larger cards, remembered over a reload.
  const before = await page.$eval('.hand-diagram .hd-holding', (e) => parseFloat(getComputedStyle(e).fontSize));
  await page.focus('#display-toggle');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('html', 'data-display'), 'projector');
  assert.equal(await page.getAttribute('#display-toggle', 'aria-pressed'), 'true');
  const after = await page.$eval('.hand-diagram .hd-holding', (e) => parseFloat(getComputedStyle(e).fontSize));
  assert.ok(after >= before * 1.4, `cards grow in the projector display (${before}px → ${after}px)`);
  await shot(page, 'a11y-deal-projector-keyboard');
  await page.reload();
  await waitForApp(page);
  assert.equal(await page.getAttribute('html', 'data-display'), 'projector', 'the choice survives a reload');
  assert.deepEqual(errors, []);
  await context.close();
});

// Pages with their work on screen (charts, counts, errors, grids, a file's boards), both themes.
const PBN_FIXTURE = path.join(ROOT, 'crates', 'interop', 'tests', 'data', 'corpus', 'fairdeal-deal.pbn');
const STATES = [
  ['probability lesson chart', async (page) => {
    await page.goto(server.url + '/probability?lesson=suit-breaks&step=2');
    await waitForApp(page);
    await page.locator('.pc-svg').first().waitFor();
  }],
  ['probability restricted choice', async (page) => {
    await page.goto(server.url + '/probability?q=restricted&cards=QJxx&honours=QJ&player=E&played=Q');
    await waitForApp(page);
    await page.locator('.pc-svg').first().waitFor();
  }],
  ['constrain count and an error', async (page) => {
    await page.goto(server.url + '/constrain');
    await waitForApp(page);
    await page.fill('#constrain-text', 'north: balanced, hcp 15-17\nsouth: spades 5+');
    await page.locator('#constrain-count[data-deals]').waitFor({ timeout: 10_000 });
    await page.fill('#constrain-text', 'north: hcp 15-17\nsouth: hcp 3x');
    await page.locator('#constrain-errors').waitFor({ timeout: 5000 });
  }],
  ['score grid with a result', async (page) => {
    await page.goto(server.url + '/score');
    await waitForApp(page);
    await page.locator('#setup-form').waitFor();
    await page.fill('#setup-name', 'Club night');
    await page.fill('#setup-tables', '3');
    await page.fill('#setup-boards', '2');
    await page.click('#setup-create');
    await page.locator('#score-grid').waitFor();
    await page.click('#sc-1-contract');
    await page.keyboard.type('4S');
  }],
  ['board sets with a file', async (page) => {
    await page.goto(server.url + '/boards');
    await waitForApp(page);
    await page.setInputFiles('#bs-file', { name: 'corpus.pbn', mimeType: 'text/plain', buffer: fs.readFileSync(PBN_FIXTURE) });
    await page.locator('.bs-board .hand-diagram').waitFor();
  }],
  ['script with an error', async (page) => {
    await page.goto(server.url + '/script');
    await waitForApp(page);
    await page.fill('#script-text', 'produce 5\ncondition hcp(north) >= \n');
    await page.locator('#script-errors li').first().waitFor({ timeout: 5000 });
  }],
  ['viewer with a recorded play', async (page) => {
    await page.goto(server.url + '/view');
    await waitForApp(page);
    await page.setInputFiles('#vw-file', path.join(ROOT, 'crates', 'interop', 'tests', 'data', 'play', 'endplay-example1.lin'));
    await page.locator('.vw-card[data-tricks]').first().waitFor({ timeout: 60_000 });
    await page.keyboard.press('ArrowRight');
  }],
];

for (const scheme of ['light', 'dark']) {
  test(`WCAG 2 AA (axe-core) with work on screen: ${scheme}`, { timeout: 240_000 }, async () => {
    const { context, page, requests, errors } = await openPage(browser, { colorScheme: scheme });
    const found = [];
    for (const [name, reach] of STATES) {
      await reach(page);
      for (const v of await axeViolations(page)) found.push(`${name}: ${v}`);
    }
    assert.deepEqual(found, [], `axe violations (${scheme}):\n${found.join('\n')}`);
    assertLocalOnly(requests);
    await context.close();
    void errors;
  });
}
