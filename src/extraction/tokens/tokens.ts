import { get_encoding, type Tiktoken } from 'tiktoken';
import { asciiPairCount, bytePairCount, longBytePairCount, MAX_BPE_BYTES } from './bpe.js';
import { ownCopy } from '../own-copy.js';
import { cachedPieceCount, FNV_OFFSET, FNV_PRIME, forgetPieceCounts, MAX_CACHED_PIECE_LENGTH } from './piece-cache.js';

/**
 * Token counts and offsets with tiktoken's o200k_base (decisions: the encoding of every count).
 *
 * tiktoken splits text with a pre-tokenisation regex and runs BPE on each piece independently, so the
 * token count of a text is the sum of its pieces' counts. Pages repeat the same pieces (tags, attribute
 * names, common words) thousands of times; caching each piece's count (piece-cache.ts) and encoding new
 * pieces in JS (bpe.ts) makes exact counting of a whole HTML document many times cheaper than encoding it.
 */

let encoder: Tiktoken | undefined;

function tokenizer(): Tiktoken {
  encoder ??= get_encoding('o200k_base');
  return encoder;
}

// o200k_base's pattern (tiktoken_ext/openai_public.py), in JavaScript syntax: `(?i:'s|…)` spelled out
// (inline modifiers need Node 23), and \s / \S as Unicode White_Space like the Rust regex crate.
const LOWER = String.raw`[\p{Ll}\p{Lm}\p{Lo}\p{M}]`;
const UPPER = String.raw`[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`;
const CONTRACTION = String.raw`(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?`;
const WS = String.raw`\p{White_Space}`;
const NOT_WS = String.raw`\P{White_Space}`;
const PIECE_PATTERN = [
  String.raw`[^\r\n\p{L}\p{N}]?${UPPER}*${LOWER}+${CONTRACTION}`,
  String.raw`[^\r\n\p{L}\p{N}]?${UPPER}+${LOWER}*${CONTRACTION}`,
  String.raw`\p{N}{1,3}`,
  String.raw` ?[^${WS}\p{L}\p{N}]+[\r\n/]*`,
  String.raw`${WS}*[\r\n]+`,
  String.raw`${WS}+(?!${NOT_WS})`,
  String.raw`${WS}+`,
].join('|');

/** Sticky form: the piece starting exactly at `lastIndex` (the scanner's fallback for non-ASCII text). */
const stickyPiece = new RegExp(PIECE_PATTERN, 'uy');

// ASCII character classes of the pattern. Anything at or above 0x80 makes the scanner defer to the regex.
const UP = 1; // A-Z
const LO = 2; // a-z
const DIGIT = 3;
const NEWLINE = 4; // \r \n
const SPACE = 5; // other White_Space: \t \v \f and ' '
const PUNCT = 6;
const ASCII_CLASS = new Uint8Array(128).map((_, code) => {
  if (code >= 65 && code <= 90) return UP;
  if (code >= 97 && code <= 122) return LO;
  if (code >= 48 && code <= 57) return DIGIT;
  if (code === 10 || code === 13) return NEWLINE;
  if (code === 9 || code === 11 || code === 12 || code === 32) return SPACE;
  return PUNCT;
});

const DEFER = -1; // a non-ASCII character decides the piece: ask the regex

// The text being scanned, module-level so the hot scanner allocates no closures per piece.
let text = '';
let length = 0;

function cls(k: number): number {
  if (k >= length) return 0;
  const code = text.charCodeAt(k);
  return code < 128 ? (ASCII_CLASS[code] as number) : DEFER;
}

/** First index at or after k whose class is not c; DEFER when a non-ASCII character ends the run. */
function runOf(k: number, c: number): number {
  for (;;) {
    const t = cls(k);
    if (t === c) k++;
    else return t === DEFER ? DEFER : k;
  }
}

/** `(?:'s|'t|'re|'ve|'m|'ll|'d)?` after a word ending at k. */
function contraction(k: number): number {
  if (text.charCodeAt(k) !== 39 /* ' */) return k;
  const first = text.charCodeAt(k + 1);
  if (first >= 128) return DEFER;
  const a = first | 0x20;
  const b = text.charCodeAt(k + 2) | 0x20;
  if (a === 115 || a === 116 || a === 109 || a === 100) return k + 2; // 's 't 'm 'd
  if ((a === 114 && b === 101) || (a === 118 && b === 101) || (a === 108 && b === 108)) return k + 3; // 're 've 'll
  return k;
}

/** Alternatives 1 (U* L+) and 2 (U+ L*) from k, with the contraction; 0 when neither matches. */
function letters(k: number): number {
  const uppersEnd = runOf(k, UP);
  if (uppersEnd === DEFER) return DEFER;
  const lowersEnd = runOf(uppersEnd, LO);
  if (lowersEnd === DEFER) return DEFER;
  if (lowersEnd > uppersEnd) return contraction(lowersEnd);
  if (uppersEnd > k) return contraction(uppersEnd);
  return 0;
}

/** The ASCII cases of the o200k pattern, alternative by alternative, in the pattern's order. */
function asciiPieceEnd(i: number): number {
  const c = cls(i);
  if (c === DEFER) return DEFER;
  if (c === UP || c === LO) return letters(i);
  if (c === PUNCT || c === SPACE) {
    const withPrefix = letters(i + 1); // [^\r\n\p{L}\p{N}]? as the prefix of a word
    if (withPrefix !== 0) return withPrefix;
  }
  if (c === DIGIT) {
    const end = runOf(i, DIGIT);
    if (end === DEFER) return DEFER;
    return Math.min(end, i + 3);
  }
  // Alternative 4: ' ?' then punctuation, then any run of \r \n /
  const punctStart = text.charCodeAt(i) === 32 ? i + 1 : i;
  const p = cls(punctStart);
  if (p === DEFER) return DEFER;
  if (p === PUNCT) {
    let k = runOf(punctStart, PUNCT);
    if (k === DEFER) return DEFER;
    for (;;) {
      const t = cls(k);
      if (t === DEFER) return DEFER;
      if (t === NEWLINE || text.charCodeAt(k) === 47) k++;
      else return k;
    }
  }
  // Alternatives 5–7: whitespace runs.
  let end = i;
  let lastNewline = -1;
  for (;;) {
    const t = cls(end);
    if (t === DEFER) return DEFER;
    if (t !== SPACE && t !== NEWLINE) break;
    if (t === NEWLINE) lastNewline = end;
    end++;
  }
  if (lastNewline >= 0) return lastNewline + 1;
  if (end >= length) return end;
  return end - 1 > i ? end - 1 : i + 1;
}

const NON_ASCII = /[^\p{ASCII}]/u;

/** UTF-8 bytes of a piece as a latin1 string (an ASCII piece is its own bytes). */
function utf8Bytes(piece: string): string {
  return NON_ASCII.test(piece) ? Buffer.from(piece, 'utf8').toString('latin1') : piece;
}

/** A piece's count by byte-pair encoding in JS: a plain merge loop for short pieces, a heap for long ones. */
function encodedCount(piece: string): number {
  const bytes = utf8Bytes(piece);
  return bytes.length <= MAX_BPE_BYTES ? bytePairCount(bytes) : longBytePairCount(bytes);
}

/**
 * Long pieces (indentation and whitespace runs, rules of `=`/`-`, long words) are few per page but repeat
 * across and within pages (~200 distinct among ~3,800 on the scrapinghub set), and their byte-pair merge is
 * quadratic (~50 µs each, ~1 ms per page in all): a plain map keyed by the piece keeps them (the piece
 * cache's table holds short pieces only). Unique giants (base64, minified runs) above
 * MAX_LONG_PIECE_LENGTH are counted every time rather than held.
 */
const MAX_LONG_PIECE_LENGTH = 2048;
const MAX_LONG_ENTRIES = 2048;
const longPieces = new Map<string, number>();

function longPieceCount(piece: string): number {
  if (piece.length > MAX_LONG_PIECE_LENGTH) return encodedCount(piece);
  let count = longPieces.get(piece);
  if (count === undefined) {
    count = encodedCount(piece);
    if (longPieces.size >= MAX_LONG_ENTRIES) longPieces.clear();
    longPieces.set(ownCopy(piece), count);
  }
  return count;
}

/**
 * Empties the count caches, as in a fresh process: a benchmark that times the same pages in several
 * rounds calls it before each round, so no round counts pieces it has seen in the round before.
 */
export function forgetTokenCounts(): void {
  forgetPieceCounts();
  longPieces.clear();
}

/** The end of the piece starting at i by the general scanner, or by the regex itself where non-ASCII decides. */
function scannedPieceEnd(i: number): number {
  const end = asciiPieceEnd(i);
  if (end !== DEFER) return end;
  stickyPiece.lastIndex = i;
  const match = stickyPiece.exec(text);
  return match ? i + match[0].length : i + 1;
}

/**
 * Tokens of `text[start, end)`, given the count cache's hash of it when the scanner took it while reading
 * (else the cache takes it). A lone ASCII character is always one token (every byte is in the vocabulary),
 * and a pair of them one or two (asciiPairCount).
 */
function pieceTokenCount(start: number, end: number, hash: number | undefined): number {
  const length = end - start;
  if (length <= 2) {
    const first = text.charCodeAt(start);
    if (length === 1 && first < 128) return 1;
    const second = text.charCodeAt(start + 1);
    if (length === 2 && first < 128 && second < 128) return asciiPairCount(first, second);
  }
  if (length > MAX_CACHED_PIECE_LENGTH) return longPieceCount(text.slice(start, end));
  return cachedPieceCount(text, start, end, encodedCount, hash);
}

/** A pre-tokenised piece of a text: its characters [start, end) and tokens [tokenStart, tokenEnd). */
export interface Piece {
  start: number;
  end: number;
  tokenStart: number;
  tokenEnd: number;
}

/**
 * Counts the tokens of `source` piece by piece (pushing each piece to `out` when given): the one scanner
 * of both countTokens and pieces.
 *
 * First, in this loop, the commonest pieces of a page (scrapinghub: 46k pieces a page): an ASCII word
 * (upper-case run, then lower-case run: alternatives 1 and 2) alone ("div", "Aa") or after one space or
 * punctuation character (` class`, `="en`, ` The`), ended by any ASCII character but an apostrophe, as a
 * contraction may follow; a run of up to three digits; and a run of punctuation not before a letter
 * (`="`, `">`; alternative 4). Each takes the count cache's hash as it reads, so the cache need not read
 * the characters again. Other pieces, and any whose end a non-ASCII character may move, go through the
 * general scanner from the start.
 *
 * Why one loop: before, the scanner was a function handing the hash over in module state, taking
 * lower-case words only, and the hot-table test sat behind a call; against that, exact counting takes
 * 0.89 and 0.95 of the time on scrapinghub and 0.94 on 300 WCXB dev pages (two and one runs of 16
 * alternating rounds in one process, median); counts and piece boundaries are unchanged on all 1,678
 * pages of both sets.
 */
function scanPieces(source: string, out: Piece[] | null): number {
  text = source;
  length = source.length;
  const n = length;
  let total = 0;
  try {
    for (let i = 0; i < n; ) {
      const first = source.charCodeAt(i);
      let end = -1;
      let hash = 0;
      if (first < 128) {
        const c = ASCII_CLASS[first]!;
        hash = Math.imul(FNV_OFFSET ^ first, FNV_PRIME);
        const second = source.charCodeAt(i + 1); // NaN past the end
        const secondClass = second < 128 ? ASCII_CLASS[second]! : 0;
        // Where the letters of a word begin: here, or after one space or punctuation character.
        let word = -1;
        if (c === LO || c === UP) word = i;
        else if (c >= SPACE && (secondClass === LO || secondClass === UP)) {
          word = i + 1;
          hash = Math.imul(hash ^ second, FNV_PRIME);
        }
        if (word >= 0) {
          let k = word + 1; // the word's first letter is hashed
          let next = source.charCodeAt(word);
          if (next <= 90) {
            while (k < n && (next = source.charCodeAt(k)) >= 65 && next <= 90) {
              hash = Math.imul(hash ^ next, FNV_PRIME);
              k++;
            }
          }
          while (k < n && (next = source.charCodeAt(k)) >= 97 && next <= 122) {
            hash = Math.imul(hash ^ next, FNV_PRIME);
            k++;
          }
          if (k >= n || (next < 128 && next !== 39)) end = k;
        } else if (c === DIGIT) {
          // Alternative 3, `\p{N}{1,3}`: up to three ASCII digits, unless a non-ASCII character may be a fourth.
          let k = i + 1;
          let next = 0;
          while (k < i + 3 && k < n && (next = source.charCodeAt(k)) >= 48 && next <= 57) {
            hash = Math.imul(hash ^ next, FNV_PRIME);
            k++;
          }
          if (k === i + 3 || k >= n || source.charCodeAt(k) < 128) end = k;
        } else if (c === PUNCT && !(second >= 128)) {
          // Alternative 4 from punctuation not before a letter (secondClass is not LO or UP here): the run
          // of punctuation, then any \r \n or /.
          let k = i + 1;
          let next = 0;
          while (k < n && (next = source.charCodeAt(k)) < 128 && ASCII_CLASS[next] === PUNCT) {
            hash = Math.imul(hash ^ next, FNV_PRIME);
            k++;
          }
          if (k >= n || next < 128) {
            while (k < n && ((next = source.charCodeAt(k)) === 10 || next === 13 || next === 47)) {
              hash = Math.imul(hash ^ next, FNV_PRIME);
              k++;
            }
            end = k;
          }
        }
      }
      let count: number;
      if (end >= 0) count = pieceTokenCount(i, end, hash);
      else {
        end = scannedPieceEnd(i);
        count = pieceTokenCount(i, end, undefined);
      }
      if (out) out.push({ start: i, end, tokenStart: total, tokenEnd: total + count });
      total += count;
      i = end;
    }
  } finally {
    text = '';
  }
  return total;
}

/** Exact o200k_base token count (equal to `encode_ordinary(text).length`). */
export function countTokens(source: string): number {
  return scanPieces(source, null);
}

/** The pieces of `text` in order, with their token offsets in the text's full token sequence. */
export function pieces(source: string): { pieces: Piece[]; totalTokens: number } {
  const out: Piece[] = [];
  const totalTokens = scanPieces(source, out);
  return { pieces: out, totalTokens };
}

/** Where each piece of `source` ends by the pattern alone, without the scanner: the reference for tests. */
export function regexPieceEnds(source: string): number[] {
  const ends: number[] = [];
  for (let i = 0; i < source.length; ) {
    stickyPiece.lastIndex = i;
    const match = stickyPiece.exec(source);
    i += match ? match[0].length : 1;
    ends.push(i);
  }
  return ends;
}

/** The reference encoder, for pieces longer than a chunk and for tests. */
export function encodeOrdinary(text: string): Uint32Array {
  return tokenizer().encode_ordinary(text);
}

const utf8 = new TextDecoder('utf-8');

export function decodeTokens(tokens: Uint32Array): string {
  return utf8.decode(tokenizer().decode(tokens));
}

/** UTF-8 byte length of each token (a token may hold part of a character: cuts must respect that). */
export function tokenByteLengths(tokens: Uint32Array): number[] {
  const encoder = tokenizer();
  return Array.from(tokens, (token) => encoder.decode_single_token_bytes(token).length);
}
