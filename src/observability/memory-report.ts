/**
 * Where a process's memory goes, for soaks and for operators sizing a deployment: with MEMORY_REPORT_DIR
 * set, every API and worker process appends one JSON line every MEMORY_REPORT_MS to
 * `<dir>/memory-<process>-<pid>.jsonl`: its RSS, its main thread's V8 heap, the memory outside any heap
 * (array buffers, native allocations such as the Temporal core's), and each extraction thread's heap as
 * that thread last reported it. RSS alone cannot say whether the main thread, a thread heap or native
 * memory grows; each thread can read only its own isolate, so threads post their figures on a
 * BroadcastChannel and the main thread writes them with its own.
 *
 * On SIGUSR2 the process also writes heap snapshots (what is alive, after a full collection) of its main
 * thread and of each extraction thread into the same directory, then `heap-<process>-<pid>.json` listing
 * them: the difference between a heap's size and what a snapshot holds is garbage not yet collected.
 */
import { appendFileSync, createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import { BroadcastChannel, isMainThread, threadId } from 'node:worker_threads';

const CHANNEL = 'pith-memory-report';
const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** One isolate's heap, in MB. */
export interface HeapFigures {
  heap_used_mb: number;
  heap_total_mb: number;
  heap_limit_mb: number;
  /** Memory V8 got from malloc for its own use (compiled code, parser buffers), outside the heap. */
  malloced_mb: number;
  /** Bytes held outside the heap by objects in it (Buffers, ArrayBuffers) that V8 was told about. */
  external_mb: number;
  /**
   * Resident size of the heap's main spaces: `new` (the young generation), `old`, `large_object` (objects
   * over ~128 KB, such as a page's HTML, go there directly and wait for a full collection), `code`.
   */
  spaces_mb: { new: number; old: number; large_object: number; code: number };
}

const SPACES = { new_space: 'new', old_space: 'old', large_object_space: 'large_object', code_space: 'code' } as const;

export function heapFigures(): HeapFigures {
  const heap = getHeapStatistics();
  const spaces = { new: 0, old: 0, large_object: 0, code: 0 };
  for (const space of getHeapSpaceStatistics()) {
    const key = SPACES[space.space_name as keyof typeof SPACES];
    if (key) spaces[key] = mb(space.physical_space_size);
  }
  return {
    heap_used_mb: mb(heap.used_heap_size),
    heap_total_mb: mb(heap.total_heap_size),
    heap_limit_mb: mb(heap.heap_size_limit),
    malloced_mb: mb(heap.malloced_memory),
    external_mb: mb(heap.external_memory),
    spaces_mb: spaces,
  };
}

export interface ThreadHeap extends HeapFigures {
  thread: number;
  /** Pages and documents this thread has extracted since it started. */
  tasks: number;
}

export interface MemoryReportLine {
  at: string;
  process: string;
  pid: number;
  rss_mb: number;
  main: HeapFigures;
  /** All Buffers and ArrayBuffers of the process (every thread), outside the heaps. */
  array_buffers_mb: number;
  threads: ThreadHeap[];
}

let tasksDone = 0;
let threadChannel: BroadcastChannel | null = null;
let threadEveryMs = 0;
let lastPost = 0;

const postThreadHeap = () => {
  lastPost = Date.now();
  threadChannel?.postMessage({ thread: threadId, tasks: tasksDone, ...heapFigures() } satisfies ThreadHeap);
};

/**
 * In an extraction thread: report this isolate's heap on the channel now and then after tasks, at most
 * every `everyMs`. After tasks, not on a timer: an idle pool thread waits for work blocked in
 * Atomics.wait, where no timer runs. A no-op on the main thread or when reports are off.
 */
export function reportThreadHeap(everyMs: number | undefined): void {
  if (isMainThread || !everyMs) return;
  threadChannel = new BroadcastChannel(CHANNEL);
  threadChannel.unref();
  threadEveryMs = everyMs;
  postThreadHeap();
}

/** In an extraction thread, after each page or document: count it, and report the heap when due. */
export function threadTaskDone(): void {
  tasksDone++;
  if (threadChannel && Date.now() - lastPost >= threadEveryMs) postThreadHeap();
}

/** Heap snapshots of a process's extraction threads (HtmlExtractor.threadHeapSnapshots). */
export type ThreadSnapshots = () => Promise<NodeJS.ReadableStream>[];

/** Writes the main thread's and every extraction thread's heap snapshot, then the list of files. */
async function writeHeapSnapshots(name: string, dir: string, threadSnapshots: ThreadSnapshots | undefined): Promise<void> {
  const stamp = Date.now();
  const files = [writeHeapSnapshot(path.join(dir, `heap-${name}-${process.pid}-${stamp}-main.heapsnapshot`))];
  const threads = await Promise.allSettled(threadSnapshots?.() ?? []);
  for (const [index, snapshot] of threads.entries()) {
    if (snapshot.status !== 'fulfilled') continue; // a thread that ended meanwhile
    const file = path.join(dir, `heap-${name}-${process.pid}-${stamp}-thread-${index}.heapsnapshot`);
    await pipeline(snapshot.value, createWriteStream(file));
    files.push(file);
  }
  writeFileSync(path.join(dir, `heap-${name}-${process.pid}.json`), JSON.stringify({ at: new Date(stamp).toISOString(), files }));
}

/**
 * On the main thread: appends a MemoryReportLine every `everyMs` to `<dir>/memory-<name>-<pid>.jsonl`,
 * and writes heap snapshots on SIGUSR2. Threads that stopped reporting for three periods (ended, replaced
 * by the pool) drop out of the line. Returns a stop function.
 */
export function startMemoryReport(name: string, dir: string, everyMs: number, threadSnapshots?: ThreadSnapshots): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `memory-${name}-${process.pid}.jsonl`);
  const threads = new Map<number, { heap: ThreadHeap; seen: number }>();
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  channel.onmessage = (event) => {
    const heap = (event as { data: ThreadHeap }).data;
    threads.set(heap.thread, { heap, seen: Date.now() });
  };
  const write = () => {
    const now = Date.now();
    for (const [id, { seen }] of threads) if (now - seen > 3 * everyMs) threads.delete(id);
    const usage = process.memoryUsage();
    const line: MemoryReportLine = {
      at: new Date(now).toISOString(),
      process: name,
      pid: process.pid,
      rss_mb: mb(usage.rss),
      main: heapFigures(),
      array_buffers_mb: mb(usage.arrayBuffers),
      threads: [...threads.values()].map(({ heap }) => heap).sort((a, b) => a.thread - b.thread),
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  write();
  const timer = setInterval(write, everyMs);
  timer.unref();
  let snapshotting = false;
  const onSnapshotSignal = () => {
    if (snapshotting) return;
    snapshotting = true;
    writeHeapSnapshots(name, dir, threadSnapshots)
      .catch((err: Error) => process.emitWarning(`Heap snapshots failed: ${err.message}`, 'PithMemoryReport'))
      .finally(() => (snapshotting = false));
  };
  process.on('SIGUSR2', onSnapshotSignal);
  return () => {
    clearInterval(timer);
    channel.close();
    process.off('SIGUSR2', onSnapshotSignal);
  };
}
