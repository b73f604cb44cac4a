import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startPostgres } from './postgres.js';
import { migrateDeploy } from './migrate.js';
import { freePort, waitUntil } from './ports.js';
import { startProcess, type ManagedProcess } from './processes.js';
import { projectRoot } from './paths.js';
import { serviceNodeArgs, withServiceProcessEnv } from './service-entry.js';
import { ensureTemporalCli } from './tools.js';
import { ensurePrismaClient } from './prisma-client.js';
import { startTemporalServer } from './temporal-server.js';
import { createDb, type Db } from '../../src/db/prisma.js';
import { parseConfig } from '../../src/config/config.js';

/** Real pages: the shared benchmark sets' HTML. */
export function loadBenchPages(): Buffer[] {
  const root = path.resolve(projectRoot, '..', 'shared', 'benchmarks', 'extraction');
  const pages: Buffer[] = [];
  for (const set of ['scrapinghub', 'wcxb-dev']) {
    const dir = path.join(root, set, 'html');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.html.gz')).sort()) pages.push(gunzipSync(readFileSync(path.join(dir, file))));
  }
  return pages;
}

/** Children of each page of a crawl site: page i links to pages 10i+1 … 10i+10 that the site has. */
export const CRAWL_SITE_FANOUT = 10;

/**
 * Page i of a crawl site of `size` pages: the same real page as /page/o+i, with links to its children
 * at the end of the body. A site has exactly `size` pages, so a crawl of it with `limit` ≥ `size`
 * fetches pages o … o+size-1, the raw loop's, in whatever order its lanes finish (links found first are
 * admitted first). The page number is in the query (/crawl/o-size?n=i): the real pages' own relative
 * links ("contact-us", "?page=2") then resolve outside the crawl's include pattern, where they would
 * otherwise be admitted as 404 pages in place of the site's. Spliced as bytes: decoding and re-encoding
 * each page as a string cost this process ~1.5 ms of CPU per page, on the cores the crawl it measures
 * runs on (the raw loop's pages are served as they are).
 */
function crawlSitePage(page: Buffer, prefix: string, index: number, size: number): Buffer {
  const children = Array.from({ length: CRAWL_SITE_FANOUT }, (_, k) => index * CRAWL_SITE_FANOUT + k + 1).filter((child) => child < size);
  const nav = Buffer.from(`<nav>${children.map((child, k) => `<a href="${prefix}${child}">next ${k + 1}</a>`).join(' ')}</nav>`);
  const at = page.lastIndexOf('</body>');
  return at >= 0 ? Buffer.concat([page.subarray(0, at), nav, page.subarray(at)]) : Buffer.concat([page, nav]);
}

export interface BenchSite {
  url: (i: number) => string;
  /** The start page of crawl site (o, size): /crawl/o-size?n=i is page o + i, for i < size. */
  crawlStart: (offset: number, size: number) => string;
  /** The crawl's include pattern that keeps it on that site. */
  crawlPattern: (offset: number, size: number) => string;
  close: () => Promise<void>;
}

/** A loopback site serving page i at /page/i (cycling through the pages), and the crawl sites above. */
export async function serveBenchPages(pages: Buffer[]): Promise<BenchSite> {
  const server = http.createServer((req, res) => {
    const crawl = /^\/crawl\/(\d+)-(\d+)\?n=(\d+)$/.exec(req.url ?? '');
    const [offset, size, i] = crawl ? [Number(crawl[1]), Number(crawl[2]), Number(crawl[3])] : [0, 0, 0];
    const index = crawl ? (i < size ? offset + i : -1) : Number(/^\/page\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1);
    const page = pages[index % pages.length];
    if (index < 0 || !page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end(crawl ? crawlSitePage(page, `/crawl/${offset}-${size}?n=`, i, size) : page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (i) => `http://127.0.0.1:${port}/page/${i}`,
    crawlStart: (offset, size) => `http://127.0.0.1:${port}/crawl/${offset}-${size}?n=0`,
    crawlPattern: (offset, size) => `/crawl/${offset}-${size}?n=*`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export interface BenchService {
  base: string;
  db: Db;
  api: ManagedProcess;
  worker: ManagedProcess;
  /** Registers an account on the enterprise plan (no per-second limit): its key and id. */
  enterpriseAccount(email: string): Promise<{ key: string; accountId: string }>;
  stop(): Promise<void>;
}

/**
 * The whole service as `npm start` runs it, on scratch state: a fresh embedded PostgreSQL, a Temporal
 * dev server on a SQLite file, Pith's worker and API processes (private targets allowed: the pages are
 * on loopback). Logs go to `scratch`.
 */
export async function startBenchService(scratch: string, env: Record<string, string> = {}): Promise<BenchService> {
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops) await stop().catch(() => undefined);
  };
  try {
    // The services load the generated client: a fresh clone running a bench first has none yet.
    await ensurePrismaClient();
    const pg = await startPostgres({ dataDir: path.join(scratch, 'pg'), port: await freePort(), database: 'bench', logFile: path.join(scratch, 'pg.log') });
    stops.unshift(() => pg.stop());
    await migrateDeploy(pg.url);
    const temporal = await startTemporalServer({ cli: await ensureTemporalCli(), port: await freePort(), namespace: 'default', dbFile: path.join(scratch, 'temporal.db'), logFile: path.join(scratch, 'temporal.log'), nice: parseConfig({ ...process.env, ...env }).WORKER_NICE });
    stops.unshift(() => temporal.stop());
    const port = await freePort();
    const { BASE_URL: _viteBase, ...inherited } = process.env;
    const childEnv = { ...inherited, PORT: String(port), DATABASE_URL: pg.url, TEMPORAL_ADDRESS: temporal.address, LOG_LEVEL: 'error', ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_ENCRYPTION_KEY: 'cd'.repeat(32), ...env };
    // The worker at info: its `worker polling` line is the readiness signal waited for below.
    const worker = startProcess('worker', process.execPath, serviceNodeArgs('src/temporal/worker-main.ts'), { cwd: projectRoot, env: withServiceProcessEnv({ ...childEnv, LOG_LEVEL: 'info' }), logFile: path.join(scratch, 'worker.log') });
    stops.unshift(() => worker.stop('SIGTERM', 10_000));
    const api = startProcess('api', process.execPath, serviceNodeArgs('src/edge/main.ts'), { cwd: projectRoot, env: withServiceProcessEnv(childEnv), logFile: path.join(scratch, 'api.log') });
    stops.unshift(() => api.stop('SIGTERM', 10_000));
    const base = `http://127.0.0.1:${port}`;
    // A service that dies while starting ends the wait at once, with the end of its log (the scratch
    // directory is removed on the way out), not after the timeout.
    const logTail = (name: string) => readFileSync(path.join(scratch, `${name}.log`), 'utf8').trim().split('\n').slice(-12).join('\n');
    const died = Promise.race([worker, api].map((child) => child.exited.then((code) => Promise.reject(new Error(`the ${child.name} exited (${code}) while starting; its log ends:\n${logTail(child.name)}`)))));
    died.catch(() => undefined);
    await Promise.race([died, waitUntil('the API and the worker', async () => (await fetch(`${base}/health`).catch(() => undefined))?.status === 200 && readFileSync(path.join(scratch, 'worker.log'), 'utf8').includes('worker polling'), 120_000, 250)]);
    const db = createDb(pg.url, 2);
    stops.unshift(() => db.$disconnect());
    return {
      base,
      db,
      api,
      worker,
      async enterpriseAccount(email) {
        const response = await fetch(`${base}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
        const registered = (await response.json()) as { api_key: string; account_id: string };
        await db.account.update({ where: { id: registered.account_id }, data: { plan: 'enterprise' } });
        return { key: registered.api_key, accountId: registered.account_id };
      },
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
