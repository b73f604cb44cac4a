/**
 * Token counts of pre-tokenised pieces, keyed by the piece's characters read in place.
 *
 * A page is ~50k pieces and nearly all are repeats (tags, attribute names, words): the lookup is the hot
 * path of exact input counting. A Map<string, number> needs a fresh substring per piece (an allocation
 * and a hash of a new string) and several scattered memory reads; this open-addressing table hashes and
 * compares the characters where they are, and keeps a short piece's characters inside its slot, so a hit
 * allocates nothing and usually reads one cache line.
 */

/** Longer pieces (base64 runs, long numbers) rarely repeat: they are counted every time. */
export const MAX_CACHED_PIECE_LENGTH = 64;

const SLOT_BITS = 18;
const SLOTS = 1 << SLOT_BITS;
const MASK = SLOTS - 1;
/** Int32s per slot: hash, length | count << 8, then 12 UTF-16 units inline (or, if longer, the pool offset). */
const STRIDE = 8;
const INLINE_UNITS = 12;
/** Half full at most, so probes stay short; then the table starts over (far cheaper than an LRU). */
const MAX_ENTRIES = SLOTS >> 1;
const POOL_SIZE = 1 << 20;

const table = new Int32Array(SLOTS * STRIDE); // hash 0 = empty (stored hashes are odd)
const pool = new Uint16Array(POOL_SIZE); // characters of pieces longer than INLINE_UNITS
let entries = 0;
let poolUsed = 0;

function reset(): void {
  table.fill(0);
  entries = 0;
  poolUsed = 0;
}

function sameKey(base: number, text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length <= INLINE_UNITS) {
    for (let k = 0; k < length; k++) {
      const word = table[base + 2 + (k >> 1)] as number;
      if (((k & 1) === 0 ? word & 0xffff : word >>> 16) !== text.charCodeAt(start + k)) return false;
    }
    return true;
  }
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

/**
 * The token count of `text[start, end)` (at least one character): from the table, else
 * `compute(piece)`, remembered when short.
 */
export function cachedPieceCount(text: string, start: number, end: number, compute: (piece: string) => number): number {
  const length = end - start;
  if (length > MAX_CACHED_PIECE_LENGTH) return compute(text.slice(start, end));
  let hash = 0x811c9dc5; // FNV-1a over UTF-16 code units
  for (let k = start; k < end; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
  hash |= 1;
  let slot = (hash ^ (hash >>> SLOT_BITS)) & MASK;
  for (;;) {
    const base = slot * STRIDE;
    const stored = table[base] as number;
    if (stored === 0) break;
    const info = table[base + 1] as number;
    if (stored === hash && (info & 0xff) === length && sameKey(base, text, start, end)) return info >>> 8;
    slot = (slot + 1) & MASK;
  }
  const count = compute(text.slice(start, end));
  if (entries >= MAX_ENTRIES || (length > INLINE_UNITS && poolUsed + length > POOL_SIZE)) {
    reset();
    slot = (hash ^ (hash >>> SLOT_BITS)) & MASK;
  }
  store(slot * STRIDE, hash, text, start, end, count);
  return count;
}
