/**
 * Index pages (blog home pages, category and tag archives) often declare og:type=article, so the
 * declared kind alone would send them to Readability, which keeps one teaser. No single structural
 * sign tells an index from an article (a long article may hold a list of links, a news page a few
 * <article> teasers), so the page is treated as a listing only when several independent signs agree.
 */
import { elementsByTag } from '../dom/dom-walk.js';
import { holdsLongParagraphs } from './paragraphs.js';
import type { StatsMap } from './text-stats.js';
import { THRESHOLDS } from './thresholds.js';

/** Signs read from the whole page before boilerplate removal takes pagination bars away. */
export interface PageSigns {
  /** A "next page" link or ?page=N / /page/N links: an index split over pages. */
  paginated: boolean;
  /** <article> elements on the page: an index wraps each teaser in one. */
  articles: number;
}

const PAGE_LINK = /(?:[?&](?:page|paged|p|pg)=\d+|\/page\/\d+\/?(?:$|[?#]))/i;

export function readPageSigns(document: Document): PageSigns {
  const root = document.documentElement;
  let paginated = false;
  for (const link of elementsByTag(root, 'LINK')) if (/\bnext\b/i.test(link.getAttribute('rel') ?? '')) paginated = true;
  if (!paginated) {
    for (const anchor of elementsByTag(root, 'A')) {
      if (/\bnext\b/i.test(anchor.getAttribute('rel') ?? '') || PAGE_LINK.test(anchor.getAttribute('href') ?? '')) {
        paginated = true;
        break;
      }
    }
  }
  return { paginated, articles: elementsByTag(root, 'ARTICLE').length };
}

const ARTICLE_BODY = { paragraphs: THRESHOLDS.INDEX_MAX_BODY_PARAGRAPHS + 1 };

/** More than a few long paragraphs under `root`: an article's body, not a list of teasers. */
export function holdsArticleBody(root: Element, stats: StatsMap): boolean {
  return holdsLongParagraphs(root, THRESHOLDS.ARTICLE_BODY_PARAGRAPH, (paragraph) => stats.get(paragraph)?.text ?? 0, ARTICLE_BODY);
}

/**
 * An article's address names one story: a date folder, a numeric id or a long slug. An index's
 * address is short (/news, /blog/, /recipes/air-fryer).
 */
const ARTICLE_ADDRESS = /\/(?:19|20)\d\d\/\d{1,2}\/|\d{5,}|[^/]*(?:[-_][^/_-]+){4,}\/?$/;
export function looksLikeArticleAddress(pageUrl: string): boolean {
  try {
    return ARTICLE_ADDRESS.test(new URL(pageUrl).pathname);
  } catch {
    return false;
  }
}

/**
 * A slug of three or more words under a news, blog or articles folder (/news/housing-market-predictions-2026,
 * /resources/home/articles/home-insurance-tips) names one story even when it is too short for ARTICLE_ADDRESS.
 */
const STORY_IN_FOLDER = /\/(?:news|articles?|blogs?|posts?|stories)\/(?:[^/]+\/)*[^/]+-[^/]+-[^/]+\/?$/i;
export function looksLikeStoryInFolder(pageUrl: string): boolean {
  try {
    return STORY_IN_FOLDER.test(new URL(pageUrl).pathname);
  } catch {
    return false;
  }
}

/**
 * `repeated`: the content root is a run of like linked blocks (listingRun).
 * Returns true when at least three of four signs agree — repeated cards, pagination, several
 * <article>s, a high share of link text — and the root holds hardly any long paragraph.
 */
export function looksLikeIndexPage(root: Element, stats: StatsMap, signs: PageSigns, repeated: boolean): boolean {
  const own = stats.get(root);
  if (!own || own.text === 0) return false;
  if (holdsArticleBody(root, stats)) return false;
  const count =
    Number(repeated) + Number(signs.paginated) + Number(signs.articles >= THRESHOLDS.INDEX_MIN_ARTICLES) + Number(own.link >= THRESHOLDS.INDEX_LINK_SHARE * own.text);
  return count >= THRESHOLDS.INDEX_MIN_SIGNS;
}
