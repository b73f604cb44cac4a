import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkMarkdown } from '../../src/extraction/output/chunks.js';
import { decodeTokens, encodeOrdinary } from '../../src/extraction/tokens/tokens.js';
import type { Chunk } from '../../src/extraction/types.js';
import { MIN_CHUNK_TOKENS } from '../../src/contract/limits.js';

/**
 * Property tests for token-bounded chunks (src/extraction/output/chunks.ts). The oracle is tiktoken's own
 * o200k_base encoder (`encodeOrdinary`), not the fast counter the chunker uses.
 *
 * Found by these properties and fixed: a single pre-tokenisation piece longer than the bound made of
 * characters whose UTF-8 bytes take several tokens (rare CJK such as U+20000 `𠀀` is 3 tokens) was split
 * mid-character, its parts decoded with U+FFFD (chunkMarkdown('𠀀'.repeat(22), 64)). `longRareRun`
 * generates exactly those pieces.
 */

const bound = fc.integer({ min: MIN_CHUNK_TOKENS, max: 200 });

/** Over-long pieces of multi-token characters: a cut must never fall inside one of them. */
const longRareRun = fc.tuple(fc.constantFrom('𠀀', '𪚥', '𠀁'), fc.integer({ min: 22, max: 120 })).map(([c, n]) => c.repeat(n));

const asciiWord = fc.stringMatching(/^[A-Za-z][a-z]{0,9}$/);
const word = fc.oneof(
  { weight: 8, arbitrary: asciiWord },
  { weight: 2, arbitrary: fc.tuple(asciiWord, fc.constantFrom('.', ',', "'s", '!', ':', '?', ')', '**', '`')).map(([w, p]) => w + p) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 10_000_000 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('école', 'Éte', 'naïve', 'straße', '日本語', 'テキスト', '中文文本', 'привет', 'مرحبا', '😀', '👍🏽', '—', '…') },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('𠀀', '𠀁', '𪚥', '龘', 'ꙮ'), minLength: 1, maxLength: 10 }) },
  // Over-long pieces (longer than any bound): runs of one punctuation character and long ASCII "words".
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('=', '-', '*', '~', '#'), fc.integer({ min: 20, max: 800 })).map(([c, n]) => c.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 500 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: longRareRun },
);
/** A line starts with a letter (so that a newline before it always ends a pre-tokenisation piece). */
const line = fc.tuple(asciiWord, fc.array(word, { maxLength: 15 })).map(([first, rest]) => [first, ...rest].join(' '));
const block = fc.array(line, { minLength: 1, maxLength: 4 }).map((lines) => lines.join('\n'));
/** Markdown as blocks separated by one blank line, nothing else: "\n\n" occurs exactly at block boundaries. */
const blocks = fc.array(block, { minLength: 1, maxLength: 8 }).map((bs) => bs.join('\n\n'));

/** Anything: every character class of the pre-tokeniser, whitespace runs, CR/LF mixtures, contractions. */
const anyText = fc.string({
  unit: fc.constantFrom('a', 'Zq', 'QQ', ' ', '  ', '\t', '\n', '\n\n', '\r\n', "'s", "'LL", '<', '>', '/', '-', '1', '2345', 'é', 'É', '日', '\u00a0', '😀', '\u0301', "'", '=', '\v', '\u0085', '٣', '# ', '- '),
  maxLength: 600,
});

function checkTiling(markdown: string, chunks: Chunk[], totalTokens: number, tokens: Uint32Array) {
  expect(totalTokens).toBe(tokens.length);
  expect(chunks.map((c) => c.text).join('')).toBe(markdown);
  if (markdown === '') return expect(chunks).toEqual([]);
  expect(chunks[0]!.start_token).toBe(0);
  expect(chunks.at(-1)!.end_token).toBe(totalTokens);
  chunks.forEach((c, i) => {
    expect(c.end_token, `chunk ${i} is empty`).toBeGreaterThan(c.start_token);
    if (i > 0) expect(c.start_token, `gap or overlap before chunk ${i}`).toBe(chunks[i - 1]!.end_token);
  });
}

// Shrinking a failure in these texts can take minutes: stop it (and report the smallest case so far) after 20 s.
const settings = { numRuns: 50, interruptAfterTimeLimit: 20_000 };

describe('chunk boundaries: properties', () => {
  it('tiles the markdown: chunk texts join to it, token offsets run from 0 to the total without gaps or overlaps', () => {
    fc.assert(
      fc.property(fc.oneof(blocks, anyText), bound, (markdown, max) => {
        const { chunks, totalTokens } = chunkMarkdown(markdown, max);
        checkTiling(markdown, chunks, totalTokens, encodeOrdinary(markdown));
      }),
      settings,
    );
  });

  it('keeps every chunk within the bound (an over-long block is split, never sent whole)', () => {
    fc.assert(
      fc.property(fc.oneof(blocks, anyText), bound, (markdown, max) => {
        for (const c of chunkMarkdown(markdown, max).chunks) expect(c.end_token - c.start_token).toBeLessThanOrEqual(max);
      }),
      settings,
    );
  });

  it("gives each chunk exactly the text of its tokens in the whole markdown's o200k_base encoding", () => {
    fc.assert(
      fc.property(fc.oneof(blocks, anyText), bound, (markdown, max) => {
        const tokens = encodeOrdinary(markdown);
        for (const c of chunkMarkdown(markdown, max).chunks) {
          expect(decodeTokens(tokens.subarray(c.start_token, c.end_token))).toBe(c.text);
        }
      }),
      settings,
    );
  });

  it('counts each chunk as tiktoken counts its text on its own', () => {
    fc.assert(
      fc.property(fc.oneof(blocks, anyText), bound, (markdown, max) => {
        for (const c of chunkMarkdown(markdown, max).chunks) expect(encodeOrdinary(c.text).length, JSON.stringify(c.text)).toBe(c.end_token - c.start_token);
      }),
      settings,
    );
  });

  it('cuts between blocks when a block boundary fits, else between lines, and only then inside a line', () => {
    fc.assert(
      fc.property(blocks, bound, (markdown, max) => {
        const { chunks } = chunkMarkdown(markdown, max);
        chunks.slice(0, -1).forEach((c, i) => {
          const where = `chunk ${i} of ${chunks.length}: ${JSON.stringify(c.text.slice(-40))}`;
          if (!c.text.endsWith('\n\n')) expect(c.text.includes('\n\n'), where).toBe(false);
          if (!c.text.endsWith('\n')) expect(c.text.includes('\n'), where).toBe(false);
        });
      }),
      settings,
    );
  });

  it('fills chunks greedily: after a cut between blocks, the next whole block would not have fitted', () => {
    fc.assert(
      fc.property(blocks, bound, (markdown, max) => {
        const { chunks } = chunkMarkdown(markdown, max);
        let start = 0; // character offset of the chunk
        chunks.forEach((c, i) => {
          const end = start + c.text.length;
          if (i < chunks.length - 1 && c.text.endsWith('\n\n')) {
            const nextBoundary = markdown.indexOf('\n\n', end);
            const withNextBlock = markdown.slice(start, nextBoundary === -1 ? markdown.length : nextBoundary + 2);
            expect(encodeOrdinary(withNextBlock).length, `chunk ${i} could have taken the next block`).toBeGreaterThan(max);
          }
          start = end;
        });
      }),
      settings,
    );
  });

  it('is deterministic and needs no more chunks than a larger bound does', () => {
    fc.assert(
      fc.property(blocks, bound, fc.integer({ min: 0, max: 300 }), (markdown, max, extra) => {
        const small = chunkMarkdown(markdown, max);
        expect(chunkMarkdown(markdown, max)).toEqual(small);
        // Splitting at the best cut is not optimal packing, but a bound that fits everything needs one chunk.
        if (small.totalTokens <= max + extra && markdown !== '') expect(chunkMarkdown(markdown, max + extra).chunks).toHaveLength(1);
      }),
      { ...settings, numRuns: 30 },
    );
  });

  it('tiles the markdown when an over-long piece is made of multi-token characters', () => {
    fc.assert(
      fc.property(fc.tuple(asciiWord, longRareRun).map(([w, run]) => `${w} ${run}`), bound, (markdown, max) => {
        const { chunks, totalTokens } = chunkMarkdown(markdown, max);
        checkTiling(markdown, chunks, totalTokens, encodeOrdinary(markdown));
      }),
      settings,
    );
  });
});
