// Caps before work (issue 14, item 4): an impossible size typed into any numeric field is
// answered at the field, at once, and nothing is dealt or built.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot } from './harness.mjs';

let server, browser;
before(async () => { server = new Server(); await server.start(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('huge sizes get a message at the field and no work', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);

  await page.goto(server.url + '/tournament');
  await waitForApp(page);
  await page.fill('#board-low', '1');
  await page.fill('#board-high', '4000000000');
  await page.locator('#boards-error').waitFor({ timeout: 2000 });
  assert.match(await page.textContent('#boards-error'), /^Boards: format "dup" supports boards up to 99; the set goes to board 4000000000/);
  await page.click('#deal-session');
  await page.waitForTimeout(300);
  assert.equal(await page.locator('.file-list').count(), 0, 'nothing dealt');
  await shot(page, 'caps-tournament');

  await page.goto(server.url + '/score');
  await waitForApp(page);
  await page.locator('#setup-form').waitFor();
  await page.fill('#setup-tables', '100000');
  await page.locator('#setup-tables-error').waitFor({ timeout: 2000 });
  assert.match(await page.textContent('#setup-tables-error'), /^Tables: 100000 is out of range; expected 1 to 200/);
  await page.fill('#setup-boards', '99999');
  await page.locator('#setup-boards-error').waitFor({ timeout: 2000 });
  await page.click('#setup-create');
  await page.locator('#setup-error').waitFor();
  assert.equal(await page.locator('#score-grid').count(), 0, 'no event created');
  await shot(page, 'caps-score');

  await page.goto(server.url + '/constrain');
  await waitForApp(page);
  await page.fill('#constrain-boards', '4000000000');
  await page.locator('#constrain-boards-error').waitFor({ timeout: 2000 });
  assert.equal(await page.isEnabled('#constrain-deal'), false);
  await page.fill('#stats-deals', '4000000000');
  await page.locator('#stats-deals-error').waitFor({ timeout: 2000 });

  await page.goto(server.url + '/probability');
  await waitForApp(page);
  if (await page.locator('#sim-samples').count()) {
    await page.fill('#sim-samples', '4000000000');
    await page.locator('#sim-samples-error').waitFor({ timeout: 2000 });
  }
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});
