/**
 * Shops render some blocks twice, one copy per screen size (name and price above the gallery for
 * phones and beside it for desktops, feature cards in a carousel and a grid); without CSS both
 * copies stay. A block whose whole text repeats another's is such a copy; one of them stays (copyToKeep).
 * Landing and service pages declaring nothing do the same with their hero and feature boxes, and
 * articles with summary, promo and table boxes (or their whole body, once per layout).
 * In a thread, a reply quotes a post the thread already shows ("X said: …"), or a "replying to"
 * preview repeats it (NodeBB): the reader has the post once. The truth of most threads on WCXB dev
 * counts it once (2081, 0552, 0515, 0549); a few sites' annotators kept the quotes (0544, 0519).
 */
import { descendants, normalizedText } from '../dom/dom-walk.js';
import { remove } from './remove.js';
import { collectTextStats, isInsideLongerText, linkDensity, type StatsMap } from './text-stats.js';
import { THRESHOLDS } from './thresholds.js';

/**
 * In an article, cells, list items, quotes and paragraphs repeat legitimately (a training plan's
 * "Easy 30 min", a legend under two tables, an excerpt quoted twice): only long generic containers
 * (a promo box, a second copy of the body) are copies.
 */
const ARTICLE_COPY_TAGS = new Set(['DIV', 'SECTION', 'ASIDE', 'ARTICLE', 'FORM', 'MAIN']);

/**
 * Links and emphasis inside a longer line are phrases a text says again ("see Automatic primary key
 * fields", twice in a manual), not copies of a block: cutting one leaves "see ." (2871). Spans are
 * not here: a shop's second copy of a paragraph is often a span (0634).
 */
const PHRASE_TAGS = new Set(['A', 'B', 'CODE', 'EM', 'I', 'STRONG']);
function isPhraseInLine(element: Element, stats: StatsMap): boolean {
  return PHRASE_TAGS.has(element.tagName) && isInsideLongerText(element, stats);
}

const HEADING = /^H[1-6]$/;

/**
 * Of the copies of one text, the page's own heading stays, else the first that is not mostly a link, else
 * the first: a table of contents ("On this page") repeats the headings as links, and where it came first
 * the headings went and the contents with them (Terraform's provider reference lost "Configuration model",
 * an unseen page 0.990 -> 0.995; long guides with contents, 0252 0.98 -> 1.00, 4048 0.94 -> 0.95). WCXB dev
 * +0.00004 (7 pages up, 3 down by 0.001; folds +0.00003 +0.00008 +0.00005 +0.00005 0), scrapinghub unchanged.
 */
function copyToKeep(same: readonly Element[], stats: StatsMap): Element {
  return same.find((block) => HEADING.test(block.tagName)) ?? same.find((block) => linkDensity(stats.get(block)) < THRESHOLDS.MOSTLY_LINKS_SHARE) ?? same[0]!;
}

/**
 * In a thread, a text repeated once per post is still one text to read, however many posts repeat it: phpBB's
 * "Re: <thread title>" over every reply, a poster's profile block (name, "Location: …", "Join Date: …") over each
 * of their posts, "X wrote: <date>" over each quote of them, a board's per-post tip form. The cap on copies
 * (MAX_COPIES) kept them all from the fourth copy on. Without it in threads: WCXB dev 0.89725 -> 0.89745 (10 forum
 * pages up: 0552 0.87 -> 0.97, 0536 0.81 -> 0.87, 0555 0.91 -> 0.95; 1 down, 0538 by 0.001; folds +0.00031
 * +0.00020 +0.00043 0 +0.00002); unseen probe 0.92730 -> 0.92774 (permies.com 5080 0.92 -> 0.99, 5120); unseen final
 * unchanged (5095 0.82 -> 0.84 up, 5033 0.95 -> 0.93 down: its annotator kept each "Re:" line); scrapinghub and
 * trafilatura's set: every output identical.
 */
export type DuplicateScope = 'long-containers' | 'any-block' | 'threads';

/** `body`: the extracted content (a small detached tree); `scope`: the policy's cell (policy.ts 'duplicates'). */
export function removeDuplicateBlocks(body: Element, scope: DuplicateScope = 'any-block'): void {
  const inArticle = scope === 'long-containers';
  const inThread = scope === 'threads';
  const stats = collectTextStats(body);
  const minText = inArticle ? THRESHOLDS.ARTICLE_COPY_MIN_TEXT : THRESHOLDS.COPY_MIN_TEXT;
  const blocks = new Map<string, Element[]>();
  for (const element of descendants(body)) {
    if ((stats.get(element)?.text ?? 0) < minText || (inArticle && !ARTICLE_COPY_TAGS.has(element.tagName))) continue;
    if (isPhraseInLine(element, stats)) continue;
    const text = normalizedText(element);
    const same = blocks.get(text);
    if (!same) blocks.set(text, [element]);
    // A wrapper and its only child share a text: the child is no copy.
    else if (!same.some((block) => block.contains(element))) same.push(element);
  }
  for (const same of blocks.values()) {
    // A text shown more often than a phone, a desktop and a sticky bar would is a run of like items: all stay.
    // Not in a thread, where a copy per post is still a copy (DuplicateScope).
    if (same.length > THRESHOLDS.MAX_COPIES && !inThread) continue;
    const kept = copyToKeep(same, stats);
    for (const copy of same) if (copy !== kept) remove(copy, 'duplicates');
  }
}
