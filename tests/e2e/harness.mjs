// Shared harness for the end-to-end tests: serves dist/ on 127.0.0.1 (every path without a
// file extension gets index.html, like `trunk serve`), launches Debian's Chromium through
// playwright-core, records every request (any that leaves 127.0.0.1 fails the test), and
// saves screenshots into target/e2e/screenshots/.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const DIST = process.env.E2E_DIST ? path.resolve(process.env.E2E_DIST) : path.join(ROOT, 'dist');
export const SHOTS = path.join(ROOT, 'target', 'e2e', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.png': 'image/png', '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json', '.json': 'application/json',
};

// `root` (default DIST) may be changed while serving: the update test swaps in a new build.
export class Server {
  constructor(root = DIST) { this.root = root; this.sockets = new Set(); this.server = null; this.url = null; this.log = []; }
  start() {
    return new Promise((resolve) => {
      this.server = http.createServer((req, res) => {
        let p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
        if (p.endsWith('/') || !path.extname(p)) p = '/index.html';
        const root = this.root;
        const file = path.join(root, path.normalize(p));
        this.log.push(p);
        if (!file.startsWith(root) || !fs.existsSync(file)) { res.writeHead(404); res.end('not found'); return; }
        res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
        fs.createReadStream(file).pipe(res);
      });
      this.server.on('connection', (s) => { this.sockets.add(s); s.on('close', () => this.sockets.delete(s)); });
      this.server.listen(0, '127.0.0.1', () => {
        this.url = `http://127.0.0.1:${this.server.address().port}`;
        resolve(this.url);
      });
    });
  }
  stop() {
    return new Promise((resolve) => {
      if (!this.server?.listening) { resolve(); return; }
      for (const s of this.sockets) s.destroy();
      this.server.close(() => resolve());
    });
  }
}

export async function launch() {
  assert.ok(fs.existsSync(path.join(DIST, 'index.html')), 'dist/index.html is missing: run `trunk build --release` first');
  fs.mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// A page that records every request and every console error / page error.
export async function openPage(browser, { width = 1280, height = 900, colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme });
  const page = await context.newPage();
  const requests = [];
  const errors = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  return { context, page, requests, errors };
}

// Every request must stay on this machine's loopback origin (data: and blob: are local too).
export function assertLocalOnly(requests) {
  const foreign = requests.filter((u) => !/^(http:\/\/127\.0\.0\.1[:/]|data:|blob:)/.test(u));
  assert.deepEqual(foreign, [], `requests left 127.0.0.1: ${foreign.join(', ')}`);
}

export async function waitForApp(page) {
  await page.locator('nav.topnav').waitFor({ timeout: 30_000 });
}

export async function shot(page, name) {
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

// The `fairdeal` CLI binary of this checkout (built once if missing): the e2e tests compare
// what the page computes with what the CLI prints for the same input and seed.
export function fairdealExe() {
  const exe = path.join(process.env.CARGO_TARGET_DIR || path.join(ROOT, 'target'), 'debug', 'fairdeal');
  if (!fs.existsSync(exe)) execFileSync('cargo', ['build', '-q', '--locked', '-p', 'fairdeal-cli'], { cwd: ROOT, stdio: 'inherit' });
  return exe;
}

// Runs axe-core's WCAG 2.0/2.1 A and AA rules on the page (contrast included); returns the
// violations as readable lines. axe is read from node_modules once, on first use.
let axeSource = null;
export async function axeViolations(page) {
  axeSource ??= fs.readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    resultTypes: ['violations'],
  }));
  return result.violations.flatMap((v) => v.nodes.map((n) =>
    `${v.id}: ${n.target.join(' ')} — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 240)}`));
}
