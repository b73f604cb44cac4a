/**
 * Token counts of pre-tokenised pieces, keyed by the piece's characters read in place.
 *
 * A page is ~50k pieces and nearly all are repeats (tags, attribute names, words): the lookup is the hot
 * path of exact input counting. A Map<string, number> needs a fresh substring per piece (an allocation
 * and a hash of a new string) and several scattered memory reads; this open-addressing table hashes and
 * compares the characters where they are, and keeps a short piece's characters inside its slot, so a hit
 * allocates nothing and usually reads one cache line.
 */

/** Longer pieces are not kept here (tokens.ts keeps the long ones that repeat in a map of their own). */
export const MAX_CACHED_PIECE_LENGTH = 64;

const SLOT_BITS = 18;
const SLOTS = 1 << SLOT_BITS;
const MASK = SLOTS - 1;
/**
 * Int32s per slot: hash, length | USED | count << 8, then 12 UTF-16 units inline (or, if longer, the pool
 * offset). USED marks an entry looked up again since it was stored or last kept.
 */
const STRIDE = 8;
const INLINE_UNITS = 12;
/**
 * Half full at most, so probes stay short. Then the table keeps only the entries used again since the last
 * sweep (tags, attribute names, words: what the next page needs too) and drops the one-offs (ids, hashes,
 * URL parts). Starting over instead re-encoded the common pieces after every sweep: ~1,900 byte-pair
 * encodings per page on the scrapinghub set, against ~800 pieces a page really brings new.
 */
const MAX_ENTRIES = SLOTS >> 1;
const LENGTH_MASK = 0x7f; // lengths up to MAX_CACHED_PIECE_LENGTH (64)
const USED = 0x80;
const POOL_SIZE = 1 << 20;

const table = new Int32Array(SLOTS * STRIDE); // hash 0 = empty (stored hashes are odd)
const pool = new Uint16Array(POOL_SIZE); // characters of pieces longer than INLINE_UNITS
let entries = 0;
let poolUsed = 0;

/** Forgets every count (benchmarks start each timed round from the same state with it). */
export function forgetPieceCounts(): void {
  reset();
}

/**
 * A small direct-mapped table in front of the main one (4,096 slots, 128 KB: it stays in the core's cache).
 * A page's ~58k lookups are mostly a few thousand pieces, and a probe of the 8 MB main table is usually a
 * cache miss: answering the repeats here cut exact counting by about a tenth (150 WCXB dev pages, 12
 * alternating rounds in one process: 8.8 -> 8.1 and 9.8 -> 8.8 ms a page; 1,024 or 16,384 slots: no
 * better). Filled on a main-table hit only, short pieces only: that hit marks the entry USED, so the sweep
 * keeps what this table serves; a sweep empties it (its slots then refill from hits).
 */
const HOT_BITS = 12;
const HOT_MASK = (1 << HOT_BITS) - 1;
const hot = new Int32Array((1 << HOT_BITS) * STRIDE);

function reset(): void {
  table.fill(0);
  hot.fill(0);
  entries = 0;
  poolUsed = 0;
}

/** Keeps the entries marked USED (unmarking them) and drops the rest; starts over if that frees too little. */
function sweep(): void {
  const old = table.slice();
  const oldPool = pool.slice(0, poolUsed);
  reset();
  for (let base = 0; base < old.length; base += STRIDE) {
    const hash = old[base] as number;
    const info = old[base + 1] as number;
    if (hash === 0 || (info & USED) === 0) continue;
    if (entries >= MAX_ENTRIES >> 1) {
      reset(); // nearly everything is in use: keeping it would sweep again at once
      return;
    }
    let slot = (hash ^ (hash >>> SLOT_BITS)) & MASK;
    while (table[slot * STRIDE] !== 0) slot = (slot + 1) & MASK;
    const to = slot * STRIDE;
    for (let k = 0; k < STRIDE; k++) table[to + k] = old[base + k] as number;
    table[to + 1] = info & ~USED;
    const length = info & LENGTH_MASK;
    if (length > INLINE_UNITS) {
      const at = old[base + 2] as number;
      table[to + 2] = poolUsed;
      pool.set(oldPool.subarray(at, at + length), poolUsed);
      poolUsed += length;
    }
    entries++;
  }
}

/**
 * Whether slot `base` of `slots` holds the inline characters of `text[start, end)` (at most INLINE_UNITS),
 * compared as stored: two characters to an int32, the odd last one alone (store() packs them so). A
 * character at a time, unpacking each half, this was ~7% of exact counting on scrapinghub and WCXB dev
 * (in-process A/B, alternating rounds: 3.17 -> 2.94 and 4.14 -> 3.87 ms a page, medians).
 */
function sameKeyIn(slots: Int32Array, base: number, text: string, start: number, end: number): boolean {
  let k = start;
  let at = base + 2;
  for (; k + 1 < end; k += 2, at++) if (slots[at] !== (text.charCodeAt(k) | (text.charCodeAt(k + 1) << 16))) return false;
  return k === end || slots[at] === text.charCodeAt(k);
}

function sameKey(base: number, text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length <= INLINE_UNITS) return sameKeyIn(table, base, text, start, end);
  const at = table[base + 2] as number;
  for (let k = 0; k < length; k++) if (pool[at + k] !== text.charCodeAt(start + k)) return false;
  return true;
}

function store(base: number, hash: number, text: string, start: number, end: number, count: number): void {
  const length = end - start;
  table[base] = hash;
  table[base + 1] = length | (count << 8);
  if (length <= INLINE_UNITS) {
    for (let k = 0; k < length; k += 2) {
      const high = k + 1 < length ? text.charCodeAt(start + k + 1) : 0;
      table[base + 2 + (k >> 1)] = text.charCodeAt(start + k) | (high << 16);
    }
  } else {
    table[base + 2] = poolUsed;
    for (let k = start; k < end; k++) pool[poolUsed++] = text.charCodeAt(k);
  }
  entries++;
}

/** FNV-1a over UTF-16 code units: the key's hash (the scanner in tokens.ts takes it with these constants while it reads a piece). */
export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

function pieceHash(text: string, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let k = start; k < end; k++) hash = Math.imul(hash ^ text.charCodeAt(k), FNV_PRIME);
  return hash;
}

/**
 * The token count of `text[start, end)` (at least one character): from the table, else
 * `compute(piece)`, remembered when short.
 */
export function cachedPieceCount(text: string, start: number, end: number, compute: (piece: string) => number, fnv = pieceHash(text, start, end)): number {
  const length = end - start;
  if (length > MAX_CACHED_PIECE_LENGTH) return compute(text.slice(start, end));
  const hash = fnv | 1;
  const hotBase = (hash & HOT_MASK) * STRIDE;
  if (length <= INLINE_UNITS && hot[hotBase] === hash) {
    const info = hot[hotBase + 1] as number;
    if ((info & LENGTH_MASK) === length && sameKeyIn(hot, hotBase, text, start, end)) return info >>> 8;
  }
  return tableCount(text, start, end, compute, hash, hotBase);
}

/**
 * cachedPieceCount past the hot table: the main table, else `compute`. Apart, so that the hot-table test
 * above stays small enough for the scanner's loop to take in (inline) and most lookups make no call.
 */
function tableCount(text: string, start: number, end: number, compute: (piece: string) => number, hash: number, hotBase: number): number {
  const length = end - start;
  let slot = (hash ^ (hash >>> SLOT_BITS)) & MASK;
  for (;;) {
    const base = slot * STRIDE;
    const stored = table[base] as number;
    if (stored === 0) break;
    const info = table[base + 1] as number;
    if (stored === hash && (info & LENGTH_MASK) === length && sameKey(base, text, start, end)) {
      if ((info & USED) === 0) table[base + 1] = info | USED;
      if (length <= INLINE_UNITS) for (let k = 0; k < STRIDE; k++) hot[hotBase + k] = table[base + k] as number;
      return info >>> 8;
    }
    slot = (slot + 1) & MASK;
  }
  const count = compute(text.slice(start, end));
  if (entries >= MAX_ENTRIES || (length > INLINE_UNITS && poolUsed + length > POOL_SIZE)) {
    sweep();
    if (length > INLINE_UNITS && poolUsed + length > POOL_SIZE) reset(); // the kept long pieces fill the pool
    slot = (hash ^ (hash >>> SLOT_BITS)) & MASK;
  }
  store(slot * STRIDE, hash, text, start, end, count);
  return count;
}
