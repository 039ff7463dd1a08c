// The Board sets page: open a PBN with problems (listed with line and tag, the good boards
// still imported), a LIN by drag and drop, browse and hide seats, export, keep sets across a
// reload, and print: the hand-record HTML the page prints is rendered to PDF by Chromium at
// 1, 2, 4 and 6 boards a page (A4 and Letter), with the page count checked (each printed
// page section starts a page, so any overflow — a split diagram — would add a page), the
// boards on each PDF page checked with pdftotext, every board's box checked against the page
// box in print layout, and page 1 rendered to PNG (target/e2e/screenshots/) to look at.
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

const DEALS = [
  'N:A9.Q3.AK7.JT8632 JT876.K8.T8543.9 KQ52.754.QJ9.A54 43.AJT962.62.KQ7',
  'N:AKT763.J64.2.JT2 98.A875.A87.Q865 J52.K9.KQJT3.973 Q4.QT32.9654.AK4',
  'W:KJ843.53.A9.8542 952.T976.K53.JT9 AT7.QJ2.J87642.Q Q6.AK84.QT.AK763',
  'N:QJ86.K962.K5.KQ4 K7532.QJ5.J96.63 AT.T84.AT42.AJT7 94.A73.Q873.9852',
];
const SEATS = 'NESW';
// 13 boards; board 5 has a bad Dealer and board 9 a bad Vulnerable (still imported); a stray
// line between games is reported too. Returns the text and the expected problem lines.
function messyPbn() {
  const lines = ['% PBN 2.1', '% EXPORT'];
  const problems = [];
  for (let n = 1; n <= 13; n++) {
    if (n > 1) lines.push('');
    if (n === 7) { lines.push('this line is not PBN'); problems.push({ line: lines.length, tag: null }); lines.push(''); }
    lines.push('[Event "Club night"]', `[Board "${n}"]`);
    if (n === 5) { lines.push('[Dealer "Q"]'); problems.push({ line: lines.length, tag: 'Dealer' }); } else lines.push(`[Dealer "${SEATS[(n - 1) % 4]}"]`);
    if (n === 9) { lines.push('[Vulnerable "sideways"]'); problems.push({ line: lines.length, tag: 'Vulnerable' }); } else lines.push('[Vulnerable "None"]');
    lines.push(`[Deal "${DEALS[n % 4]}"]`);
  }
  return { text: lines.join('\n') + '\n', problems };
}

async function openBoards(page) {
  await page.goto(`${server.url}/boards`);
  await waitForApp(page);
  await page.locator('#bs-drop').waitFor();
}

async function downloadByButton(page, selector) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: dl.suggestedFilename(), bytes: fs.readFileSync(await dl.path()) };
}

test('import with problems, drag and drop, browse, export, sets kept', { timeout: 120_000 }, async () => {
  const { context, page, requests, errors } = await openPage(browser);
  try {
    await openBoards(page);
    const { text, problems } = messyPbn();
    await page.setInputFiles('#bs-file', { name: 'club.pbn', mimeType: 'text/plain', buffer: Buffer.from(text) });
    const report = page.locator('.bs-report[data-file="club.pbn"]');
    await report.waitFor();
    assert.match(await report.locator('.bs-report-head').innerText(), /club\.pbn: 13 boards read, 3 problems/);
    const listed = await report.locator('.bs-problems li').allInnerTexts();
    assert.equal(listed.length, problems.length);
    problems.forEach((p, i) => {
      const prefix = p.tag ? `Line ${p.line} [${p.tag}]: ` : `Line ${p.line}: `;
      assert.ok(listed[i].startsWith(prefix), `${listed[i]} starts with ${prefix}`);
    });
    assert.match(await page.locator('#bs-view-title').innerText(), /club\.pbn — 13 boards/);

    // Browse: board 1 shown; next → board 2; hide North.
    const diagram = page.locator('.bs-board .hand-diagram');
    assert.equal(await diagram.getAttribute('aria-label'), 'Board 1');
    await page.click('#bs-next');
    assert.equal(await diagram.getAttribute('aria-label'), 'Board 2');
    await page.selectOption('#bs-board-select', '4');
    assert.equal(await diagram.getAttribute('aria-label'), 'Board 5');
    await page.click('.hd-north .hd-toggle');
    assert.equal(await page.locator('.hd-north').getAttribute('aria-label'), 'North, hidden');
    await page.click('#bs-copy');
    assert.match(await page.locator('.bs-copied').innerText(), /Board 5 copied as PBN/);
    await shot(page, 'boards-browse');

    // Export PBN + dup: the PBN holds the 13 boards; dup is Big Deal's binary (26 bytes a board).
    await page.check('input[name="bs-format"][value="dup"]');
    await page.click('#bs-export');
    await page.locator('#bs-files').waitFor();
    const pbn = await downloadByButton(page, '#bs-files .file-download[data-file="club.pbn"]');
    assert.equal(pbn.bytes.toString().match(/\[Board "/g).length, 13);
    assert.ok(pbn.bytes.toString().includes(`[Deal "N:`));
    const dup = await downloadByButton(page, '#bs-files .file-download[data-file="club.dup"]');
    assert.ok(dup.bytes.length > 0);
    const lin = await downloadByButton(page, '#bs-files .file-download[data-file="club.lin"]');
    assert.equal(lin.bytes.toString().match(/md\|/g).length, 13);
    // The same bytes as `fairdeal convert` writes from the same file, for every format.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-convert-'));
    fs.writeFileSync(path.join(dir, 'club.pbn'), text);
    execFileSync(fairdealExe(), ['convert', path.join(dir, 'club.pbn'), '-f', 'pbn,lin,dup', '-p', path.join(dir, 'out')], { stdio: ['ignore', 'pipe', 'pipe'] });
    assert.ok(pbn.bytes.equals(fs.readFileSync(path.join(dir, 'out.pbn'))), 'PBN export = fairdeal convert');
    assert.ok(lin.bytes.equals(fs.readFileSync(path.join(dir, 'out.lin'))), 'LIN export = fairdeal convert');
    assert.ok(dup.bytes.equals(fs.readFileSync(path.join(dir, 'out.dup'))), 'dup export = fairdeal convert');

    // Drag and drop a LIN file onto the drop zone.
    const linText = fs.readFileSync(new URL('../../crates/interop/tests/data/corpus/endplay.lin', import.meta.url));
    const dt = await page.evaluateHandle((t) => {
      const d = new DataTransfer();
      d.items.add(new File([t], 'dropped.lin', { type: 'text/plain' }));
      return d;
    }, linText.toString());
    await page.dispatchEvent('#bs-drop', 'dragover', { dataTransfer: dt });
    await page.dispatchEvent('#bs-drop', 'drop', { dataTransfer: dt });
    await page.locator('.bs-report[data-file="dropped.lin"]').waitFor();
    assert.match(await page.locator('#bs-view-title').innerText(), /dropped\.lin — 8 boards/);

    // Both sets are kept across a reload and open again.
    await page.reload();
    await waitForApp(page);
    const sets = await page.locator('.bs-set .bs-set-open').allInnerTexts();
    assert.deepEqual(sets, ['dropped.lin', 'club.pbn']);
    await page.click('.bs-set:has-text("club.pbn") .bs-set-open');
    assert.match(await page.locator('#bs-view-title').innerText(), /club\.pbn — 13 boards/);
    await shot(page, 'boards-sets');
    assertLocalOnly(requests);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// Pages of a PDF, and the text of one page (poppler-utils).
function pdfPages(file) {
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))[1]);
}
function pdfText(file, p) {
  return execFileSync('pdftotext', ['-f', String(p), '-l', String(p), '-layout', file, '-'], { encoding: 'utf8' });
}

test('printed hand records: page counts, no diagram split, a page to look at', { timeout: 240_000 }, async () => {
  const { context, page, errors } = await openPage(browser);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-print-'));
  try {
    await openBoards(page);
    await page.setInputFiles('#bs-file', { name: 'club.pbn', mimeType: 'text/plain', buffer: Buffer.from(messyPbn().text) });
    await page.locator('#bs-view-title').waitFor();
    await page.fill('#bs-title', 'Club night hand records');
    await page.locator('#bs-title').dispatchEvent('change');
    for (const [perPage, paper] of [[1, 'A4'], [2, 'Letter'], [4, 'A4'], [4, 'Letter'], [6, 'A4'], [6, 'Letter']]) {
      await page.selectOption('#bs-per-page', String(perPage));
      await page.click('#bs-print');
      const frame = page.locator('#bs-print-frame');
      await frame.waitFor({ state: 'attached' });
      const html = await frame.getAttribute('srcdoc');
      assert.ok(html.includes('<b>Club night hand records</b>'));
      const expectedPages = Math.ceil(13 / perPage);
      assert.equal(html.match(/<section class="fdp-page/g).length, expectedPages);

      const printPage = await context.newPage();
      await printPage.setContent(html);
      const file = path.join(dir, `p${perPage}-${paper}.pdf`);
      await printPage.pdf({ path: file, format: paper, preferCSSPageSize: false });
      assert.equal(pdfPages(file), expectedPages, `${perPage} a page on ${paper}: PDF pages`);
      // Every PDF page holds exactly its boards, complete: the board label at the top and the
      // hands down to South's clubs (the last line of the diagram).
      for (let p = 1; p <= expectedPages; p++) {
        const text = pdfText(file, p);
        const labels = [...text.matchAll(/Board (\d+)/g)].map((m) => Number(m[1]));
        const first = (p - 1) * perPage + 1;
        const want = Array.from({ length: Math.min(perPage, 13 - first + 1) }, (_, i) => first + i);
        assert.deepEqual(labels, want, `${perPage}/${paper} page ${p}: boards`);
        assert.equal((text.match(/Dealer/g) || []).length, want.length, `${perPage}/${paper} page ${p}: every board's head`);
      }
      // Print layout: every board lies inside its page section, and every section fits the
      // printable height (page minus 12 mm margins), so the browser never splits a board.
      const mm = 96 / 25.4;
      const size = paper === 'A4' ? [210, 297] : [215.9, 279.4];
      await printPage.setViewportSize({ width: Math.round((size[0] - 24) * mm), height: 800 });
      await printPage.emulateMedia({ media: 'print' });
      const boxes = await printPage.evaluate(() => [...document.querySelectorAll('.fdp-page')].map((s) => {
        const r = s.getBoundingClientRect();
        return { top: r.top, height: r.height, boards: [...s.querySelectorAll('.fdp-board')].map((b) => {
          const q = b.getBoundingClientRect();
          return { top: q.top, bottom: q.bottom };
        }) };
      }));
      const printable = (size[1] - 24) * mm;
      for (const s of boxes) {
        assert.ok(s.height <= printable + 1, `${perPage}/${paper}: a section is ${s.height}px, printable ${printable}px`);
        for (const b of s.boards) assert.ok(b.top >= s.top - 1 && b.bottom <= s.top + printable + 1);
      }
      if (paper === 'A4' || perPage === 6) {
        execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', file, path.join(SHOTS, `boards-print-${perPage}-${paper}`)]);
      }
      await printPage.close();
    }
    // Practice sheets for North and South, large print: two sheets of 13 boards at 2 a page.
    await page.check('input[name="bs-print-seat"][value="N"]');
    await page.check('input[name="bs-print-seat"][value="S"]');
    await page.check('#bs-large');
    await page.click('#bs-print');
    const html = await page.locator('#bs-print-frame').getAttribute('srcdoc');
    assert.ok(html.includes('fdp-large'));
    const printPage = await context.newPage();
    await printPage.setContent(html);
    const file = path.join(dir, 'sheets.pdf');
    await printPage.pdf({ path: file, format: 'A4' });
    assert.equal(pdfPages(file), 14);
    assert.match(pdfText(file, 1), /North's hands/);
    assert.match(pdfText(file, 8), /South's hands/);
    assert.doesNotMatch(pdfText(file, 1), /South's hands/);
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', file, path.join(SHOTS, 'boards-print-sheets')]);
    assert.deepEqual(errors, []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await context.close();
  }
});

test('a set solved double dummy keeps its tables: diagram, print, PBN export, reload', { timeout: 180_000 }, async () => {
  const { context, page, errors } = await openPage(browser);
  try {
    await openBoards(page);
    const two = DEALS.slice(0, 2).map((d, i) => `[Board "${i + 1}"]\n[Dealer "${SEATS[i]}"]\n[Vulnerable "None"]\n[Deal "${d}"]\n`).join('\n');
    await page.setInputFiles('#bs-file', { name: 'two.pbn', mimeType: 'text/plain', buffer: Buffer.from(two) });
    await page.locator('#bs-view-title').waitFor();
    await page.click('#dd-batch-solve');
    await page.locator('.bs-side .dd-table').waitFor({ timeout: 120_000 });
    assert.match(await page.locator('.bs-panel p.muted').first().innerText(), /2 of 2 boards have a double-dummy table/);
    // Tricks for the same strain by partners differ by at most the lead; every count 0..13.
    const cells = await page.locator('.bs-side .dd-table td').allInnerTexts();
    assert.equal(cells.length, 20);
    for (const c of cells) assert.ok(Number(c) >= 0 && Number(c) <= 13);
    await page.click('#bs-print');
    const html = await page.locator('#bs-print-frame').getAttribute('srcdoc');
    assert.equal(html.match(/<table class="fdp-dd"/g).length, 2);
    assert.ok(html.includes('Par '));
    await page.click('#bs-export');
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#bs-files .file-download[data-file="two.pbn"]')]);
    const pbn = fs.readFileSync(await dl.path(), 'utf8');
    assert.equal(pbn.match(/\[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"\]/g).length, 2);
    assert.equal(pbn.match(/\[ParContract "/g).length, 2);
    assert.equal(pbn.match(/\[OptimumScore "NS -?\d+"\]/g).length, 2);
    await shot(page, 'boards-dd');
    await page.reload();
    await waitForApp(page);
    await page.click('.bs-set:has-text("two.pbn") .bs-set-open');
    await page.locator('.bs-side .dd-table').waitFor();
    assert.deepEqual(await page.locator('.bs-side .dd-table td').allInnerTexts(), cells);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Send to Board sets from the Deal page opens the set here', { timeout: 60_000 }, async () => {
  const { context, page, errors } = await openPage(browser);
  try {
    await page.goto(`${server.url}/deal`);
    await waitForApp(page);
    await page.click('#deal-button');
    const pbnLine = (await page.locator('#deal-pbn').innerText()).trim();
    await page.click('button.bs-send');
    await page.locator('#bs-view-title').waitFor();
    assert.match(await page.locator('#bs-view-title').innerText(), /Deal page — 1 board/);
    // The set holds the dealt deal: the PBN export's Deal tag is the page's PBN line.
    await page.click('#bs-export');
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#bs-files .file-download[data-file$=".pbn"]')]);
    assert.ok(fs.readFileSync(await dl.path(), 'utf8').includes(`[Deal "${pbnLine}"]`), pbnLine);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
