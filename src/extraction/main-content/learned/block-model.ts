/**
 * The learned block scorer's model, shipped as data (block-model.json, written by `npm run train:blocks`,
 * scripts/train-block-model.py): the trees, the probability below which a block goes, the largest share of
 * a root's words the pass may remove, and a few rows with LightGBM's own probabilities (the tests hold the
 * evaluation here to them). Checked on first use against the features block-features.ts computes, so a
 * model trained on other features fails at start-up, not quietly.
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

export function parseBlockModel(json: unknown): BlockModel {
  const model = modelSchema.parse(json);
  if (model.features.join() !== BLOCK_FEATURES.join()) {
    throw new Error(`block-model.json was trained on other features (${model.features.join()}) than block-features.ts computes (${BLOCK_FEATURES.join()})`);
  }
  return model;
}

let loaded: BlockModel | null = null;

/** The shipped model, checked on first use (the training dump never uses it, so a stale file does not stop a retraining). */
export function blockModel(): BlockModel {
  loaded ??= parseBlockModel(shipped);
  return loaded;
}
