import { describe, expect, it } from 'vitest';
import { RecentCacheEntries } from '../../../src/cache/recent-entries.js';
import type { CacheEntry } from '../../../src/cache/page-cache-store.js';

const entry = (urlKey: string): CacheEntry => ({ urlKey, content: { markdown: urlKey }, validators: {}, fetchedAt: new Date(0) });

describe('recent content-cache entries of a process', () => {
  it('answers until its time is up, then forgets', () => {
    const recent = new RecentCacheEntries(1000, 1_000_000);
    recent.set(entry('a'), 10, 0);
    expect(recent.get('a', 999)?.content).toEqual({ markdown: 'a' });
    expect(recent.get('a', 1000)).toBeUndefined();
    // Forgotten for good, not only hidden.
    expect(recent.get('a', 0)).toBeUndefined();
  });

  it('keeps within its byte budget by dropping the least recently used first', () => {
    const recent = new RecentCacheEntries(60_000, 30);
    recent.set(entry('a'), 10, 0);
    recent.set(entry('b'), 10, 0);
    recent.set(entry('c'), 10, 0);
    recent.get('a', 1); // a is now the most recently used
    recent.set(entry('d'), 10, 2);
    expect(['a', 'b', 'c', 'd'].filter((key) => recent.get(key, 3))).toEqual(['a', 'c', 'd']);
    // An entry larger than the whole budget is not kept, and evicts nothing.
    recent.set(entry('huge'), 31, 4);
    expect(recent.get('huge', 5)).toBeUndefined();
    expect(recent.get('d', 5)).toBeDefined();
  });

  it('replaces an entry in place and forgets a deleted one; a zero time keeps nothing', () => {
    const recent = new RecentCacheEntries(60_000, 25);
    recent.set(entry('a'), 10, 0);
    recent.set({ ...entry('a'), content: { markdown: 'newer' } }, 10, 0);
    recent.set(entry('b'), 10, 0);
    expect(recent.get('a', 1)?.content).toEqual({ markdown: 'newer' });
    recent.delete('a');
    expect(recent.get('a', 1)).toBeUndefined();
    const off = new RecentCacheEntries(0, 1_000);
    off.set(entry('a'), 1, 0);
    expect(off.get('a', 0)).toBeUndefined();
  });

  it('lets go of expired entries it is never asked for again, within its budget', () => {
    const recent = new RecentCacheEntries(1000, 1_000_000);
    for (let i = 0; i < 100; i++) recent.set(entry(`page-${i}`), 10_000, i);
    expect(recent.heldBytes).toBe(1_000_000);
    // Pages read once: a second later, the next store drops them all but the one still alive.
    recent.set(entry('later'), 10_000, 1098);
    expect(recent.heldBytes).toBe(20_000);
    expect(recent.get('page-99', 1098)).toBeDefined();
    expect(recent.get('page-0', 1098)).toBeUndefined();
  });
});
