import { describe, expect, it } from 'vitest';
import { comparableText, diffVersions, fingerprint } from '../../../src/changes/compare-versions.js';
import { CHANGE_LIMITS } from '../../../src/contract/limits.js';

describe('comparing two versions of a page', () => {
  it('ignores whitespace: spacing, indentation, blank lines and trailing spaces never make a change', () => {
    const a = '# Title\n\nFirst  paragraph   here.\n\n\n- item one\n- item two  \n';
    const b = '#   Title\nFirst paragraph here.\n   - item one\n- item two';
    expect(comparableText(a)).toBe(comparableText(b));
    expect(fingerprint(a)).toBe(fingerprint(b));
    expect(fingerprint(a)).not.toBe(fingerprint(`${b} more`));
  });

  it('answers a unified diff of the changed lines with context', () => {
    const { diff, truncated } = diffVersions('# Prices\n\nTea costs 3 euros.\n\nCoffee costs 2 euros.', '# Prices\n\nTea costs 4 euros.\n\nCoffee costs 2 euros.', 'https://example.com/prices');
    expect(truncated).toBe(false);
    expect(diff).toContain('--- https://example.com/prices\tprevious');
    expect(diff).toContain('-Tea costs 3 euros.');
    expect(diff).toContain('+Tea costs 4 euros.');
    expect(diff).toContain(' Coffee costs 2 euros.');
  });

  it('cuts a long diff at a line and leaves out the diff of pages too large to compare, quickly', () => {
    const lines = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag} line ${i} of a page that changed everywhere`).join('\n');
    const long = diffVersions(lines('old', 3000), lines('new', 3000), 'u');
    expect(long.truncated).toBe(true);
    expect(long.diff!.length).toBeLessThanOrEqual(CHANGE_LIMITS.diffMaxChars);
    expect(long.diff!.endsWith('\n')).toBe(true);

    // Two 10 MB pages: over the input bound, not diffed at all.
    const huge = diffVersions('a '.repeat(5_000_000), 'b '.repeat(5_000_000), 'u');
    expect(huge).toEqual({ diff: null, truncated: true });
  });
});
