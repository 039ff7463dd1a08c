// Double dummy in the browser with every worker (issue #7 item 5): a trunk build of the app is
// served, BOARDS seeded deals (scripts/dd-bench.py's) are imported as a PBN on the Board sets
// page (fresh browser context each round, so nothing is cached), then "Solve all" runs them
// in the app's DD worker pool (navigator.hardwareConcurrency workers); the time from the
// click to "Solved N boards." (worker start-up included) is divided by the boards the
// workers solved. The same deals are then solved natively by `fairdeal dd -j 1` and
// `-j <cores>` and by endplay (DDS 2.9) `calc_dd_table` one deal at a time (free, and pinned to
// one core = DDS single-threaded), in the same run;
// ROUNDS rounds (a fresh page each), medians printed.
//
//   flock /tmp/fairdeal-heavy.lock trunk build --release --dist /tmp/<name>-dist
//   E2E_DIST=/tmp/<name>-dist node scripts/dd-bench-browser.mjs FAIRDEAL_BINARY [boards] [rounds]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Server, launch, openPage, waitForApp, ROOT } from '../tests/e2e/harness.mjs';

const [bin, boardsArg, roundsArg] = process.argv.slice(2);
if (!bin) {
  console.error('usage: node scripts/dd-bench-browser.mjs FAIRDEAL_BINARY [boards] [rounds]');
  process.exit(2);
}
const BOARDS = Number(boardsArg ?? 32);
const ROUNDS = Number(roundsArg ?? 3);
const cores = os.cpus().length;
const python = path.join(ROOT, '.venv-endplay', 'bin', 'python');
const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

async function browserRound(browser, pbn) {
  const { context, page, errors } = await openPage(browser);
  try {
    await page.goto(server.url + '/boards');
    await waitForApp(page);
    await page.setInputFiles('#bs-file', { name: 'bench.pbn', mimeType: 'text/plain', buffer: Buffer.from(pbn) });
    await page.locator('#dd-batch-solve').waitFor();
    await page.waitForTimeout(500);
    const r = await page.evaluate(async () => {
      const t0 = performance.now();
      document.querySelector('#dd-batch-solve').click();
      await new Promise((res) => requestAnimationFrame(() => setTimeout(res, 0)));
      const initial = Number(document.querySelector('#dd-batch-progress')?.value ?? 0);
      const label = document.querySelector('.dd-progress label')?.textContent ?? '';
      while (!document.querySelector('#dd-batch-done')) await new Promise((res) => setTimeout(res, 5));
      return { ms: performance.now() - t0, initial, label };
    });
    const workers = Number(/\((\d+) workers\)/.exec(r.label)?.[1] ?? 0);
    if (errors.length) throw new Error(errors.join('\n'));
    return { solved: BOARDS - r.initial, ms: r.ms, workers };
  } finally {
    await context.close();
  }
}

function nativeMs(file, j) {
  const t0 = performance.now();
  execFileSync(bin, ['dd', file, '--csv', '-j', String(j)], { stdio: ['ignore', 'ignore', 'inherit'] });
  return performance.now() - t0;
}

// endplay's calc_dd_table one deal at a time; pinned to CPU 0 (sched_setaffinity, inherited
// by DDS's threads, as `scripts/dd-bench.py --one-core` does) when `oneCore`: DDS single-threaded.
function endplayMs(file, oneCore) {
  const code = `
import os, re, sys, time
if sys.argv[2] == "1":
    os.sched_setaffinity(0, {0})
from endplay.dds import calc_dd_table
from endplay.types import Deal
deals = re.findall(r'\\[Deal "([^"]+)"\\]', open(sys.argv[1]).read())
t0 = time.perf_counter()
for d in deals:
    calc_dd_table(Deal(d))
print((time.perf_counter() - t0) * 1000)`;
  return Number(execFileSync(python, ['-c', code, file, oneCore ? '1' : '0']).toString().trim());
}

// The deals of scripts/dd-bench.py (dd-verify.py's random_deals, seed 7).
const deals = JSON.parse(execFileSync(fs.existsSync(python) ? python : 'python3', ['-c', `
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("ddv", "scripts/dd-verify.py")
ddv = importlib.util.module_from_spec(spec); spec.loader.exec_module(ddv)
print(json.dumps(ddv.random_deals(${BOARDS}, 7)))`], { cwd: ROOT }).toString());
const pbn = deals.map((d, i) => `[Board "${i + 1}"]\n[Deal "${d}"]\n\n`).join('');
const file = path.join(os.tmpdir(), `dd-bench-browser-${process.pid}.pbn`);
fs.writeFileSync(file, pbn);
const server = new Server();
await server.start();
const browser = await launch();
const rows = [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const b = await browserRound(browser, pbn);
    const row = {
      browser: b.ms / b.solved,
      workers: b.workers,
      cached: BOARDS - b.solved,
      j1: nativeMs(file, 1) / BOARDS,
      jn: nativeMs(file, cores) / BOARDS,
      endplay: fs.existsSync(python) ? endplayMs(file, false) / BOARDS : NaN,
      endplay1: fs.existsSync(python) ? endplayMs(file, true) / BOARDS : NaN,
    };
    rows.push(row);
    console.log(`round ${round}: browser ${b.workers} workers ${row.browser.toFixed(1)} ms/table (${b.solved} solved, ${row.cached} cached)`
      + `  native -j 1 ${row.j1.toFixed(1)}  -j ${cores} ${row.jn.toFixed(1)}  endplay calc_dd_table ${row.endplay.toFixed(1)}, on one core ${row.endplay1.toFixed(1)} ms/table`);
  }
} finally {
  fs.rmSync(file, { force: true });
  await browser.close();
  await server.stop();
}
const m = (k) => median(rows.map((r) => r[k]));
const ratio = (f) => median(rows.map(f));
console.log(`median ms/table: browser (${rows[0].workers} workers) ${m('browser').toFixed(1)}, native -j 1 ${m('j1').toFixed(1)},`
  + ` native -j ${cores} ${m('jn').toFixed(1)}, endplay calc_dd_table ${m('endplay').toFixed(1)}, on one core ${m('endplay1').toFixed(1)}`);
console.log(`browser all workers / native -j ${cores}: ${ratio((r) => r.browser / r.jn).toFixed(2)}x;`
  + ` browser all workers / endplay calc_dd_table: ${ratio((r) => r.browser / r.endplay).toFixed(2)}x, / endplay on one core: ${ratio((r) => r.browser / r.endplay1).toFixed(2)}x;`
  + ` browser per worker / native per thread: ${ratio((r) => (r.browser * r.workers) / r.j1).toFixed(2)}x (median of per-round ratios)`);
