import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../fixtures/thread-extractor-check.ts', import.meta.url));
const memoryScript = fileURLToPath(new URL('../fixtures/memory-report-check.ts', import.meta.url));
let pages: FixtureServer;

beforeAll(async () => {
  pages = await startFixtureServer({
    '/a': { body: articlePage('Threaded', Array.from({ length: 12 }, (_, i) => `Worker thread paragraph ${i} with enough words to be content.`)) },
    '/empty': { body: '<html><body><nav><a href="/">Home</a></nav></body></html>' },
    '/latin1': {
      body: Buffer.from(articlePage('Café crème', Array.from({ length: 6 }, (_, i) => `Paragraph ${i} about the café on the corner, déjà vu included, with enough words to count.`)), 'latin1'),
      headers: { 'content-type': 'text/html; charset=iso-8859-1' },
    },
  });
});
afterAll(async () => pages?.close());

describe('extraction on worker threads (piscina), as the API and worker processes run it', () => {
  it('extracts on the pool and keeps no_content as an ExtractionError across the thread boundary', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, pages.url('/a'), pages.url('/empty'), pages.url('/latin1')], { timeout: 60_000 });
    const report = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
    expect(report.markdownLengths).toHaveLength(6);
    expect(new Set(report.markdownLengths).size).toBe(1);
    expect(report.markdownLengths[0]).toBeGreaterThan(300);
    expect(report.chunks).toBeGreaterThan(0);
    expect(report.emptyCode).toBe('no_content');
    // Bytes decoded in the thread with the Content-Type's charset, as on the calling thread.
    expect(report.latin1Markdown).toContain('déjà vu');
    expect(report.latin1Markdown).toContain('Café crème');
    expect(report.latin1SameInline).toBe(true);
    // render_js "auto": an app shell is answered as such, by the pool and inline alike.
    expect(report.shellAnswer).toEqual({ appShell: true });
    expect(report.shellInline).toEqual({ appShell: true });
    // A product page, whose root the learned block pass scores with the model bundled into the thread.
    expect(report.productMarkdown).toContain('Paragraph 4 about the tide clock');
    expect(report.productSameInline).toBe(true);
  });

  it('reports the process memory with each extraction thread\'s heap (MEMORY_REPORT_DIR)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pith-memory-'));
    try {
      const html = articlePage('Measured', Array.from({ length: 8 }, (_, i) => `Paragraph ${i} of a page extracted on a worker thread.`));
      const { stdout } = await run(process.execPath, ['--import', 'tsx', memoryScript, dir, html], { timeout: 60_000 });
      const { file, lines, snapshots, module } = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
      expect(file).toMatch(/^memory-check-\d+\.jsonl$/);
      expect(lines.length).toBeGreaterThanOrEqual(2);
      const last = lines.at(-1);
      expect(last.process).toBe('check');
      expect(last.main.heap_used_mb).toBeGreaterThan(0);
      expect(last.rss_mb).toBeGreaterThan(last.main.heap_total_mb);
      // The main heap by space: old space holds the loaded modules; the spaces fit in the heap.
      const spaces = last.main.spaces_mb;
      expect(spaces.old).toBeGreaterThan(1);
      expect(spaces.new + spaces.old + spaces.large_object + spaces.code).toBeLessThanOrEqual(last.main.heap_total_mb + 0.5);
      // Both threads, each with its own heap, and between them the four pages.
      expect(last.threads).toHaveLength(2);
      expect(new Set(last.threads.map((t: { thread: number }) => t.thread)).size).toBe(2);
      expect(last.threads.every((t: { heap_used_mb: number; heap_limit_mb: number }) => t.heap_used_mb > 0 && t.heap_limit_mb < last.main.heap_limit_mb)).toBe(true);
      expect(last.threads.reduce((sum: number, t: { tasks: number }) => sum + t.tasks, 0)).toBe(4);
      // SIGUSR2: a heap snapshot of the main thread and of each thread, each a real heap (summarised by
      // constructor).
      expect(snapshots.map((s: { file: string }) => s.file.replace(/^heap-check-\d+-\d+-/, ''))).toEqual(['main.heapsnapshot', 'thread-0.heapsnapshot', 'thread-1.heapsnapshot']);
      for (const snapshot of snapshots) {
        expect(snapshot.nodes).toBeGreaterThan(10_000);
        expect(snapshot.live_mb).toBeGreaterThan(1);
        expect(snapshot.top.length).toBe(5);
      }
      // The threads ran the bundled module on plain Node (thread-module.ts), not the sources through tsx.
      expect(module.file).toMatch(/node_modules\/\.cache\/pith-threads\/thread-worker-[0-9a-f]{16}\.mjs$/);
      expect(module.execArgv).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
