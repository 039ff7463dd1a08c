// Trunk post_build hook (see Trunk.toml). Works on $TRUNK_STAGING_DIR before Trunk moves it
// to dist/:
//  1. index.html gets a Content-Security-Policy <meta> that allows scripts only from this
//     origin plus the exact sha256 of each inline script Trunk wrote (its wasm loader), and
//     connections, images, fonts and workers only from this origin.
//  2. sw.js gets the build id (a hash of every file) and the list of files to precache.
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
  fs.writeFileSync(indexPath, html);
}

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
console.log(`post-build: CSP with ${hashes.length} inline script hash(es); sw.js build ${buildId}, ${files.length + 1} files precached`);
