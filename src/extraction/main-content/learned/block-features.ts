/**
 * The blocks of a chosen root and what the learned block scorer reads of each (BLOCK_FEATURES, in order).
 * A block is a leaf of the page's block structure: a paragraph, list item, heading, table cell, code block…
 * holding text and no block below it. Text outside every leaf (a <div>'s loose words beside its <p>s) is no
 * block and is never scored.
 * Features describe shape (length, links, punctuation, position, repetition) and the generic words pages
 * name their containers with (nav, share, related; content, post), never the words of the text's language
 * nor one site's markup, so that what the model learns of WCXB pages can carry to others.
 */
import { hasDescendantTag } from '../../dom/dom-walk.js';
import { isLinkElement } from '../../dom/link-elements.js';
import type { RootKind } from '../kinds.js';
import { elementNames, wholeWords } from '../../dom/element-names.js';
import { YEAR } from '../../dom/text.js';

/** Feature names, in the order of a block's vector; the model file names them too and must agree. */
export const BLOCK_FEATURES = [
  'tag',
  'log_words',
  'mean_word_length',
  'link_density',
  'position',
  'words_before_share',
  'words_share',
  'log_root_words',
  'log_blocks',
  'ends_sentence',
  'punctuation_per_word',
  'digit_share',
  'capitalised_share',
  'list_depth',
  'in_table',
  'chrome_name_above',
  'content_name_above',
  'chrome_name_own',
  'signature_share',
  'log_words_previous',
  'log_words_next',
  'link_density_previous',
  'link_density_next',
  'distance_to_longest',
  'root_kind',
  'own_root',
  'depth',
  'has_image',
  'separators_per_word',
  'has_year',
  'short_word_share',
  'log_parent_leaves',
  'parent_link_density',
  'log_parent_words',
  'blocks_to_edge',
] as const;

export type BlockFeatureName = (typeof BLOCK_FEATURES)[number];

export interface Block {
  element: Element;
  words: number;
  features: Float64Array;
}

/** Where the blocks are scored: the kind the root was judged as, which root was chosen, and whether the policy runs the pass there. */
export interface BlockContext {
  kind: RootKind;
  source: 'own' | 'readability';
  runs: boolean;
}

const ROOT_KINDS: readonly RootKind[] = ['article', 'unknown', 'forum', 'product', 'listing', 'repeated', 'index'];

/** Tags that make a block or hold blocks; a leaf block is one of these with none of them below it. */
const BLOCKISH = new Set([
  'P', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'PRE', 'BLOCKQUOTE', 'TR', 'TD', 'TH', 'DT', 'DD', 'FIGCAPTION',
  'DIV', 'SECTION', 'ARTICLE', 'ASIDE', 'HEADER', 'FOOTER', 'NAV', 'MAIN', 'UL', 'OL', 'DL', 'TABLE', 'TBODY',
  'THEAD', 'TFOOT', 'FORM', 'FIGURE', 'ADDRESS', 'FIELDSET', 'DETAILS', 'SUMMARY', 'CENTER',
]);
/** Read whole: a code block's lines are one block. */
const WHOLE = new Set(['PRE']);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
const IMG = new Set(['IMG']);

/** The tag's code (one number, ordered so that related tags sit together for the trees' splits). */
const TAG_CODE: Readonly<Record<string, number>> = {
  P: 0, LI: 1, H1: 2, H2: 2, H3: 3, H4: 3, H5: 3, H6: 3, PRE: 4, TD: 5, TH: 5, DT: 6, DD: 6, FIGCAPTION: 7, BLOCKQUOTE: 8,
};
const OTHER_TAG = 9;

/**
 * Container names of page chrome and of content: generic words of class and id, not any site's. The model
 * was trained on these lists (wider than chrome-names.ts's: metadata and widget words read as evidence here,
 * not as a removal).
 */
const CHROME_NAME = wholeWords([
  'nav', 'navbar', 'menu', 'footer', 'header', 'sidebar', 'widget', 'share', 'sharing', 'social', 'related', 'comments?', 'meta', 'tags?',
  'breadcrumbs?', 'promo', 'banner', 'subscribe', 'newsletter', 'cookie', 'author', 'byline', 'date', 'ad', 'ads', 'advert', 'sponsor',
  'popular', 'recommended', 'toolbar', 'pagination', 'pager',
]);
const CONTENT_NAME = wholeWords(['content', 'article', 'post', 'entry', 'body', 'text', 'main', 'story', 'prose', 'description', 'answer', 'question', 'message']);

const WORD = /[\p{L}\p{N}_]+/gu;
const UPPER = /\p{Lu}/u;
const NUMBER = /\p{N}/u;
const SENTENCE_END = /[.!?:;…"'”’)]$/u;
const PUNCTUATION = new Set(['.', ',', ';', ':', '!', '?']);
const SEPARATORS = new Set(['|', '·', '•', '»', '«', '›', '‹', '/']);

interface Leaf {
  element: Element;
  text: string;
  link: number;
  depth: number;
  listDepth: number;
  inTable: boolean;
  chromeAbove: boolean;
  contentAbove: boolean;
}

/** Text of `element` with whitespace runs as one space, and how much of it is inside links. */
function textOf(element: Element): { text: string; link: number } {
  let text = '';
  let link = 0;
  const walk = (node: Element, inLink: boolean): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        const piece = child.textContent ?? '';
        text += piece;
        if (inLink) link += piece.replace(/\s+/g, ' ').length;
      } else if (child.nodeType === 1) {
        const tag = (child as Element).tagName;
        if (SKIPPED.has(tag)) continue;
        if (BLOCKISH.has(tag)) text += ' ';
        walk(child as Element, inLink || isLinkElement(child as Element));
      }
    }
  };
  walk(element, isLinkElement(element));
  return { text: text.replace(/\s+/g, ' ').trim(), link };
}

function hasBlockBelow(element: Element): boolean {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    if (BLOCKISH.has(child.tagName) || hasBlockBelow(child)) return true;
  }
  return false;
}

function collectLeaves(root: Element): Leaf[] {
  const leaves: Leaf[] = [];
  const visit = (element: Element, depth: number, listDepth: number, inTable: boolean, chromeAbove: boolean, contentAbove: boolean): void => {
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
      const tag = child.tagName;
      if (SKIPPED.has(tag)) continue;
      const names = elementNames(child);
      const chrome = chromeAbove || CHROME_NAME.test(names);
      const content = contentAbove || CONTENT_NAME.test(names);
      const lists = listDepth + (tag === 'UL' || tag === 'OL' ? 1 : 0);
      const table = inTable || tag === 'TABLE';
      if (BLOCKISH.has(tag) && (WHOLE.has(tag) || !hasBlockBelow(child))) {
        const { text, link } = textOf(child);
        if (text) leaves.push({ element: child, text, link, depth: depth + 1, listDepth: lists, inTable: table, chromeAbove, contentAbove });
        continue;
      }
      visit(child, depth + 1, lists, table, chrome, content);
    }
  };
  visit(root, 0, 0, false, false, false);
  return leaves;
}

/** What one pass over a block's characters and words counts (ASCII answered directly, the rest by Unicode class). */
interface TextShape {
  letters: number;
  capitalised: number;
  short: number;
  punctuation: number;
  digits: number;
  separators: number;
}

function shapeOf(text: string, words: readonly string[]): TextShape {
  const shape: TextShape = { letters: 0, capitalised: 0, short: 0, punctuation: 0, digits: 0, separators: 0 };
  for (const word of words) {
    shape.letters += word.length;
    if (word.length <= 3) shape.short++;
    const first = word.charCodeAt(0);
    if (first < 128 ? first >= 65 && first <= 90 : UPPER.test(word[0]!)) shape.capitalised++;
  }
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    if (code >= 48 && code <= 57) shape.digits++;
    else if (code >= 128 && NUMBER.test(text[k]!)) shape.digits++;
    else if (PUNCTUATION.has(text[k]!)) shape.punctuation++;
    else if (SEPARATORS.has(text[k]!)) shape.separators++;
  }
  return shape;
}

function signatureOf(element: Element): string {
  const parent = element.parentElement;
  return `${element.tagName}<${parent?.tagName ?? ''}.${parent?.getAttribute('class') ?? ''}<${parent?.parentElement?.tagName ?? ''}`;
}

/** The leaf blocks of `root` in document order, each with its feature vector. */
export function blocksOf(root: Element, context: BlockContext): Block[] {
  const leaves = collectLeaves(root);
  const n = leaves.length;
  if (n === 0) return [];
  const words = leaves.map((leaf) => leaf.text.match(WORD) ?? []);
  const wordCounts = words.map((list) => list.length);
  const rootWords = wordCounts.reduce((sum, count) => sum + count, 0);
  const signatures = new Map<string, number>();
  const signatureKeys = leaves.map((leaf) => signatureOf(leaf.element));
  for (const key of signatureKeys) signatures.set(key, (signatures.get(key) ?? 0) + 1);
  let longest = 0;
  for (let i = 1; i < n; i++) if (wordCounts[i]! > wordCounts[longest]!) longest = i;
  // Leaves that share a parent: a menu's or a card's many short ones, a text's few long ones.
  const parents = new Map<Element | null, { leaves: number; words: number; text: number; link: number }>();
  leaves.forEach((leaf, i) => {
    const key = leaf.element.parentElement;
    const entry = parents.get(key) ?? { leaves: 0, words: 0, text: 0, link: 0 };
    entry.leaves++;
    entry.words += wordCounts[i]!;
    entry.text += leaf.text.length;
    entry.link += leaf.link;
    parents.set(key, entry);
  });
  const linkDensity = (i: number): number => {
    const leaf = leaves[i];
    return leaf && leaf.text.length > 0 ? Math.min(1, leaf.link / leaf.text.length) : 0;
  };
  const kind = ROOT_KINDS.indexOf(context.kind);
  const blocks: Block[] = [];
  let before = 0;
  for (let i = 0; i < n; i++) {
    const leaf = leaves[i]!;
    const list = words[i]!;
    const count = wordCounts[i]!;
    const shape = shapeOf(leaf.text, list);
    const features = new Float64Array(BLOCK_FEATURES.length);
    let f = 0;
    features[f++] = TAG_CODE[leaf.element.tagName] ?? OTHER_TAG;
    features[f++] = Math.log1p(count);
    features[f++] = count ? shape.letters / count : 0;
    features[f++] = linkDensity(i);
    features[f++] = n > 1 ? i / (n - 1) : 0;
    features[f++] = rootWords ? before / rootWords : 0;
    features[f++] = rootWords ? count / rootWords : 0;
    features[f++] = Math.log1p(rootWords);
    features[f++] = Math.log1p(n);
    features[f++] = SENTENCE_END.test(leaf.text) ? 1 : 0;
    features[f++] = count ? shape.punctuation / count : 0;
    features[f++] = leaf.text.length ? shape.digits / leaf.text.length : 0;
    features[f++] = count ? shape.capitalised / count : 0;
    features[f++] = leaf.listDepth;
    features[f++] = leaf.inTable ? 1 : 0;
    features[f++] = leaf.chromeAbove ? 1 : 0;
    features[f++] = leaf.contentAbove ? 1 : 0;
    features[f++] = CHROME_NAME.test(elementNames(leaf.element)) ? 1 : 0;
    features[f++] = signatures.get(signatureKeys[i]!)! / n;
    features[f++] = i > 0 ? Math.log1p(wordCounts[i - 1]!) : 0;
    features[f++] = i < n - 1 ? Math.log1p(wordCounts[i + 1]!) : 0;
    features[f++] = i > 0 ? linkDensity(i - 1) : 0;
    features[f++] = i < n - 1 ? linkDensity(i + 1) : 0;
    features[f++] = n > 1 ? Math.abs(i - longest) / (n - 1) : 0;
    features[f++] = kind;
    features[f++] = context.source === 'own' ? 1 : 0;
    features[f++] = leaf.depth;
    features[f++] = hasDescendantTag(leaf.element, IMG) ? 1 : 0;
    features[f++] = count ? shape.separators / count : 0;
    features[f++] = YEAR.test(leaf.text) ? 1 : 0;
    // Function words are short in most languages: prose has many, labels and names few.
    features[f++] = count ? shape.short / count : 0;
    const parent = parents.get(leaf.element.parentElement)!;
    features[f++] = Math.log1p(parent.leaves);
    features[f++] = parent.text ? Math.min(1, parent.link / parent.text) : 0;
    features[f++] = Math.log1p(parent.words);
    features[f++] = Math.min(i, n - 1 - i);
    blocks.push({ element: leaf.element, words: count, features });
    before += count;
  }
  return blocks;
}

/** The block's text as the features read it (training labels are matched against it). */
export function blockText(element: Element): string {
  return textOf(element).text;
}
