import { encodeOrdinary, pieces, tokenByteLengths, type Piece } from '../tokens/tokens.js';
import type { Chunk } from '../types.js';
import { DEFAULT_CHUNK_TOKENS } from '../../contract/limits.js';


/** How good a place to cut after a piece is: between blocks, between lines, or anywhere. */
const enum Cut {
  Anywhere = 1,
  Line = 2,
  Block = 3,
}

function cutQuality(markdown: string, piece: Piece): Cut {
  if (markdown.charCodeAt(piece.end - 1) !== 10) return Cut.Anywhere;
  return markdown.charCodeAt(piece.end - 2) === 10 ? Cut.Block : Cut.Line;
}

const utf8 = new TextDecoder('utf-8');

/** Whether byte offset `at` starts a character (not a UTF-8 continuation byte). */
const isCharBoundary = (bytes: Uint8Array, at: number) => at >= bytes.length || ((bytes[at] as number) & 0xc0) !== 0x80;

/**
 * A single piece longer than the bound (a run of thousands of `=` …): cut by tokens, but only where a
 * character ends — a character of several tokens (many CJK ideographs are 2–3) is never split, or the
 * chunk texts would hold U+FFFD and no longer join back to the markdown (found by a property test).
 */
function splitPiece(markdown: string, piece: Piece, bound: number): Chunk[] {
  const bytes = new TextEncoder().encode(markdown.slice(piece.start, piece.end));
  const tokens = encodeOrdinary(markdown.slice(piece.start, piece.end));
  const byteAt = [0];
  for (const length of tokenByteLengths(tokens)) byteAt.push((byteAt.at(-1) as number) + length);
  const out: Chunk[] = [];
  for (let from = 0; from < tokens.length; ) {
    let to = Math.min(tokens.length, from + bound);
    while (to > from && !isCharBoundary(bytes, byteAt[to] as number)) to--;
    // Unreachable with bounds of 64+ tokens (a character is at most 4 bytes), kept so the loop always advances.
    if (to === from) for (to = from + 1; to < tokens.length && !isCharBoundary(bytes, byteAt[to] as number); to++);
    out.push({ text: utf8.decode(bytes.subarray(byteAt[from], byteAt[to])), start_token: piece.tokenStart + from, end_token: piece.tokenStart + to });
    from = to;
  }
  return out;
}

/**
 * Token-bounded chunks of the markdown (decisions: on block boundaries where possible, a block longer
 * than the bound is split). Offsets index the o200k_base tokens of the whole markdown, end exclusive,
 * contiguous; each chunk's text is exactly the markdown between its offsets.
 */
export function chunkMarkdown(markdown: string, bound = DEFAULT_CHUNK_TOKENS): { chunks: Chunk[]; totalTokens: number } {
  const { pieces: all, totalTokens } = pieces(markdown);
  const chunks: Chunk[] = [];
  let first = 0; // first piece of the open chunk
  const emit = (last: number) => {
    const from = all[first] as Piece;
    const to = all[last] as Piece;
    chunks.push({ text: markdown.slice(from.start, to.end), start_token: from.tokenStart, end_token: to.tokenEnd });
    first = last + 1;
  };
  while (first < all.length) {
    const startToken = (all[first] as Piece).tokenStart;
    if ((all[first] as Piece).tokenEnd - startToken > bound) {
      chunks.push(...splitPiece(markdown, all[first] as Piece, bound));
      first++;
      continue;
    }
    // Extend while within the bound, remembering the best cut seen (latest among the best quality).
    let best = first;
    let bestQuality = 0;
    let index = first;
    for (; index < all.length && (all[index] as Piece).tokenEnd - startToken <= bound; index++) {
      const quality = cutQuality(markdown, all[index] as Piece);
      if (quality >= bestQuality) {
        best = index;
        bestQuality = quality;
      }
    }
    emit(index === all.length ? all.length - 1 : best);
  }
  return { chunks, totalTokens };
}
