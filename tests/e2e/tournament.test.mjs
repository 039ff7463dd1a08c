// The Tournament page: files dealt in the browser are byte-identical to Big Deal's reference
// files (crates/dealing/tests/data/set1, copied from Big Deal's own output) and to the `fairdeal` CLI's for the same seed
// and owner; the seed stays hidden until revealed; SquareDeal create → deal in the browser
// matches the CLI's bigdeal drop-in driven exactly as SquareDeal drives Big Deal.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import zlib from 'node:zlib';
import { Server, launch, openPage, assertLocalOnly, waitForApp, shot, ROOT } from './harness.mjs';

// Big Deal's reference files for this seed and owner, kept in the repository.
const FIXTURES = path.join(ROOT, 'crates/dealing/tests/data/set1');
const SEED = '0123456789ABCDEF0123456789ABCDEF01234567';
const OWNER = 'Big Deal reference test';
// Every set1 format whose file name does not clash (dupblind/dlmblind are in refblind.*).
const FORMATS = ['dup', 'dlm', 'bri', 'dge', 'pbn', 'lin', 'csv', 'ber', 'borel', 'kops', 'cds', 'goedel', 'stats'];
const SUFFIX = { dup: 'dup', dlm: 'dlm', bri: 'bri', dge: 'dge', pbn: 'pbn', lin: 'lin', csv: 'csv', ber: 'ber', borel: 'bhg', kops: 'rzd', cds: 'cds', goedel: 'goe', stats: 'txt' };

let server, browser;
before(async () => { server = new Server(); await server.start(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.stop(); });

// The CLI built by `cargo test` (same target dir as this run), else built now.
function fairdeal(args, cwd) {
  const exe = path.join(process.env.CARGO_TARGET_DIR || path.join(ROOT, 'target'), 'debug', 'fairdeal');
  if (!fs.existsSync(exe)) execFileSync('cargo', ['build', '-q', '--locked', '-p', 'fairdeal-cli'], { cwd: ROOT, stdio: 'inherit' });
  return execFileSync(exe, args, { cwd, encoding: 'utf8' });
}

// Reads a zip archive (central directory; stored or deflated entries) into {name: Buffer}.
function unzip(buf) {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(eocd >= 0, 'zip has an end-of-central-directory record');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out = {};
  for (let i = 0; i < count; i++) {
    assert.equal(buf.readUInt32LE(p), 0x02014b50, 'central directory entry');
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const skip = nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const local = buf.readUInt32LE(p + 42);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    out[name] = method === 0 ? Buffer.from(data) : zlib.inflateRawSync(data);
    p += 46 + skip;
  }
  return out;
}

async function downloadByButton(page, selector) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: dl.suggestedFilename(), bytes: fs.readFileSync(await dl.path()) };
}

test('browser files = Big Deal reference files = CLI files, for the same seed and owner', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  await page.goto(server.url + '/tournament');
  await waitForApp(page);
  await page.fill('#owner', OWNER);
  await page.fill('#board-low', '1');
  await page.fill('#board-high', '4');
  await page.fill('#prefix', 'ref');
  for (const box of await page.$$('input[name=format]')) {
    const want = FORMATS.includes(await box.getAttribute('value'));
    if ((await box.isChecked()) !== want) await box.click();
  }
  await page.check('#seed-known');
  await page.fill('#known-seed', SEED);
  await page.click('#deal-session');
  await page.locator('.file-list').waitFor();
  assert.equal(await page.locator('#seed-hex').count(), 0, 'the seed is not in the DOM before "Reveal seed"');
  assert.ok(!(await page.content()).includes(SEED.toLowerCase()) && !(await page.content()).includes(SEED));
  await shot(page, 'tournament-files');

  // Every file, through "Download all" (Chromium throttles many single downloads from one page).
  const zip = await downloadByButton(page, '#download-zip');
  assert.equal(zip.name, 'ref.zip');
  const files = unzip(zip.bytes);
  assert.deepEqual(Object.keys(files).sort(), FORMATS.map((f) => `ref.${SUFFIX[f]}`).sort());
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-e2e-'));
  fairdeal(['deal', '--seed', SEED, '--owner', OWNER, '-n', '1-4', '-p', 'ref', '-f', FORMATS.join(',')], tmp);
  for (const [name, bytes] of Object.entries(files)) {
    assert.ok(bytes.equals(fs.readFileSync(path.join(FIXTURES, name))), `${name} differs from Big Deal's reference file`);
    assert.ok(bytes.equals(fs.readFileSync(path.join(tmp, name))), `${name} differs from the CLI's file`);
  }
  // The single-file buttons give the same bytes.
  for (const name of ['ref.dup', 'ref.pbn', 'ref.cds']) {
    const one = await downloadByButton(page, `button.file-download[data-file="${name}"]`);
    assert.equal(one.name, name);
    assert.ok(one.bytes.equals(files[name]), `${name}: button and zip agree`);
  }

  // CRLF option: the text files match the CLI's --crlf output.
  await page.check('#eol-crlf');
  await page.click('#deal-session');
  fairdeal(['deal', '--seed', SEED, '--owner', OWNER, '-n', '1-4', '-p', 'crlf', '-f', 'pbn,lin', '--crlf'], tmp);
  const pbn = await downloadByButton(page, 'button.file-download[data-file="ref.pbn"]');
  assert.ok(pbn.bytes.equals(fs.readFileSync(path.join(tmp, 'crlf.pbn'))), 'CRLF pbn equals the CLI --crlf file');
  assert.ok(pbn.bytes.includes(Buffer.from('\r\n')));

  await page.click('#reveal-seed');
  assert.equal((await page.textContent('#seed-hex')).toUpperCase(), SEED);
  assertLocalOnly(requests);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a fresh seed deals a new set; bad input is answered at the field', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.url + '/tournament');
  await waitForApp(page);
  await page.fill('#entropy', 'some typed randomness');
  await page.click('#deal-session');
  await page.locator('.file-list').waitFor();
  const a = await downloadByButton(page, 'button.file-download[data-file="session.pbn"]');
  await page.click('#deal-session');
  const b = await downloadByButton(page, 'button.file-download[data-file="session.pbn"]');
  assert.ok(!a.bytes.equals(b.bytes), 'two fresh seeds give different sets');
  assert.match(a.bytes.toString('latin1'), /\[Board "32"\]/);
  await page.fill('#board-high', '0');
  await page.click('#deal-session');
  assert.match(await page.textContent('#session-error'), /Boards/);
  await page.fill('#board-high', '120');
  await page.click('#deal-session');
  assert.match(await page.textContent('#session-error'), /99/, 'dup cannot hold board 120: said plainly');
  await page.check('#seed-known');
  await page.fill('#known-seed', '12zz');
  await page.fill('#board-high', '4');
  await page.click('#deal-session');
  assert.match(await page.textContent('#session-error'), /Seed/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('SquareDeal: create, then verify and deal a session = bigdealx driven as SquareDeal does', { timeout: 120_000 }, async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.url + '/tournament');
  await waitForApp(page);
  await page.fill('#sq-name', 'Club Pairs 2026');
  await page.fill('#sq-di', 'closing value of the club lottery');
  await page.fill('#sq-phases', '2:1-8:cp#:Club pairs session #');
  await page.click('#sq-create');
  await page.locator('#sq-kh').waitFor();
  const sqd = await downloadByButton(page, 'button.file-download[data-file="Club_Pairs_2026.sqd"]');
  const sqk = await downloadByButton(page, 'button.file-download[data-file="Club_Pairs_2026.sqk"]');
  assert.match(sqd.bytes.toString(), /^KH [0-9a-f]{64}$/m);
  assert.match(sqd.bytes.toString(), /^CV 2\s*$/m, 'commitment 2, as the CLI creates: KH covers every choice');
  const keys = sqk.bytes.toString().split('\r\n').filter(Boolean);
  assert.equal(keys.length, 2);
  assert.match(keys[1], /^1,2:[A-Za-z0-9]{60}$/);
  await shot(page, 'squaredeal-created');

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-sq-'));
  fs.writeFileSync(path.join(tmp, 't.sqd'), sqd.bytes);
  fs.writeFileSync(path.join(tmp, 't.sqk'), sqk.bytes);
  await page.setInputFiles('#sq-sqd', path.join(tmp, 't.sqd'));
  await page.setInputFiles('#sq-sqk', path.join(tmp, 't.sqk'));
  await page.fill('#sq-dv', '4711');
  await page.fill('#sq-session', '2');
  await page.click('#sq-deal');
  await page.locator('#sq-verified').waitFor();
  assert.match(await page.textContent('#sq-verified'), /every choice of the tournament/);
  const pbn = await downloadByButton(page, 'button.file-download[data-file="cp2.pbn"]');
  // Big Deal driven as SquareDeal drives it: -W left half, -e right half + base64(DV) + "original".
  const key = keys[1].split(':')[1];
  const e = key.slice(30) + Buffer.from('4711').toString('base64') + 'original';
  fairdeal(['bigdeal', '-W', key.slice(0, 30), '-e', e, '-p', 'cp2', '-n', '1-8', '-f', 'pbn'], tmp);
  assert.ok(pbn.bytes.equals(fs.readFileSync(path.join(tmp, 'cp2.pbn'))), 'session file equals bigdealx -W/-e output');
  await shot(page, 'squaredeal-dealt');

  // A tampered key file is refused.
  fs.writeFileSync(path.join(tmp, 'bad.sqk'), sqk.bytes.toString().replace(/:(.)/, (m, c) => ':' + (c === 'a' ? 'b' : 'a')));
  await page.setInputFiles('#sq-sqk', path.join(tmp, 'bad.sqk'));
  await page.click('#sq-deal');
  assert.match(await page.textContent('#sq-deal-error'), /\.sqk/);
  assert.deepEqual(errors, []);
  await context.close();
});
