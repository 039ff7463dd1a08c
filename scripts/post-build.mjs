// Trunk post_build hook (see Trunk.toml). Works on $TRUNK_STAGING_DIR before Trunk moves it
// to dist/:
//  1. index.html gets a Content-Security-Policy <meta> that allows scripts only from this
//     origin plus the exact sha256 of each inline script Trunk wrote (its wasm loader), and
//     connections, images, fonts and workers only from this origin.
//  2. The Web Worker scripts (Trunk writes them under fixed names: fairdeal-worker.js +
//     fairdeal-worker_bg.wasm, the same for fairdeal-dd-worker) get their content hash in
//     their names, and index.html a <meta name="fairdeal-workers"> mapping each worker to its
//     hashed script, which the app reads (crates/app/src/worker/link.rs). An old page can
//     then never start a new build's worker under the old name.
//  3. sw.js gets the build id (a hash of every file) and the list of files to precache.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('post-build: TRUNK_STAGING_DIR is not set (run through trunk)');
  process.exit(1);
}

const indexPath = path.join(dir, 'index.html');
let html = fs.readFileSync(indexPath, 'utf8');
const hashes = [];
for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
  if (m[1].trim() === '') continue;
  hashes.push(`'sha256-${crypto.createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
}
const csp = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`.trim(),
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');
if (!html.includes('http-equiv="Content-Security-Policy"')) {
  html = html.replace(/<head>/, `<head>\n    <meta http-equiv="Content-Security-Policy" content="${csp}" />`);
}

// Hashed worker names. The loader finds its wasm by replacing `.js` with `_bg.wasm` in its
// own URL, so both files are renamed with the same stem and neither needs editing.
const WORKERS = ['fairdeal-worker', 'fairdeal-dd-worker', 'fairdeal-suit-worker'];
const workerUrls = [];
for (const name of WORKERS) {
  const js = path.join(dir, `${name}.js`);
  const wasm = path.join(dir, `${name}_bg.wasm`);
  if (!fs.existsSync(js) || !fs.existsSync(wasm)) {
    console.error(`post-build: ${name}.js or ${name}_bg.wasm is missing from the build`);
    process.exit(1);
  }
  const wh = crypto.createHash('sha256');
  wh.update(fs.readFileSync(js));
  wh.update(fs.readFileSync(wasm));
  const stem = `${name}-${wh.digest('hex').slice(0, 16)}`;
  fs.renameSync(js, path.join(dir, `${stem}.js`));
  fs.renameSync(wasm, path.join(dir, `${stem}_bg.wasm`));
  workerUrls.push(`${name}=/${stem}.js`);
}
html = html.replace(/\n\s*<meta name="fairdeal-workers"[^>]*>/, '');
html = html.replace(/<head>/, `<head>\n    <meta name="fairdeal-workers" content="${workerUrls.join(';')}" />`);
fs.writeFileSync(indexPath, html);

function walk(d, out = []) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}
const files = walk(dir)
  .map((p) => '/' + path.relative(dir, p).split(path.sep).join('/'))
  .filter((p) => p !== '/sw.js' && !p.startsWith('/.'))
  .sort();
const h = crypto.createHash('sha256');
for (const f of files) {
  h.update(f);
  h.update(fs.readFileSync(path.join(dir, f)));
}
const buildId = h.digest('hex').slice(0, 16);
const swPath = path.join(dir, 'sw.js');
const sw = fs.readFileSync(swPath, 'utf8')
  .replace("'__BUILD_ID__'", JSON.stringify(buildId))
  .replace('__PRECACHE__', JSON.stringify(['/', ...files]));
fs.writeFileSync(swPath, sw);
console.log(`post-build: CSP with ${hashes.length} inline script hash(es); workers ${workerUrls.join(', ')}; sw.js build ${buildId}, ${files.length + 1} files precached`);
