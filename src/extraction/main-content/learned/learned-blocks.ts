/**
 * The learned block pass: a small gradient-boosted model (block-model.json, trained on WCXB dev by
 * scripts/train-block-model.py) scores each block of the chosen root for how likely a reader counts it as
 * main content, and the blocks it finds unlikely go. It reads shape, not the text's words (block-features.ts),
 * and it runs last, on what the named rules left: it learns the boilerplate they miss.
 */
import { listenerSlot } from '../listener-slot.js';
import { remove } from '../remove.js';
import { type Block, type BlockContext, blocksOf } from './block-features.js';
import { type BlockModel, blockModel } from './block-model.js';
import { probability } from './tree-ensemble.js';

/** Hears the blocks of each root instead of the pass removing any (the training dump). */
export type BlockListener = (blocks: readonly Block[], context: BlockContext) => void;

const slot = listenerSlot<BlockListener>();

/** Runs `run` with `into` hearing the blocks of every root; nothing is removed meanwhile, so the features are of the unpruned content the model is trained on. */
export function recordingBlocksInto<T>(into: BlockListener, run: () => T): T {
  return slot.during(into, run);
}

/**
 * Removes the blocks of `root` the model (the shipped one unless `given`) scores below its threshold,
 * unless that would take more than its share of the words.
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
  const model = given ?? blockModel();
  const { threshold, maxRemovedShare } = model;
  let words = 0;
  let removedWords = 0;
  const unlikely: Block[] = [];
  for (const block of blocks) {
    words += block.words;
    if (probability(model, block.features) >= threshold) continue;
    unlikely.push(block);
    removedWords += block.words;
  }
  // A model that doubts most of a root is lost on it (an unusual page), not right about it.
  if (removedWords > maxRemovedShare * words) return;
  for (const block of unlikely) remove(block.element, 'learned-blocks');
}
