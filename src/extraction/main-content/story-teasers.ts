/**
 * Teasers of other stories after the story. A blog or magazine ends a story with cards of its other posts
 * (a "More stories" list, a post carousel), each a title linking to another page of the site over the first
 * lines of that post: read as prose, they stay inside Readability's pick and our root alike, and no name
 * marks them (globaltravelerusa.com's `post-list` of `post-item`s, WCXB 0331 0.71 -> 0.93; oakywood.shop's
 * article carousel, 4524 0.87 -> 0.99; a wedding guide's checklists, 4588 0.86 -> 0.95).
 *
 * The run is read from the markup: TEASER_RUN_MIN_ITEMS or more blocks of one signature (wherever they sit:
 * globaltravelerusa.com deals them out two to a list), each at most TEASER_MAX_TEXT long, holding one or two
 * subheadings of which one is all a link to another page of the site, and TEASER_MIN_EXCERPT of paragraph.
 * Every guard stands for pages where such cards are the page's own:
 * - the address names one story (listing-evidence.ts): on NPR's science section and GitHub's blog home the
 *   same cards are the page (WCXB 3011 0.77 -> 0.13 and 2902 without it);
 * - no real paragraph follows the run, outside blocks of its shape: cards between paragraphs are the story's;
 * - the rest of the content outweighs the runs together, and is STORY_MIN_TEXT long at least;
 * - titles leading off the site or to the page itself are a roundup's entries or a carousel holding the post.
 * On article and unknown roots: on product pages a shop's own cards went (0605 0.57 -> 0.44). Subheadings
 * only: titles marked by a `title`/`headline` class instead moved no page. A heading right before the run
 * ("More stories") goes with it.
 */
import { descendants, elementsByTag, hasAncestorOrSelf, HEADINGS, SUBHEADINGS } from '../dom/dom-walk.js';
import { sameSite } from '../../net/same-site.js';
import { blockSignature } from './block-signature.js';
import { looksLikeArticleAddress, looksLikeStoryInFolder } from './listing-evidence.js';
import { remove } from './remove.js';
import { collectTextStats, type StatsMap } from './text-stats.js';
import { THRESHOLDS } from './thresholds.js';

const textOf = (element: Element, stats: StatsMap): number => stats.get(element)?.text ?? 0;

/** Whether `title` is all one link to another page of the site than `page`. */
function linksToAnotherPage(title: Element, page: URL, stats: StatsMap): boolean {
  const links = elementsByTag(title, 'A');
  if (links.length !== 1) return false;
  const length = textOf(title, stats);
  if (length < THRESHOLDS.TEASER_MIN_TITLE || textOf(links[0]!, stats) < THRESHOLDS.TEASER_TITLE_LINK_SHARE * length) return false;
  const target = URL.parse(links[0]!.getAttribute('href') ?? '', page);
  if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:') || !sameSite(target.href, page.href, false)) return false;
  return target.pathname.replace(/\/$/, '') !== page.pathname.replace(/\/$/, '');
}

const isTitle = (element: Element): boolean => SUBHEADINGS.has(element.tagName);

/** Whether `item` is a teaser: a title linking to another page, an excerpt beside it. */
function isTeaser(item: Element, page: URL, stats: StatsMap): boolean {
  const titles = descendants(item).filter(isTitle);
  if (titles.length === 0 || titles.length > 2 || !titles.some((title) => linksToAnotherPage(title, page, stats))) return false;
  const excerpt = elementsByTag(item, 'P').reduce((sum, paragraph) => sum + textOf(paragraph, stats), 0);
  return excerpt >= THRESHOLDS.TEASER_MIN_EXCERPT;
}

/** Teaser blocks under `body` by block signature: for each title, its nearest ancestor that is a teaser. */
function teasersBySignature(body: Element, inOrder: readonly Element[], page: URL, stats: StatsMap): Map<string, Element[]> {
  const bySignature = new Map<string, Element[]>();
  const seen = new Set<Element>();
  for (const title of inOrder) {
    if (!isTitle(title)) continue;
    for (let item = title.parentElement; item && item !== body; item = item.parentElement) {
      // Text only grows going up: past TEASER_MAX_TEXT no ancestor is a teaser.
      if (textOf(item, stats) > THRESHOLDS.TEASER_MAX_TEXT) break;
      if (!isTeaser(item, page, stats)) continue;
      if (!seen.has(item)) {
        seen.add(item);
        const signature = blockSignature(item);
        bySignature.set(signature, [...(bySignature.get(signature) ?? []), item]);
      }
      break;
    }
  }
  return bySignature;
}

/** Removes runs of other stories' teasers that end the content after a story (see the file's comment). */
export function removeStoryTeasers(body: Element, pageUrl: string): void {
  if (!looksLikeArticleAddress(pageUrl) && !looksLikeStoryInFolder(pageUrl)) return;
  const page = new URL(pageUrl);
  const stats = collectTextStats(body);
  const inOrder = descendants(body);
  const runs: Element[][] = [];
  for (const [signature, run] of teasersBySignature(body, inOrder, page, stats)) {
    if (run.length >= THRESHOLDS.TEASER_RUN_MIN_ITEMS && isTrailing(inOrder, run.at(-1)!, signature, stats)) runs.push(run);
  }
  if (runs.length === 0 || !storyOutweighs(body, runs.flat(), stats)) return;
  for (const run of runs) {
    const heading = headingBefore(run[0]!, stats);
    // A teaser nested in another one went with it.
    for (const item of run) if (item.isConnected) remove(item, 'story-teasers');
    if (heading) remove(heading, 'story-teasers');
  }
}

/** A heading right before the run's first item ("Related posts"), beside it or before its parent. */
function headingBefore(first: Element, stats: StatsMap): Element | null {
  const before = first.previousElementSibling ?? first.parentElement?.previousElementSibling ?? null;
  return before && HEADINGS.has(before.tagName) && textOf(before, stats) <= THRESHOLDS.TEASER_RUN_HEADING_MAX_TEXT ? before : null;
}

/** No real paragraph follows `last` in the body, outside blocks shaped like the run's items. */
function isTrailing(inOrder: readonly Element[], last: Element, signature: string, stats: StatsMap): boolean {
  for (let i = inOrder.indexOf(last) + 1; i < inOrder.length; i++) {
    const element = inOrder[i]!;
    if (element.tagName !== 'P' || textOf(element, stats) < THRESHOLDS.REAL_PARAGRAPH) continue;
    if (!hasAncestorOrSelf(element, (block) => blockSignature(block) === signature)) return false;
  }
  return true;
}

/** The rest of the content outweighs the teasers and is STORY_MIN_TEXT long at least: a hub of teasers has no story. */
function storyOutweighs(body: Element, teasers: readonly Element[], stats: StatsMap): boolean {
  const teaserText = teasers.reduce((sum, item) => sum + textOf(item, stats), 0);
  const rest = textOf(body, stats) - teaserText;
  return rest >= THRESHOLDS.STORY_MIN_TEXT && rest >= teaserText;
}
