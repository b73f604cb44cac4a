/**
 * A gradient-boosted tree ensemble, evaluated: the learned block scorer's model (block-model.json), as
 * scripts/train-block-model.py writes it from LightGBM's own dump. Each tree is flat arrays: node `i` sends
 * a vector left when `vector[feature[i]] <= split[i]`; a child below zero is the leaf `~child`.
 */
export interface TreeEnsemble {
  /** Feature names in vector order (must equal BLOCK_FEATURES). */
  features: readonly string[];
  trees: readonly FlatTree[];
}

export interface FlatTree {
  feature: readonly number[];
  split: readonly number[];
  left: readonly number[];
  right: readonly number[];
  leaf: readonly number[];
}

/** The ensemble's raw score (log-odds) for `vector`: the sum of each tree's leaf. */
export function rawScore(model: TreeEnsemble, vector: ArrayLike<number>): number {
  let sum = 0;
  for (const tree of model.trees) {
    // A tree of one leaf has no nodes.
    let node = tree.feature.length === 0 ? -1 : 0;
    while (node >= 0) node = vector[tree.feature[node]!]! <= tree.split[node]! ? tree.left[node]! : tree.right[node]!;
    sum += tree.leaf[~node]!;
  }
  return sum;
}

/** The probability the binary model gives `vector` (logistic of the raw score). */
export function probability(model: TreeEnsemble, vector: ArrayLike<number>): number {
  return 1 / (1 + Math.exp(-rawScore(model, vector)));
}
