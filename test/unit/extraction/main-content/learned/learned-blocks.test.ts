import { describe, expect, it } from 'vitest';
import { plainText } from '../../../../../src/extraction/dom/text.js';
import { BLOCK_FEATURES, type BlockFeatureName, blocksOf, blockText } from '../../../../../src/extraction/main-content/learned/block-features.js';
import { type BlockModel, blockModel, parseBlockModel } from '../../../../../src/extraction/main-content/learned/block-model.js';
import { readingWithBlockModel, recordingBlocksInto, removeUnlikelyBlocks } from '../../../../../src/extraction/main-content/learned/learned-blocks.js';
import { probability, rawScore } from '../../../../../src/extraction/main-content/learned/tree-ensemble.js';
import { extractHtml } from '../../../../../src/extraction/extract.js';
import { bodyOf, paragraphs } from '../fixtures.js';

const ARTICLE = { kind: 'article', source: 'readability', runs: true } as const;
const feature = (name: BlockFeatureName) => BLOCK_FEATURES.indexOf(name);

/** A model of one tree splitting on `name` at `split`: blocks at or below it score `low`, the rest `high` (log-odds). */
function stump(name: BlockFeatureName, split: number, low: number, high: number, maxRemovedShare = 0.5): BlockModel {
  return {
    features: [...BLOCK_FEATURES],
    threshold: 0.5,
    maxRemovedShare,
    checks: [],
    trees: [{ feature: [feature(name)], split: [split], left: [~0], right: [~1], leaf: [low, high] }],
  };
}

describe('the blocks of a root', () => {
  const body = bodyOf(
    '<div><h2>Heading</h2><p>First paragraph, with a <a href="/x">link</a> in it.</p>loose words<ul><li><a href="/a">Only a link</a></li></ul>' +
      '<pre><code>line one\n<div>line two</div></code></pre><table><tr><td>Cell</td></tr></table></div>',
  );
  const blocks = blocksOf(body, ARTICLE);

  it('are the leaves holding text, in order; a code block is one, and loose words beside blocks are none', () => {
    expect(blocks.map((block) => blockText(block.element))).toEqual(['Heading', 'First paragraph, with a link in it.', 'Only a link', 'line one line two', 'Cell']);
    expect(blocks.map((block) => block.words)).toEqual([1, 7, 3, 4, 1]);
  });

  it('read shape: tag, link density, position, list depth, table', () => {
    const column = (name: BlockFeatureName) => blocks.map((block) => block.features[feature(name)]);
    expect(column('tag')).toEqual([2, 0, 1, 4, 5]);
    expect(column('link_density')[2]).toBe(1);
    expect(column('link_density')[1]).toBeCloseTo(4 / 35);
    expect(column('position')).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(column('list_depth')).toEqual([0, 0, 1, 0, 0]);
    expect(column('in_table')).toEqual([0, 0, 0, 0, 1]);
    expect(column('root_kind')).toEqual([0, 0, 0, 0, 0]);
  });

  it('count the text of a web component carrying an href as link text, as the root choice does', () => {
    const components = blocksOf(bodyOf('<div><p><pp-link href="/a">Only a link</pp-link></p><p>Words and <x-chip>a chip</x-chip>.</p></div>'), ARTICLE);
    const density = components.map((block) => block.features[feature('link_density')]);
    expect(density).toEqual([1, 0]);
  });
});

describe('the tree ensemble', () => {
  it('walks each tree to a leaf and sums the leaves', () => {
    const model = stump('log_words', 1, -2, 3);
    const short = new Float64Array(BLOCK_FEATURES.length);
    const long = short.map((_, i) => (i === feature('log_words') ? 4 : 0));
    expect(rawScore(model, short)).toBe(-2);
    expect(rawScore({ ...model, trees: [...model.trees, ...model.trees] }, long)).toBe(6);
    expect(probability(model, short)).toBeCloseTo(1 / (1 + Math.exp(2)));
  });

  it('gives the shipped model the probabilities LightGBM gave its check rows', () => {
    const model = blockModel();
    expect(model.checks.length).toBeGreaterThan(5);
    expect(model.trees.length).toBeGreaterThan(10);
    for (const check of model.checks) expect(probability(model, check.vector)).toBeCloseTo(check.probability, 9);
  });

  it('refuses a model trained on other features, naming them', () => {
    expect(() => parseBlockModel({ ...stump('tag', 0, 0, 0), features: ['tag', 'words'] })).toThrow(/trained on other features \(tag,words\)/);
    expect(() => parseBlockModel({ ...stump('tag', 0, 0, 0), threshold: 2 })).toThrow();
  });

  it('refuses a tree that could loop or lead nowhere', () => {
    const tree = { feature: [0, 1], split: [0, 0], left: [1, ~0], right: [~1, ~2], leaf: [0, 0, 0] };
    expect(parseBlockModel({ ...stump('tag', 0, 0, 0), trees: [tree] }).trees).toHaveLength(1);
    expect(() => parseBlockModel({ ...stump('tag', 0, 0, 0), trees: [{ ...tree, left: [1, 0] }] })).toThrow(/tree 0 cannot be walked: node 1 leads to 0/);
    expect(() => parseBlockModel({ ...stump('tag', 0, 0, 0), trees: [{ ...tree, right: [~1, ~3] }] })).toThrow(/node 1 leads to -4/);
    expect(() => parseBlockModel({ ...stump('tag', 0, 0, 0), trees: [{ ...tree, feature: [0, 99] }] })).toThrow(/splits on feature 99/);
  });
});

describe('the learned block pass', () => {
  const root = () => bodyOf(`<div>${paragraphs('tides', 4)}<p><a href="/share">Share</a></p><p>Posted in News</p></div>`);

  it('removes the blocks the model scores below its threshold', () => {
    const body = root();
    // Blocks of three words or fewer score low.
    removeUnlikelyBlocks(body, ARTICLE, stump('log_words', Math.log1p(3), -3, 3));
    const text = plainText(body as never);
    expect(text).toContain('sentence 0 about tides');
    expect(text).not.toContain('Share');
    expect(text).not.toContain('Posted in News');
  });

  it('never removes a long paragraph that ends a sentence, whatever the model says', () => {
    const long = `<p>${'The query planner takes the limit into account when it builds a plan for the query. '.repeat(3)}</p>`;
    const unfinished = `<p>${'words that run on without an end '.repeat(6)}</p>`;
    const body = bodyOf(`<div>${paragraphs('tides', 6)}${long}${unfinished}<p>Posted in News</p></div>`);
    // The last blocks of the root score low: a model that learned where annotators stop.
    removeUnlikelyBlocks(body, ARTICLE, stump('position', 0.6, 3, -3));
    const text = plainText(body as never);
    expect(text).toContain('The query planner takes the limit');
    expect(text).not.toContain('words that run on');
    expect(text).not.toContain('Posted in News');
  });

  it('removes nothing when the model doubts more than its share of the words', () => {
    const body = root();
    removeUnlikelyBlocks(body, ARTICLE, stump('log_words', 100, -3, 3));
    expect(plainText(body as never)).toContain('Posted in News');
    expect(plainText(body as never)).toContain('sentence 3 about tides');
  });

  it('only reports the blocks while a listener hears them', () => {
    const body = root();
    const heard: string[] = [];
    recordingBlocksInto(
      (blocks) => heard.push(...blocks.map((block) => blockText(block.element))),
      () => removeUnlikelyBlocks(body, ARTICLE, stump('log_words', 100, -3, 3, 1)),
    );
    expect(heard).toHaveLength(6);
    expect(plainText(body as never)).toContain('Posted in News');
  });

  it('reads with the model it is given for a run (a fold read held out), and with the one before it after the run', () => {
    // Every block of three words or fewer scores low under the first; nothing does under the second.
    const shortOnes = stump('log_words', Math.log1p(3), -3, 3);
    const keepsAll = stump('log_words', Math.log1p(3), 3, 3);
    const inside = root();
    const after = root();
    readingWithBlockModel(keepsAll, () => {
      readingWithBlockModel(shortOnes, () => removeUnlikelyBlocks(inside, ARTICLE));
      removeUnlikelyBlocks(after, ARTICLE);
    });
    expect(plainText(inside as never)).not.toContain('Posted in News');
    expect(plainText(inside as never)).toContain('sentence 3 about tides');
    expect(plainText(after as never)).toContain('Posted in News');
    // A model passed to the pass itself still wins over the run's.
    const given = root();
    readingWithBlockModel(keepsAll, () => removeUnlikelyBlocks(given, ARTICLE, shortOnes));
    expect(plainText(given as never)).not.toContain('Share');
  });

  it("runs in the service's pipeline on the chosen root, after the named rules, with the page's kind", () => {
    const html = `<!doctype html><html><head><title>Tides</title><meta property="og:type" content="product"></head><body><main><article><h1>Tides</h1>${paragraphs('tides', 6)}
<p><a href="/s/fb">Facebook</a> <a href="/s/tw">Twitter</a></p></article></main><footer>Footer words</footer></body></html>`;
    const heard: { texts: string[]; kind: string; source: string }[] = [];
    recordingBlocksInto(
      (blocks, context) => heard.push({ texts: blocks.map((block) => blockText(block.element)), ...context }),
      () => extractHtml(html, 'https://shop.example/products/tide-clock'),
    );
    expect(heard).toHaveLength(1);
    expect(heard[0]!.kind).toBe('product');
    // The six paragraphs (the title heading is Readability's to take out; the output puts it back as the lead).
    expect(heard[0]!.texts).toHaveLength(6);
    expect(heard[0]!.texts[0]).toMatch(/^This is sentence 0 about tides/);
    expect(heard[0]!.texts.join(' ')).not.toMatch(/Footer words|Twitter/);
  });
});

describe('where the learned pass runs', () => {
  const page = (head: string) =>
    `<!doctype html><html><head><title>Tides</title>${head}</head><body><main><article><h1>Tides</h1>${paragraphs('tides', 6)}</article></main></body></html>`;
  const itemList = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"CollectionPage","mainEntity":{"@type":"ItemList"}}</script>`;

  it("runs on an article's root and a product's, not on a listing's (the policy's row); a listener hears all", () => {
    const heard: [string, boolean][] = [];
    recordingBlocksInto(
      (_blocks, context) => heard.push([context.kind, context.runs]),
      () => {
        extractHtml(page('<meta property="og:type" content="article">'), 'https://news.example/2025/tides');
        extractHtml(page('<meta property="og:type" content="product">'), 'https://shop.example/products/tide-clock');
        extractHtml(page(itemList), 'https://shop.example/collections/tide-clocks');
      },
    );
    expect(heard).toEqual([
      ['article', true],
      ['product', true],
      ['listing', false],
    ]);
  });

  it('removes nothing where the policy does not run it, whatever the model says', () => {
    const body = bodyOf(`<div>${paragraphs('tides', 4)}<p>Posted in News</p></div>`);
    removeUnlikelyBlocks(body, { ...ARTICLE, runs: false }, stump('log_words', Math.log1p(3), -3, 3));
    expect(plainText(body as never)).toContain('Posted in News');
  });
});
