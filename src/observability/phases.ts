import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where one request's time went, by phase (fetch, the extraction thread's queue, the extraction itself,
 * the cache, metering, the search index…), answered in a `Server-Timing` header. Phases are recorded by
 * the code that does the work, through the request's async context, so nothing passes a timer around;
 * outside a request (jobs, scripts) recording is a no-op. The soak reads the header to say what its slow
 * tail waits on (issue 26).
 */

type Phases = Map<string, number>;

const current = new AsyncLocalStorage<Phases>();

/** Runs `work` with a fresh record of phases; returns both. */
export async function withPhases<T>(work: () => Promise<T>): Promise<{ result: T; phases: Phases }> {
  const phases: Phases = new Map();
  const result = await current.run(phases, work);
  return { result, phases };
}

/** Adds `ms` to `phase` of the current request (phases that run twice add up). */
export function addPhase(phase: string, ms: number): void {
  const phases = current.getStore();
  if (phases) phases.set(phase, (phases.get(phase) ?? 0) + ms);
}

/** Times `work` as `phase` of the current request. */
export async function timePhase<T>(phase: string, work: () => Promise<T>): Promise<T> {
  if (!current.getStore()) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    addPhase(phase, performance.now() - started);
  }
}

/** `Server-Timing` (W3C): `fetch;dur=12.3, extract;dur=80.1, total;dur=95.0`. */
export function serverTiming(phases: Phases, totalMs: number): string {
  return [...phases, ['total', totalMs] as const].map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', ');
}

/** Parses a `Server-Timing` header back into phases (for the soak and tests). */
export function parseServerTiming(header: string | null | undefined): Record<string, number> {
  const phases: Record<string, number> = {};
  for (const part of (header ?? '').split(',')) {
    const match = /^\s*([\w-]+)\s*;\s*dur=([\d.]+)/.exec(part);
    if (match) phases[match[1] as string] = Number(match[2]);
  }
  return phases;
}
