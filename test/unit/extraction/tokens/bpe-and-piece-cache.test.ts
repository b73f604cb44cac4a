import { describe, expect, it } from 'vitest';
import { asciiPairCount, bytePairCount, longBytePairCount, MAX_BPE_BYTES } from '../../../../src/extraction/tokens/bpe.js';
import { cachedPieceCount, forgetPieceCounts, MAX_CACHED_PIECE_LENGTH } from '../../../../src/extraction/tokens/piece-cache.js';
import { countTokens, encodeOrdinary, pieces } from '../../../../src/extraction/tokens/tokens.js';

const latin1Bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

describe('JS byte-pair encoding (bpe.ts) counts exactly like tiktoken', () => {
  it.each(['hello', ' world', 'optimizelyjs', '-condensedmedium', 'xyzzyplugh', ' Антон', '日本語', '😀👍🏽', '=====', 'a'])('%j', (piece) => {
    expect(bytePairCount(latin1Bytes(piece))).toBe(encodeOrdinary(piece).length);
  });

  it('on every piece of random identifiers and URLs (the pieces a page brings for the first time)', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:?=&é日';
    for (let round = 0; round < 300; round++) {
      let text = '';
      for (let i = 1 + Math.floor(random() * 60); i > 0; i--) text += alphabet[Math.floor(random() * alphabet.length)];
      const { pieces: all } = pieces(text);
      for (const piece of all) {
        const slice = text.slice(piece.start, piece.end);
        expect(bytePairCount(latin1Bytes(slice)), JSON.stringify(slice)).toBe(encodeOrdinary(slice).length);
      }
      expect(countTokens(text), JSON.stringify(text)).toBe(encodeOrdinary(text).length);
    }
  });
});

describe('the vocabulary table (bpe.ts)', () => {
  it('finds tokens of every length, their bytes kept in the slot (up to 8) or apart (longer), and tells near misses apart', () => {
    const text = ' a an the ring world people program programs national international internationalization responsibilities straightforward';
    const words = text.split(/(?= )/);
    const lengths = new Set<number>();
    for (const word of words) {
      const tokens = encodeOrdinary(word);
      if (tokens.length !== 1) continue;
      lengths.add(word.length);
      expect(bytePairCount(word), JSON.stringify(word)).toBe(1);
      // The same length, the last letter changed: no longer that token.
      const nearMiss = word.slice(0, -1) + (word.endsWith('q') ? 'x' : 'q');
      expect(bytePairCount(nearMiss), JSON.stringify(nearMiss)).toBe(encodeOrdinary(nearMiss).length);
    }
    // Both sides of the in-slot limit, and both of the slot's two words of bytes.
    expect([...lengths].some((length) => length <= 4)).toBe(true);
    expect([...lengths].some((length) => length > 4 && length <= 8)).toBe(true);
    expect([...lengths].some((length) => length > 8)).toBe(true);
  });
});

describe('pieces of two ASCII characters (asciiPairCount)', () => {
  it('count as the byte-pair encoding does, for every pair', () => {
    const wrong: string[] = [];
    for (let first = 0; first < 128; first++) {
      for (let second = 0; second < 128; second++) {
        const pair = String.fromCharCode(first, second);
        if (asciiPairCount(first, second) !== bytePairCount(pair)) wrong.push(JSON.stringify(pair));
      }
    }
    expect(wrong).toEqual([]);
    expect([asciiPairCount(61, 34), asciiPairCount(0, 127)]).toEqual([encodeOrdinary('="').length, 2]);
  });

  it('make page-shaped text count exactly like tiktoken', () => {
    const markup = '<div class="a"><p id="x">Hi!</p><br/><a href="/b?c=1&d=2">ok</a></div>\n\t<!-- x -->';
    expect(countTokens(markup)).toBe(encodeOrdinary(markup).length);
  });
});

describe('long pieces (longBytePairCount) count exactly like tiktoken', () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const runOf = (alphabet: string[], length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  it.each([
    ['indentation between tags', runOf([' ', ' ', ' ', '\n', '\t'], 3000) + '\n'],
    ['a rule of =', '='.repeat(2500)],
    ['one long word', runOf(['a', 'b', 'c', 'e', 'i', 'n', 'o', 'r', 's', 't'], 1500)],
    ['non-ASCII letters', runOf(['é', 'ß', 'ж', 'ا', '日', '本'], 900)],
    ['emoji', runOf(['😀', '👍🏽', '🇫🇷'], 300)],
    ['base64-ish', runOf([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'], 2000)],
  ])('%s', (_name, piece) => {
    const bytes = latin1Bytes(piece);
    expect(bytes.length).toBeGreaterThan(MAX_BPE_BYTES);
    expect(longBytePairCount(bytes)).toBe(encodeOrdinary(piece).length);
  });

  it('agrees with the short merge loop where both apply', () => {
    for (let round = 0; round < 200; round++) {
      const piece = runOf([...'abcdefghijklmnop  \n=-_.é'], 1 + Math.floor(random() * 200));
      const bytes = latin1Bytes(piece);
      expect(longBytePairCount(bytes), JSON.stringify(piece)).toBe(bytePairCount(bytes));
    }
  });
});

describe('piece cache (piece-cache.ts)', () => {
  it('computes a piece once, then answers from the table for the same characters anywhere', () => {
    const calls: string[] = [];
    const count = (piece: string) => (calls.push(piece), piece.length);
    const text = 'ab:"";cd:"";ef:"";';
    expect(cachedPieceCount(text, 2, 6, count)).toBe(4);
    expect(cachedPieceCount(text, 8, 12, count)).toBe(4);
    expect(cachedPieceCount(text, 14, 18, count)).toBe(4);
    expect(calls).toEqual([':"";']);
  });

  it('answers repeats from the front table with the same counts, and tells colliding pieces apart there', () => {
    const calls: string[] = [];
    const count = (piece: string) => (calls.push(piece), parseInt(piece.slice(1), 36) + 1);
    // Made-up counts for pieces no page has (a control character first), forgotten afterwards.
    // Many distinct short pieces, each read several times: some share a front-table slot.
    const words = Array.from({ length: 6000 }, (_, k) => `\u0001${k.toString(36)}`);
    const text = words.join('');
    const spans: [number, number][] = [];
    for (let k = 0, at = 0; k < words.length; at += (words[k] as string).length, k++) spans.push([at, at + (words[k] as string).length]);
    for (let round = 0; round < 3; round++)
      spans.forEach(([start, end], k) => expect(cachedPieceCount(text, start, end, count)).toBe(k + 1));
    forgetPieceCounts();
    expect(calls).toHaveLength(words.length);
  });

  it('tells apart pieces of the same length, short (inline) and long (pooled)', () => {
    const count = (piece: string) => piece.charCodeAt(piece.length - 1);
    const long = 'x'.repeat(30);
    const text = `abcd abce ${long}y ${long}z`;
    expect(cachedPieceCount(text, 0, 4, count)).toBe('d'.charCodeAt(0));
    expect(cachedPieceCount(text, 5, 9, count)).toBe('e'.charCodeAt(0));
    expect(cachedPieceCount(text, 10, 41, count)).toBe('y'.charCodeAt(0));
    expect(cachedPieceCount(text, 42, 73, count)).toBe('z'.charCodeAt(0));
  });

  it('does not keep pieces longer than the limit', () => {
    let calls = 0;
    const text = 'q'.repeat(MAX_CACHED_PIECE_LENGTH + 1);
    cachedPieceCount(text, 0, text.length, () => ++calls);
    cachedPieceCount(text, 0, text.length, () => ++calls);
    expect(calls).toBe(2);
  });
});
