#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PithClient } from './client.js';
import { PithConnectionError, PithError, PithTimeoutError } from './errors.js';
import { ProgressBar } from './progress.js';

/**
 * `pith`: the Pith API on the command line. Reads PITH_API_KEY and PITH_BASE_URL. Results go to stdout
 * (markdown, JSON, or JSON Lines for job results), progress and errors to stderr.
 */

const USAGE = `usage: pith <command> [options]

  pith extract <url> [--format markdown|json]    one page (markdown by default)
  pith bulk <file of urls | -> [--wait]           a bulk job (one URL per line; - reads stdin)
  pith crawl <url> [--depth N] [--limit N] [--wait]
  pith job <job_id> [--wait]                      a job's state; with --wait, its results as JSON Lines
  pith usage                                      this month's usage

environment: PITH_API_KEY (required), PITH_BASE_URL (default http://localhost:3000)
exit codes: 0 ok, 1 unexpected, 2 usage, 3 key or permission (401/403), 4 request refused (4xx),
            5 rate limit or quota (429) or payment (402), 6 service unavailable or no answer (5xx, network), 7 timeout`;

/** Exit codes per error class (also in USAGE and the README). */
export const EXIT = { ok: 0, unexpected: 1, usage: 2, auth: 3, refused: 4, limited: 5, unavailable: 6, timeout: 7 } as const;

class UsageError extends Error {}

function exitCodeOf(err: unknown): number {
  if (err instanceof UsageError) return EXIT.usage;
  if (err instanceof PithTimeoutError) return EXIT.timeout;
  if (err instanceof PithConnectionError) return EXIT.unavailable;
  if (err instanceof PithError) {
    if (err.status === 401 || err.status === 403) return EXIT.auth;
    if (err.status === 429 || err.status === 402) return EXIT.limited;
    if (err.status >= 500) return EXIT.unavailable;
    return EXIT.refused;
  }
  return EXIT.unexpected;
}

function describe(err: unknown): string {
  if (err instanceof PithError) return `pith: ${err.code}: ${err.message}${err.retryAfter ? ` (retry after ${err.retryAfter} s)` : ''}${err.upgradeUrl ? ` — upgrade: ${err.upgradeUrl}` : ''}`;
  return `pith: ${(err as Error).message ?? String(err)}`;
}

const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
const json = (value: unknown) => out(JSON.stringify(value, null, 2));

function urlsOf(source: string): string[] {
  const text = readFileSync(source === '-' ? 0 : source, 'utf8');
  const urls = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  if (urls.length === 0) throw new UsageError(`no URLs in ${source === '-' ? 'stdin' : source}`);
  return urls;
}

/** Waits with a progress bar, then prints every result as one JSON line. */
async function waitAndPrint(client: PithClient, jobId: string): Promise<void> {
  const bar = new ProgressBar();
  const job = await client.wait(jobId, { onProgress: (j) => bar.update(j.completed, j.total, `${j.kind} ${j.status}`) });
  bar.finish();
  for await (const result of client.results(jobId)) out(JSON.stringify(result));
  if (job.status !== 'done') throw new PithError(422, { code: 'job_failed', message: `job ${jobId} ended ${job.status}`, retry: false, docs_url: '' });
}

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} must be a whole number`);
  return n;
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'markdown' },
      wait: { type: 'boolean', default: false },
      depth: { type: 'string' },
      limit: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, argument] = positionals;
  if (values.help || !command) {
    out(USAGE);
    if (!command && !values.help) throw new UsageError('a command is required');
    return;
  }
  if (!process.env.PITH_API_KEY) throw new UsageError('PITH_API_KEY is not set (get a key with POST /register)');
  const client = new PithClient();
  switch (command) {
    case 'extract': {
      if (!argument) throw new UsageError('pith extract <url>');
      if (values.format !== 'markdown' && values.format !== 'json') throw new UsageError('--format is markdown or json');
      const page = await client.extract({ url: argument, ...(values.format === 'markdown' ? { formats: ['markdown'] } : {}) });
      if (values.format === 'json') json(page);
      else out(page.markdown ?? '');
      return;
    }
    case 'bulk': {
      if (!argument) throw new UsageError('pith bulk <file of urls | ->');
      const job = await client.bulk({ urls: urlsOf(argument) });
      if (values.wait) await waitAndPrint(client, job.job_id);
      else json(job);
      return;
    }
    case 'crawl': {
      if (!argument) throw new UsageError('pith crawl <url> [--depth N]');
      const depth = positiveInt(values.depth, 'depth');
      const limit = positiveInt(values.limit, 'limit');
      const job = await client.crawl({ url: argument, ...(depth !== undefined ? { depth } : {}), ...(limit !== undefined ? { limit } : {}) } as Parameters<PithClient['crawl']>[0]);
      if (values.wait) await waitAndPrint(client, job.job_id);
      else json(job);
      return;
    }
    case 'job': {
      if (!argument) throw new UsageError('pith job <job_id>');
      if (values.wait) await waitAndPrint(client, argument);
      else json(await client.job(argument));
      return;
    }
    case 'usage':
      json(await client.usage());
      return;
    default:
      throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  }
}

// `pith … | head`: a reader that stops early is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(EXIT.ok);
  throw err;
});

// exitCode, not exit(): output still buffered for a pipe is written before the process ends.
main(process.argv.slice(2)).then(
  () => {
    process.exitCode = EXIT.ok;
  },
  (err: unknown) => {
    process.stderr.write(`${describe(err)}\n`);
    process.exitCode = exitCodeOf(err);
  },
);
