/**
 * How often `render_js: "auto"` would start a browser: the app-shell verdict over the real pages of the
 * shared sets (server-rendered, so every trigger is a browser spent for nothing unless the page really
 * is a shell), and over the same pages turned into client-side shells (each should trigger).
 *
 *   npm run -s measure:app-shells
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { appShellVerdict } from '../src/extraction/render/app-shell.js';

const SHARED = path.resolve(import.meta.dirname, '../../shared/benchmarks/extraction');
const SETS = [
  { name: 'wcxb-dev', dir: path.join(SHARED, 'wcxb-dev/html') },
  { name: 'scrapinghub', dir: path.join(SHARED, 'scrapinghub/html') },
];

function read(file: string): string {
  const raw = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
}

const MOUNTS = ['<div id="root"></div>', '<div id="app"></div>', '<div id="__next"></div>', '<app-root></app-root>', '<div id="__nuxt"></div>'];

/** The page as a client-side app would ship it: its head and scripts, an empty mount point for a body. */
function asShell(html: string, index: number): string {
  const head = /<head\b[\s\S]*?<\/head>/i.exec(html)?.[0] ?? '<head><title>App</title></head>';
  const scripts = html.match(/<script\b[^>]*\bsrc\s*=[^>]*>\s*<\/script>/gi) ?? [];
  const bundle = scripts.length > 0 ? scripts.slice(0, 10).join('\n') : '<script src="/static/app.js"></script>';
  return `<!doctype html><html>${head}<body>${MOUNTS[index % MOUNTS.length]}\n<noscript></noscript>\n${bundle}</body></html>`;
}

interface Tally {
  pages: number;
  triggered: number;
  examples: string[];
}

const tally = (): Tally => ({ pages: 0, triggered: 0, examples: [] });
const pct = (t: Tally) => `${t.triggered}/${t.pages} (${((100 * t.triggered) / Math.max(1, t.pages)).toFixed(2)}%)`;

const real = new Map<string, Tally>();
const shells = tally();
for (const set of SETS) {
  const files = readdirSync(set.dir).filter((f) => /\.html?(\.gz)?$/.test(f)).sort();
  for (const [i, file] of files.entries()) {
    const html = read(path.join(set.dir, file));
    const half = set.name === 'wcxb-dev' ? (Number.parseInt(file, 10) % 2 === 0 ? 'wcxb-dev even (tuned on)' : 'wcxb-dev odd (held out)') : set.name;
    const t = real.get(half) ?? tally();
    real.set(half, t);
    t.pages++;
    const verdict = appShellVerdict(html);
    if (verdict.shell) {
      t.triggered++;
      if (t.examples.length < 20) t.examples.push(`${set.name}/${file}: ${verdict.reason}`);
    }
    if (set.name === 'wcxb-dev') {
      shells.pages++;
      const shellVerdict = appShellVerdict(asShell(html, i));
      if (shellVerdict.shell) shells.triggered++;
      else if (shells.examples.length < 20) shells.examples.push(`${file} as a shell: ${shellVerdict.reason}`);
    }
    if ((i + 1) % 500 === 0) console.error(`[measure] ${set.name}: ${i + 1}/${files.length} pages`);
  }
}

for (const [name, t] of real) {
  console.log(`\nreal pages, ${name}: ${pct(t)} would render`);
  for (const example of t.examples) console.log(`  ${example}`);
}
console.log(`\nwcxb-dev pages saved as shells: ${pct(shells)} detected`);
for (const example of shells.examples) console.log(`  missed ${example}`);
console.log('\nsummary');
for (const [name, t] of real) console.log(`  false triggers on real pages (${name}): ${pct(t)}`);
console.log(`  shells detected: ${pct(shells)}`);
