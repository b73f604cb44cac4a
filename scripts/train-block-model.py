"""
Trains the learned block scorer on WCXB dev and writes it as data for the TypeScript pipeline
(src/extraction/main-content/learned/block-model.json). Run by `npm run train:blocks`, which sets up
LightGBM in .tools/ml and dumps the rows first (scripts/dump-block-rows.ts).

    python train-block-model.py <rows.jsonl> <wcxb ground-truth folder> <block-model.json> [<fold models folder>]
    python train-block-model.py --learning-curve <rows.jsonl> <wcxb ground-truth folder> <threshold> <share>
                                [--extra <rows.jsonl> <ground-truth folder>]...

With a fourth argument it also writes each fold's own model there (`fold-<k>.json`, k = id mod 5: trained on
the other four folds, with the settings chosen on them), for `npm run score:held-out`, which reads each fold's
pages through the whole pipeline with the model that never saw them.

A block's label: most of its word trigrams (a block under three words: all of its words, in order) are in
the page's ground truth (`main_content`, words as the shared scorer reads them). Blocks are weighted by the
square root of their words: the scorer counts words, but a few long blocks must not drown the many short
labels and link rows the pass is for.

Held out as issue 24 asks: pages fall in five folds by id mod 5. Each fold's blocks are scored by a model
trained on the other four, the pass's two settings (threshold, largest removed share) are chosen on the
other four folds' pages, and the fold's page F1 (the scorer's bag-of-words F1, with the removed blocks'
words taken out of the page's text) is printed beside the page F1 without the pass. The shipped model is
then trained on all of dev, with the settings the folds chose most often.
"""
import collections
import itertools
import json
import re
import sys

import lightgbm as lgb
import numpy as np

FOLDS = 5
WORD = re.compile(r"[^\W]+", re.U)  # the scorer's [\p{L}\p{N}_]+
PARAMS = dict(objective="binary", learning_rate=0.1, num_leaves=15, min_data_in_leaf=40, feature_fraction=0.8,
              bagging_fraction=0.8, bagging_freq=1, lambda_l2=1.0, verbose=-1, seed=1, num_threads=2, deterministic=True)
ROUNDS = 100
THRESHOLDS = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6]
SHARES = [0.3, 0.5, 0.7]


def words(text):
    return WORD.findall((text or "").lower())


def f1(predicted, truth):
    """The shared scorer's per-page F1 (score.mjs scoreWcxb)."""
    if not truth:
        return 0.0 if predicted else 1.0
    if not predicted:
        return 0.0
    left = collections.Counter(truth)
    overlap = 0
    for word in predicted:
        if left[word] > 0:
            overlap += 1
            left[word] -= 1
    p, r = overlap / len(predicted), overlap / len(truth)
    return 2 * p * r / (p + r) if p + r else 0.0


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


def label(block_words, truth_joined, truth_trigrams):
    if len(block_words) < 3:
        return int(bool(block_words) and f" {' '.join(block_words)} " in truth_joined)
    trigrams = list(zip(block_words, block_words[1:], block_words[2:]))
    return int(sum(1 for t in trigrams if t in truth_trigrams) / len(trigrams) >= 0.5)


def load(rows_file, truth_dir):
    pages, x, y, counts, block_words, kept = [], [], [], [], [], []
    with open(rows_file) as lines:
        features = json.loads(next(lines))["features"]
        for line in lines:
            row = json.loads(line)
            data = json.load(open(f"{truth_dir}/{row['id']}.json"))
            kind = ((data.get("_internal") or {}).get("page_type") or {}).get("primary", "article")
            truth = words((data.get("ground_truth") or {}).get("main_content", ""))
            joined = f" {' '.join(truth)} "
            trigrams = set(zip(truth, truth[1:], truth[2:]))
            start = len(x)
            for block in row["blocks"]:
                bw = words(block["text"])
                x.append(block["features"])
                y.append(label(bw, joined, trigrams))
                counts.append(len(bw))
                block_words.append(bw)
                kept.append(bool(block.get("kept")))
            text_words = words(row["text"])
            # An extra set's ids need not be numbers (--learning-curve never scores its pages by fold).
            fold = int(row["id"]) % FOLDS if row["id"].isdigit() else -1
            pages.append(dict(id=row["id"], fold=fold, type="collection" if kind == "category" else kind, root_kind=row["kind"], runs=row["runs"],
                              truth=truth, words=text_words, f1=f1(text_words, truth), span=(start, len(x))))
    return features, pages, np.array(x), np.array(y), np.array(counts, dtype=float), block_words, kept


def fold_of_blocks(pages, blocks):
    """Each block's page fold, so blocks can be picked by fold."""
    folds = np.zeros(blocks, dtype=int)
    for page in pages:
        folds[page["span"][0]:page["span"][1]] = page["fold"]
    return folds


def block_weight(counts):
    """A block weighs the square root of its words (module docstring)."""
    return np.sqrt(counts + 1)


def pruned_f1(page, probabilities, counts, block_words, kept, threshold, share):
    start, end = page["span"]
    doubted = [i for i in range(start, end) if probabilities[i] < threshold]
    if not doubted or counts[doubted].sum() > share * counts[start:end].sum():
        return page["f1"]
    # A block the pass never removes (a long paragraph: learned-blocks.ts) is not removed here either.
    removed = [i for i in doubted if not kept[i]]
    left = collections.Counter(page["words"])
    for i in removed:
        for word in block_words[i]:
            if left[word] > 0:
                left[word] -= 1
    return f1(list(left.elements()), page["truth"])


def learning_curve(argv):
    """How the held-out gain of the pass grows with the labelled pages it learns from: each fold scored by models
    trained on every choice of 1, 2, 3 and 4 of the other folds (at the given settings), then, with --extra sets,
    on the other four folds plus those pages (never scored). Writes no model. If the gain still climbs from three
    folds to four, more pages of the same kind would help; the extra sets measure that directly."""
    rows_file, truth_dir, threshold, share = argv[0], argv[1], float(argv[2]), float(argv[3])
    extras = argv[4:]
    if len(extras) % 3 or any(flag != "--extra" for flag in extras[::3]):
        raise SystemExit("usage: --learning-curve <rows.jsonl> <ground-truth> <threshold> <share>"
                         " [--extra <rows.jsonl> <ground-truth>]...")
    features, pages, x, y, counts, block_words, kept = load(rows_file, truth_dir)
    block_folds = fold_of_blocks(pages, len(y))
    weight = block_weight(counts)
    # The extra sets' blocks, all of them training rows: x, y and weight, one array each.
    extra = [np.empty((0, x.shape[1])), np.empty(0), np.empty(0)]
    extra_pages = 0
    for extra_rows, extra_truth in zip(extras[1::3], extras[2::3]):
        extra_features, more_pages, more_x, more_y, more_counts, _, _ = load(extra_rows, extra_truth)
        if extra_features != features:
            raise SystemExit(f"{extra_rows} was dumped with other features than {rows_file}")
        more = (more_x, more_y, block_weight(more_counts))
        extra = [np.concatenate([have, added]) for have, added in zip(extra, more)]
        extra_pages += len(more_pages)

    def gain(k, train, with_extras=False):
        """Fold k's mean page F1 with the pass (a model trained on the blocks `train` selects), less without it."""
        train_x, train_y, train_weight = x[train], y[train], weight[train]
        if with_extras:
            own = (train_x, train_y, train_weight)
            train_x, train_y, train_weight = (np.concatenate([mine, more]) for mine, more in zip(own, extra))
        model = lgb.train(PARAMS, lgb.Dataset(train_x, train_y, weight=train_weight), ROUNDS)
        scored = block_folds == k
        probabilities = np.zeros(len(y))
        probabilities[scored] = model.predict(x[scored])
        fold_pages = [page for page in pages if page["fold"] == k]
        with_pass = [pruned_f1(page, probabilities, counts, block_words, kept, threshold, share)
                     if page["runs"] else page["f1"] for page in fold_pages]
        return np.mean(with_pass) - np.mean([page["f1"] for page in fold_pages]), len(fold_pages)

    def report(label, results):
        # Each fold's gain weighs by its pages, as the held-out mean over dev does.
        mean_gain = sum(g * n for g, n in results) / sum(n for _, n in results)
        print(f"{label}: held-out gain {mean_gain:+.5f} over {len(results)} models", flush=True)

    print(f"{len(pages)} pages; the pass at threshold {threshold}, largest removed share {share}")
    for size in range(1, FOLDS):
        results = []
        for k in range(FOLDS):
            others = [j for j in range(FOLDS) if j != k]
            for chosen in itertools.combinations(others, size):
                results.append(gain(k, np.isin(block_folds, chosen)))
        report(f"trained on {size} of the other folds (about {round(len(pages) * size / FOLDS)} pages)", results)
    if extra_pages:
        report(f"trained on the other 4 folds and {extra_pages} extra pages",
               [gain(k, block_folds != k, with_extras=True) for k in range(FOLDS)])


def flatten(tree):
    """LightGBM's nested tree as flat arrays (tree-ensemble.ts): a child below zero is the leaf ~child."""
    flat = dict(feature=[], split=[], left=[], right=[], leaf=[])

    def visit(node):
        if "leaf_value" in node:
            flat["leaf"].append(node["leaf_value"])
            return ~(len(flat["leaf"]) - 1)
        if node["decision_type"] != "<=":
            raise ValueError(f"unsupported split {node['decision_type']}")
        index = len(flat["feature"])
        for key, value in (("feature", node["split_feature"]), ("split", node["threshold"]), ("left", 0), ("right", 0)):
            flat[key].append(value)
        flat["left"][index] = visit(node["left_child"])
        flat["right"][index] = visit(node["right_child"])
        return index

    visit(tree["tree_structure"])
    return flat


def main():
    if sys.argv[1:2] == ["--learning-curve"]:
        return learning_curve(sys.argv[2:])
    rows_file, truth_dir, model_file = sys.argv[1:4]
    fold_models_dir = sys.argv[4] if len(sys.argv) > 4 else None
    features, pages, x, y, counts, block_words, kept = load(rows_file, truth_dir)
    if x.shape[1] != len(features):
        raise SystemExit(f"rows have {x.shape[1]} features, their header names {len(features)}")
    folds = np.array([page["fold"] for page in pages])
    block_folds = fold_of_blocks(pages, len(y))
    weight = block_weight(counts)
    log(f"{len(pages)} pages, {len(y)} blocks ({y.mean():.3f} content); training on 4 folds, scoring the 5th ...")
    probabilities = np.zeros(len(y))
    fold_models = []
    for k in range(FOLDS):
        train = block_folds != k
        model = lgb.train(PARAMS, lgb.Dataset(x[train], y[train], weight=weight[train]), ROUNDS)
        fold_models.append(model)
        probabilities[~train] = model.predict(x[~train])
        log(f"  fold {k + 1}/{FOLDS} scored")
    grid = [(t, s) for t in THRESHOLDS for s in SHARES]
    # What-if figures on every root; the pass's effect as shipped only where the policy runs it.
    every_root = {g: np.array([pruned_f1(page, probabilities, counts, block_words, kept, *g) for page in pages]) for g in grid}
    before = np.array([page["f1"] for page in pages])
    runs = np.array([bool(page["runs"]) for page in pages])
    shipped = {g: np.where(runs, values, before) for g, values in every_root.items()}
    held_out = np.zeros(len(pages))
    held_out_every_root = np.zeros(len(pages))
    chosen = []
    for k in range(FOLDS):
        best = max(grid, key=lambda g: shipped[g][folds != k].mean())
        chosen.append(best)
        held_out[folds == k] = shipped[best][folds == k]
        held_out_every_root[folds == k] = every_root[best][folds == k]
    fold_figures = lambda values: " ".join(f"{values[folds == k].mean():.4f}" for k in range(FOLDS))
    print(f"without the pass: {before.mean():.4f}  folds {fold_figures(before)}")
    print(f"with the pass where the policy runs it ({runs.sum()} pages), held out: {held_out.mean():.4f}  folds {fold_figures(held_out)}  settings {chosen}")
    print(f"with the pass on every root, held out: {held_out_every_root.mean():.4f}  folds {fold_figures(held_out_every_root)}")
    for key, label in (("type", "WCXB page type"), ("root_kind", "kind the root is judged as")):
        print(f"  by {label} (without -> held out, where the policy runs it | on every root):")
        for kind in sorted({str(page[key]) for page in pages}):
            mask = np.array([str(page[key]) == kind for page in pages])
            print(f"    {kind:14} {mask.sum():5} pages  {before[mask].mean():.3f} -> {held_out[mask].mean():.3f} | {held_out_every_root[mask].mean():.3f}")

    # The shipped settings: the best on every page scored out of fold. (The folds' own choices are often a
    # tie between settings 0.0001 apart, which the most common choice broke by fold order.)
    threshold, share = max(grid, key=lambda g: shipped[g].mean())
    print(f"shipped settings, best on all pages scored out of fold: threshold {threshold}, largest removed share {share}: {shipped[(threshold, share)].mean():.4f}")
    final = lgb.train(PARAMS, lgb.Dataset(x, y, weight=weight), ROUNDS)
    write_model(model_file, final, features, x, y, threshold, share)
    print(f"wrote {model_file}: {final.num_trees()} trees, threshold {threshold}, largest removed share {share}")
    if fold_models_dir:
        for k, (model, (fold_threshold, fold_share)) in enumerate(zip(fold_models, chosen)):
            write_model(f"{fold_models_dir}/fold-{k}.json", model, features, x, y, fold_threshold, fold_share)
        print(f"wrote {FOLDS} fold models to {fold_models_dir} (settings {chosen})")


def write_model(path, model, features, x, y, threshold, share):
    """The model as block-model.json's data: flat trees, the pass's settings, and a few rows with LightGBM's own
    probabilities (the TypeScript evaluation is tested against them)."""
    trees = [flatten(tree) for tree in model.dump_model()["tree_info"]]
    sample = np.arange(0, len(y), max(1, len(y) // 20))[:20]
    checks = [dict(vector=x[i].tolist(), probability=float(p)) for i, p in zip(sample, model.predict(x[sample]))]
    with open(path, "w") as out:
        json.dump(dict(features=features, threshold=threshold, maxRemovedShare=share, checks=checks, trees=trees), out, separators=(",", ":"))
        out.write("\n")


if __name__ == "__main__":
    main()
