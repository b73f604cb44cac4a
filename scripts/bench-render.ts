/**
 * npm run bench:render [-- --renders 1000 --pool 4]
 * Speed and process hygiene of the JS-rendering pool (src/extraction/render): a loopback page whose
 * content is written by its script (and which fetches a JSON sub-resource, as an app shell does) is
 * rendered `--renders` times through a BrowserPool of `--pool` pages — the production path: one guarded
 * context per render, the SSRF proxy, browsers recycled every 100 pages. First a tenth of the renders
 * one at a time (the latency a caller sees when the pool is not saturated: p50/p95), then the rest with
 * `--pool` in flight (p50/p95 under saturation and pages/s). Also printed: browser launches and the
 * Chromium processes running before the first render, at their peak, at the end of the renders and
 * after the pool closed (a leak shows as more after than before).
 * Progress on stderr, figures on stdout.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BrowserPool } from '../src/extraction/render/index.js';
import { isPublicAddress } from '../src/net/address-policy.js';
import { numberArg, percentile, round } from './lib/bench-figures.js';

const renders = numberArg('renders', 1000);
const poolSize = numberArg('pool', 4);

const SHELL = `<!doctype html><html><head><title>App shell</title></head><body><div id="root"></div>
<script>
fetch('/api/story').then((r) => r.json()).then((story) => {
  const root = document.getElementById('root');
  root.innerHTML = '<article><h1>' + story.title + '</h1>' + story.paragraphs.map((p) => '<p>' + p + '</p>').join('') + '</article>';
});
</script></body></html>`;
const STORY = JSON.stringify({
  title: 'A page written by its script',
  paragraphs: Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} exists only after the script ran: a reader without a browser sees an empty root element and nothing else.`),
});

const server = createServer((req, res) => {
  if (req.url === '/api/story') res.writeHead(200, { 'content-type': 'application/json' }).end(STORY);
  else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SHELL);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Chromium processes on this machine (browser, renderers, GPU and utility processes alike). */
function chromiumProcesses(): number {
  const out = execFileSync('ps', ['-eo', 'args='], { encoding: 'utf8' });
  return out.split('\n').filter((line) => /(^|\/)(chrome|chromium|headless_shell)[^ ]*( |$)/.test(line.split(' --')[0] ?? '')).length;
}

const before = chromiumProcesses();
// The loopback target is admitted by the pool's own address policy, exactly as a test site would be; nothing else private is.
const pool = new BrowserPool({ maxConcurrentPages: poolSize, addressPolicy: (address) => address === '127.0.0.1' || isPublicAddress(address) });
let peak = 0;
let failures = 0;
let rendered = 0;

async function renderOnce(n: number): Promise<number | null> {
  const t = performance.now();
  try {
    const page = await pool.render(`${base}/story/${n}`);
    if (!page.html.includes('Paragraph 12 exists')) throw new Error('the script did not run');
    return performance.now() - t;
  } catch (err) {
    failures++;
    process.stderr.write(`render ${n} failed: ${(err as Error).message}\n`);
    return null;
  } finally {
    if (++rendered % 100 === 0) {
      const running = chromiumProcesses();
      peak = Math.max(peak, running);
      process.stderr.write(`[${rendered}/${renders}] ${running} Chromium processes\n`);
    }
  }
}

/** `count` renders with `inFlight` at once; the latencies of those that succeeded and the wall time. */
async function phase(count: number, inFlight: number): Promise<{ times: number[]; seconds: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const ms = await renderOnce(next++);
        if (ms !== null) times.push(ms);
      }
    }),
  );
  return { times, seconds: (performance.now() - started) / 1000 };
}

// Latency: one render at a time through the pool (a caller's wait when the pool is not saturated).
const latencyRenders = Math.min(100, Math.max(10, Math.round(renders / 10)));
const latency = await phase(latencyRenders, 1);
process.stderr.write(`latency: p50 ${round(percentile(latency.times, 50))} ms over ${latencyRenders} renders one at a time\n`);
// Throughput: the pool saturated (`--pool` renders in flight), for the rest of the renders.
const load = await phase(renders - latencyRenders, poolSize);
const atEnd = chromiumProcesses();
const launches = pool.status().browserLaunches;
await pool.close();
await new Promise((resolve) => setTimeout(resolve, 1000));
const after = chromiumProcesses();
server.close();

console.log(JSON.stringify({
  renders,
  pool: poolSize,
  failures,
  one_at_a_time: { renders: latencyRenders, p50_ms: round(percentile(latency.times, 50)), p95_ms: round(percentile(latency.times, 95)) },
  saturated: {
    renders: renders - latencyRenders,
    in_flight: poolSize,
    p50_ms: round(percentile(load.times, 50)),
    p95_ms: round(percentile(load.times, 95)),
    pages_per_s: round(load.times.length / load.seconds, 2),
  },
  browser_launches: launches,
  chromium_processes: { before, peak_during: peak, at_end: atEnd, after_close: after },
  leaked_processes: Math.max(0, after - before),
}, null, 2));
