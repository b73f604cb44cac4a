import { describe, expect, it } from 'vitest';
import { addPhase, parseServerTiming, serverTiming, timePhase, withPhases } from '../../../src/observability/phases.js';

describe('request phases (Server-Timing)', () => {
  it('records the phases of the work run inside, adding up repeats, and says them as Server-Timing', async () => {
    const { result, phases } = await withPhases(async () => {
      await timePhase('fetch', () => new Promise((resolve) => setTimeout(resolve, 20)));
      addPhase('extract', 5);
      addPhase('extract', 2.5);
      // Work started inside keeps the request's record across awaits and timers.
      await new Promise<void>((resolve) => setTimeout(() => (addPhase('index', 1), resolve()), 1));
      return 'answer';
    });
    expect(result).toBe('answer');
    expect([...phases.keys()]).toEqual(['fetch', 'extract', 'index']);
    expect(phases.get('fetch')).toBeGreaterThanOrEqual(15);
    expect(phases.get('extract')).toBe(7.5);
    const header = serverTiming(phases, 40);
    expect(header).toMatch(/^fetch;dur=\d+\.\d, extract;dur=7\.5, index;dur=1\.0, total;dur=40\.0$/);
    expect(parseServerTiming(header)).toEqual({ fetch: Number(phases.get('fetch')!.toFixed(1)), extract: 7.5, index: 1, total: 40 });
  });

  it('records nothing outside a request, and keeps two requests apart', async () => {
    addPhase('stray', 1);
    expect(await timePhase('stray', async () => 3)).toBe(3);
    const [a, b] = await Promise.all([withPhases(async () => addPhase('a', 1)), withPhases(async () => addPhase('b', 2))]);
    expect([...a.phases]).toEqual([['a', 1]]);
    expect([...b.phases]).toEqual([['b', 2]]);
    expect(parseServerTiming(undefined)).toEqual({});
    expect(parseServerTiming('cache;desc="hit", db;dur=53')).toEqual({ db: 53 });
  });
});
