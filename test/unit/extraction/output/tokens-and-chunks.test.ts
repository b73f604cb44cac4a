import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { countTokens, encodeOrdinary, pieces, regexPieceEnds } from '../../../../src/extraction/tokens/tokens.js';
import { chunkMarkdown } from '../../../../src/extraction/output/chunks.js';

const benchmark = new URL('../../../../../shared/benchmarks/extraction/scrapinghub/html/', import.meta.url);

describe('exact o200k_base counting (piece cache + ASCII scanner)', () => {
  it('equals tiktoken on real pages', () => {
    const files = readdirSync(benchmark).slice(0, 25);
    for (const file of files) {
      const html = gunzipSync(readFileSync(new URL(file, benchmark))).toString('utf8');
      expect(countTokens(html), file).toBe(encodeOrdinary(html).length);
    }
  });

  it.each([
    "Hello World's 'RE they've I'LL",
    '  \n\n  x\u00a0\u00a0y\ufeffz\u3000',
    '日本語のテキスト、中文文本。',
    'e\u0301te\u0301 ÉCOLE école',
    '123456789 a1b2 ١٢٣٤',
    'x  \t\n\r\n\v\f/ // <a href="/x">',
    '😀😀 emoji 👍🏽 family 👨‍👩‍👧',
    "'s 's' ''t '\n'\n",
    // lower-case words (the scanner's first case) ended by every kind of character, and by the end
    "don't we'll it's o'clock rock'n'roll dont'",
    'wordé worde\u0301 wordÉ word日 word\u00a0x word😀',
    'wordWORD word1 word_ word-x word\r\nword\tword',
    'word',
    // the scanner's other one-loop cases: a word after one space or punctuation character, digit runs,
    // punctuation runs; each ended by every kind of character, and by the end
    ' word "en ="en (word’s -don\'t \tword  word ,word. wordé "word日 ÉWord "Éx',
    '12 123 1234 12² 1²³ 99٣ 12é 7日 1,000,000 0x1F',
    '=" "> </ /> :// ="“quote” .—and ...é >\n/ /\r\n/x ;\n\n/ !? --',
    '="',
    '12',
    ' w',
  ])('equals tiktoken on %j, and cuts the pieces where the pattern does', (text) => {
    expect(countTokens(text)).toBe(encodeOrdinary(text).length);
    expect(pieces(text).pieces.map((piece) => piece.end)).toEqual(regexPieceEnds(text));
  });

  it('equals tiktoken on random mixtures of every character class', () => {
    const alphabet = ['a', 'Zq', 'QQ', ' ', '  ', '\t', '\n', '\r\n', "'s", "'LL", '<', '>', '/', '-', '1', '2345', 'é', 'É', '日', '\u00a0', '😀', '\u0301', "'", '=', '\v', '\u0085', '٣', '"', '.', '“', '—', '²', '12'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let round = 0; round < 3000; round++) {
      let text = '';
      for (let i = 1 + Math.floor(random() * 20); i > 0; i--) text += alphabet[Math.floor(random() * alphabet.length)];
      expect(countTokens(text), JSON.stringify(text)).toBe(encodeOrdinary(text).length);
      expect(pieces(text).pieces.map((piece) => piece.end), JSON.stringify(text)).toEqual(regexPieceEnds(text));
    }
  });

  it('reports pieces whose token offsets tile the whole sequence', () => {
    const text = 'Intro line.\n\n## Heading\n\n- one\n- two\n';
    const { pieces: all, totalTokens } = pieces(text);
    expect(totalTokens).toBe(encodeOrdinary(text).length);
    expect(all.map((p) => text.slice(p.start, p.end)).join('')).toBe(text);
    all.forEach((p, i) => expect(p.tokenStart).toBe(i === 0 ? 0 : all[i - 1]!.tokenEnd));
  });
});

describe('chunks (decisions: token-bounded, on block boundaries, contiguous offsets)', () => {
  const paragraph = (n: number) => `Paragraph ${n} ` + 'talks about durable workflows and exact token accounting. '.repeat(6);
  const markdown = Array.from({ length: 30 }, (_, i) => (i % 7 === 0 ? `## Section ${i}` : paragraph(i))).join('\n\n');

  it.each([64, 128, 512])('stays within %i tokens, tiles the markdown and its tokens exactly', (bound) => {
    const { chunks, totalTokens } = chunkMarkdown(markdown, bound);
    expect(totalTokens).toBe(encodeOrdinary(markdown).length);
    expect(chunks.map((c) => c.text).join('')).toBe(markdown);
    expect(chunks[0]!.start_token).toBe(0);
    expect(chunks.at(-1)!.end_token).toBe(totalTokens);
    chunks.forEach((chunk, i) => {
      if (i > 0) expect(chunk.start_token).toBe(chunks[i - 1]!.end_token);
      expect(chunk.end_token - chunk.start_token).toBeLessThanOrEqual(bound);
      expect(chunk.end_token - chunk.start_token).toBe(encodeOrdinary(chunk.text).length);
    });
  });

  it('cuts between blocks when blocks fit', () => {
    const { chunks } = chunkMarkdown(markdown, 512);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.text.endsWith('\n\n')).toBe(true);
  });

  it('splits a block longer than the bound', () => {
    const long = 'word '.repeat(400).trim();
    const { chunks } = chunkMarkdown(`Short intro.\n\n${long}`, 64);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.every((c) => c.end_token - c.start_token <= 64)).toBe(true);
  });

  it('splits a single piece longer than the bound by tokens', () => {
    const rule = '='.repeat(5000);
    const { chunks, totalTokens } = chunkMarkdown(rule, 64);
    expect(chunks.at(-1)!.end_token).toBe(totalTokens);
    expect(chunks.every((c) => c.end_token - c.start_token <= 64)).toBe(true);
  });
});
