import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * o200k_base byte-pair encoding of one pre-tokenised piece, in JavaScript, counting tokens only.
 *
 * Why: tiktoken's WASM encoder costs ~14 µs per call, and a fetched page brings hundreds of pieces
 * never seen before (URLs, ids, hashes), so cache misses dominated exact input counting. This is the
 * same algorithm as tiktoken's `byte_pair_merge` (lowest rank first, leftmost on ties) over the same
 * ranks file shipped in the tiktoken package, so counts are identical; the tests compare with tiktoken.
 */

const NO_RANK = 0x7fffffff;

/**
 * The vocabulary as an open-addressing table over byte ranges read in place: a merge step looks up
 * `bytes[a, b)` without making a substring. Slot = [hash, rank | length << 20, then the token's bytes]:
 * up to INLINE_BYTES of them packed four to an int32, or, for a longer token, its offset in `vocabBytes`.
 * Ranks are below 2^18, token lengths below 2^8.
 *
 * Why the bytes sit in the slot: a piece's merges look up a handful of byte ranges that are tokens, each
 * in a table of megabytes, and with the bytes kept apart (an offsets array, then the bytes) one such lookup
 * read three distant cache lines. Most tokens are at most eight bytes (74% of o200k's), so most lookups now
 * read one, for 1.2 MB more (8 MB of slots and 0.6 MB of longer tokens' bytes, against 4 + 2 MB of slots
 * and offsets and 1.4 MB of bytes): exact
 * counting of whole pages took 3.46 -> 3.25 ms a page on scrapinghub and 4.65 -> 4.22 on 300 WCXB dev
 * pages (in-process A/B, alternating rounds from emptied caches, medians; counts unchanged on 395 pages).
 */
const VOCAB_BITS = 19;
const VOCAB_MASK = (1 << VOCAB_BITS) - 1;
const SLOT = 4; // int32s per slot
const INLINE_BYTES = 8;
let vocab: Int32Array | undefined;
let vocabBytes: Uint8Array;
/** Ranks of all two-byte sequences, indexed by `first << 8 | second`: the first merge round needs no hashing. */
let pairRanks: Int32Array;
/**
 * One bit per hash bucket (512 KB, stays in cache): set for every token's hash. Most byte ranges a merge
 * asks about are not tokens, and each such lookup in the table was a cache miss or two; a clear bit
 * answers NO_RANK without touching the table (a set bit may be a collision: the table decides).
 */
const FILTER_BITS = 22;
const FILTER_MASK = (1 << FILTER_BITS) - 1;
let tokenFilter: Int32Array;
const filterBit = (hash: number) => (hash >>> 7) & FILTER_MASK;

function hashRange(bytes: string, start: number, end: number): number {
  let hash = 0x811c9dc5; // FNV-1a
  for (let k = start; k < end; k++) hash = Math.imul(hash ^ bytes.charCodeAt(k), 0x01000193);
  return hash | 1; // never 0, the empty slot
}

function loadVocabulary(): Int32Array {
  const file = createRequire(import.meta.url).resolve('tiktoken/encoders/o200k_base.json');
  // Lines of "<token> <first rank> <base64 bytes>…": consecutive ranks from the first one.
  const { bpe_ranks: text } = JSON.parse(readFileSync(file, 'utf8')) as { bpe_ranks: string };
  const tokens: string[] = [];
  const ranks: number[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const fields = line.split(' ');
    const first = Number(fields[1]);
    for (let i = 2; i < fields.length; i++) {
      tokens.push(atob(fields[i] as string));
      ranks.push(first + i - 2);
    }
  }
  const table = new Int32Array(SLOT << VOCAB_BITS);
  vocabBytes = new Uint8Array(tokens.reduce((sum, token) => sum + (token.length > INLINE_BYTES ? token.length : 0), 0));
  pairRanks = new Int32Array(1 << 16).fill(NO_RANK);
  tokenFilter = new Int32Array(1 << (FILTER_BITS - 5));
  let used = 0;
  tokens.forEach((token, index) => {
    const rank = ranks[index] as number;
    if (token.length === 2) pairRanks[(token.charCodeAt(0) << 8) | token.charCodeAt(1)] = rank;
    const hash = hashRange(token, 0, token.length);
    const bit = filterBit(hash);
    tokenFilter[bit >>> 5] = (tokenFilter[bit >>> 5] as number) | (1 << (bit & 31));
    let slot = (hash ^ (hash >>> VOCAB_BITS)) & VOCAB_MASK;
    while (table[SLOT * slot] !== 0) slot = (slot + 1) & VOCAB_MASK;
    const base = SLOT * slot;
    table[base] = hash;
    table[base + 1] = rank | (token.length << 20);
    if (token.length <= INLINE_BYTES) {
      for (let k = 0; k < token.length; k++) table[base + 2 + (k >> 2)] = (table[base + 2 + (k >> 2)] as number) | (token.charCodeAt(k) << ((k & 3) << 3));
    } else {
      table[base + 2] = used;
      for (let k = 0; k < token.length; k++) vocabBytes[used++] = token.charCodeAt(k);
    }
  });
  return table;
}

/** Whether the token in the slot at `base` (its length `length`) is `bytes[start, start + length)`. */
function sameBytes(table: Int32Array, base: number, bytes: string, start: number, length: number): boolean {
  if (length <= INLINE_BYTES) {
    for (let k = 0; k < length; k++) {
      if ((((table[base + 2 + (k >> 2)] as number) >>> ((k & 3) << 3)) & 0xff) !== bytes.charCodeAt(start + k)) return false;
    }
    return true;
  }
  const at = table[base + 2] as number;
  for (let k = 0; k < length; k++) if (vocabBytes[at + k] !== bytes.charCodeAt(start + k)) return false;
  return true;
}

/** The rank of `bytes[start, end)`, NO_RANK when it is not a token. */
function rankOf(table: Int32Array, bytes: string, start: number, end: number): number {
  const hash = hashRange(bytes, start, end);
  const bit = filterBit(hash);
  if (((tokenFilter[bit >>> 5] as number) & (1 << (bit & 31))) === 0) return NO_RANK;
  const length = end - start;
  for (let slot = (hash ^ (hash >>> VOCAB_BITS)) & VOCAB_MASK; ; slot = (slot + 1) & VOCAB_MASK) {
    const base = SLOT * slot;
    const stored = table[base] as number;
    if (stored === 0) return NO_RANK;
    const info = table[base + 1] as number;
    if (stored === hash && info >>> 20 === length && sameBytes(table, base, bytes, start, length)) return info & 0xfffff;
  }
}

/**
 * Tokens of a piece of two ASCII characters (codes below 128, each its own byte): one when the pair is a
 * token, else two. A fifth of a page's pieces are such pairs (`="`, `">`, `</`, ` <`; 22% on scrapinghub):
 * answered from the pair table, without hashing the piece for the count cache.
 */
export function asciiPairCount(first: number, second: number): number {
  vocab ??= loadVocabulary();
  return pairRanks[(first << 8) | second] === NO_RANK ? 2 : 1;
}

/** Scratch arrays for the merge loop, grown on demand (pieces are short; no allocation per call). */
let starts = new Int32Array(64);
let mergeRanks = new Int32Array(64);

/** Pieces longer than this go to longBytePairCount: the scan for the lowest rank is quadratic. */
export const MAX_BPE_BYTES = 512;

/** Token count of one piece given as UTF-8 bytes in a latin1 string (`bytes.length <= MAX_BPE_BYTES`). */
export function bytePairCount(bytes: string): number {
  const table = (vocab ??= loadVocabulary());
  const pairs = pairRanks;
  const n = bytes.length;
  if (n <= 1) return n;
  if (rankOf(table, bytes, 0, n) !== NO_RANK) return 1;
  if (starts.length < n + 1) {
    starts = new Int32Array(2 * (n + 1));
    mergeRanks = new Int32Array(2 * (n + 1));
  }
  // Part k starts at starts[k]; mergeRanks[k] is the rank of part k joined with part k+1.
  for (let i = 0; i < n - 1; i++) {
    starts[i] = i;
    mergeRanks[i] = pairs[(bytes.charCodeAt(i) << 8) | bytes.charCodeAt(i + 1)] as number;
  }
  starts[n - 1] = n - 1;
  mergeRanks[n - 1] = NO_RANK;
  starts[n] = n;
  mergeRanks[n] = NO_RANK;
  let parts = n + 1; // boundaries, the end included
  for (;;) {
    let best = NO_RANK;
    let at = -1;
    for (let k = 0; k < parts - 1; k++) {
      const rank = mergeRanks[k] as number;
      if (rank < best) {
        best = rank;
        at = k;
      }
    }
    if (at < 0) break;
    // Merge part `at` with the next one: recompute the ranks that span the new part (tiktoken's get_rank:
    // bytes from boundary k to boundary k+3, read before the merge), then drop boundary at+1.
    if (at > 0) mergeRanks[at - 1] = rankOf(table, bytes, starts[at - 1] as number, starts[at + 2] as number);
    mergeRanks[at] = at + 3 < parts ? rankOf(table, bytes, starts[at] as number, starts[at + 3] as number) : NO_RANK;
    for (let k = at + 1; k < parts - 1; k++) {
      starts[k] = starts[k + 1] as number;
      mergeRanks[k] = mergeRanks[k + 1] as number;
    }
    parts--;
  }
  return parts - 1;
}

/** A merge candidate in the heap: rank * 2^32 + boundary, so the lowest rank comes first and the leftmost among equals. */
const KEY_SCALE = 2 ** 32;

/**
 * Token count of a long piece (UTF-8 bytes in a latin1 string): the same merges as bytePairCount, in
 * the same order (lowest rank first, leftmost on ties), with the candidates in a binary heap and the
 * parts in a linked list, so O(n log n) where tiktoken's merge loop is O(n²). Why: a page's whitespace
 * run between tags can be one piece of ~100k characters (WCXB dev 2869: 94,226), and counting it with
 * tiktoken took 11.6 s, a quarter of all the token counting of the 1,497 pages; this takes ~60 ms.
 */
export function longBytePairCount(bytes: string): number {
  const table = (vocab ??= loadVocabulary());
  const n = bytes.length;
  if (n <= 1) return n;
  if (rankOf(table, bytes, 0, n) !== NO_RANK) return 1;
  // Boundaries 0..n; a live boundary k starts a part that ends at next[k]. rank[k] joins part k and the part after it.
  const next = new Int32Array(n + 1);
  const prev = new Int32Array(n + 1);
  const rank = new Int32Array(n + 1);
  const heap = new Float64Array(4 * n + 4); // each merge pushes at most two candidates
  let size = 0;
  const push = (key: number): void => {
    let at = size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if ((heap[parent] as number) <= key) break;
      heap[at] = heap[parent] as number;
      at = parent;
    }
    heap[at] = key;
  };
  const pop = (): number => {
    const top = heap[0] as number;
    const last = heap[--size] as number;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && (heap[child + 1] as number) < (heap[child] as number)) child++;
      if ((heap[child] as number) >= last) break;
      heap[at] = heap[child] as number;
      at = child;
    }
    heap[at] = last;
    return top;
  };
  // The rank of parts k and next[k] joined, as tiktoken's get_rank reads it: bytes [k, next[next[k]]).
  const joinedRank = (k: number): number => {
    const after = next[k] as number;
    return after >= n ? NO_RANK : rankOf(table, bytes, k, next[after] as number);
  };
  for (let k = 0; k <= n; k++) {
    next[k] = k + 1;
    prev[k] = k - 1;
  }
  for (let k = 0; k < n; k++) {
    rank[k] = k + 1 < n ? (pairRanks[(bytes.charCodeAt(k) << 8) | bytes.charCodeAt(k + 1)] as number) : NO_RANK;
    if (rank[k] !== NO_RANK) push((rank[k] as number) * KEY_SCALE + k);
  }
  let parts = n;
  while (size > 0) {
    const key = pop();
    const k = key % KEY_SCALE;
    // A stale candidate: its boundary merged away (rank NO_RANK) or re-ranked since.
    if ((rank[k] as number) * KEY_SCALE + k !== key) continue;
    // Join part k with the next: drop boundary next[k], then re-rank k and the boundary before it.
    const gone = next[k] as number;
    next[k] = next[gone] as number;
    prev[next[gone] as number] = k;
    rank[gone] = NO_RANK;
    parts--;
    rank[k] = joinedRank(k);
    if (rank[k] !== NO_RANK) push((rank[k] as number) * KEY_SCALE + k);
    const before = prev[k] as number;
    if (before >= 0) {
      rank[before] = joinedRank(before);
      if (rank[before] !== NO_RANK) push((rank[before] as number) * KEY_SCALE + before);
    }
  }
  return parts;
}
