// The lead simulator's speed (issue #17 item 6), all in one run: one lead problem (1NT–3NT,
// West on lead with KQJ4.T98.AK2.654), DEALS deals. Each round: a fresh page of a trunk build
// runs the simulation on the Simulate page (dealing worker + DD worker pool, one worker per
// `navigator.hardwareConcurrency`; timed from the click to "Done", worker start-up included),
// reveals its seed, writes the same deals natively with `fairdeal simulate lead --seed … --pbn`
// and checks the CSV is the page's; then times on those deals `fairdeal simulate lead -j 1`
// (one thread, pons-dds), `-j <cores>` (every core) and a single-threaded DDS 2.9 loop
// (endplay's `solve_board`, one deal at a time: scripts/lead-dds-loop.py). Medians printed.
//
//   trunk build --release --dist /tmp/<name>-dist; cargo build --release -p fairdeal-cli
//   E2E_DIST=/tmp/<name>-dist node scripts/sim-bench-browser.mjs target/release/fairdeal [deals] [rounds]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Server, launch, openPage, waitForApp, ROOT } from '../tests/e2e/harness.mjs';

const [bin, dealsArg, roundsArg] = process.argv.slice(2);
if (!bin) {
  console.error('usage: node scripts/sim-bench-browser.mjs FAIRDEAL_BINARY [deals] [rounds]');
  process.exit(2);
}
const DEALS = Number(dealsArg ?? 500);
const ROUNDS = Number(roundsArg ?? 3);
const cores = os.cpus().length;
const python = path.join(ROOT, '.venv-endplay', 'bin', 'python');
const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const HAND = 'KQJ4.T98.AK2.654';
const CONDITIONS = 'south: balanced, hcp 15-17\nnorth: hcp 8-9';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-simbench-'));
const spec = path.join(tmp, 'conditions.txt');
fs.writeFileSync(spec, CONDITIONS + '\n');

const server = new Server();
await server.start();
const browser = await launch();

async function browserRound() {
  const { context, page, errors } = await openPage(browser);
  try {
    const q = new URLSearchParams({ hand: HAND, contract: '3NT', declarer: 'S', vul: 'None', conditions: CONDITIONS, n: String(DEALS) });
    await page.goto(`${server.url}/simulate?${q}`);
    await waitForApp(page);
    await page.locator('#simulate-run').waitFor();
    const ms = await page.evaluate(async () => {
      const t0 = performance.now();
      document.querySelector('#simulate-run').click();
      for (;;) {
        const phase = document.querySelector('#simulate-status')?.dataset.phase;
        if (phase === 'Done') break;
        if (phase === 'Failed') throw new Error(document.querySelector('#simulate-status').textContent);
        await new Promise((res) => setTimeout(res, 5));
      }
      return performance.now() - t0;
    });
    await page.click('#simulate-reveal');
    const seed = (await page.textContent('#simulate-seed')).trim();
    const csv = await page.textContent('#simulate-csv');
    if (errors.length) throw new Error(errors.join('\n'));
    return { ms, seed, csv };
  } finally {
    await context.close();
  }
}

function cli(seed, j, pbn) {
  const args = ['simulate', 'lead', spec, '--contract', '3NT', '--declarer', 'S', '--hand', HAND,
    '-n', String(DEALS), '--seed', seed, '--csv', '-q', '-j', String(j)];
  if (pbn) args.push('--pbn', pbn, '--force');
  const t0 = performance.now();
  const out = execFileSync(bin, args, { encoding: 'utf8' });
  return { ms: performance.now() - t0, out };
}

const rows = [];
for (let r = 0; r < ROUNDS; r++) {
  const b = await browserRound();
  const pbn = path.join(tmp, `deals-${r}.pbn`);
  const one = cli(b.seed, 1, pbn);
  if (one.out !== b.csv) throw new Error('the page\'s CSV differs from the CLI\'s on the revealed seed');
  const all = cli(b.seed, cores, null);
  const dds = execFileSync(python, [path.join(ROOT, 'scripts', 'lead-dds-loop.py'), pbn, 'N', 'S'], { encoding: 'utf8' });
  const ddsMs = Number(/ ms (\d+)/.exec(dds)[1]);
  const row = { browser: b.ms, j1: one.ms, jall: all.ms, dds: ddsMs };
  rows.push(row);
  console.log(`round ${r + 1}: browser ${b.ms.toFixed(0)} ms, -j 1 ${one.ms.toFixed(0)} ms, -j ${cores} ${all.ms.toFixed(0)} ms, DDS loop ${ddsMs} ms`);
}
const m = (k) => median(rows.map((x) => x[k]));
console.log(`medians over ${ROUNDS} rounds, ${DEALS} deals: browser ${m('browser').toFixed(0)} ms, ` +
  `-j 1 ${m('j1').toFixed(0)} ms, -j ${cores} ${m('jall').toFixed(0)} ms, DDS loop ${m('dds').toFixed(0)} ms; ` +
  `browser / DDS loop ${median(rows.map((x) => x.browser / x.dds)).toFixed(2)}×, ` +
  `-j ${cores} / -j 1 ${median(rows.map((x) => x.jall / x.j1)).toFixed(2)}×`);
await browser.close();
await server.stop();
