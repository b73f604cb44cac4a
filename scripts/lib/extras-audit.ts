/**
 * What an output holds that a page's truth does not, by the kind of block and by section, and what the
 * content F1 would be without it: the precision side of the page-by-page comparison (audit:removals reads
 * the recall side, from the rules). A block or a section is "outside" the truth unless the block model's
 * label (scripts/train-block-model.py) holds it in: at least half of its word trigrams are the truth's (under
 * three words: all of them, in order). Word by word, as a bag, a teaser's or a sources list's lines looked
 * inside (their "the", "of", "and" are the truth's too), and the trailing run's ceiling read +0.0037 on WCXB
 * dev where by trigrams it reads +0.0105. The figures are ceilings, read against the truth itself,
 * so they say where the remaining points are (a kind of block, whole sections, the end of the page), never
 * what a rule would earn.
 *
 * Blocks are the lines of the markdown the service returns: the first heading is the title line, a
 * section runs from one heading to the next. Words are the shared scorer's, lower-cased, read from each
 * line without link targets and images (the scored text holds neither), and F1 is the WCXB scorer's bag
 * F1 (score.mjs), so a page's base figure is close to, not equal to, its score on the returned `text`.
 */
import { bagOf, scorerWords } from './scorer-words.js';

export type BlockKind = 'title' | 'heading' | 'paragraph' | 'short-paragraph' | 'list-item' | 'table-row' | 'quote' | 'code';
export const BLOCK_KINDS: readonly BlockKind[] = ['paragraph', 'short-paragraph', 'list-item', 'heading', 'table-row', 'code', 'quote', 'title'];

/** Share of a block's word trigrams in the truth from which it counts as inside (the block model's label). */
const INSIDE_TRIGRAM_SHARE = 0.5;
/** A paragraph of at most this many words is a label, a price, a button's word: counted apart. */
const SHORT_PARAGRAPH_WORDS = 4;
/** Words shown of a section outside the truth: its heading and the start of its text. */
const OPENING_WORDS = 12;

export interface Block {
  kind: BlockKind;
  /** The section it sits in: 0 from the title line on, one more at each heading. */
  section: number;
  words: string[];
}

const IMAGE = /!\[[^\]]*\]\([^)]*\)/g;
const LINK_TARGET = /\]\([^)]*\)/g;
const HEADING = /^#{1,6} /;
const LIST_ITEM = /^\s*(?:[-*+] |\d+\. )/;
const words = (text: string): string[] => scorerWords(text.replace(IMAGE, ' ').replace(LINK_TARGET, ']').toLowerCase());

/** The blocks of `markdown` with words, in order: one per line, a fenced code block's lines each a `code` block. */
export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let inCode = false;
  let section = -1;
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('```')) {
      inCode = !inCode;
      continue;
    }
    const lineWords = words(line);
    if (lineWords.length === 0) continue;
    let kind: BlockKind;
    if (inCode) kind = 'code';
    else if (HEADING.test(line)) {
      kind = section < 0 ? 'title' : 'heading';
      section++;
    } else if (LIST_ITEM.test(line)) kind = 'list-item';
    else if (line.startsWith('|')) kind = 'table-row';
    else if (line.startsWith('>')) kind = 'quote';
    else kind = lineWords.length <= SHORT_PARAGRAPH_WORDS ? 'short-paragraph' : 'paragraph';
    blocks.push({ kind, section: Math.max(0, section), words: lineWords });
  }
  return blocks;
}

/** The WCXB scorer's per-page F1 of `predicted` words against `truth` words (bags; an empty truth wants an empty output). */
export function bagF1(predicted: readonly string[], truth: readonly string[]): number {
  if (truth.length === 0) return predicted.length ? 0 : 1;
  if (predicted.length === 0) return 0;
  const left = bagOf(truth);
  let overlap = 0;
  for (const word of predicted) {
    const count = left.get(word);
    if (count) {
      overlap++;
      left.set(word, count - 1);
    }
  }
  const [precision, recall] = [overlap / predicted.length, overlap / truth.length];
  return precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
}

/** The truth as the label reads it: its words joined (for blocks under three words) and its word trigrams. */
interface TruthIndex {
  joined: string;
  trigrams: Set<string>;
}

const trigramsOf = (list: readonly string[]): string[] => list.slice(2).map((third, i) => `${list[i]} ${list[i + 1]} ${third}`);

function indexTruth(truth: readonly string[]): TruthIndex {
  return { joined: ` ${truth.join(' ')} `, trigrams: new Set(trigramsOf(truth)) };
}

function isOutside(blockWords: readonly string[], truth: TruthIndex): boolean {
  if (blockWords.length === 0) return false;
  if (blockWords.length < 3) return !truth.joined.includes(` ${blockWords.join(' ')} `);
  const trigrams = trigramsOf(blockWords);
  return trigrams.filter((trigram) => truth.trigrams.has(trigram)).length < INSIDE_TRIGRAM_SHARE * trigrams.length;
}

/** One page read against its truth: its F1, and its F1 without each kind of outside block or section. */
export interface PageExtras {
  base: number;
  /** Words of each kind, and of them those in blocks outside the truth. */
  words: Record<BlockKind, { all: number; outside: number }>;
  /** F1 without the outside blocks of one kind. */
  withoutKind: Record<BlockKind, number>;
  /** F1 without every section outside the truth, without a trailing run of them, without a leading one. */
  withoutSections: { all: number; trailing: number; leading: number };
  /** The sections outside the truth (not the title's): index, share of the way down, words, first words. */
  outsideSections: { index: number; at: number; words: number; opening: string }[];
}

export function readExtras(markdown: string, truthText: string): PageExtras {
  const truth = words(truthText);
  const truthIndex = indexTruth(truth);
  const blocks = markdownBlocks(markdown);
  const all = blocks.flatMap((block) => block.words);
  const base = bagF1(all, truth);
  const tally = Object.fromEntries(BLOCK_KINDS.map((kind) => [kind, { all: 0, outside: 0 }])) as PageExtras['words'];
  const outside = blocks.map((block) => isOutside(block.words, truthIndex));
  blocks.forEach((block, i) => {
    tally[block.kind].all += block.words.length;
    if (outside[i]) tally[block.kind].outside += block.words.length;
  });
  const keptWords = (keep: (block: Block, index: number) => boolean) => blocks.flatMap((block, i) => (keep(block, i) ? block.words : []));
  const withoutKind = Object.fromEntries(BLOCK_KINDS.map((kind) => [kind, bagF1(keptWords((block, i) => !(block.kind === kind && outside[i])), truth)])) as PageExtras['withoutKind'];

  const sectionCount = blocks.length ? blocks[blocks.length - 1]!.section + 1 : 0;
  const sectionWords = Array.from({ length: sectionCount }, (): string[] => []);
  for (const block of blocks) sectionWords[block.section]!.push(...block.words);
  // The title's section holds the page's opening: judged like any other, as annotators cut a lead-in too.
  const sectionOutside = sectionWords.map((sw) => isOutside(sw, truthIndex));
  let trailing = sectionCount;
  while (trailing > 1 && sectionOutside[trailing - 1]) trailing--;
  let leading = 0;
  while (leading < sectionCount - 1 && sectionOutside[leading]) leading++;
  const withoutSections = {
    all: bagF1(keptWords((block) => !sectionOutside[block.section]), truth),
    trailing: bagF1(keptWords((block) => block.section < trailing), truth),
    leading: bagF1(keptWords((block) => block.section >= leading), truth),
  };
  const outsideSections = sectionOutside.flatMap((isOut, s) => {
    if (!isOut || s === 0) return [];
    return [{ index: s, at: s / sectionCount, words: sectionWords[s]!.length, opening: sectionWords[s]!.slice(0, OPENING_WORDS).join(' ') }];
  });
  return { base, words: tally, withoutKind, withoutSections, outsideSections };
}
