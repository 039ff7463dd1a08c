// Score data across tabs and storage troubles (issue 14, item 6), with two real tabs (pages
// of one browser context, sharing IndexedDB, localStorage and BroadcastChannel):
//  * the stale tab is told at once and never overwrites the other tab's rows, before or
//    after a reload;
//  * a corrupt stored event and one of a future version are listed as "needs repair" with a
//    raw export of the exact stored text;
//  * a deleted event stays deleted after a reload (its journal is cleared);
//  * the page says whether the browser granted persistent storage.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot } from './harness.mjs';

let server, browser;
before(async () => { server = new Server(); await server.start(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.stop(); });

async function createEvent(page, name) {
  await page.locator('#setup-form').waitFor();
  await page.fill('#setup-name', name);
  await page.fill('#setup-tables', '3');
  await page.fill('#setup-boards', '2');
  await page.click('#setup-create');
  await page.locator('#score-grid').waitFor();
  await page.locator('#save-status', { hasText: /^Saved$/ }).waitFor();
}

async function typeCell(page, id, text) {
  await page.click(id);
  await page.fill(id, text);
}

test('two tabs on one event: the stale tab is told and never overwrites', { timeout: 120_000 }, async () => {
  const { context, page: a, requests, errors } = await openPage(browser);
  await a.goto(server.url + '/score');
  await waitForApp(a);
  await createEvent(a, 'Two tabs');
  await typeCell(a, '#sc-0-contract', '3NT');
  await a.locator('#save-status', { hasText: /^Saved$/ }).waitFor();

  const b = await context.newPage();
  b.on('pageerror', (e) => errors.push(`pageerror (tab b): ${e}`));
  await b.goto(server.url + '/score');
  await waitForApp(b);
  await b.locator('#score-grid').waitFor();
  assert.equal(await b.inputValue('#sc-0-contract'), '3NT', 'tab b opens the same event');

  // Tab b edits and saves; tab a (now stale) is told at once.
  await typeCell(b, '#sc-1-contract', '4S');
  await b.locator('#save-status', { hasText: /^Saved$/ }).waitFor();
  await a.locator('#stale-message').waitFor({ timeout: 10_000 });
  assert.match(await a.textContent('#stale-message'), /changed in another tab/);
  await shot(a, 'score-stale-tab');

  // Tab a's edits are refused: nothing it types reaches storage.
  await a.fill('#sc-1-contract', '7NT').catch(() => {});
  await a.waitForTimeout(500);
  await b.reload();
  await waitForApp(b);
  await b.locator('#score-grid').waitFor();
  assert.equal(await b.inputValue('#sc-1-contract'), '4S', 'the stale tab did not overwrite');

  // Reloading the stale tab shows the other tab's rows; its journal does not win.
  await a.click('#stale-reload');
  await waitForApp(a);
  await a.locator('#score-grid').waitFor();
  assert.equal(await a.inputValue('#sc-1-contract'), '4S');
  assert.equal(await a.locator('#stale-message').count(), 0);
  // And it can edit again.
  await typeCell(a, '#sc-2-contract', '2H');
  await a.locator('#save-status', { hasText: /^Saved$/ }).waitFor();
  assert.match(await a.textContent('#storage-status'), /^Storage: (persistent|not persistent|this browser)/);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('corrupt and future-version events are listed as needing repair, with a raw export', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  await page.goto(server.url + '/score');
  await waitForApp(page);
  await createEvent(page, 'Good event');
  const corrupt = '{"format":"fairdeal-score-workbook","version":2,"id":"bad-1","event":{"na';
  const future = '{"format":"fairdeal-score-workbook","version":9,"id":"future-1","event":{}}';
  await page.evaluate(async ([corrupt, future]) => {
    const db = await new Promise((res, rej) => { const r = indexedDB.open('fairdeal-score'); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
    await new Promise((res, rej) => {
      const tx = db.transaction('events', 'readwrite');
      tx.objectStore('events').put(corrupt, 'bad-1');
      tx.objectStore('events').put(future, 'future-1');
      tx.oncomplete = res; tx.onerror = () => rej(tx.error);
    });
    db.close();
  }, [corrupt, future]);
  await page.reload();
  await waitForApp(page);
  await page.locator('#broken-list').waitFor();
  assert.equal(await page.locator('#broken-list .sc-broken-entry').count(), 2);
  assert.match(await page.textContent('#broken-list [data-id="future-1"]'), /version 9/);
  assert.equal(await page.locator('#event-list [data-id]').count(), 1, 'the good event is still listed');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#broken-list [data-id="bad-1"] .sc-broken-export'),
  ]);
  assert.equal(fs.readFileSync(await download.path(), 'utf8'), corrupt, 'raw export is the stored text');
  await shot(page, 'score-needs-repair');
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a deleted event stays deleted after a reload', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  await page.goto(server.url + '/score');
  await waitForApp(page);
  await createEvent(page, 'To delete');
  await typeCell(page, '#sc-0-contract', '1NT');
  await page.locator('#save-status', { hasText: /^Saved$/ }).waitFor();
  page.on('dialog', (d) => d.accept());
  await page.click('#event-list li.sc-current .sc-event-delete');
  await page.locator('#score-grid').waitFor({ state: 'detached' });
  await page.reload();
  await waitForApp(page);
  await page.locator('#setup-form').waitFor();
  await page.waitForTimeout(500);
  assert.equal(await page.locator('#event-list').count(), 0, 'no event came back from the journal');
  assert.equal(await page.locator('#score-grid').count(), 0);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});
