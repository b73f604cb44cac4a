import { bodyHolding, type DomDocument, type DomElement } from '../dom/dom.js';
import type { PageIndex } from '../dom/dom-walk.js';
import { keepArticleScope } from './article-scope.js';
import { removeUnlikelyBlocks } from './learned/learned-blocks.js';
import { removeBoilerplate } from './boilerplate.js';
import { atThreadAddress } from './comments.js';
import { removeCardGrids } from './card-grids.js';
import { cleanContent } from './cleanup.js';
import { declaredDescription } from './declared-description.js';
import { holdsArticleBody, looksLikeArticleAddress, looksLikeIndexPage, looksLikeStoryInFolder, readPageSigns } from './listing-evidence.js';
import { holdsLinkedCards } from './linked-cards.js';
import { findOwnCandidate } from './own-candidate.js';
import { guessPageKind, listingRun } from './page-kind.js';
import { readItemTitles, restoreItemTitles } from './listing-titles.js';
import { removePostActions } from './post-actions.js';
import { passesFor, rootPassesFor, type RootKind } from './policy.js';
import { runReadability } from './readability.js';
import { restoreReadabilityHoles } from './readability-holes.js';
import { removeRecommendationWidgets } from './recommendation-widgets.js';
import { recorder } from './remove.js';
import { repairParsing } from './repair.js';
import { chooseRoot } from './root-choice.js';
import { sentenceCount } from './sentences.js';
import { collectTextStats, proseLength } from './text-stats.js';

export interface MainContent {
  /** A <body> holding only the main content: the page's document, made over (dom.ts bodyHolding). */
  root: DomElement;
  title: string | null;
  byline: string | null;
}

/**
 * Finds the main content of a page. Mutates `document`, which in the end holds only the main content
 * (callers read metadata first). `page`: the page's <script> and <meta> elements, if the caller has
 * indexed the document as it is now.
 * Returns null when the page has no main content. The passes run by page kind are the policy's
 * (policy.ts): chrome removal, our own root, Readability, the choice between the two, cleanup.
 */
export function findMainContent(document: DomDocument, pageUrl: string, page?: Pick<PageIndex, 'scripts' | 'metas'>): MainContent | null {
  const dom = document as unknown as Document;
  const body = dom.body as Element | null;
  if (!body) return null;
  const declared = guessPageKind(dom, pageUrl, page);
  const passes = passesFor(declared);
  // Read before boilerplate removal, which drops pagination bars.
  const signs = passes['page-signs'] && !looksLikeArticleAddress(pageUrl) ? readPageSigns(dom) : null;
  if (passes['repair-parsing']) repairParsing(body);
  if (passes['article-scope']) keepArticleScope(body);
  const { linkPost } = removeBoilerplate(body, passes, { atThreadAddress: passes.comments === 'unless-thread' && atThreadAddress(pageUrl) });
  // Card grids hand on the page's text stats (read before their tiles went) to the widget pass.
  const stats = passes['card-grids'] ? removeCardGrids(body) : null;
  if (passes['recommendation-widgets']) removeRecommendationWidgets(body, stats ?? collectTextStats(body));

  const own = findOwnCandidate(body);
  // What our root being a run of like linked blocks means on this kind: an index sign, the kind `repeated`, or items Readability must keep.
  const runRole = passes['run-of-items'];
  const items = own !== null && runRole !== false ? listingRun(own.root, (element) => own.stats.get(element)?.text ?? 0) : null;
  const runOfItems = items !== null;
  let kind: RootKind = runOfItems && runRole === 'makes-repeated' ? 'repeated' : declared;
  // An index page calling itself an article (og:type=article on a blog home): several signs must agree.
  if (passes['index-page'] && own && signs && looksLikeIndexPage(own.root, own.stats, signs, runOfItems && runRole === 'index-sign')) kind = 'index';
  const rootPasses = rootPassesFor(kind);
  recorder()?.judged(declared, kind, own?.root ?? null);
  // Read now, like the copy below: Readability rewrites the document it reads.
  const ownIsArticle = rootPasses['listing-text-share'] && own !== null && holdsArticleBody(own.root, own.stats);
  const ownHasLinkedCards = rootPasses['listing-text-share'] === 'if-linked-cards' && own !== null && holdsLinkedCards(own.root);
  const itemTitles = items && rootPasses['item-titles'] ? readItemTitles(items) : null;
  // A copy of our root: Readability rewrites the document it reads.
  const ownCopy = own ? (own.root.cloneNode(true) as Element) : null;
  const ownSentences = own && rootPasses['sentence-share'] ? sentenceCount(own.root) : null;
  const readability = runReadability(dom);

  const choice = own
    ? chooseRoot({
        kind,
        passes: rootPasses,
        own,
        ownIsBody: own.root === body,
        ownIsArticle,
        ownHasLinkedCards,
        ownHasItems: runOfItems && runRole === 'items-share',
        atNoStoryAddress: signs !== null,
        linkPost,
        pageUrl,
        readabilityLength: readability ? readability.textLength : null,
        readabilityProse: readability && rootPasses['pick-prose'] ? proseLength(collectTextStats(readability.content).get(readability.content)) : null,
        sentences: readability && ownSentences !== null ? { own: ownSentences, pick: sentenceCount(readability.content) } : null,
      })
    : null;
  recorder()?.rootChosen(choice, readability?.textLength ?? null);
  const useOwn = choice?.useOwn === true;
  const picked = useOwn ? ownCopy : (readability?.content ?? null);
  if (!picked) return null;
  // Item titles first: a listing's titles torn off are found by what is left of each item, and a hole put back
  // with one title would hide the rest from that count (a phpBB board index, whose names over their descriptions
  // are a third links, lost every name once HOLE_MAX_LINK_SHARE was 0.4). WCXB dev 2923 0.926 -> 0.934, no other
  // page of WCXB dev, scrapinghub or either unseen half moved.
  if (!useOwn && itemTitles) restoreItemTitles(itemTitles, picked);
  if (!useOwn && ownCopy && rootPasses['readability-holes']) {
    const heroLines = rootPasses['hero-lines'] && !looksLikeArticleAddress(pageUrl) && !looksLikeStoryInFolder(pageUrl);
    restoreReadabilityHoles(ownCopy, picked, { heroLines });
  }
  // Before the document is made over below, which empties its head.
  const title = readability?.title ?? (dom.title?.trim() || null);
  const description = rootPasses.captions ? declaredDescription(dom, page) : null;
  // Our root goes in whole (its children when it is the <body>); Readability's pick is a wrapper: its children.
  const root = bodyHolding(document, useOwn && picked.tagName !== 'BODY' ? [picked] : [...picked.childNodes]);
  const source = useOwn ? 'own' : 'readability';
  cleanContent(root as unknown as Element, rootPasses, source, pageUrl, description);
  removeUnlikelyBlocks(root as unknown as Element, { kind, source, runs: rootPasses['learned-blocks'] });
  if (rootPasses['post-actions']) removePostActions(root as unknown as Element, rootPasses['post-actions'] === 'with-post-numbers');
  if (!root.textContent?.trim() && !root.querySelector('img')) return null;
  return { root, title, byline: readability?.byline ?? null };
}
