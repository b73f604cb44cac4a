/**
 * npm run bench:cache [-- --pages 40 --hits 400 --kb 100]
 * The content cache (`max_age`) as a caller sees it: POST /extract against a real API process on a fresh
 * embedded PostgreSQL, for `--pages` distinct loopback pages of about `--kb` KB each. First every page
 * once (misses: fetch, extract every format, store), then `--hits` requests cycling over them with the
 * same `max_age` (hits: answered from the stored extraction), one request at a time. Prints p50/p95 of
 * both and whether the hit p95 is under the 20 ms. Progress on stderr, figures on stdout.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres } from './lib/postgres.js';
import { migrateDeploy } from './lib/migrate.js';
import { freePort, waitUntil } from './lib/ports.js';
import { startProcess } from './lib/processes.js';
import { projectRoot } from './lib/paths.js';
import { step } from './lib/log.js';
import { numberArg, percentile, round } from './lib/bench-figures.js';
import { createDb } from '../src/db/prisma.js';

const pages = numberArg('pages', 40);
const hitRequests = numberArg('hits', 400);
const kilobytes = numberArg('kb', 100);
const HIT_P95_TARGET_MS = 20;

/** An article page of about `kilobytes` KB: headings, paragraphs, a list and navigation, as a real page has. */
function articleOf(n: number): string {
  const sentence = `Page ${n} explains how a stored extraction answers a caller without fetching the page again, and when it must be revalidated. `;
  const sections: string[] = [];
  for (let s = 0; sections.join('').length < kilobytes * 1024 - 2000; s++) {
    sections.push(`<h2>Section ${s + 1}</h2>${Array.from({ length: 4 }, () => `<p>${sentence.repeat(3)}</p>`).join('')}<ul><li>First point of section ${s + 1}</li><li>Second point</li></ul>`);
  }
  return `<!doctype html><html><head><title>Cached page ${n}</title><meta name="author" content="Bench"></head><body><nav><a href="/">Home</a></nav><article><h1>Cached page ${n}</h1>${sections.join('')}</article><footer>© Bench</footer></body></html>`;
}

const bodies = Array.from({ length: pages }, (_, n) => articleOf(n));
const site = http.createServer((req, res) => {
  const n = Number(/^\/page\/(\d+)(\?.*)?$/.exec(req.url ?? '')?.[1] ?? -1);
  const body = bodies[n];
  if (body === undefined) res.writeHead(404).end();
  else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const siteUrl = (n: number) => `http://127.0.0.1:${(site.address() as AddressInfo).port}/page/${n}`;

const scratch = mkdtempSync(path.join(tmpdir(), 'pith-bench-cache-'));
chmodSync(scratch, 0o755);
step('Starting PostgreSQL and migrating');
const pg = await startPostgres({ dataDir: path.join(scratch, 'pg'), port: await freePort(), database: 'bench', logFile: path.join(scratch, 'pg.log') });
await migrateDeploy(pg.url);
const port = await freePort();
step('Starting the API process');
const api = startProcess('api', process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/edge/main.ts')], {
  cwd: projectRoot,
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: pg.url,
    TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`, // /extract starts no workflow; the client connects lazily
    LOG_LEVEL: "error",
    ALLOW_PRIVATE_TARGETS: 'true', // the pages are on loopback
    WEBHOOK_ENCRYPTION_KEY: 'cd'.repeat(32),
  },
  logFile: path.join(scratch, 'api.log'),
});
const base = `http://127.0.0.1:${port}`;

/** One POST /extract with `max_age`; its latency (until the whole answer arrived) and the cache status it reports. */
async function extract(key: string, url: string): Promise<{ ms: number; cache: string }> {
  const started = performance.now();
  const res = await fetch(`${base}/extract`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ url, max_age: 3600 }) });
  const raw = await res.text();
  // The answer is complete when its last byte arrived; reading it into objects is the caller's own time.
  const ms = performance.now() - started;
  const body = JSON.parse(raw) as { metadata?: { cache?: string }; error?: { code: string } };
  if (res.status !== 200) throw new Error(`POST /extract answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, cache: body.metadata?.cache ?? 'none' };
}

try {
  await waitUntil('the API', async () => (await fetch(`${base}/pricing`).catch(() => undefined))?.status === 200, 60_000, 200);
  const registered = (await (await fetch(`${base}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench-cache@example.com' }) })).json()) as { api_key: string; account_id: string };
  // Enterprise: no per-second limit gets in the way of back-to-back requests.
  const db = createDb(pg.url, 1);
  await db.account.update({ where: { id: registered.account_id }, data: { plan: 'enterprise' } });
  await db.$disconnect();
  const key = registered.api_key;

  // Warm-up (the API's first requests compile and connect), on a page that is not measured.
  await extract(key, `${siteUrl(0)}?warm-up`);
  await extract(key, `${siteUrl(0)}?warm-up`);

  step(`Misses: ${pages} pages of ${round(Buffer.byteLength(bodies[0] ?? '') / 1024)} KB, each fetched, extracted and stored`);
  const misses: number[] = [];
  for (let n = 0; n < pages; n++) {
    const { ms, cache } = await extract(key, siteUrl(n));
    if (cache !== 'miss') throw new Error(`page ${n}: expected a miss, got ${cache}`);
    misses.push(ms);
    if ((n + 1) % 10 === 0) process.stderr.write(`[misses ${n + 1}/${pages}]\n`);
  }
  step(`Hits: ${hitRequests} requests over the same pages`);
  const hits: number[] = [];
  for (let i = 0; i < hitRequests; i++) {
    const { ms, cache } = await extract(key, siteUrl(i % pages));
    if (cache !== 'hit') throw new Error(`request ${i}: expected a hit, got ${cache}`);
    hits.push(ms);
    if ((i + 1) % 100 === 0) process.stderr.write(`[hits ${i + 1}/${hitRequests}]\n`);
  }
  const hitP95 = round(percentile(hits, 95));
  console.log(
    JSON.stringify(
      {
        page_kb: round(Buffer.byteLength(bodies[0] ?? '') / 1024),
        miss: { requests: misses.length, p50_ms: round(percentile(misses, 50)), p95_ms: round(percentile(misses, 95)) },
        hit: { requests: hits.length, p50_ms: round(percentile(hits, 50)), p95_ms: hitP95 },
        hit_p95_target_ms: HIT_P95_TARGET_MS,
        hit_p95_met: hitP95 < HIT_P95_TARGET_MS,
      },
      null,
      2,
    ),
  );
} finally {
  await api.stop('SIGTERM', 10_000);
  await pg.stop();
  site.close();
  if (process.env.BENCH_KEEP_LOGS) process.stderr.write(`logs kept in ${scratch}\n`);
  else rmSync(scratch, { recursive: true, force: true });
}
