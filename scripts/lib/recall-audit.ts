/**
 * What a page's truth holds that its output lacks, and where on the page that text lies: the recall side of
 * audit:extras (which reads what an output holds outside its truth). audit:removals charges missing words
 * to the rule that took them; this reads them off the page itself, so it also sees text that was never in
 * the chosen root.
 *
 * Two ceilings, read against the truth itself (where the points are, never what a mechanism would earn):
 * - words: every word the truth holds more often than the output, added as often as the page's visible
 *   text holds it beyond the output;
 * - blocks: whole text blocks the output does not hold, in page order, each added where at least half its
 *   words are truth words still missing and it raises the page's F1. Each added block is placed before,
 *   inside or after the span of the page's blocks the output holds.
 * F1 is the WCXB scorer's bag F1 on lower-cased words (score.mjs): 2 × overlap / (output words + truth words).
 */
import { BLOCK_TAGS } from '../../src/extraction/dom/block-tags.js';
import { parseDocument } from '../../src/extraction/dom/dom.js';
import { auditWords, missingCount, missingWords } from './removal-audit.js';
import { bagOf } from './scorer-words.js';

/** Elements no reader sees: their text is not the page's visible text. */
const UNSEEN_TAGS: ReadonlySet<string> = new Set(['head', 'script', 'style', 'noscript', 'template', 'svg', 'math']);
/**
 * A block the output holds marks the output's span only from this many words: one- and two-word blocks
 * ("Home", "Share") turn up in an output by chance.
 */
const SPAN_MIN_WORDS = 3;
/** Share of a block's words that must be truth words the output lacks for the block ceiling to add it. */
const ADD_MIN_MISSING_SHARE = 0.5;
/** Words shown of an added block. */
const OPENING_WORDS = 12;

/**
 * The page's visible text in blocks, in page order, each its lower-cased scorer words: a block element's
 * text (block-tags.ts) up to the block elements inside it, which are blocks of their own; a block opens
 * where its element starts. Blocks without words are left out. Text hidden by a style or `hidden` still
 * counts (reading styles needs a layout), so the ceilings may hold a little text no reader saw.
 */
export function pageTextBlocks(html: string): string[][] {
  const document = parseDocument(html) as unknown as Document;
  const blocks: string[][] = [];
  const walk = (parent: Node, sink: string[]): void => {
    for (let child = parent.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) sink.push(child.nodeValue ?? '');
      if (child.nodeType !== 1) continue;
      const name = (child as Element).localName;
      if (UNSEEN_TAGS.has(name)) continue;
      if (!BLOCK_TAGS.has(name)) {
        walk(child, sink);
        continue;
      }
      const at = blocks.push([]) - 1;
      const own: string[] = [];
      walk(child, own);
      blocks[at] = auditWords(own.join(''));
      sink.push(' '); // the text on either side of a block is not one word
    }
  };
  if (document.body) {
    const own: string[] = [];
    walk(document.body, own);
    blocks.unshift(auditWords(own.join('')));
  }
  return blocks.filter((words) => words.length > 0);
}

export type Place = 'before' | 'inside' | 'after' | 'no-output';
export const PLACES: readonly Place[] = ['before', 'inside', 'after', 'no-output'];

export interface AddedBlock {
  place: Place;
  /** What adding it raised the page's F1 by. */
  gain: number;
  words: number;
  opening: string;
}

/** One page read against its truth: its F1 and its two recall ceilings (module comment). */
export interface PageRecall {
  base: number;
  withWords: number;
  withBlocks: number;
  added: AddedBlock[];
}

/** The scorer's bag F1 from counts (extras-audit.ts bagF1 reads the words): 2 × overlap / (output words + truth words). */
const f1FromCounts = (overlap: number, outputWords: number, truthWords: number): number =>
  truthWords === 0 ? (outputWords === 0 ? 1 : 0) : (2 * overlap) / (outputWords + truthWords);

/** Reads one page: `outputText` is the scored text, `blocks` the page's (pageTextBlocks). */
export function readRecall(outputText: string, truthText: string, blocks: readonly string[][]): PageRecall {
  const truth = auditWords(truthText);
  const output = auditWords(outputText);
  const missing = missingWords(truth, output);
  let overlap = truth.length - missingCount(missing);
  let outputWords = output.length;
  const base = f1FromCounts(overlap, outputWords, truth.length);
  if (truth.length === 0) return { base, withWords: base, withBlocks: base, added: [] };

  // Words: as often as the page holds a missing word beyond the output's copies.
  const onPage = bagOf(blocks.flat());
  const outputBag = bagOf(output);
  let found = 0;
  for (const [word, count] of missing) found += Math.min(count, Math.max(0, (onPage.get(word) ?? 0) - (outputBag.get(word) ?? 0)));
  const withWords = f1FromCounts(overlap + found, outputWords + found, truth.length);

  // Blocks, in page order, placed against the span of the blocks the output holds.
  const joinedOutput = ` ${output.join(' ')} `;
  const held = blocks.map((words) => joinedOutput.includes(` ${words.join(' ')} `));
  const spanIndices = blocks.flatMap((words, i) => (held[i] && words.length >= SPAN_MIN_WORDS ? [i] : []));
  const [first, last] = [spanIndices[0], spanIndices[spanIndices.length - 1]];
  const left = new Map(missing);
  const added: AddedBlock[] = [];
  blocks.forEach((words, i) => {
    if (held[i]) return;
    // The block's words that are truth words still missing, each as often as both hold it.
    const taken = [...bagOf(words)].map(([word, count]) => [word, Math.min(count, left.get(word) ?? 0)] as const);
    const hits = taken.reduce((sum, [, count]) => sum + count, 0);
    if (hits < ADD_MIN_MISSING_SHARE * words.length) return;
    const before = f1FromCounts(overlap, outputWords, truth.length);
    const after = f1FromCounts(overlap + hits, outputWords + words.length, truth.length);
    if (after <= before) return;
    for (const [word, count] of taken) if (count > 0) left.set(word, (left.get(word) ?? 0) - count);
    overlap += hits;
    outputWords += words.length;
    const place: Place = first === undefined || last === undefined ? 'no-output' : i < first ? 'before' : i > last ? 'after' : 'inside';
    added.push({ place, gain: after - before, words: words.length, opening: words.slice(0, OPENING_WORDS).join(' ') });
  });
  return { base, withWords, withBlocks: f1FromCounts(overlap, outputWords, truth.length), added };
}
