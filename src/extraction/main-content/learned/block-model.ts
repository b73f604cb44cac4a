/**
 * The learned block scorer's model, shipped as data (block-model.json, written by `npm run train:blocks`,
 * scripts/train-block-model.py): the trees, the probability below which a block goes, the largest share of
 * a root's words the pass may remove, and a few rows with LightGBM's own probabilities (the tests hold the
 * evaluation here to them). Checked on first use against the features block-features.ts computes, so a
 * model trained on other features fails loudly (and in the tests), not quietly; and every tree must lead
 * only forward to its leaves, so no file can make the walk loop.
 */
import { z } from 'zod';
import { BLOCK_FEATURES } from './block-features.js';
// Imported, not read from disk: the extraction threads run from a bundle (source-bundle.mjs bundleSourceSync)
// in which a path relative to this file does not lead here; the bundle inlines the JSON.
import shipped from './block-model.json' with { type: 'json' };

const numbers = z.array(z.number());
const modelSchema = z.object({
  features: z.array(z.string()),
  threshold: z.number().min(0).max(1),
  maxRemovedShare: z.number().min(0).max(1),
  checks: z.array(z.object({ vector: numbers, probability: z.number() })),
  trees: z.array(z.object({ feature: z.array(z.number().int().min(0)), split: numbers, left: z.array(z.number().int()), right: z.array(z.number().int()), leaf: numbers })),
});

export type BlockModel = z.infer<typeof modelSchema>;

/** Why a tree cannot be walked (a child behind its node or past the leaves, a split on no feature), or null. */
function treeFault(tree: BlockModel['trees'][number], features: number): string | null {
  const nodes = tree.feature.length;
  if (tree.split.length !== nodes || tree.left.length !== nodes || tree.right.length !== nodes) return 'arrays of unequal length';
  if (tree.leaf.length !== nodes + 1) return `${nodes} splits need ${nodes + 1} leaves`;
  for (let node = 0; node < nodes; node++) {
    if (tree.feature[node]! >= features) return `node ${node} splits on feature ${tree.feature[node]}`;
    for (const child of [tree.left[node]!, tree.right[node]!]) {
      // LightGBM's trees flattened in pre-order: an inner child comes after its node, a leaf is ~index.
      if (child >= 0 ? child <= node || child >= nodes : ~child >= tree.leaf.length) return `node ${node} leads to ${child}`;
    }
  }
  return null;
}

export function parseBlockModel(json: unknown): BlockModel {
  const model = modelSchema.parse(json);
  if (model.features.join() !== BLOCK_FEATURES.join()) {
    throw new Error(`block-model.json was trained on other features (${model.features.join()}) than block-features.ts computes (${BLOCK_FEATURES.join()})`);
  }
  model.trees.forEach((tree, index) => {
    const fault = treeFault(tree, model.features.length);
    if (fault) throw new Error(`block-model.json: tree ${index} cannot be walked: ${fault}`);
  });
  return model;
}

let loaded: BlockModel | null = null;

/** The shipped model, checked on first use (the training dump never uses it, so a stale file does not stop a retraining). */
export function blockModel(): BlockModel {
  loaded ??= parseBlockModel(shipped);
  return loaded;
}
