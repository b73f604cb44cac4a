/**
 * The learned block pass: a small gradient-boosted model (block-model.json, trained on WCXB dev by
 * scripts/train-block-model.py) scores each block of the chosen root for how likely a reader counts it as
 * main content, and the blocks it finds unlikely go. It reads shape, not the text's words (block-features.ts),
 * and it runs last, on what the named rules left: it learns the boilerplate they miss.
 */
import { listenerSlot } from '../listener-slot.js';
import { remove } from '../remove.js';
import { type Block, type BlockContext, BLOCK_FEATURES, blocksOf } from './block-features.js';
import { type BlockModel, blockModel } from './block-model.js';
import { probability } from './tree-ensemble.js';
import { THRESHOLDS } from '../thresholds.js';

/** Hears the blocks of each root instead of the pass removing any (the training dump). */
export type BlockListener = (blocks: readonly Block[], context: BlockContext) => void;

const slot = listenerSlot<BlockListener>();

/** Runs `run` with `into` hearing the blocks of every root; nothing is removed meanwhile, so the features are of the unpruned content the model is trained on. */
export function recordingBlocksInto<T>(into: BlockListener, run: () => T): T {
  return slot.during(into, run);
}

const modelSlot = listenerSlot<BlockModel>();

/**
 * Runs `run` with `model` in place of the shipped one: the held-out reading of WCXB dev (`npm run score:held-out`)
 * reads each fold's pages with a model trained on the other four, since the shipped model saw every dev page.
 */
export function readingWithBlockModel<T>(model: BlockModel, run: () => T): T {
  return modelSlot.during(model, run);
}

const ENDS_SENTENCE = BLOCK_FEATURES.indexOf('ends_sentence');

/**
 * A long paragraph that ends a sentence is prose, and stays whatever the model thinks of it. The model reads
 * where a block sits, and WCXB's annotators often stop before a long page ends: it learned that late
 * paragraphs of a long page are not content, and took a quarter of PostgreSQL's SELECT reference (74
 * blocks). Readers of a manual disagree. Held out (`train:blocks`, each page scored by a model that never
 * saw it): WCXB dev 0.8823 -> 0.8825. On all of dev with the shipped model, which saw every page: -0.0001 on
 * 11 pages, whose truths stop early (0547, 2269) but for one (0670 0.89 -> 0.95; the same page is 2863,
 * annotated to half its length: 0.57 -> 0.51). scrapinghub unchanged. The model still counts its doubts
 * about them when it asks whether it is lost on a root (maxRemovedShare).
 */
export function isLongParagraph(block: Block): boolean {
  return block.element.tagName === 'P' && block.words >= THRESHOLDS.LEARNED_KEEPS_PARAGRAPH_WORDS && block.features[ENDS_SENTENCE] === 1;
}

/**
 * Removes the blocks of `root` the model (the shipped one unless `given`) scores below its threshold,
 * unless that would take more than its share of the words. Long paragraphs stay (isLongParagraph).
 */
export function removeUnlikelyBlocks(root: Element, context: BlockContext, given?: BlockModel): void {
  const listening = slot.current();
  // A listener hears every root, also where the policy does not run the pass: the model learns from all.
  if (listening) {
    listening(blocksOf(root, context), context);
    return;
  }
  if (!context.runs) return;
  const blocks = blocksOf(root, context);
  const model = given ?? modelSlot.current() ?? blockModel();
  const { threshold, maxRemovedShare } = model;
  let words = 0;
  let doubtedWords = 0;
  const unlikely: Block[] = [];
  for (const block of blocks) {
    words += block.words;
    if (probability(model, block.features) >= threshold) continue;
    doubtedWords += block.words;
    if (!isLongParagraph(block)) unlikely.push(block);
  }
  // A model that doubts most of a root is lost on it (an unusual page), not right about it.
  if (doubtedWords > maxRemovedShare * words) return;
  for (const block of unlikely) remove(block.element, 'learned-blocks');
}
