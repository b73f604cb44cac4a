import { decodeTokens, encodeOrdinary, pieces, type Piece } from './tokens.js';
import type { Chunk } from './types.js';

export const DEFAULT_CHUNK_TOKENS = 512;
export const MIN_CHUNK_TOKENS = 64;
export const MAX_CHUNK_TOKENS = 8192;

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

/** A single piece longer than the bound (a run of thousands of `=` …): cut by tokens. */
function splitPiece(markdown: string, piece: Piece, bound: number): Chunk[] {
  const tokens = encodeOrdinary(markdown.slice(piece.start, piece.end));
  const out: Chunk[] = [];
  for (let offset = 0; offset < tokens.length; offset += bound) {
    const part = tokens.subarray(offset, Math.min(tokens.length, offset + bound));
    out.push({ text: decodeTokens(part), start_token: piece.tokenStart + offset, end_token: piece.tokenStart + offset + part.length });
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
